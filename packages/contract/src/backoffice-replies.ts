import type { z } from 'zod';
import type { boLoginReply } from './backoffice-access';
import type { BoMemberRow } from './backoffice';

export type BoLoginReply = z.infer<typeof boLoginReply>;
import type { WinLossRow } from './statement';

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
