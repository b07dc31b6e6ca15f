import { CompiledQuery, sql } from 'kysely';
import { PREPARED } from '../../db/database';
import type { SessionGuard } from '../account/service';
import type { Executor } from '../../db/types';
import { STAKE_RESERVATION_CTES } from '../ledger/fragments';
import { exposureOfBet } from './exposure';

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

/** A running total a bet adds to (bet_exposure): a match's open stakes, or a sport's potential payouts today. */
export interface ExposureAdd {
  scope: string;
  amount: bigint;
  /** The cap for a match scope (the member's max_per_match); day scopes take theirs from payout_day_caps. */
  cap: bigint | null;
  /** Day scopes: the sport whose cap applies. */
  sportId: number | null;
}

/** One bet to place, with its session guard, ledger accounts and running totals. */
export interface Placement {
  guard: SessionGuard;
  bet: NewBet;
  legs: NewLeg[];
  exposure: ExposureAdd[];
}

export type PlaceOutcome =
  | { kind: 'placed'; betId: string; available: bigint; outstanding: bigint }
  /** The session ended, or the member's profile or upline changed, since the checks were made. */
  | { kind: 'stale' }
  | { kind: 'insufficient' };

/** Bets and legs: the betting capability's SQL. */
export const betRepository = {
  /**
   * Places bets of distinct members in one statement (one round trip, one commit for the lot; see
   * PlacementBatcher). For each bet: re-checks its session guard, reserves the risk with a guarded balance
   * update (never below zero; the row lock serialises a member's bets), writes the stake transfer, its two
   * entries, the reservation, the bet, its legs and its running totals. Each step reads the previous one's
   * RETURNING, so a bet whose guard or balance refuses writes nothing while the others go through. A
   * duplicate idempotency key (unique index) or a crossed running total (CHECK bet_exposure_cap) fails the
   * whole statement: nothing of any bet is written, and the caller places them one by one.
   */
  async placeMany(ex: Executor, items: Placement[]): Promise<PlaceOutcome[]> {
    const rows = items.map(({ guard, bet, legs, exposure }, i) => ({
      i,
      token: guard.tokenHash,
      now: guard.now.toISOString(),
      account_pk: guard.accountPk,
      pv: guard.profileVersion,
      chain: guard.chainPks,
      risk: String(bet.risk),
      currency: bet.currency,
      ref_no: bet.refNo,
      reservation_id: bet.reservationId,
      created_at: bet.createdAt.toISOString(),
      idem: bet.idempotencyKey,
      hash: bet.requestHash,
      kind: bet.kind,
      status: bet.status,
      odds_type: bet.oddsType,
      odds: bet.odds,
      stake: String(bet.stake),
      max_payout: String(bet.maxPayout),
      fold_sizes: bet.foldSizes,
      combinations: bet.combinations,
      live: bet.live,
      accept_at: bet.acceptAt ? bet.acceptAt.toISOString() : null,
      legs: legs.map((leg) => ({
        ...legColumns(leg),
        match_id: leg.matchId,
        market_id: leg.marketId,
        match_seq: leg.matchSeq,
      })),
      exposure: exposure.map((add) => ({
        scope: add.scope,
        amount: String(add.amount),
        cap: add.cap === null ? null : String(add.cap),
        sport: add.sportId,
      })),
    }));
    const result = await ex.executeQuery<{
      i: number;
      guard_ok: boolean;
      available: bigint | null;
      outstanding: bigint | null;
      bet_id: string | null;
      legs: number;
      entries: number;
    }>(CompiledQuery.raw(PLACE_SQL, [JSON.stringify(rows)]));
    return items.map((item, i): PlaceOutcome => {
      const row = result.rows.find((r) => r.i === i);
      if (!row || !row.guard_ok) return { kind: 'stale' };
      if (row.available === null || row.outstanding === null) return { kind: 'insufficient' };
      // Every bet that got its reservation is written in full, or the statement would have failed.
      if (row.bet_id === null || row.legs !== item.legs.length || row.entries !== 2) {
        throw new Error(`bet ${item.bet.refNo}: placement wrote an incomplete bet`);
      }
      return { kind: 'placed', betId: row.bet_id, available: row.available, outstanding: row.outstanding };
    });
  },

  /** The running totals a refused bet would have crossed, with the caps in force (day caps from config). */
  async exposureOf(
    ex: Executor,
    accountPk: string,
    currency: string,
    adds: Pick<ExposureAdd, 'scope' | 'sportId'>[],
  ) {
    if (adds.length === 0) return [];
    const json = JSON.stringify(adds.map((add) => ({ scope: add.scope, sport: add.sportId })));
    const result = await sql<{ scope: string; total: bigint; day_cap: bigint | null }>`
      select r.scope, coalesce(x.total, 0)::bigint as total, coalesce(sc.cap, oc.cap) as day_cap
      from jsonb_to_recordset(${json}::jsonb) as r(scope text, sport integer)
      left join bet_exposure x on x.account_pk = ${accountPk} and x.scope = r.scope
      left join payout_day_caps sc on r.sport is not null and sc.sport_id = r.sport and sc.currency = ${currency}
      left join payout_day_caps oc on r.sport is not null and oc.sport_id = 0 and oc.currency = ${currency}`.execute(
      ex,
    );
    return result.rows;
  },

  /** Takes a rejected bet's amounts back off its running totals (a total never goes below zero). */
  async releaseExposure(ex: Executor, accountPk: string, adds: { scope: string; amount: bigint }[]) {
    if (adds.length === 0) return;
    const json = JSON.stringify(adds.map((add) => ({ scope: add.scope, amount: String(add.amount) })));
    await sql`
      update bet_exposure x set total = greatest(x.total - r.amount, 0)
      from jsonb_to_recordset(${json}::jsonb) as r(scope text, amount bigint)
      where x.account_pk = ${accountPk} and x.scope = r.scope`.execute(ex);
  },

  /** Takes a bet that stops counting (an operator's cancel of a running bet) off its running totals. */
  async releaseBetExposure(ex: Executor, betId: string) {
    const bet = await ex
      .selectFrom('bets')
      .select(['account_pk', 'kind', 'stake', 'max_payout', 'created_at'])
      .where('id', '=', betId)
      .executeTakeFirst();
    if (!bet) return;
    const legs = await ex
      .selectFrom('bet_legs')
      .select(['match_id', 'sport_id'])
      .where('bet_id', '=', betId)
      .orderBy('leg_no')
      .execute();
    await betRepository.releaseExposure(ex, String(bet.account_pk), exposureOfBet(bet, legs));
  },

  async payoutCaps(ex: Executor) {
    return ex
      .selectFrom('payout_day_caps')
      .select(['sport_id', 'currency', 'cap'])
      .orderBy('currency')
      .orderBy('sport_id')
      .execute();
  },

  /** Sets a day's payout cap; running totals already over it keep their bets, new bets meet the new cap. */
  async setPayoutCap(ex: Executor, sportId: number, currency: string, cap: bigint) {
    await ex
      .insertInto('payout_day_caps')
      .values({ sport_id: sportId, currency, cap })
      .onConflict((oc) => oc.columns(['sport_id', 'currency']).doUpdateSet({ cap }))
      .execute();
  },

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
          ...legColumns(leg),
          bet_id: row.id,
          match_id: String(leg.matchId),
          market_id: String(leg.marketId),
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
    const result = await sql<{
      id: string;
      account_pk: string;
      reservation_id: string;
      ref_no: string;
      kind: string;
      stake: bigint;
      max_payout: bigint;
      created_at: Date;
    }>`
      select id::text as id, account_pk::text as account_pk, reservation_id, ref_no, kind, stake, max_payout,
        created_at from bets
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

/**
 * The placement statement (see betRepository.placeMany): $1 is a JSON array of bets. Its text is fixed, so it
 * runs as a prepared statement. `lk` first locks outstanding rows whose id is below their available row's, so
 * one member's rows are always locked in id order, as the ledger takes them. A member without ledger accounts
 * in the bet's currency gets no row in `m` and so no reservation (answered as insufficient balance).
 */
const PLACE_SQL = `${PREPARED}
with q as materialized (
  select * from jsonb_to_recordset($1::jsonb) as q(i integer, token text, now timestamptz, account_pk bigint,
    pv integer, chain bigint[], risk bigint, currency text, ref_no text,
    reservation_id text, created_at timestamptz, idem text, hash text, kind text, status text, odds_type text,
    odds text, stake bigint, max_payout bigint, fold_sizes jsonb, combinations integer, live boolean,
    accept_at timestamptz, legs jsonb, exposure jsonb)
),
g as (
  -- lateral lookups: one index probe per bet, whatever the planner guesses of the batch's size
  select q.i from q
  cross join lateral (
    select 1 from sessions s
    where s.token_hash = q.token and s.account_pk = q.account_pk and s.kind = 'member' and not s.revoked
      and s.expires_at > q.now
    limit 1) s
  cross join lateral (
    select 1 from accounts a
    where a.id = q.account_pk and a.profile_version = q.pv and a.state = 'active'
    limit 1) a
  where not exists (select 1 from accounts u where u.id = any(q.chain) and u.state <> 'active')
),
${STAKE_RESERVATION_CTES}
xp as (
  insert into bet_exposure as x (account_pk, scope, total, cap)
  select q.account_pk, r.scope, r.amount, coalesce(r.cap, sc.cap, oc.cap)
  from tr join q on q.reservation_id = tr.transfer_id
  cross join lateral jsonb_to_recordset(q.exposure) as r(scope text, amount bigint, cap bigint, sport integer)
  left join payout_day_caps sc on r.sport is not null and sc.sport_id = r.sport and sc.currency = q.currency
  left join payout_day_caps oc on r.sport is not null and oc.sport_id = 0 and oc.currency = q.currency
  where coalesce(r.cap, sc.cap, oc.cap) is not null
  on conflict (account_pk, scope) do update set total = x.total + excluded.total, cap = excluded.cap
  returning 1
),
b as (
  insert into bets (created_at, ref_no, account_pk, idempotency_key, request_hash, kind, status, currency,
    odds_type, odds, stake, risk, max_payout, fold_sizes, combinations, live, accept_at, reservation_id)
  select q.created_at, q.ref_no, q.account_pk, q.idem, q.hash, q.kind, q.status, q.currency, q.odds_type,
    q.odds, q.stake, q.risk, q.max_payout, q.fold_sizes, q.combinations, q.live, q.accept_at, q.reservation_id
  from tr join q on q.reservation_id = tr.transfer_id
  returning id, reservation_id
),
lg as (
  insert into bet_legs (bet_id, leg_no, match_id, market_id, sport_id, kind, period, line, selection, format,
    odds, decimal_odds, live, home_score, away_score, live_period, red_cards, mm_favourite, match_seq)
  select b.id, l.leg_no, l.match_id, l.market_id, l.sport_id, l.kind, l.period, l.line, l.selection,
    l.format, l.odds, l.decimal_odds, l.live, l.home_score, l.away_score, l.live_period, l.red_cards,
    l.mm_favourite, l.match_seq
  from b join q on q.reservation_id = b.reservation_id
  cross join lateral jsonb_to_recordset(q.legs) as l(leg_no integer, match_id bigint, market_id bigint,
    sport_id integer, kind text, period text, line text, selection text, format text, odds text,
    decimal_odds text, live boolean, home_score integer, away_score integer, live_period text,
    red_cards text, mm_favourite text, match_seq bigint)
  returning bet_id
)
select q.i, g.i is not null as guard_ok, av.balance as available, os.balance as outstanding,
  b.id::text as bet_id,
  (select count(*) from lg where lg.bet_id = b.id)::int as legs,
  (select count(*) from en join tr on tr.id = en.transfer_pk where tr.transfer_id = q.reservation_id)::int
    as entries
from q
left join g on g.i = q.i
left join av on av.i = q.i
left join os on os.i = q.i
left join b on b.reservation_id = q.reservation_id
order by q.i`;

/** A leg's columns as both writers store them (the grouped statement's JSON and the single insert). */
function legColumns(leg: NewLeg) {
  return {
    leg_no: leg.legNo,
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
  };
}
