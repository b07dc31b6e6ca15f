import { z } from 'zod';
import { replyMoney } from './fields';
import type { boLoginReply } from './backoffice-access';
import { ACCOUNT_LEVELS } from './backoffice';
import { statementBetView, winLossRow } from './statement';

export type BoLoginReply = z.infer<typeof boLoginReply>;

/**
 * Replies of the back-office calls the back-office app reads (the server's upline and report services answer
 * these shapes). Fields a later server may add (a second factor step) are optional.
 */
/** winloss: the viewer's direct downlines and direct members, and the totals per currency (paged). */
export const boWinLossReply = z.object({
  account_id: z.string(),
  level: z.string(),
  downlines: z.array(winLossRow),
  members: z.array(winLossRow),
  totals: z.array(winLossRow),
  total_downlines: z.number().int(),
  total_members: z.number().int(),
  page: z.number().int(),
});
export type BoWinLossReply = z.infer<typeof boWinLossReply>;

const money = replyMoney;

export const boOutstandingRow = z.object({
  account_id: z.string(),
  currency: z.string(),
  bets: z.number().int(),
  waiting: z.number().int(),
  outstanding: money,
  last_bet_at: z.string(),
});
export type BoOutstandingRow = z.infer<typeof boOutstandingRow>;
/** outstanding: running stakes per direct downline (or per member at an agent), paged. */
export const boOutstandingReply = z.object({
  account_id: z.string(),
  data: z.array(boOutstandingRow),
  total: z.number().int(),
  page: z.number().int(),
});
export type BoOutstandingReply = z.infer<typeof boOutstandingReply>;

export const boLiabilityOutcome = z.object({
  selection: z.string(),
  bets: z.number().int(),
  stake: money,
  payout_if_wins: money,
  book_if_wins: money,
  parlay_bets: z.number().int(),
  parlay_exposure: money,
});
export type BoLiabilityOutcome = z.infer<typeof boLiabilityOutcome>;
export const boLiabilityMarket = z.object({
  market_id: z.number().int(),
  kind: z.string(),
  period: z.string(),
  line: z.union([z.string(), z.number()]).nullable(),
  currency: z.string(),
  stake: money,
  outcomes: z.array(boLiabilityOutcome),
});
export type BoLiabilityMarket = z.infer<typeof boLiabilityMarket>;
export const boLiabilityMatch = z.object({
  match_id: z.number().int(),
  home: z.string().optional(),
  away: z.string().optional(),
  kickoff: z.string().optional(),
  markets: z.array(boLiabilityMarket),
});
export type BoLiabilityMatch = z.infer<typeof boLiabilityMatch>;
/** liability ("total bets"): the net position per selection of every open market, per match. */
export const boLiabilityReply = z.object({ truncated: z.boolean(), data: z.array(boLiabilityMatch) });
export type BoLiabilityReply = z.infer<typeof boLiabilityReply>;

/** One upline level's part of a settled ticket (its standing settlement). */
export const boTicketShare = z.object({
  account_id: z.string(),
  level: z.enum(ACCOUNT_LEVELS),
  win_loss: money,
  commission: money,
});
export type BoTicketShare = z.infer<typeof boTicketShare>;

/**
 * A ticket as the back office shows it: the statements' bet (legs, stake, odds, payout, win/loss, rebate) with
 * its member, and the parts of the caller's level and those below it, top first; the levels above the caller
 * together in upline_win_loss. Settled and standing: member win_loss + the parts + upline_win_loss = 0.
 */
export const boTicket = statementBetView.extend({
  account_id: z.string(),
  cancelled_at: z.string().nullable(),
  shares: z.array(boTicketShare),
  upline_win_loss: money.nullable(),
});
export type BoTicket = z.infer<typeof boTicket>;

/** tickets, cancelled: tickets of the caller's downline, paged. */
export const boTicketsReply = z.object({
  account_id: z.string(),
  data: z.array(boTicket),
  total: z.number().int(),
  page: z.number().int(),
});
export type BoTicketsReply = z.infer<typeof boTicketsReply>;

/**
 * A counted game round (casino: a provider's round; games: a mini-game round or a 4D ticket) with its figures and
 * the viewer's own part as the member's chain had its shares when it was counted: what the win/loss rows sum.
 */
export const boRound = z.object({
  product: z.enum(['casino', 'games']),
  source: z.enum(['provider', 'minigame', 'lottery']),
  /** The provider's game code, the mini game ('crash', 'dice', 'hilo') or '4D'. */
  game: z.string(),
  /** The provider game's name; null for our own games. */
  game_name: z.string().nullable(),
  /** The provider's round reference, the mini-game round's id or the 4D ticket's id. */
  round: z.string(),
  /** The 4D ticket's draw (id and time); null for other rounds. */
  draw_id: z.number().int().nullable(),
  draw_at: z.string().nullable(),
  account_id: z.string(),
  currency: z.string(),
  /** When the round finished (closed or settled). */
  finished_at: z.string(),
  stake: money,
  win: money,
  member_win_loss: money,
  member_commission: money,
  own_win_loss: money,
  own_commission: money,
});
export type BoRound = z.infer<typeof boRound>;
export const boRoundsReply = z.object({
  account_id: z.string(),
  data: z.array(boRound),
  total: z.number().int(),
  page: z.number().int(),
});
export type BoRoundsReply = z.infer<typeof boRoundsReply>;
