import { assert } from './errors';

/**
 * Platform times are shown and cut in GMT+8 (Kuala Lumpur, product spec 1), which has no daylight saving, so a
 * fixed offset is exact. Every function takes the instant as an argument: the domain never reads the clock.
 */
export const GMT8_OFFSET_MS = 8 * 3_600_000;
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The betting day rolls over at 12:00 GMT+8 (midnight GMT-4), where the "today" market's windows end. */
export const BETTING_DAY_ROLLOVER_HOUR = 12;

function assertInstant(ms: number): void {
  assert(Number.isSafeInteger(ms), `an instant is integer epoch milliseconds, got ${ms}`);
}

/** The GMT+8 calendar day number (days since 1970-01-01 in GMT+8) of an instant. */
export function gmt8DayNumber(ms: number): number {
  assertInstant(ms);
  return Math.floor((ms + GMT8_OFFSET_MS) / DAY_MS);
}

/** The instant at which a GMT+8 calendar day starts (its 00:00). */
export function gmt8DayStart(dayNumber: number): number {
  return dayNumber * DAY_MS - GMT8_OFFSET_MS;
}

/**
 * The end of the GMT+8 calendar day an instant falls in (the next day's 00:00), where the 'today' market list
 * ends: a match kicking off before it is today's.
 */
export function gmt8DayEnd(ms: number): number {
  return gmt8DayStart(gmt8DayNumber(ms) + 1);
}

/** The first instant of a GMT+8 calendar date 'YYYY-MM-DD' (its 00:00 GMT+8), or null when it is no date. */
export function gmt8DateStart(date: string): number | null {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms - GMT8_OFFSET_MS;
}

/** 'YYYY-MM-DD' of a GMT+8 day number. */
export function formatDayNumber(dayNumber: number): string {
  // The last day asked is remembered: every bet names its day (exposure totals), nearly always today's.
  if (dayNumber !== lastDay.number) {
    lastDay = { number: dayNumber, text: new Date(dayNumber * DAY_MS).toISOString().slice(0, 10) };
  }
  return lastDay.text;
}

let lastDay = { number: Number.NaN, text: '' };

/** The GMT+8 calendar date of an instant: '2024-03-09'. */
export function gmt8Date(ms: number): string {
  return formatDayNumber(gmt8DayNumber(ms));
}

/** Day of the week in GMT+8: 0 Sunday ... 6 Saturday. 1970-01-01 was a Thursday. */
export function gmt8Weekday(ms: number): number {
  return (((gmt8DayNumber(ms) + 4) % 7) + 7) % 7;
}

/**
 * The betting (working) day of an instant in GMT+8: the calendar date on which the betting day started, where a
 * day runs from `rolloverHour`:00 to the same time the next day. With the default 12, Saturday 11:59 GMT+8 is
 * still Friday's betting day.
 */
export function bettingDay(ms: number, rolloverHour: number = BETTING_DAY_ROLLOVER_HOUR): string {
  assert(Number.isInteger(rolloverHour) && rolloverHour >= 0 && rolloverHour < 24, 'bad rollover hour');
  return gmt8Date(ms - rolloverHour * HOUR_MS);
}
