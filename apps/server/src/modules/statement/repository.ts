import { UPLINE_LEVELS, type UplineLevel } from '@sb/contract';
import type { Product } from '@sb/domain';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { texts, wholes } from '../../db/arrays';
import type { BetLegTable, BetTable } from '../../db/schema';
import type { Executor } from '../../db/types';
import { BUCKETS } from './days';
import type { ReportDayChange } from './report-rows';
import { addRoundDays, ADD_TO_REPORT_SUMS, LEVEL_COLUMNS } from './rounds-repository';

/**
 * Read-only SQL for statements and reports. Nothing here writes: the figures come from the ledger
 * (transfers, entries) and from what settlement recorded on the bets (bets, bet_legs, bet_shares).
 */

/** The member's ledger accounts that make up the statement balance (see StatementService). */
const BALANCE_KINDS = ['available', 'outstanding', 'receivable'];
/**
 * Of a settle transfer grouped with its entries: what reached the member's available account beyond the
 * payout (the transfer's amount), i.e. the rebate paid with it.
 */
const creditedBeyondAmount = sql`coalesce(sum(e.amount) filter (where la.kind = 'available'), 0) - t.amount`;
/** A credit member's credit line moves their available money but is not theirs: left out of the balance. */
const CREDIT_KINDS = ['credit_given', 'credit_taken'];
/** Transfers listed by the adjustment call. */
export const ADJUSTMENT_KINDS = [
  'deposit',
  'withdraw',
  'credit_given',
  'credit_taken',
  'adjustment_in',
  'adjustment_out',
];

/** Most exposure groups one liability call reads (market x selection x currency x bet kind). */
export const EXPOSURE_ROWS_MAX = 20_000;

export interface BalanceScope {
  memberPk: string;
  /** Leave credit_given/credit_taken out (credit members). */
  excludeCredit: boolean;
}

/** A betting-day bucket: floor((epoch ms + shiftMs) / DAY) is the day number of the day's 'YYYY-MM-DD'. */
export interface DayBuckets {
  shiftMs: number;
  dayMs: number;
}

export interface MovementSum {
  day: number;
  kind: string;
  /** A cancel that released a running bet's stake (touches the outstanding account), not a settled one. */
  release: boolean;
  /** Net change of the statement balance. */
  delta: bigint;
  /** The product of our own games whose movement this is (by its transfer id prefix), '' for the rest. */
  product: '' | 'lottery' | 'mini_game';
  /** For reversals and cancels of a settled bet: the rebate taken back (transfer amount - payout reversed). */
  reversedCommission: bigint;
  /** For settlements: the rebate paid with them (credited to available beyond the payout, the amount). */
  settleCommission: bigint;
  count: number;
}

export interface SettledDaySum {
  day: number;
  bets: number;
  turnover: bigint;
  validTurnover: bigint;
  winLoss: bigint;
  commission: bigint;
}

export interface MovementRow {
  transfer_id: string;
  kind: string;
  release: boolean;
  delta: bigint;
  amount: bigint;
  reversed_payout: bigint | null;
  commission: bigint | null;
  created_at: Date;
  bet_id: string;
  ref_no: string;
  bet_kind: string;
  stake: bigint;
  status: string;
  settle_gen: number;
}

/** A bet as the statements read it: its stored columns. */
export type BetRow = Pick<
  Selectable<BetTable>,
  | 'id'
  | 'ref_no'
  | 'kind'
  | 'status'
  | 'currency'
  | 'odds_type'
  | 'odds'
  | 'stake'
  | 'risk'
  | 'payout'
  | 'win_loss'
  | 'valid_turnover'
  | 'commission'
  | 'fold_sizes'
  | 'combinations'
  | 'reject_reason'
  | 'created_at'
  | 'settled_at'
  | 'cancelled_at'
  | 'settle_gen'
>;

/** A leg as the statements read it: its stored columns and its match's names, kick-off and result. */
export interface LegRow extends Pick<
  Selectable<BetLegTable>,
  | 'bet_id'
  | 'leg_no'
  | 'match_id'
  | 'market_id'
  | 'sport_id'
  | 'kind'
  | 'period'
  | 'line'
  | 'selection'
  | 'format'
  | 'odds'
  | 'decimal_odds'
  | 'live'
  | 'home_score'
  | 'away_score'
  | 'outcome'
> {
  home: string;
  away: string;
  kickoff: Date;
  league: string;
  ht_home: number | null;
  ht_away: number | null;
  ft_home: number | null;
  ft_away: number | null;
}

export type BetFilter =
  | { kind: 'settled'; from: Date; to: Date }
  | { kind: 'cancelled'; from: Date; to: Date }
  | { kind: 'system'; from?: Date; to?: Date }
  | { kind: 'ids'; ids: string[] };

/** A ticket search: which bets, dated by placement, settlement or (cancelled bets) cancellation. */
export interface TicketFilter {
  dates: 'placed' | 'settled' | 'cancelled';
  range: { from: Date; to: Date } | null;
  refNo?: string | undefined;
  matchId?: number | undefined;
  status?: string | undefined;
}

type Page = { limit: number; offset: number };

export interface WinLossSum {
  group_pk: string;
  currency: string;
  /** The product the row sums when rows are split by product (null: every product asked for). */
  product: Product | null;
  bets: number;
  turnover: bigint;
  valid_turnover: bigint;
  member_win_loss: bigint;
  member_commission: bigint;
  own_win_loss: bigint;
  own_commission: bigint;
  downline_win_loss: bigint;
  upline_win_loss: bigint;
}

const big = (value: unknown): bigint =>
  value === null || value === undefined ? 0n : BigInt(value as string);
const bigOrNull = (value: unknown): bigint | null =>
  value === null || value === undefined ? null : BigInt(value as string);

function winLossSum(row: Record<string, string>): WinLossSum {
  return {
    group_pk: String(row.group_pk),
    currency: String(row.currency),
    product: row.product ? (row.product as Product) : null,
    bets: Number(row.bets),
    turnover: big(row.turnover),
    valid_turnover: big(row.valid_turnover),
    member_win_loss: big(row.member_win_loss),
    member_commission: big(row.member_commission),
    own_win_loss: big(row.own_win_loss),
    own_commission: big(row.own_commission),
    downline_win_loss: big(row.downline_win_loss),
    upline_win_loss: big(row.upline_win_loss),
  };
}

/**
 * The insert that adds the standing settlements of the bets `ids` (every bet when null) that are settled and not
 * cancelled to report_days, times `sign`: per bet its upline parts by level, then per day, member and currency.
 * A batch's bets are named by id (`= any`), so the planner reaches them and their parts by index whatever the
 * tables' sizes.
 */
function addReportDays(ids: string[] | null, sign: 1 | -1) {
  const bets = ids === null ? sql`true` : sql`b.id = any(${wholes(ids)})`;
  const perBet = UPLINE_LEVELS.flatMap((level) => [
    sql`sum(s.win_loss) filter (where s.level = ${level}) as ${sql.ref(`wl_${level}`)}`,
    sql`sum(s.commission) filter (where s.level = ${level}) as ${sql.ref(`comm_${level}`)}`,
  ]);
  const columns = LEVEL_COLUMNS.map((column) => sql.ref(column));
  const signed = (value: RawBuilder<unknown>) => sql`${sign}::integer * coalesce(${value}, 0)`;
  const sums = UPLINE_LEVELS.flatMap((level) => [
    signed(sql`sum(${sql.ref(`p.wl_${level}`)})`),
    signed(sql`sum(${sql.ref(`p.comm_${level}`)})`),
  ]);
  // Each bet with its parts pivoted by level (a left join: a bet settled with no parts still counts), then
  // summed per key. A batch's bets are few: its parts are reached by the bet_shares key, six lookups a bet.
  return sql`
    with settled as (
      select b.id, b.account_pk, b.currency, b.risk, b.valid_turnover, b.win_loss, b.commission, b.settle_gen,
        ${dayOf('b.settled_at', BUCKETS)} as day
      from bets b
      where ${bets} and b.settled_at is not null and b.cancelled_at is null
    ),
    p as (
      select x.id, x.day, x.account_pk, x.currency, x.risk, x.valid_turnover, x.win_loss, x.commission,
        ${sql.join(perBet)}
      from settled x
      left join bet_shares s on s.bet_id = x.id and s.settle_gen = x.settle_gen
      group by x.id, x.day, x.account_pk, x.currency, x.risk, x.valid_turnover, x.win_loss, x.commission
    )
    insert into report_days (day, member_pk, currency, product, bets, turnover, valid_turnover, win_loss,
      commission, ${sql.join(columns)})
    select p.day, p.account_pk, p.currency, 'sportsbook', ${sign}::integer * count(*), ${signed(sql`sum(p.risk)`)},
      ${signed(sql`sum(p.valid_turnover)`)}, ${signed(sql`sum(p.win_loss)`)}, ${signed(sql`sum(p.commission)`)},
      ${sql.join(sums)}
    from p
    group by 1, 2, 3, 4
    on conflict (day, member_pk, currency, product) do update set ${ADD_TO_REPORT_SUMS}`;
}

function balanceEntries(scope: BalanceScope) {
  return sql`la.owner_pk = ${scope.memberPk}::bigint
    and la.kind in (${sql.join(BALANCE_KINDS)})
    and not (${scope.excludeCredit} and t.kind in (${sql.join(CREDIT_KINDS)}))`;
}

function dayOf(column: string, buckets: DayBuckets) {
  return sql`floor((extract(epoch from ${sql.ref(column)}) * 1000 + ${buckets.shiftMs}) / ${buckets.dayMs})::integer`;
}

export const statementRepository = {
  /**
   * The statement balance as the ledger had it just before `at`: the accounts' balances now, less what
   * moved them since (read from the member's transfers since `at`, so a recent day costs little whatever
   * the member's history), less for a credit member the credit line moved before `at`. One statement, so
   * one snapshot: a transfer committing meanwhile is either in both parts or in neither.
   */
  async balanceBefore(ex: Executor, scope: BalanceScope, at: Date): Promise<bigint> {
    const result = await sql<{ total: string | null }>`
      select (
        (select coalesce(sum(la.balance), 0) from ledger_accounts la
          where la.owner_pk = ${scope.memberPk}::bigint and la.kind in (${sql.join(BALANCE_KINDS)}))
        - (select coalesce(sum(e.amount), 0)
          from transfers t
          join entries e on e.transfer_pk = t.id
          join ledger_accounts la on la.id = e.ledger_account_id
          where t.owner_pk = ${scope.memberPk}::bigint and t.created_at >= ${at}
            and la.owner_pk = ${scope.memberPk}::bigint and la.kind in (${sql.join(BALANCE_KINDS)}))
        - (select coalesce(sum(e.amount), 0)
          from transfers t
          join entries e on e.transfer_pk = t.id
          join ledger_accounts la on la.id = e.ledger_account_id
          where ${scope.excludeCredit} and t.owner_pk = ${scope.memberPk}::bigint and t.created_at < ${at}
            and t.kind in (${sql.join(CREDIT_KINDS)})
            and la.owner_pk = ${scope.memberPk}::bigint and la.kind in (${sql.join(BALANCE_KINDS)}))
      )::text as total`.execute(ex);
    return big(result.rows[0]?.total);
  },

  /**
   * The balance's movements in [from, to), summed per betting day, transfer kind and release flag. A
   * reversal carries the rebate it takes back: its amount is the payout plus rebate paid, and the payout is
   * the latest settle transfer of the same bet before it.
   */
  async movementSums(
    ex: Executor,
    scope: BalanceScope,
    range: { from: Date; to: Date },
    buckets: DayBuckets,
  ): Promise<MovementSum[]> {
    const result = await sql<{
      day: number;
      kind: string;
      product: '' | 'lottery' | 'mini_game';
      release: boolean;
      delta: string;
      reversed_commission: string;
      settle_commission: string;
      n: string;
    }>`
      with moves as (
        select t.id, t.kind, t.amount, t.ref, t.owner_pk, t.created_at, sum(e.amount) as delta,
          case when t.transfer_id like 'lot:%' then 'lottery' when t.transfer_id like 'mini:%' then 'mini_game'
            else '' end as product,
          bool_or(la.kind = 'outstanding') as release, ${creditedBeyondAmount} as rebate
        from transfers t
        join entries e on e.transfer_pk = t.id
        join ledger_accounts la on la.id = e.ledger_account_id
        where t.owner_pk = ${scope.memberPk}::bigint and t.created_at >= ${range.from} and t.created_at < ${range.to}
          and ${balanceEntries(scope)}
        group by t.id
      )
      select ${dayOf('m.created_at', buckets)} as day, m.kind, m.product,
        (m.kind = 'cancel' and m.release) as release,
        sum(m.delta)::text as delta,
        coalesce(sum(case when m.kind = 'reversal' or (m.kind = 'cancel' and not m.release) then
          m.amount - coalesce((select p.amount from transfers p
            where p.owner_pk = m.owner_pk and p.ref = m.ref and p.kind = 'settle' and p.id < m.id
            order by p.id desc limit 1), 0) end), 0)::text as reversed_commission,
        coalesce(sum(m.rebate) filter (where m.kind = 'settle'), 0)::text as settle_commission,
        count(*)::text as n
      from moves m
      group by 1, 2, 3, 4
      order by 1, 2`.execute(ex);
    return result.rows.map((row) => ({
      day: Number(row.day),
      kind: row.kind,
      product: row.product,
      release: row.release,
      delta: big(row.delta),
      reversedCommission: big(row.reversed_commission),
      settleCommission: big(row.settle_commission),
      count: Number(row.n),
    }));
  },

  /**
   * Provider games per product (the transfer's ref) in [from, to): bets less rollbacks, the amount staked less
   * the stakes rolled back, and the member's win/loss (wins + rollbacks - bets).
   */
  async gameSums(
    ex: Executor,
    memberPk: string,
    range: { from: Date; to: Date },
  ): Promise<{ product: string; bets: number; turnover: bigint; winLoss: bigint }[]> {
    // Provider games only (ids `game:`): the mini games share the game kinds but have their own line.
    const result = await sql<{ product: string; bets: string; turnover: string; win_loss: string }>`
      select coalesce(t.ref, 'others') as product,
        (count(*) filter (where t.kind = 'game_bet') - count(*) filter (where t.kind = 'game_rollback'))::text as bets,
        (coalesce(sum(t.amount) filter (where t.kind = 'game_bet'), 0)
          - coalesce(sum(t.amount) filter (where t.kind = 'game_rollback'), 0))::text as turnover,
        coalesce(sum(case when t.kind = 'game_bet' then -t.amount else t.amount end), 0)::text as win_loss
      from transfers t
      where t.owner_pk = ${memberPk}::bigint and t.kind in ('game_bet', 'game_win', 'game_rollback')
        and t.transfer_id like 'game:%'
        and t.created_at >= ${range.from} and t.created_at < ${range.to}
      group by 1
      order by 1`.execute(ex);
    return result.rows.map((row) => ({
      product: row.product,
      bets: Number(row.bets),
      turnover: big(row.turnover),
      winLoss: big(row.win_loss),
    }));
  },

  /** Bets whose standing settlement fell in [from, to), per betting day: count, turnover, valid turnover. */
  async settledSums(
    ex: Executor,
    memberPk: string,
    range: { from: Date; to: Date },
    buckets: DayBuckets,
  ): Promise<SettledDaySum[]> {
    const result = await sql<Record<string, string | null>>`
      select ${dayOf('settled_at', buckets)} as day, count(*)::text as n,
        sum(risk) filter (where status not in ('void', 'refund'))::text as turnover,
        sum(valid_turnover)::text as valid, sum(win_loss)::text as win_loss, sum(commission)::text as commission
      from bets
      where account_pk = ${memberPk}::bigint and settled_at >= ${range.from} and settled_at < ${range.to}
        and cancelled_at is null
      group by 1
      order by 1`.execute(ex);
    return result.rows.map((row) => ({
      day: Number(row.day),
      bets: Number(row.n),
      turnover: big(row.turnover),
      validTurnover: big(row.valid),
      winLoss: big(row.win_loss),
      commission: big(row.commission),
    }));
  },

  /** Settlement movements (settle, reversal, cancel of a settled bet) in [from, to), newest first. */
  async settlementMovements(
    ex: Executor,
    scope: BalanceScope,
    range: { from: Date; to: Date },
    page: { limit: number; offset: number },
  ): Promise<{ rows: MovementRow[]; total: number }> {
    const result = await sql<Record<string, unknown>>`
      with moves as (
        select t.id, t.transfer_id, t.kind, t.amount, t.ref, t.owner_pk, t.created_at, sum(e.amount) as delta,
          bool_or(la.kind = 'outstanding') as release, ${creditedBeyondAmount} as rebate
        from transfers t
        join entries e on e.transfer_pk = t.id
        join ledger_accounts la on la.id = e.ledger_account_id
        where t.owner_pk = ${scope.memberPk}::bigint and t.created_at >= ${range.from} and t.created_at < ${range.to}
          and t.kind in ('settle', 'reversal', 'cancel') and ${balanceEntries(scope)}
        group by t.id
      )
      select m.transfer_id, m.kind, m.release, m.delta::text as delta, m.amount::text as amount, m.created_at,
        (select p.amount from transfers p
          where p.owner_pk = m.owner_pk and p.ref = m.ref and p.kind = 'settle' and p.id < m.id
          order by p.id desc limit 1)::text as reversed_payout,
        (case when m.kind = 'settle' then m.rebate end)::text as commission,
        b.id::text as bet_id, b.ref_no, b.kind as bet_kind, b.stake::text as stake, b.status, b.settle_gen,
        count(*) over () as total
      from moves m
      join bets b on b.ref_no = m.ref
      where not (m.kind = 'cancel' and m.release)
      order by m.id desc
      limit ${page.limit} offset ${page.offset}`.execute(ex);
    const rows = result.rows.map((row): MovementRow => ({
      transfer_id: String(row.transfer_id),
      kind: String(row.kind),
      release: Boolean(row.release),
      delta: big(row.delta),
      amount: big(row.amount),
      reversed_payout: bigOrNull(row.reversed_payout),
      commission: bigOrNull(row.commission),
      created_at: new Date(row.created_at as string | Date),
      bet_id: String(row.bet_id),
      ref_no: String(row.ref_no),
      bet_kind: String(row.bet_kind),
      stake: big(row.stake),
      status: String(row.status),
      settle_gen: Number(row.settle_gen),
    }));
    return { rows, total: Number(result.rows[0]?.total ?? 0) };
  },

  /** The member's bets for a list, newest first, with the total for paging. */
  async bets(
    ex: Executor,
    memberPk: string,
    filter: BetFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: BetRow[]; total: number }> {
    let query = ex.selectFrom('bets').where('account_pk', '=', memberPk);
    let order: 'settled_at' | 'created_at' = 'created_at';
    switch (filter.kind) {
      case 'settled':
        order = 'settled_at';
        query = query.where('settled_at', '>=', filter.from).where('settled_at', '<', filter.to);
        break;
      case 'cancelled':
        query = query
          .where((eb) =>
            eb.or([eb('status', 'in', ['void', 'refund', 'rejected']), eb('cancelled_at', 'is not', null)]),
          )
          .where(sql<boolean>`coalesce(cancelled_at, settled_at, created_at) >= ${filter.from}`)
          .where(sql<boolean>`coalesce(cancelled_at, settled_at, created_at) < ${filter.to}`);
        break;
      case 'system':
        query = query.where('kind', '=', 'system');
        if (filter.from) query = query.where('created_at', '>=', filter.from);
        if (filter.to) query = query.where('created_at', '<', filter.to);
        break;
      case 'ids':
        if (filter.ids.length === 0) return { rows: [], total: 0 };
        query = query.where('id', 'in', filter.ids);
        break;
    }
    const rows = await query
      .select([
        'id',
        'ref_no',
        'kind',
        'status',
        'currency',
        'odds_type',
        'odds',
        'stake',
        'risk',
        'payout',
        'win_loss',
        'valid_turnover',
        'commission',
        'fold_sizes',
        'combinations',
        'reject_reason',
        'created_at',
        'settled_at',
        'cancelled_at',
        'settle_gen',
      ])
      .select(sql<string>`count(*) over ()`.as('total'))
      .orderBy(order, 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return {
      rows: rows.map(({ total: _total, ...row }) => ({
        ...row,
        id: String(row.id),
        stake: BigInt(row.stake),
        risk: BigInt(row.risk),
        payout: bigOrNull(row.payout),
        win_loss: bigOrNull(row.win_loss),
        valid_turnover: bigOrNull(row.valid_turnover),
        commission: bigOrNull(row.commission),
      })),
      total: Number(rows[0]?.total ?? 0),
    };
  },

  /** Legs of the given bets with their match, league and result. */
  async legs(ex: Executor, betIds: string[]): Promise<LegRow[]> {
    if (betIds.length === 0) return [];
    const rows = await ex
      .selectFrom('bet_legs as l')
      .innerJoin('matches as m', 'm.id', 'l.match_id')
      .innerJoin('leagues as g', 'g.id', 'm.league_id')
      .leftJoin('results as r', 'r.match_id', 'l.match_id')
      .select([
        'l.bet_id',
        'l.leg_no',
        'l.match_id',
        'l.market_id',
        'l.sport_id',
        'l.kind',
        'l.period',
        'l.line',
        'l.selection',
        'l.format',
        'l.odds',
        'l.decimal_odds',
        'l.live',
        'l.home_score',
        'l.away_score',
        'l.outcome',
        'm.home',
        'm.away',
        'm.kickoff',
        'g.name as league',
        'r.ht_home',
        'r.ht_away',
        'r.ft_home',
        'r.ft_away',
      ])
      .where('l.bet_id', 'in', betIds)
      .orderBy('l.bet_id')
      .orderBy('l.leg_no')
      .execute();
    return rows.map((row) => ({ ...row, bet_id: String(row.bet_id), match_id: String(row.match_id) }));
  },

  /** Deposits, withdrawals, credit changes and adjustments of the member in [from, to), newest first. */
  async adjustments(
    ex: Executor,
    memberPk: string,
    range: { from: Date; to: Date },
    page: { limit: number; offset: number },
  ) {
    const rows = await ex
      .selectFrom('transfers')
      .select(['transfer_id', 'kind', 'currency', 'amount', 'created_at'])
      .select(sql<string>`count(*) over ()`.as('total'))
      .where('owner_pk', '=', memberPk)
      .where('kind', 'in', ADJUSTMENT_KINDS)
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** An account by login id (for the upline reports' optional drill-down). */
  async accountByLogin(ex: Executor, accountId: string) {
    return ex
      .selectFrom('accounts')
      .selectAll()
      .where(sql<boolean>`lower(account_id) = ${accountId.toLowerCase()}`)
      .executeTakeFirst();
  },

  /**
   * Win/loss of the bets settled in [from, to) of members under `root`, grouped by the account one level
   * below root on each member's path (direct downline) or by member. The viewer's, the lower levels' and
   * the upper levels' parts come from bet_shares of each bet's standing settlement. Read from the bets
   * themselves: the reference the daily pre-aggregate (winLossDays, which the report reads) is checked against.
   */
  async winLossFromBets(
    ex: Executor,
    root: { id: string; path: string; depth: number },
    range: { from: Date; to: Date },
    groupBy: 'downline' | 'member' | 'all',
    page: { limit: number; offset: number },
  ): Promise<{ rows: WinLossSum[]; total: number }> {
    // Paths are '/1/5/9/': the direct downline's pk is the (depth + 2)th '/'-separated part.
    const group =
      groupBy === 'member'
        ? sql`a.id`
        : groupBy === 'all'
          ? sql`${root.id}::bigint`
          : sql`split_part(a.path, '/', ${root.depth + 2})::bigint`;
    const result = await sql<Record<string, string>>`
      with settled as (
        select b.id, b.currency, b.risk, b.valid_turnover, b.win_loss, b.commission, b.settle_gen,
          ${group} as group_pk
        from bets b
        join accounts a on a.id = b.account_pk
        where a.path like ${`${root.path}%`} and a.id <> ${root.id}::bigint
          and b.settled_at >= ${range.from} and b.settled_at < ${range.to} and b.cancelled_at is null
      ),
      parts as (
        select s.bet_id,
          sum(s.win_loss) filter (where s.account_pk = ${root.id}::bigint) as own_wl,
          sum(s.commission) filter (where s.account_pk = ${root.id}::bigint) as own_comm,
          sum(s.win_loss) filter (where u.path like ${`${root.path}%`} and u.id <> ${root.id}::bigint) as down_wl,
          sum(s.win_loss) filter (where u.path not like ${`${root.path}%`}) as up_wl
        from bet_shares s
        join settled x on x.id = s.bet_id and x.settle_gen = s.settle_gen
        join accounts u on u.id = s.account_pk
        group by s.bet_id
      )
      select x.group_pk::text as group_pk, x.currency, count(*)::text as bets, sum(x.risk)::text as turnover,
        coalesce(sum(x.valid_turnover), 0)::text as valid_turnover,
        coalesce(sum(x.win_loss), 0)::text as member_win_loss,
        coalesce(sum(x.commission), 0)::text as member_commission,
        coalesce(sum(p.own_wl), 0)::text as own_win_loss, coalesce(sum(p.own_comm), 0)::text as own_commission,
        coalesce(sum(p.down_wl), 0)::text as downline_win_loss, coalesce(sum(p.up_wl), 0)::text as upline_win_loss,
        count(*) over () as total
      from settled x
      left join parts p on p.bet_id = x.id
      group by x.group_pk, x.currency
      order by x.group_pk, x.currency
      limit ${page.limit} offset ${page.offset}`.execute(ex);
    return { rows: result.rows.map(winLossSum), total: Number(result.rows[0]?.total ?? 0) };
  },

  /**
   * The same figures as winLossFromBets, read from the daily pre-aggregate report_days (kept in step by
   * settlement): the range is whole betting days, so the sums are the same bets' sums. A member's chain has one
   * account per upline level, so the root's level column is its own part, the levels below it the downline's
   * and the levels above the upline's (what winLossFromBets finds by the share accounts' paths).
   */
  async winLossDays(
    ex: Executor,
    root: { id: string; path: string; depth: number; level: string },
    days: { first: number; last: number },
    pages: { downline: Page; member: Page; all: Page },
    products: { only?: Product | undefined; split: boolean } = { split: false },
  ): Promise<Record<'downline' | 'member' | 'all', { rows: WinLossSum[]; total: number }>> {
    const at = UPLINE_LEVELS.indexOf(root.level as UplineLevel);
    // A member root has no part and nothing below it; every level is above it.
    const own = at < 0 ? [] : [UPLINE_LEVELS[at] as UplineLevel];
    const below = at < 0 ? [] : UPLINE_LEVELS.slice(at + 1);
    const above = at < 0 ? [...UPLINE_LEVELS] : UPLINE_LEVELS.slice(0, at);
    const total = (prefix: 'wl' | 'comm', levels: readonly UplineLevel[]) =>
      levels.length === 0
        ? sql`0`
        : sql`sum(${sql.join(
            levels.map((level) => sql.ref(`d.${prefix}_${level}`)),
            sql` + `,
          )})`;
    const sums = sql`sum(m.bets) as bets, sum(m.turnover) as turnover, sum(m.valid_turnover) as valid_turnover,
      sum(m.member_win_loss) as member_win_loss, sum(m.member_commission) as member_commission,
      sum(m.own_win_loss) as own_win_loss, sum(m.own_commission) as own_commission,
      sum(m.downline_win_loss) as downline_win_loss, sum(m.upline_win_loss) as upline_win_loss`;
    const window = (name: keyof typeof pages) =>
      sql`g.grouping = ${name} and g.n > ${pages[name].offset} and g.n <= ${pages[name].offset + pages[name].limit}`;
    // Rows of one product only, and split per product or summed over the products ('' stands for all of them).
    const onlyProduct = products.only === undefined ? sql`true` : sql`d.product = ${products.only}`;
    const productKey = products.split ? sql`d.product` : sql`''::text`;
    // One pass over the range's rows per member; the downline's and the total's groups are summed from those.
    const result = await sql<Record<string, string>>`
      with m as (
        select d.member_pk, d.currency, ${productKey} as product, sum(d.bets) as bets, sum(d.turnover) as turnover,
          sum(d.valid_turnover) as valid_turnover, sum(d.win_loss) as member_win_loss,
          sum(d.commission) as member_commission,
          ${total('wl', own)} as own_win_loss, ${total('comm', own)} as own_commission,
          ${total('wl', below)} as downline_win_loss, ${total('wl', above)} as upline_win_loss
        from report_days d
        where d.day >= ${days.first}::integer and d.day <= ${days.last}::integer
          and ${onlyProduct}
          and d.member_pk in (select a.id from accounts a
            where a.path like ${`${root.path}%`} and a.id <> ${root.id}::bigint)
        group by 1, 2, 3
        having sum(d.bets) > 0
      ),
      groups as (
        select 'member' as grouping, m.member_pk as group_pk, m.currency, m.product, ${sums}
        from m group by 2, 3, 4
        union all
        select 'downline', split_part(a.path, '/', ${root.depth + 2})::bigint, m.currency, m.product, ${sums}
        from m join accounts a on a.id = m.member_pk group by 2, 3, 4
        union all
        select 'all', ${root.id}::bigint, m.currency, m.product, ${sums}
        from m group by 3, 4
      ),
      g as (
        select groups.*,
          row_number() over (partition by grouping order by group_pk, currency, product) as n,
          count(*) over (partition by grouping) as total
        from groups
      )
      select g.grouping, g.group_pk::text as group_pk, g.currency, g.product, g.bets::text as bets,
        g.turnover::text as turnover, g.valid_turnover::text as valid_turnover,
        g.member_win_loss::text as member_win_loss, g.member_commission::text as member_commission,
        g.own_win_loss::text as own_win_loss, g.own_commission::text as own_commission,
        g.downline_win_loss::text as downline_win_loss, g.upline_win_loss::text as upline_win_loss, g.total
      from g
      where (${window('member')}) or (${window('downline')}) or (${window('all')})
      order by g.grouping, g.n`.execute(ex);
    const part = (name: keyof typeof pages) => {
      const rows = result.rows.filter((row) => row.grouping === name);
      return { rows: rows.map(winLossSum), total: Number(rows[0]?.total ?? 0) };
    };
    return { downline: part('downline'), member: part('member'), all: part('all') };
  },

  /**
   * Takes these bets' standing settlements back out of the daily pre-aggregate, as stored: the bets settled and
   * not cancelled, on the betting day of their settlement, with their upline parts of the standing settle
   * generation. Settlement does so before it changes a settled bet (a resettlement, back to running, a
   * cancellation), in the same transaction (the members' ledger accounts it locked first serialise the rows).
   * Rows are summed per key first, so the statement touches each key once.
   */
  async takeBackReportDays(ex: Executor, betIds: string[]): Promise<void> {
    if (betIds.length === 0) return;
    await addReportDays(betIds, -1).execute(ex);
  },

  /**
   * Adds rows of sums worked out in memory (report-rows.ts) to the sportsbook's daily pre-aggregate: one
   * statement, its rows passed as arrays, each key touched once.
   */
  async addReportDayChanges(ex: Executor, changes: readonly ReportDayChange[]): Promise<void> {
    if (changes.length === 0) return;
    const sums = (pick: (row: ReportDayChange) => bigint) => wholes(changes.map(pick));
    const levelArrays = UPLINE_LEVELS.flatMap((level) => [
      sums((row) => row.levels[level].winLoss),
      sums((row) => row.levels[level].commission),
    ]);
    const columns = LEVEL_COLUMNS.map((column) => sql.ref(column));
    await sql`
      insert into report_days (day, member_pk, currency, product, bets, turnover, valid_turnover, win_loss,
        commission, ${sql.join(columns)})
      select r.day, r.member_pk, r.currency, 'sportsbook', r.bets, r.turnover, r.valid_turnover, r.win_loss,
        r.commission, ${sql.join(columns.map((column) => sql`r.${column}`))}
      from unnest(${wholes(
        changes.map((row) => row.day),
        'integer',
      )}, ${wholes(changes.map((row) => row.memberPk))},
        ${texts(changes.map((row) => row.currency))}, ${wholes(
          changes.map((row) => row.bets),
          'integer',
        )},
        ${sums((row) => row.turnover)}, ${sums((row) => row.validTurnover)},
        ${sums((row) => row.winLoss)}, ${sums((row) => row.commission)},
        ${sql.join(levelArrays)})
        as r(day, member_pk, currency, bets, turnover, valid_turnover, win_loss, commission, ${sql.join(columns)})
      on conflict (day, member_pk, currency, product) do update set ${ADD_TO_REPORT_SUMS}`.execute(ex);
  },

  /**
   * Builds the daily pre-aggregate again from the bets and the counted game rounds (a repair after data was changed by hand; the bench's
   * seeded bets). The table is locked first: a settlement batch that already wrote to it is waited for, one
   * that has not yet is held until this commits and then adds its own change on top. Run in a transaction.
   */
  async rebuildReportDays(ex: Executor): Promise<{ rows: number }> {
    await sql`lock table report_days in exclusive mode`.execute(ex);
    await sql`delete from report_days`.execute(ex);
    const bets = await addReportDays(null, 1).execute(ex);
    // The game rounds with the figures they were counted with (their shares then, not now).
    const rounds = await addRoundDays(null).execute(ex);
    return { rows: Number(bets.numAffectedRows ?? 0) + Number(rounds.numAffectedRows ?? 0) };
  },

  /** The pre-aggregate's rows of some members (tests compare it with a rebuild). */
  async reportDayRows(ex: Executor, memberPks: string[]) {
    if (memberPks.length === 0) return [];
    return ex
      .selectFrom('report_days')
      .selectAll()
      .where('member_pk', 'in', memberPks)
      .where('bets', '<>', 0)
      .orderBy('day')
      .orderBy('member_pk')
      .orderBy('currency')
      .execute();
  },

  /**
   * Tickets of the members under `root` (root itself when it is a member), newest first, with the total for
   * paging: by ref_no, match, status and a range of placement, settlement or (cancelled bets) cancellation.
   */
  async tickets(
    ex: Executor,
    root: { path: string },
    filter: TicketFilter,
    page: { limit: number; offset: number },
  ): Promise<{ rows: (BetRow & { member_id: string })[]; total: number }> {
    const time =
      filter.dates === 'settled'
        ? sql`b.settled_at`
        : filter.dates === 'cancelled'
          ? sql`coalesce(b.cancelled_at, b.settled_at, b.created_at)`
          : sql`b.created_at`;
    const where = [sql`a.path like ${`${root.path}%`}`];
    if (filter.range) where.push(sql`${time} >= ${filter.range.from}`, sql`${time} < ${filter.range.to}`);
    if (filter.refNo !== undefined) where.push(sql`b.ref_no = ${filter.refNo}`);
    if (filter.matchId !== undefined)
      where.push(
        sql`exists (select 1 from bet_legs l where l.bet_id = b.id and l.match_id = ${filter.matchId}::bigint)`,
      );
    if (filter.dates === 'cancelled')
      where.push(sql`(b.status in ('void', 'refund', 'rejected') or b.cancelled_at is not null)`);
    if (filter.status === 'settled') where.push(sql`b.settled_at is not null and b.cancelled_at is null`);
    else if (filter.status === 'cancelled') where.push(sql`b.cancelled_at is not null`);
    else if (filter.status !== undefined) where.push(sql`b.status = ${filter.status}`);
    const result = await sql<Record<string, unknown>>`
      select b.id::text as id, b.ref_no, b.kind, b.status, b.currency, b.odds_type, b.odds, b.stake::text as stake,
        b.risk::text as risk, b.payout::text as payout, b.win_loss::text as win_loss,
        b.valid_turnover::text as valid_turnover, b.commission::text as commission, b.fold_sizes, b.combinations,
        b.reject_reason, b.created_at, b.settled_at, b.cancelled_at, b.settle_gen, a.account_id as member_id,
        count(*) over () as total
      from bets b
      join accounts a on a.id = b.account_pk
      where ${sql.join(where, sql` and `)}
      order by ${time} desc, b.id desc
      limit ${page.limit} offset ${page.offset}`.execute(ex);
    const at = (value: unknown) => (value === null ? null : new Date(value as string | Date));
    return {
      rows: result.rows.map((row) => ({
        id: String(row.id),
        ref_no: String(row.ref_no),
        kind: String(row.kind),
        status: String(row.status),
        currency: String(row.currency),
        odds_type: String(row.odds_type),
        odds: String(row.odds),
        stake: big(row.stake),
        risk: big(row.risk),
        payout: bigOrNull(row.payout),
        win_loss: bigOrNull(row.win_loss),
        valid_turnover: bigOrNull(row.valid_turnover),
        commission: bigOrNull(row.commission),
        fold_sizes: (typeof row.fold_sizes === 'string' ? JSON.parse(row.fold_sizes) : row.fold_sizes) as
          number[] | null,
        combinations: Number(row.combinations),
        reject_reason: row.reject_reason === null ? null : String(row.reject_reason),
        created_at: new Date(row.created_at as string | Date),
        settled_at: at(row.settled_at),
        cancelled_at: at(row.cancelled_at),
        settle_gen: Number(row.settle_gen),
        member_id: String(row.member_id),
      })),
      total: Number(result.rows[0]?.total ?? 0),
    };
  },

  /** The upline parts of these bets' standing settlements, with each account's id, level and path. */
  async ticketShares(ex: Executor, bets: { id: string; gen: number }[]) {
    if (bets.length === 0) return [];
    const result = await sql<Record<string, string>>`
      select s.bet_id::text as bet_id, u.account_id, s.level, u.path, s.win_loss::text as win_loss,
        s.commission::text as commission
      from bet_shares s
      join unnest(${bets.map((bet) => bet.id)}::bigint[], ${bets.map((bet) => bet.gen)}::integer[])
        as k(bet_id, gen) on s.bet_id = k.bet_id and s.settle_gen = k.gen
      join accounts u on u.id = s.account_pk
      order by s.bet_id, length(u.path)`.execute(ex);
    return result.rows.map((row) => ({
      bet_id: String(row.bet_id),
      account_id: String(row.account_id),
      level: String(row.level),
      path: String(row.path),
      win_loss: big(row.win_loss),
      commission: big(row.commission),
    }));
  },

  async accountsByPk(ex: Executor, pks: string[]) {
    if (pks.length === 0) return [];
    return ex
      .selectFrom('accounts')
      .select(['id', 'account_id', 'level', 'currency'])
      .where('id', 'in', pks)
      .execute();
  },

  /** Open bets (running or waiting) per member under root: count, stake at risk, and the members' balances. */
  async outstanding(
    ex: Executor,
    root: { id: string; path: string },
    page: { limit: number; offset: number },
  ) {
    const result = await sql<Record<string, string>>`
      select a.account_id, a.currency, count(*)::text as bets,
        count(*) filter (where b.status = 'waiting')::text as waiting,
        sum(b.risk)::text as outstanding, max(b.created_at) as last_bet_at,
        count(*) over () as total
      from bets b
      join accounts a on a.id = b.account_pk
      where a.path like ${`${root.path}%`} and a.id <> ${root.id}::bigint
        and b.status in ('running', 'waiting') and b.settled_at is null
      group by a.id
      order by sum(b.risk) desc, a.account_id
      limit ${page.limit} offset ${page.offset}`.execute(ex);
    return {
      rows: result.rows.map((row) => ({
        account_id: String(row.account_id),
        currency: String(row.currency),
        bets: Number(row.bets),
        waiting: Number(row.waiting),
        outstanding: big(row.outstanding),
        last_bet_at: new Date(row.last_bet_at as string),
      })),
      total: Number(result.rows[0]?.total ?? 0),
    };
  },

  /**
   * Running bets' exposure under root, per match, market, selection, currency and bet kind, from the open
   * (undecided) legs: how many bets, their risk, and their potential payout (bets.max_payout is what the
   * ticket pays if every leg wins, fixed at placement).
   */
  async exposure(ex: Executor, root: { id: string; path: string }, matchId: string | undefined) {
    const matchFilter = matchId === undefined ? sql`true` : sql`l.match_id = ${matchId}::bigint`;
    const result = await sql<Record<string, string>>`
      select l.match_id::text as match_id, l.market_id::text as market_id, l.kind as market_kind, l.period,
        l.line, l.selection, b.currency, b.kind as bet_kind,
        count(*)::text as bets, sum(b.risk)::text as risk, sum(b.max_payout)::text as potential_payout
      from bet_legs l
      join bets b on b.id = l.bet_id
      join accounts a on a.id = b.account_pk
      where ${matchFilter} and b.status in ('running', 'waiting') and b.settled_at is null
        and l.outcome is null and a.path like ${`${root.path}%`} and a.id <> ${root.id}::bigint
      group by l.match_id, l.market_id, l.kind, l.period, l.line, l.selection, b.currency, b.kind
      order by l.match_id, l.market_id, l.selection
      limit ${EXPOSURE_ROWS_MAX}`.execute(ex);
    return result.rows.map((row) => ({
      match_id: String(row.match_id),
      market_id: String(row.market_id),
      market_kind: String(row.market_kind),
      period: String(row.period),
      line: String(row.line),
      selection: String(row.selection),
      currency: String(row.currency),
      bet_kind: String(row.bet_kind),
      bets: Number(row.bets),
      risk: big(row.risk),
      potential_payout: big(row.potential_payout),
    }));
  },

  /** Matches and the selections of their markets, for the liability view's names and every outcome. */
  async marketsOf(ex: Executor, marketIds: string[]) {
    if (marketIds.length === 0) return [];
    return ex
      .selectFrom('selections as s')
      .innerJoin('markets as k', 'k.id', 's.market_id')
      .innerJoin('matches as m', 'm.id', 'k.match_id')
      .select(['s.market_id', 's.key', 'k.status', 'm.id as match_id', 'm.home', 'm.away', 'm.kickoff'])
      .where('s.market_id', 'in', marketIds)
      .orderBy('s.market_id')
      .orderBy('s.key')
      .execute();
  },
};
