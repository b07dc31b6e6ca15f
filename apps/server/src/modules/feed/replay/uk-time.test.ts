import { describe, expect, it } from 'vitest';
import { londonOffsetMs, londonToUtc, parseDate, parseTime } from './uk-time';

const iso = (d: Date) => d.toISOString();

describe('londonToUtc', () => {
  it('summer is BST (UTC+1), winter is GMT', () => {
    expect(iso(londonToUtc(2023, 8, 11, 20, 0))).toBe('2023-08-11T19:00:00.000Z');
    expect(iso(londonToUtc(2024, 1, 13, 15, 0))).toBe('2024-01-13T15:00:00.000Z');
  });
  it('across the October 2023 change: Saturday BST, Sunday GMT', () => {
    expect(iso(londonToUtc(2023, 10, 28, 15, 0))).toBe('2023-10-28T14:00:00.000Z');
    expect(iso(londonToUtc(2023, 10, 29, 14, 0))).toBe('2023-10-29T14:00:00.000Z');
  });
  it('across the March 2024 change: Saturday GMT, Sunday BST', () => {
    expect(iso(londonToUtc(2024, 3, 30, 20, 0))).toBe('2024-03-30T20:00:00.000Z');
    expect(iso(londonToUtc(2024, 3, 31, 16, 30))).toBe('2024-03-31T15:30:00.000Z');
  });
  it('the repeated autumn hour reads as BST; the skipped spring hour moves on', () => {
    expect(iso(londonToUtc(2023, 10, 29, 1, 30))).toBe('2023-10-29T00:30:00.000Z');
    expect(iso(londonToUtc(2024, 3, 31, 1, 30))).toBe('2024-03-31T01:30:00.000Z');
  });
  it('offsets', () => {
    expect(londonOffsetMs(Date.UTC(2024, 6, 1))).toBe(3_600_000);
    expect(londonOffsetMs(Date.UTC(2024, 11, 1))).toBe(0);
  });
});

describe('parseDate / parseTime', () => {
  it('reads football-data, short-year and ISO dates, and rejects impossible ones', () => {
    expect(parseDate('11/08/2023')).toEqual({ year: 2023, month: 8, day: 11 });
    expect(parseDate('11/08/23')).toEqual({ year: 2023, month: 8, day: 11 });
    expect(parseDate('2022-01-03')).toEqual({ year: 2022, month: 1, day: 3 });
    expect(parseDate('31/02/2024')).toBeNull();
    expect(parseDate('')).toBeNull();
  });
  it('reads hh:mm', () => {
    expect(parseTime('20:00')).toEqual({ hour: 20, minute: 0 });
    expect(parseTime('9:05')).toEqual({ hour: 9, minute: 5 });
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('')).toBeNull();
  });
});
