import type { MatchResult } from '@sb/domain';
import type { BetRow, ForecastBetRow } from './figures';
import type { LockedBet, SettledBetUpdate, StoredLegRow, settlementRepository } from './repository';
import { toMatchResult } from './selection';

export interface Decision {
  result: MatchResult;
  winners: string[];
  /** What the outcomes are decided on: a leg stamped with another key is decided again. */
  key: string;
  firstHalfOnly: boolean;
}

export function runningAgain(bet: LockedBet, gen: number, reservationId: string): SettledBetUpdate {
  return {
    id: bet.id,
    status: 'running',
    payout: null,
    winLoss: null,
    validTurnover: null,
    commission: null,
    houseCut: null,
    settledAt: null,
    settleGen: gen,
    reservationId,
  };
}

/** What decides this match's legs now: its full result, its cancellation, or a half-time result. */
export function decisionOf(
  match: NonNullable<Awaited<ReturnType<typeof settlementRepository.matchWithResult>>>,
): Decision | null {
  const ht: [number, number] | null =
    match.ht_home === null || match.ht_away === null ? null : [match.ht_home, match.ht_away];
  const ft: [number, number] | null =
    match.ft_home === null || match.ft_away === null ? null : [match.ft_home, match.ft_away];
  const goals = (match.goals ?? []) as ('h' | 'a')[];
  const winners = (match.winners ?? []) as string[];
  const version = match.version ?? 0;
  if (match.state === 1 || match.state === 2) {
    const key = `${match.state}:${match.state_detail ?? ''}:${version}`;
    const result = toMatchResult({ state: match.state, detail: match.state_detail }, { ht, ft, goals });
    if (result) return { result, winners, key, firstHalfOnly: false };
    // An outright has winners and no score.
    return winners.length > 0
      ? {
          result: { status: 'completed', fullTime: { home: 0, away: 0 } },
          winners,
          key,
          firstHalfOnly: false,
        }
      : null;
  }
  if (!ht) return null;
  const half = { home: ht[0], away: ht[1] };
  return {
    result: { status: 'completed', fullTime: half, halfTime: half },
    winners: [],
    key: `h:${version}`,
    firstHalfOnly: true,
  };
}

/** A stored leg's columns that decide its outcome (the settlement batch's rows and the risk desk's open legs). */
export type DecidingLegColumns = Pick<
  StoredLegRow,
  | 'kind'
  | 'period'
  | 'line'
  | 'selection'
  | 'home_score'
  | 'away_score'
  | 'format'
  | 'odds'
  | 'mm_favourite'
  | 'outcome'
>;

/** A stored bet's columns that decide its figures. */
export type DecidingBetColumns = Pick<
  LockedBet,
  'kind' | 'odds_type' | 'odds' | 'stake' | 'risk' | 'fold_sizes'
>;

export function toLegRow(leg: DecidingLegColumns) {
  return {
    kind: leg.kind,
    period: leg.period,
    line: leg.line,
    selection: leg.selection,
    homeScore: leg.home_score,
    awayScore: leg.away_score,
    format: leg.format,
    odds: leg.odds,
    mmFavourite: leg.mm_favourite,
    outcome: leg.outcome,
  };
}

export function toBetRow(bet: DecidingBetColumns, legs: readonly DecidingLegColumns[]): BetRow {
  return {
    kind: bet.kind,
    oddsType: bet.odds_type,
    odds: bet.odds,
    stake: bet.stake,
    risk: bet.risk,
    foldSizes: bet.fold_sizes,
    legs: legs.map(toLegRow),
  };
}

/** An open bet as the book's forecast values it: its legs keep their match, so legs elsewhere count as won. */
export function toForecastRow(
  bet: DecidingBetColumns,
  legs: readonly (DecidingLegColumns & { match_id: string })[],
): ForecastBetRow {
  return { ...toBetRow(bet, []), legs: legs.map((leg) => ({ ...toLegRow(leg), matchId: leg.match_id })) };
}
