import { describe, expect, it } from 'vitest';
import { bettingDay, gmt8Date, gmt8Weekday } from './calendar';
import { initialTimeFilterMode, passesTimeFilter, timeFilterApplies, timeFilterWindow } from './time-filter';

/** An instant given as a GMT+8 wall-clock time. */
const gmt8 = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h - 8, mi);
const HOUR = 3_600_000;

describe('GMT+8 calendar', () => {
  it('dates and weekdays are taken in GMT+8', () => {
    expect(gmt8Date(Date.UTC(2024, 2, 8, 16, 0))).toBe('2024-03-09'); // 16:00Z = 00:00 GMT+8
    expect(gmt8Date(Date.UTC(2024, 2, 8, 15, 59))).toBe('2024-03-08');
    expect(gmt8Weekday(gmt8(2024, 3, 9, 0, 0))).toBe(6); // Saturday
    expect(gmt8Weekday(gmt8(2024, 3, 10, 23, 59))).toBe(0); // Sunday
    expect(gmt8Weekday(gmt8(1970, 1, 1, 12))).toBe(4); // Thursday
  });

  it('the betting day rolls over at 12:00 GMT+8 (configurable)', () => {
    expect(bettingDay(gmt8(2024, 3, 9, 11, 59))).toBe('2024-03-08');
    expect(bettingDay(gmt8(2024, 3, 9, 12, 0))).toBe('2024-03-09');
    expect(bettingDay(gmt8(2024, 3, 9, 11, 59), 0)).toBe('2024-03-09');
    expect(bettingDay(gmt8(2024, 1, 1, 3, 0))).toBe('2023-12-31');
  });
});

describe('time filter windows (product spec 4, 9)', () => {
  const afternoon = gmt8(2024, 3, 6, 13, 30); // Wednesday 13:30
  const night = gmt8(2024, 3, 7, 1, 0); // Thursday 01:00

  it('mode 0 is all', () => {
    expect(timeFilterWindow(0, afternoon)).toBeNull();
  });

  it.each([
    [9, 2],
    [1, 4],
    [2, 8],
  ] as const)('mode %i is the next %i hours', (mode, hours) => {
    expect(timeFilterWindow(mode, afternoon)).toEqual({ fromMs: afternoon, toMs: afternoon + hours * HOUR });
  });

  it('mode 3 runs from now to the coming 00:00 GMT+8', () => {
    expect(timeFilterWindow(3, afternoon)).toEqual({ fromMs: afternoon, toMs: gmt8(2024, 3, 7, 0, 0) });
    expect(timeFilterWindow(3, night)).toEqual({ fromMs: night, toMs: gmt8(2024, 3, 8, 0, 0) });
  });

  it('modes 4 and 5 are the current or next 00:00-04:00 and 04:00-12:00, never in the past', () => {
    expect(timeFilterWindow(4, afternoon)).toEqual({
      fromMs: gmt8(2024, 3, 7, 0),
      toMs: gmt8(2024, 3, 7, 4),
    });
    expect(timeFilterWindow(5, afternoon)).toEqual({
      fromMs: gmt8(2024, 3, 7, 4),
      toMs: gmt8(2024, 3, 7, 12),
    });
    expect(timeFilterWindow(4, night)).toEqual({ fromMs: night, toMs: gmt8(2024, 3, 7, 4) });
    expect(timeFilterWindow(5, night)).toEqual({ fromMs: gmt8(2024, 3, 7, 4), toMs: gmt8(2024, 3, 7, 12) });
    const morning = gmt8(2024, 3, 7, 10);
    expect(timeFilterWindow(5, morning)).toEqual({ fromMs: morning, toMs: gmt8(2024, 3, 7, 12) });
    expect(timeFilterWindow(4, morning)).toEqual({ fromMs: gmt8(2024, 3, 8, 0), toMs: gmt8(2024, 3, 8, 4) });
  });

  it('filters kick-offs in [from, to), and always keeps market type 3', () => {
    const pass = (mode: 0 | 1 | 4, kickoffMs: number, marketType = 2) =>
      passesTimeFilter({ mode, kickoffMs, nowMs: afternoon, marketType });
    expect(pass(1, afternoon + 4 * HOUR - 1)).toBe(true);
    expect(pass(1, afternoon + 4 * HOUR)).toBe(false);
    expect(pass(1, afternoon - 1)).toBe(false);
    expect(pass(1, afternoon + 10 * HOUR, 3)).toBe(true);
    expect(pass(4, gmt8(2024, 3, 7, 2))).toBe(true);
    expect(pass(4, gmt8(2024, 3, 7, 5))).toBe(false);
    expect(pass(0, afternoon + 100 * HOUR)).toBe(true);
  });

  it('starts at mode 1 on Saturday and Sunday in GMT+8, else 0', () => {
    expect(initialTimeFilterMode(gmt8(2024, 3, 8, 23, 59))).toBe(0); // Friday
    expect(initialTimeFilterMode(gmt8(2024, 3, 9, 0, 0))).toBe(1); // Saturday
    expect(initialTimeFilterMode(gmt8(2024, 3, 10, 23, 59))).toBe(1); // Sunday
    expect(initialTimeFilterMode(gmt8(2024, 3, 11, 0, 0))).toBe(0); // Monday
    // Saturday 00:30 GMT+8 is still Friday in UTC: the GMT+8 day decides.
    expect(initialTimeFilterMode(Date.UTC(2024, 2, 8, 16, 30))).toBe(1);
  });

  it('applies only to the all menu, today, menu2 = 1, not outright', () => {
    const menu = { menu0: 'all', menu1: 'today', menu2: 1, outright: false };
    expect(timeFilterApplies(menu)).toBe(true);
    expect(timeFilterApplies({ ...menu, menu0: 'soccer' })).toBe(false);
    expect(timeFilterApplies({ ...menu, menu1: 'early' })).toBe(false);
    expect(timeFilterApplies({ ...menu, menu2: 2 })).toBe(false);
    expect(timeFilterApplies({ ...menu, outright: true })).toBe(false);
  });

  it('refuses unknown modes and non-integer instants', () => {
    expect(() => timeFilterWindow(7 as 0, afternoon)).toThrow();
    expect(() => timeFilterWindow(3, 1.5)).toThrow();
  });
});
