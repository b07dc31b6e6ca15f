import { BETTING_DAY_ROLLOVER_HOUR, GMT8_OFFSET_MS, gmt8DayStart } from '@sb/domain';
import { AppError } from '../../lib/app-error';
import type { DayBuckets, MovementSum } from './repository';

/**
 * Pure helpers of the statements: betting days and what a day's ledger movements mean. A betting day is the
 * domain calendar's: it runs from 12:00 GMT+8 to 12:00 the next day (BETTING_DAY_ROLLOVER_HOUR), so the
 * night's matches settle on the day they were bet. Days are numbered from 1970-01-01 like 'YYYY-MM-DD' dates.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const ROLLOVER_MS = BETTING_DAY_ROLLOVER_HOUR * HOUR_MS;

/** How SQL buckets an instant into its betting day: floor((epoch ms + shiftMs) / dayMs). */
export const BUCKETS: DayBuckets = { shiftMs: GMT8_OFFSET_MS - ROLLOVER_MS, dayMs: DAY_MS };

/** The longest range one call answers: a statement is one row per day, so this bounds the reply. */
export const MAX_RANGE_DAYS = 93;

export interface DayRange {
  first: number;
  last: number;
}

/** 'YYYY-MM-DD' to its day number; a date that does not exist is invalid_date on that field. */
export function dayNumberOf(text: string, field: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text)
    throw new AppError('invalid_date', { field });
  return ms / DAY_MS;
}

export function dayName(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** When a betting day starts: its GMT+8 date at the rollover hour. */
export function dayStart(day: number): Date {
  return new Date(gmt8DayStart(day) + ROLLOVER_MS);
}

/** The day number SQL's bucket gives an instant (the same formula, for checking against the domain). */
export function bucketOf(ms: number): number {
  return Math.floor((ms + BUCKETS.shiftMs) / BUCKETS.dayMs);
}

/**
 * A day's balance movements by meaning. A settlement carries its rebate: that part goes to commission, the rest
 * to the settled amount. A reversal (resettlement) or the cancellation of a settled bet gives back the payout
 * and the rebate: the rebate part goes to commission, the rest to the settled amount.
 * Anything else that moved the balance (deposits, withdrawals, adjustments) is the adjustment column;
 * stakes and released reservations net to zero (money between the member's own accounts).
 */
export function classify(moves: MovementSum[]): { settled: bigint; commission: bigint; adjustment: bigint } {
  let settled = 0n;
  let commission = 0n;
  let adjustment = 0n;
  for (const move of moves) {
    if (move.kind === 'settle') {
      commission += move.settleCommission;
      settled += move.delta - move.settleCommission;
    } else if (move.kind === 'reversal' || (move.kind === 'cancel' && !move.release)) {
      commission -= move.reversedCommission;
      settled += move.delta + move.reversedCommission;
    } else adjustment += move.delta;
  }
  return { settled, commission, adjustment };
}
