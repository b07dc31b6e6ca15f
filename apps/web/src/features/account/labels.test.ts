import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { Leg } from './api/bets';
import { useBetLabels } from './labels';

const leg = (betType: string, choice: string): Leg =>
  ({ betType, choice, home: 'Number Game', away: '#20261126-2150', line: '' }) as Leg;

describe('bet labels of the draws', () => {
  it('names keno and D_1..D_6 bets and their picks (never a draw as a team)', () => {
    const { result } = renderHook(() => useBetLabels());
    const labels = result.current;
    expect(labels.betType('BT_KENO')).toBe('Keno');
    expect(labels.betType('D_3')).toBe('Range (1st ball)');
    expect(labels.betType('BT_HDP')).toBe('Handicap');
    expect(labels.pick(leg('BT_KENO', 'big'))).toBe('Big');
    expect(labels.pick(leg('D_3', '1'))).toBe('1-15');
    expect(labels.pick(leg('D_6', '2'))).toBe('2');
    expect(labels.pick(leg('D_4', 'first'))).toBe('First ball');
    // Keno pick 1-10: the member's numbers, and a leg won at its hit count's multiplier.
    expect(labels.betType('BT_KENO_PICK')).toBe('Keno pick 1-10');
    expect(labels.pick(leg('BT_KENO_PICK', '3,17,45'))).toBe('3, 17, 45');
    expect(labels.status('won_px2.07')).toBe('Won ×2.07');
    // A football pick keeps its team.
    expect(labels.pick(leg('BT_1X2', '1'))).toBe('Number Game');
  });
});
