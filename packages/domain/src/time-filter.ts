import { DAY_MS, HOUR_MS, MINUTE_MS, gmt8DayNumber, gmt8DayStart, gmt8Weekday } from './calendar';
import { assert } from './errors';

/**
 * Market time-filter modes (product spec 4 and 9): 0 all, 9 next 2 hours, 1 next 4 hours, 2 next 8 hours,
 * 3 now to 00:00, 4 00:00-04:00, 5 04:00-12:00, the clock windows in GMT+8.
 */
export type TimeFilterMode = 0 | 9 | 1 | 2 | 3 | 4 | 5;

/** In the order the menu lists them. */
export const TIME_FILTER_MODES: readonly TimeFilterMode[] = [0, 9, 1, 2, 3, 4, 5];

export function isTimeFilterMode(value: unknown): value is TimeFilterMode {
  return (TIME_FILTER_MODES as readonly unknown[]).includes(value);
}

/** Window lengths of the relative modes: 120, 240, 480 minutes. */
const RELATIVE_MINUTES: Readonly<Partial<Record<TimeFilterMode, number>>> = { 9: 120, 1: 240, 2: 480 };
/** Clock windows of modes 4 and 5 as [start hour, end hour) in GMT+8. */
const CLOCK_WINDOWS: Readonly<Partial<Record<TimeFilterMode, readonly [number, number]>>> = {
  4: [0, 4],
  5: [4, 12],
};

/** A half-open interval of kick-off instants [fromMs, toMs); null means no filtering (mode 0). */
export interface TimeWindow {
  readonly fromMs: number;
  readonly toMs: number;
}

/**
 * The kick-off window of a mode at `nowMs`.
 * - 9, 1, 2: [now, now + 2/4/8 hours).
 * - 3: [now, the next 00:00 GMT+8).
 * - 4, 5: the current or next occurrence of 00:00-04:00 / 04:00-12:00 GMT+8 (the first that has not ended), from
 *   now if it has already begun: at 01:00 mode 4 is [01:00, 04:00), at 13:00 it is tonight's [00:00, 04:00).
 * The windows never reach into the past: a match that has kicked off is live, not in these lists.
 */
export function timeFilterWindow(mode: TimeFilterMode, nowMs: number): TimeWindow | null {
  assert(isTimeFilterMode(mode), `unknown time filter mode ${String(mode)}`);
  if (mode === 0) return null;
  const relative = RELATIVE_MINUTES[mode];
  if (relative !== undefined) return { fromMs: nowMs, toMs: nowMs + relative * MINUTE_MS };
  const todayStart = gmt8DayStart(gmt8DayNumber(nowMs));
  if (mode === 3) return { fromMs: nowMs, toMs: todayStart + DAY_MS };
  const [startHour, endHour] = CLOCK_WINDOWS[mode] ?? [0, 0];
  // Today's occurrence, or tomorrow's when today's has ended.
  const dayStart = todayStart + endHour * HOUR_MS > nowMs ? todayStart : todayStart + DAY_MS;
  return { fromMs: Math.max(nowMs, dayStart + startHour * HOUR_MS), toMs: dayStart + endHour * HOUR_MS };
}

/** The mode a member starts with: 1 (next 4 hours) on Saturday and Sunday in GMT+8, else 0 (all). */
export function initialTimeFilterMode(nowMs: number): TimeFilterMode {
  const weekday = gmt8Weekday(nowMs);
  return weekday === 0 || weekday === 6 ? 1 : 0;
}

/**
 * Whether the time filter applies to the current menu: only the 'all' sports menu, the 'today' tab, menu2 = 1,
 * and not for outrights (product spec 4).
 */
export function timeFilterApplies(menu: {
  menu0: string;
  menu1: string;
  menu2: number;
  outright: boolean;
}): boolean {
  return menu.menu0 === 'all' && menu.menu1 === 'today' && menu.menu2 === 1 && !menu.outright;
}

/**
 * Whether a match passes the filter. Market type 3 (the spec's "3-way market type 3") is always included.
 */
export function passesTimeFilter(input: {
  mode: TimeFilterMode;
  kickoffMs: number;
  nowMs: number;
  marketType: number;
}): boolean {
  if (input.marketType === 3) return true;
  const window = timeFilterWindow(input.mode, input.nowMs);
  return window === null || (input.kickoffMs >= window.fromMs && input.kickoffMs < window.toMs);
}
