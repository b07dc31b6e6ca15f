import { describe, expect, it } from 'vitest';
import { DAY_MS, gmt8DateStart, gmt8DayEnd, gmt8DayNumber, gmt8DayStart } from './calendar';

describe('GMT+8 calendar days', () => {
  it.each([
    ['2024-03-09', Date.UTC(2024, 2, 8, 16)],
    ['1970-01-01', -8 * 3_600_000],
    ['2024-12-31', Date.UTC(2024, 11, 30, 16)],
  ])('%s starts at 00:00 GMT+8', (date, start) => {
    expect(gmt8DateStart(date)).toBe(start);
    expect(gmt8DayStart(gmt8DayNumber(start))).toBe(start);
    expect(gmt8DayNumber(start + DAY_MS - 1)).toBe(gmt8DayNumber(start));
    // The day ends where the next begins, whatever instant of it is asked about.
    expect(gmt8DayEnd(start)).toBe(start + DAY_MS);
    expect(gmt8DayEnd(start + DAY_MS - 1)).toBe(start + DAY_MS);
    expect(gmt8DayEnd(start + DAY_MS)).toBe(start + 2 * DAY_MS);
  });

  it.each(['', 'today', '2024-13-01'])('%j is no date', (date) => {
    expect(gmt8DateStart(date)).toBeNull();
  });
});
