import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** Most open bets one forecast reads (the reply says when a match has more). */
export const FORECAST_BETS_MAX = 10_000;

export interface ForecastMatch {
  id: string;
  home: string;
  away: string;
  state: number;
  is_live: boolean;
  is_outright: boolean;
  home_score: number;
  away_score: number;
  ht_home: number | null;
  ht_away: number | null;
}

export interface OpenBet {
  id: string;
  kind: 'single' | 'parlay' | 'system';
  currency: string;
  odds_type: string;
  odds: string;
  stake: bigint;
  risk: bigint;
  max_payout: bigint;
  fold_sizes: number[] | null;
}

export interface OpenLeg {
  bet_id: string;
  match_id: string;
  kind: string;
  period: string;
  line: string;
  selection: string;
  format: string;
  odds: string;
  home_score: number | null;
  away_score: number | null;
  mm_favourite: string | null;
  outcome: string | null;
}

/** Read-only SQL of the trading desk's forecast: the match as it stands and the open bets on it. */
export const riskRepository = {
  async match(ex: Executor, matchId: string): Promise<ForecastMatch | undefined> {
    const result = await sql<ForecastMatch>`
      select m.id::text as id, m.home, m.away, m.state, m.is_live, m.is_outright, m.home_score, m.away_score,
        r.ht_home, r.ht_away
      from matches m
      left join results r on r.match_id = m.id
      where m.id = ${matchId}::bigint`.execute(ex);
    return result.rows[0];
  },

  /**
   * Running and waiting bets under root (its downline, not root itself) with an undecided leg on the match,
   * in id order, at most `limit`.
   */
  async openBets(
    ex: Executor,
    root: { id: string; path: string },
    matchId: string,
    limit: number,
  ): Promise<OpenBet[]> {
    const result = await sql<Record<string, unknown>>`
      select b.id::text as id, b.kind, b.currency, b.odds_type, b.odds, b.stake::text as stake,
        b.risk::text as risk, b.max_payout::text as max_payout, b.fold_sizes
      from bets b
      join accounts a on a.id = b.account_pk
      where b.status in ('running', 'waiting') and b.settled_at is null and b.cancelled_at is null
        and exists (select 1 from bet_legs l where l.bet_id = b.id and l.match_id = ${matchId}::bigint
          and l.outcome is null)
        and a.path like ${`${root.path}%`} and a.id <> ${root.id}::bigint
      order by b.id
      limit ${limit}`.execute(ex);
    return result.rows.map((row) => ({
      id: String(row.id),
      kind: row.kind as OpenBet['kind'],
      currency: String(row.currency),
      odds_type: String(row.odds_type),
      odds: String(row.odds),
      stake: BigInt(String(row.stake)),
      risk: BigInt(String(row.risk)),
      max_payout: BigInt(String(row.max_payout)),
      fold_sizes: (row.fold_sizes as number[] | null) ?? null,
    }));
  },

  async legsOf(ex: Executor, betIds: string[]): Promise<OpenLeg[]> {
    if (betIds.length === 0) return [];
    const result = await sql<OpenLeg>`
      select bet_id::text as bet_id, match_id::text as match_id, kind, period, line, selection, format, odds,
        home_score, away_score, mm_favourite, outcome
      from bet_legs
      where bet_id = any(${betIds}::bigint[])
      order by bet_id, leg_no`.execute(ex);
    return result.rows;
  },
};
