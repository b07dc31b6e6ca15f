import { BETTING_DAY_ROLLOVER_HOUR, GMT8_OFFSET_MS, gmt8DayStart } from '@sb/domain';
import { AppError } from '../../lib/app-error';
import type { DayBuckets, MovementSum } from './repository';
import { TRANSFER_KINDS as K } from '../ledger/kinds';

/** Ledger kinds of provider games (ledger/kinds.ts): their movements are the statement's games column. */
const GAME_KINDS = new Set<string>([K.gameBet, K.gameWin, K.gameRollback]);
/** A member's tournament movements: entry fees out, prizes and refunds in. */
const TOURNAMENT_KINDS = new Set<string>([K.tournamentFee, K.tournamentPrize, K.tournamentRefund]);

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
 * Provider games' bets, wins and rollbacks are the games column; the 4D lottery's and the mini games' movements
 * (transfer ids `lot:` and `mini:`) are their own lines. Anything else that moved the balance (deposits,
 * withdrawals, adjustments, tournament fees, prizes and refunds) is the adjustment column; stakes and released
 * reservations net to zero (money between the member's own accounts). So closing = opening + settled +
 * commission + adjustment + games + lottery + mini game.
 */
export function classify(moves: MovementSum[]): {
  settled: bigint;
  commission: bigint;
  adjustment: bigint;
  games: bigint;
  lottery: bigint;
  miniGame: bigint;
  tournament: bigint;
} {
  let settled = 0n;
  let commission = 0n;
  let adjustment = 0n;
  let games = 0n;
  // Our own games (transfer ids `lot:` and `mini:`): their own line each, though mini games share the game kinds.
  let lottery = 0n;
  let miniGame = 0n;
  let tournament = 0n;
  for (const move of moves) {
    if (move.product === 'lottery') lottery += move.delta;
    else if (move.product === 'mini_game') miniGame += move.delta;
    else if (GAME_KINDS.has(move.kind)) games += move.delta;
    else if (TOURNAMENT_KINDS.has(move.kind)) tournament += move.delta;
    else if (move.kind === K.gameRebate) commission += move.delta;
    else if (move.kind === 'settle') {
      commission += move.settleCommission;
      settled += move.delta - move.settleCommission;
    } else if (move.kind === 'reversal' || (move.kind === 'cancel' && !move.release)) {
      commission -= move.reversedCommission;
      settled += move.delta + move.reversedCommission;
    } else adjustment += move.delta;
  }
  return { settled, commission, adjustment, games, lottery, miniGame, tournament };
}

/** The dates a statement or report call names. */
export interface DatesAsked {
  working_date?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
}

/** The day or range asked for; with `required`, start and end dates must be there (or a working date). */
export function requestedRange(input: DatesAsked): DayRange;
export function requestedRange(input: DatesAsked, required: false): DayRange | null;
export function requestedRange(input: DatesAsked, required = true): DayRange | null {
  if (input.working_date) {
    const day = dayNumberOf(input.working_date, 'working_date');
    return { first: day, last: day };
  }
  if (!required && !input.start_date && !input.end_date) return null;
  if (!input.start_date) throw new AppError('start_date_required', { field: 'start_date' });
  if (!input.end_date) throw new AppError('end_date_required', { field: 'end_date' });
  const first = dayNumberOf(input.start_date, 'start_date');
  const last = dayNumberOf(input.end_date, 'end_date');
  if (last < first || last - first + 1 > MAX_RANGE_DAYS)
    throw new AppError('invalid_date', { field: 'end_date' });
  return { first, last };
}

/** The instants a range of betting days covers: from its first day's start to the start of the day after. */
export function windowOf(range: DayRange): { from: Date; to: Date } {
  return { from: dayStart(range.first), to: dayStart(range.last + 1) };
}
