import { describe, expect, it } from 'vitest';
import { bookDay, drillAccount, drillInto, drillTo } from './drill';

describe('win/loss drill-down', () => {
  const start = { path: ['demoop'] };
  it('starts at the caller', () => expect(drillAccount(start)).toBeUndefined());
  it('goes down level by level and back', () => {
    const deep = drillInto(drillInto(start, 'demosh'), 'demoma');
    expect(deep.path).toEqual(['demoop', 'demosh', 'demoma']);
    expect(drillAccount(deep)).toBe('demoma');
    expect(drillTo(deep, 1).path).toEqual(['demoop', 'demosh']);
    expect(drillTo(deep, 0).path).toEqual(['demoop']);
    expect(drillInto(deep, 'demosh')).toBe(deep);
  });
  it('counts the day in GMT+8', () => {
    const utcEvening = Date.UTC(2026, 10, 24, 17, 0);
    expect(bookDay(utcEvening)).toBe('2026-11-25');
    expect(bookDay(utcEvening, -1)).toBe('2026-11-24');
  });
});
