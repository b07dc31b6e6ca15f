import type { z } from 'zod';
import type { boLoginReply } from './backoffice-access';
import type { AccountLevel, BoMemberRow } from './backoffice';
import type { StatementBetView, WinLossRow } from './statement';

export type BoLoginReply = z.infer<typeof boLoginReply>;

/**
 * Replies of the back-office calls the back-office app reads (the server's upline and report services answer
 * these shapes). Fields a later server may add (a second factor step) are optional.
 */
export interface BoMemberListReply {
  total: number;
  page: number;
  members: BoMemberRow[];
}

export interface BoWinLossReply {
  account_id: string;
  level: string;
  downlines: WinLossRow[];
  members: WinLossRow[];
  totals: WinLossRow[];
  total_downlines: number;
  total_members: number;
  page: number;
}

export interface BoOutstandingRow {
  account_id: string;
  currency: string;
  bets: number;
  waiting: number;
  outstanding: string;
  last_bet_at: string;
}
export interface BoOutstandingReply {
  account_id: string;
  data: BoOutstandingRow[];
  total: number;
  page: number;
}

export interface BoLiabilityOutcome {
  selection: string;
  bets: number;
  stake: string;
  payout_if_wins: string;
  book_if_wins: string;
  parlay_bets: number;
  parlay_exposure: string;
}
export interface BoLiabilityMarket {
  market_id: number;
  kind: string;
  period: string;
  line: string | number | null;
  currency: string;
  stake: string;
  outcomes: BoLiabilityOutcome[];
}
export interface BoLiabilityMatch {
  match_id: number;
  home?: string;
  away?: string;
  kickoff?: string;
  markets: BoLiabilityMarket[];
}
export interface BoLiabilityReply {
  truncated: boolean;
  data: BoLiabilityMatch[];
}

/** One upline level's part of a settled ticket (its standing settlement). */
export interface BoTicketShare {
  account_id: string;
  level: AccountLevel;
  win_loss: string;
  commission: string;
}

/**
 * A ticket as the back office shows it: the statements' bet (legs, stake, odds, payout, win/loss, rebate) with
 * its member, and the parts of the caller's level and those below it, top first; the levels above the caller
 * together in upline_win_loss. Settled and standing: member win_loss + the parts + upline_win_loss = 0.
 */
export interface BoTicket extends StatementBetView {
  account_id: string;
  cancelled_at: string | null;
  shares: BoTicketShare[];
  upline_win_loss: string | null;
}

export interface BoTicketsReply {
  account_id: string;
  data: BoTicket[];
  total: number;
  page: number;
}
