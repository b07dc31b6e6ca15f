import { sql } from 'kysely';
import type { Executor } from '../wallet/repository';

export interface NewBet {
  createdAt: Date;
  refNo: string;
  accountPk: string;
  idempotencyKey: string;
  requestHash: string;
  kind: 'single' | 'parlay' | 'system';
  status: 'waiting' | 'running';
  currency: string;
  oddsType: string;
  odds: string;
  stake: bigint;
  risk: bigint;
  maxPayout: bigint;
  foldSizes: number[] | null;
  combinations: number;
  live: boolean;
  acceptAt: Date | null;
  reservationId: string;
}

export interface NewLeg {
  legNo: number;
  matchId: number;
  marketId: number;
  sportId: number;
  kind: string;
  period: string;
  line: string;
  selection: string;
  format: string;
  odds: string;
  decimalOdds: string;
  live: boolean;
  homeScore: number | null;
  awayScore: number | null;
  livePeriod: string | null;
  redCards: string | null;
  /** Myanmar legs: the favourite side when struck ('h', 'a', or 'o' for goals). */
  mmFavourite?: string | null;
  matchSeq: number;
}

/** Bets and legs: the betting capability's SQL. */
export const betRepository = {
  async findByIdempotencyKey(ex: Executor, accountPk: string, key: string) {
    return ex
      .selectFrom('bets')
      .select(['id', 'request_hash'])
      .where('account_pk', '=', accountPk)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  },

  async insert(ex: Executor, bet: NewBet, legs: NewLeg[]): Promise<string> {
    const row = await ex
      .insertInto('bets')
      .values({
        created_at: bet.createdAt,
        ref_no: bet.refNo,
        account_pk: bet.accountPk,
        idempotency_key: bet.idempotencyKey,
        request_hash: bet.requestHash,
        kind: bet.kind,
        status: bet.status,
        currency: bet.currency,
        odds_type: bet.oddsType,
        odds: bet.odds,
        stake: bet.stake,
        risk: bet.risk,
        max_payout: bet.maxPayout,
        fold_sizes: bet.foldSizes ? JSON.stringify(bet.foldSizes) : null,
        combinations: bet.combinations,
        live: bet.live,
        accept_at: bet.acceptAt,
        reservation_id: bet.reservationId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ex
      .insertInto('bet_legs')
      .values(
        legs.map((leg) => ({
          bet_id: row.id,
          leg_no: leg.legNo,
          match_id: String(leg.matchId),
          market_id: String(leg.marketId),
          sport_id: leg.sportId,
          kind: leg.kind,
          period: leg.period,
          line: leg.line,
          selection: leg.selection,
          format: leg.format,
          odds: leg.odds,
          decimal_odds: leg.decimalOdds,
          live: leg.live,
          home_score: leg.homeScore,
          away_score: leg.awayScore,
          live_period: leg.livePeriod,
          red_cards: leg.redCards,
          mm_favourite: leg.mmFavourite ?? null,
          match_seq: BigInt(leg.matchSeq),
        })),
      )
      .execute();
    return String(row.id);
  },

  /** A member's bets (their own only), newest first, with filters; legs read separately. */
  async list(
    ex: Executor,
    query: {
      accountPk: string;
      statuses: string[] | null;
      ids?: string[];
      from?: Date;
      to?: Date;
      limit: number;
      offset: number;
    },
  ) {
    let select = ex
      .selectFrom('bets')
      .selectAll()
      .where('account_pk', '=', query.accountPk)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset);
    if (query.statuses) select = select.where('status', 'in', query.statuses);
    if (query.ids) select = select.where('id', 'in', query.ids);
    if (query.from) select = select.where('created_at', '>=', query.from);
    if (query.to) select = select.where('created_at', '<', query.to);
    return select.execute();
  },

  async legsOf(ex: Executor, betIds: string[]) {
    if (betIds.length === 0) return [];
    return ex
      .selectFrom('bet_legs as l')
      .innerJoin('matches as m', 'm.id', 'l.match_id')
      .innerJoin('leagues as g', 'g.id', 'm.league_id')
      .selectAll('l')
      .select(['m.home', 'm.away', 'm.kickoff', 'g.name as league_name'])
      .where('l.bet_id', 'in', betIds)
      .orderBy('l.bet_id')
      .orderBy('l.leg_no')
      .execute();
  },

  /** Waiting live bets due for the acceptance check, locked so two processes never decide one bet. */
  async lockDueWaiting(ex: Executor, now: Date, limit: number) {
    const result = await sql<{ id: string; account_pk: string; reservation_id: string; ref_no: string }>`
      select id::text as id, account_pk::text as account_pk, reservation_id, ref_no from bets
      where status = 'waiting' and accept_at <= ${now}
      order by accept_at
      limit ${limit}
      for update skip locked`.execute(ex);
    return result.rows;
  },

  async setStatus(ex: Executor, betId: string, status: string, rejectReason: string | null): Promise<void> {
    await ex
      .updateTable('bets')
      .set({ status, reject_reason: rejectReason })
      .where('id', '=', betId)
      .execute();
  },
};
