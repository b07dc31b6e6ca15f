import { z } from 'zod';
import { safeString } from './fields';
import { sessionRequest } from './account';
import type { BetLegView, BetStatus } from './betting';
import type { ErrorCode } from './errors';

/**
 * Statements and reports: the member's own figures (POST /api/<name>) and the upline's reports
 * (POST /bo/<name>). Dates are betting days in GMT+8 ('YYYY-MM-DD'); money is decimal strings.
 */

/** A betting day: 'YYYY-MM-DD'. Missing or blank answers the field's *_required code. */
const day = (required: ErrorCode) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' satisfies ErrorCode });

/** One day (working_date) or a range (start_date and end_date, both required when no working_date). */
const dayOrRange = {
  working_date: day('working_date_required').optional(),
  start_date: day('start_date_required').optional(),
  end_date: day('end_date_required').optional(),
};

const paging = {
  page: z.number({ error: 'invalid_request' }).int().min(1).max(100_000).default(1),
  page_size: z.number({ error: 'invalid_request' }).int().min(1).max(200).default(50),
};

export const statementRangeRequest = sessionRequest.extend({ ...dayOrRange, ...paging });
export type StatementRangeRequest = z.infer<typeof statementRangeRequest>;

/** A bet id as a number, or as the digits the lists answer with (the web echoes it back as text). */
export const statementBetRequest = sessionRequest.extend({
  bet_id: z
    .union(
      [
        z.number().int().min(1),
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,17}$/),
      ],
      { error: 'bet_id_required' },
    )
    .transform(Number),
});

/** Upline reports: a range, and optionally the downline account to look under (default the caller). */
export const boWinLossRequest = z.object({
  ...dayOrRange,
  ...paging,
  account_id: safeString({ error: 'invalid_request' }).trim().min(1).max(30).optional(),
});
export const boOutstandingRequest = z.object({
  ...paging,
  account_id: safeString({ error: 'invalid_request' }).trim().min(1).max(30).optional(),
});
/**
 * What a ticket search filters on by status: a bet status, or `settled` (settled and standing: what win/loss
 * counts) or `cancelled` (cancelled by the operator after it was taken).
 */
export const TICKET_STATUSES = [
  'waiting',
  'running',
  'settled',
  'won',
  'won_half',
  'draw',
  'lost_half',
  'lost',
  'void',
  'refund',
  'rejected',
  'cancelled',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * The upline's ticket search: tickets of members under the caller (or under one of its downline, or one
 * member's with `account_id`), by ref_no, match, status and betting days of placement (`date_kind` placed,
 * the default) or of settlement (`settled`, the days win/loss counts a bet on). The dates may be left out
 * when a ref_no or a match names the tickets.
 */
export const boTicketsRequest = z.object({
  ...dayOrRange,
  ...paging,
  date_kind: z.enum(['placed', 'settled'], { error: 'invalid_request' }).default('placed'),
  account_id: safeString({ error: 'invalid_request' }).trim().min(1).max(30).optional(),
  ref_no: safeString({ error: 'invalid_request' }).trim().min(1).max(40).optional(),
  match_id: z.number({ error: 'invalid_request' }).int().min(1).optional(),
  status: z.enum(TICKET_STATUSES, { error: 'invalid_request' }).optional(),
});
export type BoTicketsRequest = z.input<typeof boTicketsRequest>;

/** Cancelled bets under the caller (void, refunded, rejected or cancelled by the operator) in a range of days. */
export const boCancelledRequest = z.object({
  ...dayOrRange,
  ...paging,
  account_id: safeString({ error: 'invalid_request' }).trim().min(1).max(30).optional(),
});
export type BoCancelledRequest = z.input<typeof boCancelledRequest>;

export const boLiabilityRequest = z.object({
  match_id: z.number({ error: 'invalid_request' }).int().min(1).optional(),
});

// ---- Replies ----

/** A statement row (spec section 3): balances before and after the betting day, and what moved them. */
export interface StatementDayRow {
  transaction_date: string;
  opening_balance: string;
  closing_balance: string;
  turnover: string;
  valid_turnover: string;
  commission: string;
  settled_amount: string;
  /** Deposits, withdrawals and adjustments of the day. */
  adjustment: string;
  /**
   * Provider games' win/loss of the day (bets, wins and rollbacks of every product):
   * closing = opening + settled + commission + adjustment + this.
   */
  game_win_loss: string;
  /** Win/loss of the 4D lottery and of the mini games that day (own games, their own lines):
   * closing = opening + settled_amount + commission + adjustment + lottery + mini_game. */
  lottery: string;
  mini_game: string;
  /** Tournament rooms that day: entry fees paid, prizes and refunds received (their own line too). */
  tournament: string;
  bets: number;
}

export interface SettlementHistoryRow {
  ref_no: string;
  bet_id: number;
  /** settle: a settlement posted; reversal: an earlier settlement undone (resettlement); cancel: refunded. */
  movement: 'settle' | 'reversal' | 'cancel';
  time: string;
  bet_type: string;
  stake: string;
  payout: string;
  win_loss: string;
  commission: string;
  status: BetStatus;
  resettled: boolean;
}

/** A settled bet with its settlement figures (sportsbook, cancelledbetlist, parlaybetdetails...). */
export interface StatementBetView {
  bet_id: number;
  ref_no: string;
  trans_time: string;
  settled_at: string | null;
  kind: 'single' | 'parlay' | 'system';
  bet_type: string;
  status: BetStatus;
  odds_type: string;
  odds: string;
  stake: string;
  risk: string;
  payout: string | null;
  win_loss: string | null;
  valid_turnover: string | null;
  commission: string | null;
  currency: string;
  fold_sizes: number[] | null;
  combinations: number;
  reject_reason: string | null;
  resettled: boolean;
  legs: (BetLegView & { result: string | null })[];
}

export interface SystemCombinationRow {
  combination_no: number;
  fold: number;
  bet_type: string;
  leg_nos: number[];
  matches: string;
  odds: string;
  stake: string;
  payout: string | null;
  win_loss: string | null;
  status: 'running' | 'won' | 'lost_half' | 'lost' | 'draw' | 'void';
}

export interface WinLossRow {
  account_id: string;
  level: string;
  currency: string;
  bets: number;
  turnover: string;
  valid_turnover: string;
  /** The members' own result and rebate. */
  member_win_loss: string;
  member_commission: string;
  /** The viewer's part (bet_shares), the levels between, and the levels above: they add up to the book's. */
  own_win_loss: string;
  own_commission: string;
  downline_win_loss: string;
  upline_win_loss: string;
}
