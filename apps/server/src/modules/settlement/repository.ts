import { sql, type Selectable } from 'kysely';
import type { BetLegTable } from '../../db/schema';
import { nullableWholes, texts, wholes } from '../../db/arrays';
import type { Executor } from '../../db/types';

export interface QueuedJob {
  id: string;
  match_id: string;
  reason: string;
}

export interface LockedBet {
  id: string;
  ref_no: string;
  account_pk: string;
  kind: 'single' | 'parlay' | 'system';
  status: string;
  currency: string;
  odds_type: string;
  odds: string;
  stake: bigint;
  risk: bigint;
  fold_sizes: number[] | null;
  reservation_id: string;
  payout: bigint | null;
  commission: bigint | null;
  settle_gen: number;
  settled_at: Date | null;
}

/** A leg as settlement reads it: what deciding it needs, and what it was last decided on. */
export type StoredLegRow = Pick<
  Selectable<BetLegTable>,
  | 'bet_id'
  | 'leg_no'
  | 'match_id'
  | 'kind'
  | 'period'
  | 'line'
  | 'selection'
  | 'format'
  | 'odds'
  | 'home_score'
  | 'away_score'
  | 'mm_favourite'
  | 'outcome'
  | 'decided_on'
>;

export interface SettledBetUpdate {
  id: string;
  status: string;
  payout: bigint | null;
  winLoss: bigint | null;
  validTurnover: bigint | null;
  commission: bigint | null;
  houseCut: bigint | null;
  settledAt: Date | null;
  settleGen: number;
  reservationId: string;
}

/** Statuses that are not (yet) the settlement's business: waiting for acceptance, refused, or cancelled. */
const UNSETTLEABLE = ['waiting', 'rejected'];

/*
 * Updates below join the batch's rows (unnest) to their table and repeat the keys as `= any(array)`: with
 * that the planner reaches the rows by index; with the join alone it may scan the whole table, a cost that
 * grows with every bet ever taken rather than with the batch.
 */

/** Share rows per statement: every column is one array parameter (unnest), so this only bounds its size. */
const SHARE_CHUNK = 20_000;

/** The settlement capability's SQL. */
export const settlementRepository = {
  /** Takes the oldest due job whose lease is free, and leases it. */
  async leaseNext(ex: Executor, now: Date, until: Date): Promise<QueuedJob | undefined> {
    const result = await sql<QueuedJob>`
      update settlement_queue set leased_until = ${until}
      where id = (
        select id from settlement_queue
        where done_at is null and (leased_until is null or leased_until < ${now})
        order by id limit 1 for update skip locked)
      returning id::text as id, match_id::text as match_id, reason`.execute(ex);
    return result.rows[0];
  },

  async renewLease(ex: Executor, jobId: string, until: Date, settled: number): Promise<void> {
    await sql`update settlement_queue set leased_until = ${until}, settled_bets = settled_bets + ${settled}
      where id = ${jobId}::bigint`.execute(ex);
  },

  async finish(ex: Executor, jobId: string, now: Date): Promise<void> {
    await sql`update settlement_queue set done_at = ${now}, leased_until = null where id = ${jobId}::bigint`.execute(
      ex,
    );
  },

  async pendingJobs(ex: Executor): Promise<number> {
    const result = await sql<{ n: string }>`
      select count(*)::text as n from settlement_queue where done_at is null`.execute(ex);
    return Number(result.rows[0]?.n ?? 0);
  },

  async matchWithResult(ex: Executor, matchId: string) {
    return (await this.matchesWithResults(ex, [matchId]))[0];
  },

  /** What settling on matches needs: state and detail from the catalogue, the stored result if any. */
  async matchesWithResults(ex: Executor, matchIds: string[]) {
    if (matchIds.length === 0) return [];
    return ex
      .selectFrom('matches as m')
      .leftJoin('results as r', 'r.match_id', 'm.id')
      .select([
        'm.id',
        'm.state',
        'm.state_detail',
        'r.ht_home',
        'r.ht_away',
        'r.ft_home',
        'r.ft_away',
        'r.goals',
        'r.winners',
        'r.version',
      ])
      .where('m.id', 'in', matchIds)
      .execute();
  },

  /**
   * The next bets with a leg on this match not yet decided on this key, in id order after a cursor: one
   * index range. Bets settlement leaves alone (waiting, rejected, cancelled) are dropped when locked.
   */
  async nextBetIds(
    ex: Executor,
    query: { matchId: string; decidedOn: string; after: string; limit: number },
  ): Promise<string[]> {
    const result = await sql<{ bet_id: string }>`
      select l.bet_id::text as bet_id from bet_legs l
      where l.match_id = ${query.matchId}::bigint and l.bet_id > ${query.after}::bigint
        and l.decided_on is distinct from ${query.decidedOn}
      order by l.bet_id
      limit ${query.limit}`.execute(ex);
    return [...new Set(result.rows.map((row) => row.bet_id))];
  },

  async lockBets(ex: Executor, ids: string[]): Promise<LockedBet[]> {
    if (ids.length === 0) return [];
    const result = await sql<LockedBet>`
      select id::text as id, ref_no, account_pk::text as account_pk, kind, status, currency, odds_type, odds,
        stake, risk, fold_sizes, reservation_id, payout, commission, settle_gen, settled_at
      from bets
      where id = any(${wholes(ids)})
        and status not in (${sql.join(UNSETTLEABLE)}) and cancelled_at is null
      order by id
      for update`.execute(ex);
    return result.rows.map((row) => ({
      ...row,
      stake: BigInt(row.stake),
      risk: BigInt(row.risk),
      payout: row.payout === null ? null : BigInt(row.payout),
      commission: row.commission === null ? null : BigInt(row.commission),
    }));
  },

  async legsOf(ex: Executor, betIds: string[]): Promise<StoredLegRow[]> {
    if (betIds.length === 0) return [];
    const result = await sql<StoredLegRow>`
      select bet_id::text as bet_id, leg_no, match_id::text as match_id, kind, period, line, selection, format,
        odds, home_score, away_score, mm_favourite, outcome, decided_on
      from bet_legs
      where bet_id = any(${wholes(betIds)})
      order by bet_id, leg_no`.execute(ex);
    return result.rows;
  },

  async updateLegs(
    ex: Executor,
    rows: { betId: string; legNo: number; outcome: string; decidedOn: string }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await sql`update bet_legs l set outcome = v.outcome, decided_on = v.decided_on
      from unnest(${wholes(rows.map((r) => r.betId))}, ${wholes(
        rows.map((r) => r.legNo),
        'integer',
      )},
        ${texts(rows.map((r) => r.outcome))}, ${texts(rows.map((r) => r.decidedOn))})
        as v(bet_id, leg_no, outcome, decided_on)
      where l.bet_id = v.bet_id and l.leg_no = v.leg_no
        and l.bet_id = any(${wholes(rows.map((r) => r.betId))})`.execute(ex);
  },

  async updateBets(ex: Executor, rows: SettledBetUpdate[]): Promise<void> {
    if (rows.length === 0) return;
    await sql`update bets b set status = v.status, payout = v.payout, win_loss = v.win_loss,
        valid_turnover = v.valid_turnover, commission = v.commission, house_cut = v.house_cut,
        settled_at = v.settled_at, settle_gen = v.settle_gen, reservation_id = v.reservation_id
      from unnest(${wholes(rows.map((r) => r.id))}, ${texts(rows.map((r) => r.status))},
        ${nullableWholes(rows.map((r) => r.payout))}, ${nullableWholes(rows.map((r) => r.winLoss))},
        ${nullableWholes(rows.map((r) => r.validTurnover))}, ${nullableWholes(rows.map((r) => r.commission))},
        ${nullableWholes(rows.map((r) => r.houseCut))},
        ${texts(
          rows.map((r) => (r.settledAt === null ? null : r.settledAt.toISOString())),
          'timestamptz',
        )},
        ${wholes(
          rows.map((r) => r.settleGen),
          'integer',
        )}, ${texts(rows.map((r) => r.reservationId))})
        as v(id, status, payout, win_loss, valid_turnover, commission, house_cut, settled_at, settle_gen,
          reservation_id)
      where b.id = v.id and b.id = any(${wholes(rows.map((r) => r.id))})`.execute(ex);
  },

  /** The upline parts recorded for these bets' settlements (bet id and settle generation). */
  async sharesOf(
    ex: Executor,
    settlements: { betId: string; gen: number }[],
  ): Promise<{ bet_id: string; account_pk: string; level: string; win_loss: bigint; commission: bigint }[]> {
    if (settlements.length === 0) return [];
    const result = await sql<{
      bet_id: string;
      account_pk: string;
      level: string;
      win_loss: string;
      commission: string;
    }>`
      select s.bet_id::text as bet_id, s.account_pk::text as account_pk, s.level, s.win_loss::text as win_loss,
        s.commission::text as commission
      from bet_shares s
      join unnest(${wholes(settlements.map((x) => x.betId))}, ${wholes(
        settlements.map((x) => x.gen),
        'integer',
      )})
        as k(bet_id, gen) on s.bet_id = k.bet_id and s.settle_gen = k.gen`.execute(ex);
    return result.rows.map((row) => ({
      ...row,
      win_loss: BigInt(row.win_loss),
      commission: BigInt(row.commission),
    }));
  },

  async insertShares(
    ex: Executor,
    rows: {
      betId: string;
      gen: number;
      accountPk: string;
      level: string;
      winLoss: bigint;
      commission: bigint;
    }[],
  ): Promise<void> {
    // Bounded statements: a batch's bets times the levels of their chains (six on the deepest).
    for (let start = 0; start < rows.length; start += SHARE_CHUNK) {
      const chunk = rows.slice(start, start + SHARE_CHUNK);
      await sql`insert into bet_shares (bet_id, settle_gen, account_pk, level, win_loss, commission)
        select * from unnest(${wholes(chunk.map((r) => r.betId))}, ${wholes(
          chunk.map((r) => r.gen),
          'integer',
        )},
          ${wholes(chunk.map((r) => r.accountPk))}, ${texts(chunk.map((r) => r.level))},
          ${wholes(chunk.map((r) => r.winLoss))}, ${wholes(chunk.map((r) => r.commission))})
        on conflict do nothing`.execute(ex);
    }
  },

  /** Accounts (members and their uplines) by primary key: what commission and shares need. */
  /** These accounts and every account on their paths (their uplines), in one read. */
  async accountsOnPaths(ex: Executor, pks: string[]) {
    if (pks.length === 0) return [];
    const onPaths = sql<string>`(select distinct p.id::bigint from accounts m,
      unnest(string_to_array(m.path, '/')) as p(id)
      where m.id = any(${wholes(pks)}) and p.id <> '')`;
    return ex
      .selectFrom('accounts')
      .selectAll()
      .where(sql<boolean>`id in ${onPaths}`)
      .execute();
  },

  /** The bet of a ref_no, locked, for an operator's cancellation. */
  async lockBetByRef(ex: Executor, refNo: string): Promise<LockedBet | undefined> {
    const result = await sql<{ id: string }>`select id::text as id from bets where ref_no = ${refNo}`.execute(
      ex,
    );
    const id = result.rows[0]?.id;
    if (!id) return undefined;
    const [bet] = await this.lockBets(ex, [id]);
    return bet;
  },

  /** A bet's standing figures by its ref_no (what an operator's cancel replaces, for its audit row). */
  async betStanding(ex: Executor, refNo: string) {
    const result = await sql<{
      status: string;
      stake: string;
      payout: string | null;
      win_loss: string | null;
      settled_at: Date | null;
      cancelled_at: Date | null;
    }>`select status, stake::text as stake, payout::text as payout, win_loss::text as win_loss, settled_at,
        cancelled_at
      from bets where ref_no = ${refNo}`.execute(ex);
    return result.rows[0];
  },

  async markCancelled(ex: Executor, betId: string, now: Date, reason: string): Promise<void> {
    await sql`update bets set status = 'void', reject_reason = ${reason}, cancelled_at = ${now},
        payout = risk, win_loss = 0, valid_turnover = 0, commission = 0, house_cut = 0, settled_at = ${now}
      where id = ${betId}::bigint`.execute(ex);
  },
};
