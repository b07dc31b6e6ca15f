import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import { drawMarketTitle, selectionLabel } from './cells';

describe('selection labels', () => {
  const t = i18n.getFixedT('en');

  it('names the draws selections: words translated, D_3 ranges as balls, balls as they are', () => {
    expect(selectionLabel(t, 'keno', 'big')).toBe('Big');
    expect(selectionLabel(t, 'keno', 'equal')).toBe('Equal');
    expect(selectionLabel(t, 'd1', 'over')).toBe('Over');
    expect(selectionLabel(t, 'd4', 'last')).toBe('Last ball');
    expect(selectionLabel(t, 'd3', '3')).toBe('31-45');
    expect(selectionLabel(t, 'd6', '38')).toBe('38');
    // The sportsbook's own kinds keep their labels.
    expect(selectionLabel(t, 'oe', 'o')).toBe('Odd');
    expect(selectionLabel(t, '1x2', 'x')).toBe('X');
  });

  it('names the draws markets by game and digit code', () => {
    expect(drawMarketTitle(t, 'keno')).toBe('Keno');
    expect(drawMarketTitle(t, 'd5')).toBe('Total of first three');
  });
});
