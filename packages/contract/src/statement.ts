import { PRODUCTS } from '@sb/domain';
import { z } from 'zod';
import { replyMoney, safeString } from './fields';
import { sessionRequest } from './account';
import { BET_STATUSES, betLegView, betView } from './betting';
import { lotteryTicketView } from './own-games';
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

/**
 * Upline reports: a range, and optionally the downline account to look under (default the caller). Win/loss may
 * be narrowed to one product (omitted: all of them) and its rows split per product (`by_product`).
 */
export const boWinLossRequest = z.object({
  ...dayOrRange,
  ...paging,
  account_id: safeString({ error: 'invalid_request' }).trim().min(1).max(30).optional(),
  product: z.enum(PRODUCTS, { error: 'invalid_request' satisfies ErrorCode }).optional(),
  by_product: z.boolean({ error: 'invalid_request' satisfies ErrorCode }).optional(),
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

/**
 * A member's (or every member's under a downline account) counted casino and games rounds in a range of days:
 * the drill-down from a win/loss member row when there is no ticket (report_rounds). Newest first.
 */
export const BO_ROUND_PRODUCTS = ['casino', 'games'] as const;
export const boRoundsRequest = z.object({
  ...dayOrRange,
  page: paging.page,
  page_size: z.number({ error: 'invalid_request' }).int().min(1).max(500).default(50),
  account_id: safeString({ error: 'invalid_request' }).trim().min(1).max(30).optional(),
  product: z.enum(BO_ROUND_PRODUCTS, { error: 'invalid_request' satisfies ErrorCode }).optional(),
});
export type BoRoundsRequest = z.input<typeof boRoundsRequest>;

export const boLiabilityRequest = z.object({
  match_id: z.number({ error: 'invalid_request' }).int().min(1).optional(),
});

// ---- Replies ----

const money = replyMoney;
const paged = { total: z.number().int(), page: z.number().int() };

/** A statement row (spec section 3): balances before and after the betting day, and what moved them. */
export const statementDayRow = z.object({
  transaction_date: z.string(),
  opening_balance: money,
  closing_balance: money,
  turnover: money,
  valid_turnover: money,
  commission: money,
  settled_amount: money,
  /** Deposits, withdrawals and adjustments of the day. */
  adjustment: money,
  /**
   * Provider games' win/loss of the day (bets, wins and rollbacks of every product):
   * closing = opening + settled + commission + adjustment + this.
   */
  game_win_loss: money,
  /** Win/loss of the 4D lottery and of the mini games that day (own games, their own lines):
   * closing = opening + settled_amount + commission + adjustment + lottery + mini_game. */
  lottery: money,
  mini_game: money,
  /** Tournament rooms that day: entry fees paid, prizes and refunds received (their own line too). */
  tournament: money,
  bets: z.number().int(),
});
export type StatementDayRow = z.infer<typeof statementDayRow>;

export const settlementHistoryRow = z.object({
  ref_no: z.string(),
  bet_id: z.number().int(),
  /** settle: a settlement posted; reversal: an earlier settlement undone (resettlement); cancel: refunded. */
  movement: z.enum(['settle', 'reversal', 'cancel']),
  time: z.string(),
  bet_type: z.string(),
  stake: money,
  payout: money,
  win_loss: money,
  commission: money,
  status: z.enum(BET_STATUSES),
  resettled: z.boolean(),
});
export type SettlementHistoryRow = z.infer<typeof settlementHistoryRow>;

/** A leg of a settled bet with the score it was decided on ("2-1"; the half's for a first-half market). */
export const statementLegView = betLegView.extend({ result: z.string().nullable() });

/** A settled bet with its settlement figures (sportsbook, cancelledbetlist, parlaybetdetails...). */
export const statementBetView = betView.omit({ max_payout: true }).extend({
  settled_at: z.string().nullable(),
  valid_turnover: money.nullable(),
  commission: money.nullable(),
  resettled: z.boolean(),
  legs: z.array(statementLegView),
});
export type StatementBetView = z.infer<typeof statementBetView>;

export const systemCombinationRow = z.object({
  combination_no: z.number().int(),
  fold: z.number().int(),
  bet_type: z.string(),
  leg_nos: z.array(z.number().int()),
  matches: z.string(),
  odds: z.string(),
  stake: money,
  payout: money.nullable(),
  win_loss: money.nullable(),
  status: z.enum(['running', 'won', 'lost_half', 'lost', 'draw', 'void']),
});
export type SystemCombinationRow = z.infer<typeof systemCombinationRow>;

/** dailystatement: one row per betting day of the range. */
export const dailyStatementReply = z.object({
  data: z.array(statementDayRow),
  currency: z.string().nullable(),
});
/** settlementhistory. */
export const settlementHistoryReply = z.object({ data: z.array(settlementHistoryRow), ...paged });
/** sportsbook, cancelledbetlist, betsysparlay: bets with their figures and legs, paged. */
export const statementBetsReply = z.object({ data: z.array(statementBetView), ...paged });
/** platformwinlose: one line per product the member played (sportsbook first). */
export const platformWinLoseReply = z.object({
  data: z.array(
    z.object({
      product: z.string(),
      bets: z.number().int(),
      turnover: money,
      valid_turnover: money,
      win_loss: money,
      commission: money,
      total: money,
    }),
  ),
  currency: z.string().nullable(),
});
/** adjustment: deposits, withdrawals, credit changes and adjustments (signed for the member). */
export const adjustmentReply = z.object({
  data: z.array(
    z.object({
      transfer_id: z.string(),
      kind: z.string(),
      time: z.string(),
      transaction_date: z.string(),
      currency: z.string(),
      amount: money,
    }),
  ),
  ...paged,
});
/** lottery, cancelledbetlistlottery: the member's 4D tickets settled (or cancelled) in the range. */
export const lotteryReportReply = z.object({ data: z.array(lotteryTicketView), ...paged });
/** parlaybetdetails: one parlay or system ticket. */
export const parlayDetailsReply = z.object({ bet: statementBetView });
/** betsysparlaymatch: the legs of one system ticket. */
export const systemParlayMatchesReply = z.object({
  data: z.array(statementLegView),
  bet_id: z.number().int(),
  ref_no: z.string(),
});
/** betsysparlaybet: the combinations of one system ticket, and the ticket's own payout beside them. */
export const systemParlayBetsReply = z.object({
  data: z.array(systemCombinationRow),
  bet_id: z.number().int(),
  ref_no: z.string(),
  unit_stake: money,
  ticket_payout: money.nullable(),
});

export const winLossRow = z.object({
  account_id: z.string(),
  level: z.string(),
  currency: z.string(),
  /** Only when the rows are split by product (by_product). */
  product: z.enum(PRODUCTS).optional(),
  bets: z.number().int(),
  turnover: money,
  valid_turnover: money,
  /** The members' own result and rebate. */
  member_win_loss: money,
  member_commission: money,
  /** The viewer's part (bet_shares), the levels between, and the levels above: they add up to the book's. */
  own_win_loss: money,
  own_commission: money,
  downline_win_loss: money,
  upline_win_loss: money,
});
export type WinLossRow = z.infer<typeof winLossRow>;
