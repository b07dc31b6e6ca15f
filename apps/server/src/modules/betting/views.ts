import { BET_TYPE_CODES, type BetLegView, type BetStatus, type BetView } from '@sb/contract';
import { fromMinorUnits } from '@sb/domain';

/**
 * The one mapping of a bet to its reply. Betting (a placed bet, the member's lists) and the statements (settled
 * bets) read their rows differently but show a bet the same way: each adds only its own fields to these.
 */

/** What a reply shows of a stored bet (betting's and the statements' rows both have these columns). */
export interface StoredBet {
  id: string | number;
  ref_no: string;
  kind: string;
  status: string;
  odds_type: string;
  odds: string;
  stake: bigint;
  risk: bigint;
  payout: bigint | null;
  win_loss: bigint | null;
  currency: string;
  fold_sizes: number[] | null;
  combinations: number;
  reject_reason: string | null;
  created_at: Date;
}

/** What a reply shows of a stored leg, with its match's names. */
export interface StoredLeg {
  leg_no: number;
  match_id: string | number;
  market_id: string | number;
  sport_id: number;
  league: string;
  home: string;
  away: string;
  kickoff: Date;
  kind: string;
  period: string;
  line: string;
  selection: string;
  odds: string;
  live: boolean;
  home_score: number | null;
  away_score: number | null;
  outcome: string | null;
}

/** The spec's bet type of a market kind and period (BT_HDP, BT_OU_1H...). */
export function betTypeCode(kind: string, period: string): string {
  const base = BET_TYPE_CODES[kind as keyof typeof BET_TYPE_CODES] ?? `BT_${kind.toUpperCase()}`;
  return period === '1h' ? `${base}_1H` : base;
}

/** A ticket's bet type: a single's is its leg's market, a parlay's and a system's their own. */
export function betTypeOf(kind: string, legs: { kind: string; period: string }[]): string {
  if (kind === 'parlay') return 'BT_PARLAY';
  if (kind === 'system') return 'BT_SYSPARLAY';
  const [leg] = legs;
  return leg ? betTypeCode(leg.kind, leg.period) : 'BT_SINGLE';
}

export function legReply(leg: StoredLeg): BetLegView {
  return {
    leg_no: leg.leg_no,
    match_id: Number(leg.match_id),
    sport_id: leg.sport_id,
    league: leg.league,
    home: leg.home,
    away: leg.away,
    kickoff: leg.kickoff.toISOString(),
    market_id: Number(leg.market_id),
    bet_type: betTypeCode(leg.kind, leg.period),
    period: leg.period,
    line: leg.line,
    choice: leg.selection,
    odds: leg.odds,
    live: leg.live,
    score_at_bet: leg.home_score === null ? null : `${leg.home_score}-${leg.away_score}`,
    outcome: leg.outcome,
  };
}

const money = (value: bigint | null) => (value === null ? null : fromMinorUnits(value));

/** A bet's reply fields shared by every caller (betting adds max_payout, statements their settlement figures). */
export function betReply(bet: StoredBet, legs: StoredLeg[]): Omit<BetView, 'max_payout'> {
  return {
    bet_id: Number(bet.id),
    ref_no: bet.ref_no,
    trans_time: bet.created_at.toISOString(),
    kind: bet.kind as BetView['kind'],
    bet_type: betTypeOf(bet.kind, legs),
    status: bet.status as BetStatus,
    odds_type: bet.odds_type,
    odds: bet.odds,
    stake: fromMinorUnits(bet.stake),
    risk: fromMinorUnits(bet.risk),
    payout: money(bet.payout),
    win_loss: money(bet.win_loss),
    currency: bet.currency,
    fold_sizes: bet.fold_sizes,
    combinations: bet.combinations,
    reject_reason: bet.reject_reason,
    legs: legs.map(legReply),
  };
}

/** The member's view of a bet (placement answers, bet lists): the shared fields and the potential payout. */
export function memberBetView(bet: StoredBet & { max_payout: bigint }, legs: StoredLeg[]): BetView {
  return { ...betReply(bet, legs), max_payout: fromMinorUnits(bet.max_payout) };
}
