import { UPLINE_LEVELS, type UplineLevel } from '@sb/contract';
import { sql, type RawBuilder } from 'kysely';
import { wholes } from '../../db/arrays';
import type { Executor } from '../../db/types';

/** Where a finished game round comes from: a provider's round (casino), a mini-game round or a 4D ticket. */
export type RoundSource = 'provider' | 'minigame' | 'lottery';

/** A finished round not yet in the win/loss report, as the counting job reads it. */
export interface FinishedRound {
  source: RoundSource;
  roundPk: string;
  memberPk: string;
  currency: string;
  /** What the member staked on it and what came back (minor units). */
  stake: bigint;
  returned: bigint;
  finishedAt: Date;
}

/** A counted round's figures (report_rounds), each upline level's part and commission by level. */
export interface CountedRound {
  source: RoundSource;
  roundPk: string;
  product: 'casino' | 'games';
  day: number;
  memberPk: string;
  currency: string;
  turnover: bigint;
  validTurnover: bigint;
  winLoss: bigint;
  commission: bigint;
  /** By level name: the level's account, its part of the win/loss and its commission. */
  levels: Map<string, { accountPk: string; winLoss: bigint; commission: bigint }>;
}

/**
 * Where each source's finished rounds are and how one not yet counted is told: a provider round by its id in
 * the queue of uncounted rounds (0032, counting deletes it), a mini-game round or 4D ticket by its marker column
 * (`reported_at`, set when counted; each has a partial index of the rows without it).
 */
const FINISHED: Record<
  RoundSource,
  { table: string; stake: string; returned: string; at: string; done: string; queue: string | null }
> = {
  provider: {
    table: 'game_rounds',
    stake: 'stake',
    returned: 'win',
    at: 'closed_at',
    done: "status = 'closed'",
    queue: 'uncounted_game_rounds',
  },
  minigame: {
    table: 'minigame_rounds',
    stake: 'stake',
    returned: 'coalesce(payout, 0)',
    at: 'settled_at',
    done: "status in ('won', 'lost')",
    queue: null,
  },
  lottery: {
    table: 'lottery_tickets',
    stake: 'cost',
    returned: 'coalesce(payout, 0)',
    at: 'settled_at',
    done: "status in ('won', 'lost')",
    queue: null,
  },
};

/** A counted round as the back office lists it (/bo/rounds): its figures, its game and the viewer's part. */
export interface ListedRound {
  source: RoundSource;
  round_pk: string;
  product: 'casino' | 'games';
  account_id: string;
  currency: string;
  turnover: bigint;
  win_loss: bigint;
  commission: bigint;
  own_win_loss: bigint;
  own_commission: bigint;
  provider_round: string | null;
  game_code: string | null;
  game_name: string | null;
  minigame: string | null;
  draw_id: string | null;
  draw_at: Date | null;
  finished_at: Date;
}

/** A round's key across sources ('provider:12'). */
export const roundKey = (round: { source: RoundSource; roundPk: string }) =>
  `${round.source}:${round.roundPk}`;

/** report_days' level columns, in UPLINE_LEVELS order. */
export const LEVEL_COLUMNS = UPLINE_LEVELS.flatMap((level) => [`wl_${level}`, `comm_${level}`]);

/** The `on conflict ... do update set` list of every report_days upsert: the new row's sums added to the stored. */
export const ADD_TO_REPORT_SUMS = sql.join(
  ['bets', 'turnover', 'valid_turnover', 'win_loss', 'commission', ...LEVEL_COLUMNS].map(
    (column) => sql`${sql.ref(column)} = report_days.${sql.ref(column)} + excluded.${sql.ref(column)}`,
  ),
);

/**
 * Adds the counted rounds named by keys (every counted round when null) to report_days, per betting day, member,
 * currency and product: each round counts as one bet. Rounds are summed per key first, so each key is touched once.
 */
export function addRoundDays(keys: { source: RoundSource; roundPk: string }[] | null) {
  const chosen =
    keys === null
      ? sql`true`
      : sql`(r.source, r.round_pk) in (select * from unnest(${keys.map((k) => k.source)}::text[],
          ${keys.map((k) => k.roundPk)}::bigint[]))`;
  return addToReportDays(sql`report_rounds r where ${chosen}`);
}

/** report_days added to from counted rounds (`rows`: a row source of report_rounds' shape, aliased `r`). */
function addToReportDays(rows: RawBuilder<unknown>) {
  const columns = LEVEL_COLUMNS.map((column) => sql.ref(column));
  const sums = LEVEL_COLUMNS.map((column) => sql`sum(${sql.ref(`r.${column}`)})`);
  return sql`
    insert into report_days (day, member_pk, currency, product, bets, turnover, valid_turnover, win_loss,
      commission, ${sql.join(columns)})
    select r.day, r.member_pk, r.currency, r.product, count(*), sum(r.turnover), sum(r.valid_turnover),
      sum(r.win_loss), sum(r.commission), ${sql.join(sums)}
    from ${rows}
    group by 1, 2, 3, 4
    on conflict (day, member_pk, currency, product) do update set ${ADD_TO_REPORT_SUMS}`;
}

/**
 * Up to `limit` finished, uncounted rounds of one source, oldest first, locked for this transaction (skipping
 * those another holds): a provider round's queue entry (the round itself is neither locked nor updated, so the
 * wallet never waits on the job), a mini-game round or ticket itself, found by its source's partial index of the
 * rows not counted yet. Ordered by the table's id: a bare `id` would name the select list's text id, and '10'
 * sorts before '9'. Exported for the plan test.
 *
 * A queued round is looked up by its key, one at a time in queue order until the limit (a lateral subquery that
 * `offset 0` keeps from being flattened into a join the planner may reorder): whatever the statistics say. As a
 * plain join, on a table that grew since it was last analyzed (a busy first minute; the wallet bench's run), the
 * planner took the closed rounds for a few dozen and hashed every one of them for each run, 21 ms a run at 3,000
 * wallet calls a second and growing with the table (auto_explain: a seq scan of 15,487 rounds for 272 found).
 */
export function finishedRoundsStatement(source: RoundSource, limit: number) {
  const from = FINISHED[source];
  const rows =
    from.queue === null
      ? sql`${sql.table(from.table)} r where r.${sql.raw(from.done)} and r.reported_at is null
        order by r.id limit ${limit} for update skip locked`
      : sql`${sql.table(from.queue)} q cross join lateral (select * from ${sql.table(from.table)} r
          where r.id = q.id and r.${sql.raw(from.done)} offset 0) r
        order by q.id limit ${limit} for update of q skip locked`;
  return sql<{
    id: string;
    account_pk: string;
    currency: string;
    stake: string;
    returned: string;
    at: Date;
  }>`select r.id::text as id, r.account_pk::text as account_pk, r.currency,
      r.${sql.raw(from.stake)}::text as stake, ${sql.raw(from.returned)}::text as returned,
      coalesce(r.${sql.raw(from.at)}, now()) as at
    from ${rows}`;
}

/** Marks one source's rounds counted: out of the queue, or their marker set. */
function markCounted(source: RoundSource, ids: string[]) {
  const from = FINISHED[source];
  return from.queue === null
    ? sql`update ${sql.table(from.table)} set reported_at = now() where id = any(${ids}::bigint[])`
    : sql`delete from ${sql.table(from.queue)} where id = any(${ids}::bigint[])`;
}

/**
 * Runs `find` (statements of the transaction `ex`) with bitmap scans off, so the uncounted rows are read by an
 * index scan in id order. Counting a round leaves a dead entry in its source's partial index until vacuum, tens
 * of thousands in a busy minute, and a bitmap scan (the plan PostgreSQL chose, estimating a few rows) visits the
 * heap for every one, on every run: 9 ms of a 300-round batch at 3,000 wallet calls/s (auto_explain, 919 heap
 * blocks). An index scan marks the dead entries it meets (kill_prior_tuple), so the next run skips them in the
 * index, and it stops at the limit. Set back to the server's own value (not forced on) once `find` is done:
 * the transaction's other statements keep their usual plans.
 */
export async function inIndexOrder<T>(ex: Executor, find: () => Promise<T>): Promise<T> {
  await sql`set local enable_bitmapscan = off`.execute(ex);
  const found = await find();
  await sql`set local enable_bitmapscan to default`.execute(ex);
  return found;
}

/**
 * The game rounds' side of the win/loss report (0020_report_products): the finished rounds the counting job has
 * not counted yet (locked, skipping those another process holds), and their counting.
 */
export const roundReportRepository = {
  /**
   * Up to `limit` finished, uncounted rounds of each source (finishedRoundsStatement), locked, found in index
   * order (inIndexOrder). Run in the transaction that counts them.
   */
  async finishedRounds(
    ex: Executor,
    sources: readonly RoundSource[],
    limit: number,
  ): Promise<FinishedRound[]> {
    return inIndexOrder(ex, async () => {
      const rounds: FinishedRound[] = [];
      for (const source of sources) {
        const result = await finishedRoundsStatement(source, limit).execute(ex);
        rounds.push(
          ...result.rows.map((row) => ({
            source,
            roundPk: row.id,
            memberPk: row.account_pk,
            currency: row.currency,
            stake: BigInt(row.stake),
            returned: BigInt(row.returned),
            finishedAt: new Date(row.at),
          })),
        );
      }
      return rounds;
    });
  },

  /**
   * Counts the rounds: their figures into report_rounds (a round already there is left as it was), each
   * marked counted (markCounted), and the newly counted ones added to report_days; answers those newly counted
   * (roundKey). Run in the transaction that locked them.
   */
  async count(ex: Executor, rounds: CountedRound[]): Promise<Set<string>> {
    if (rounds.length === 0) return new Set();
    // One array per column (unnest), not a VALUES row of twenty parameters per round: a batch of 500 rounds
    // was 10,000 parameters to build, send, parse and plan, about 0.2 ms a round of the job's time.
    const column = (pick: (round: CountedRound) => string | bigint) =>
      rounds.map((round) => String(pick(round)));
    const levelColumns = UPLINE_LEVELS.flatMap((level) => [
      column((round) => round.levels.get(level)?.winLoss ?? 0n),
      column((round) => round.levels.get(level)?.commission ?? 0n),
    ]);
    const marks = (Object.keys(FINISHED) as RoundSource[]).flatMap((source) => {
      const ids = rounds.filter((round) => round.source === source).map((round) => round.roundPk);
      return ids.length === 0 ? [] : [sql`${sql.raw(`marked_${source}`)} as (${markCounted(source, ids)})`];
    });
    // One statement: the rounds' figures, their marks and report_days (from the rows this statement inserted:
    // a round counted before is in neither), so a batch is one round trip and report_rounds is not read back.
    const inserted = await sql<{ source: RoundSource; round_pk: string }>`
      with inserted as (
        insert into report_rounds (source, round_pk, product, day, member_pk, currency, turnover, valid_turnover,
          win_loss, commission, ${sql.join(LEVEL_COLUMNS.map((name) => sql.ref(name)))})
        select * from unnest(${column((round) => round.source)}::text[],
          ${column((round) => round.roundPk)}::bigint[], ${column((round) => round.product)}::text[],
          ${column((round) => String(round.day))}::integer[], ${column((round) => round.memberPk)}::bigint[],
          ${column((round) => round.currency)}::text[], ${column((round) => round.turnover)}::bigint[],
          ${column((round) => round.validTurnover)}::bigint[], ${column((round) => round.winLoss)}::bigint[],
          ${column((round) => round.commission)}::bigint[],
          ${sql.join(levelColumns.map((values) => sql`${values}::bigint[]`))})
        on conflict (source, round_pk) do nothing
        returning *
      ),
      ${sql.join(marks)},
      days as (${addToReportDays(sql`inserted r`)})
      select source, round_pk::text as round_pk from inserted`.execute(ex);
    return new Set(inserted.rows.map((row) => roundKey({ source: row.source, roundPk: row.round_pk })));
  },

  /** The member accounts' paths (to find each round's upline chain). */
  async pathsOf(ex: Executor, memberPks: string[]): Promise<Map<string, string>> {
    if (memberPks.length === 0) return new Map();
    const rows = await ex
      .selectFrom('accounts')
      .select(['id', 'path'])
      .where(sql<boolean>`id = any(${wholes([...new Set(memberPks)])})`)
      .execute();
    return new Map(rows.map((row) => [String(row.id), row.path]));
  },

  /**
   * The counted rounds of the members under `root` (or of the member itself) on betting days first..last, one
   * product or both, newest first, with `level`'s part of each (0 when the level has none): the rows the win/loss
   * report sums, with the game and round each came from.
   */
  async listed(
    ex: Executor,
    root: { path: string },
    filter: { days: { first: number; last: number }; product?: 'casino' | 'games' | undefined },
    level: UplineLevel | null,
    page: { limit: number; offset: number },
  ): Promise<{ rows: ListedRound[]; total: number }> {
    const own = (prefix: 'wl' | 'comm') => (level === null ? sql`0` : sql.ref(`r.${prefix}_${level}`));
    const product = filter.product === undefined ? sql`true` : sql`r.product = ${filter.product}`;
    const result = await sql<Record<string, string | Date | null>>`
      with chosen as (
        select r.*, a.account_id
        from report_rounds r
        join accounts a on a.id = r.member_pk
        where a.path like ${`${root.path}%`}
          and r.day >= ${filter.days.first}::integer and r.day <= ${filter.days.last}::integer and ${product}
      )
      select r.source, r.round_pk::text as round_pk, r.product, r.account_id, r.currency,
        r.turnover::text as turnover, r.win_loss::text as win_loss, r.commission::text as commission,
        ${own('wl')}::text as own_win_loss, ${own('comm')}::text as own_commission,
        gr.round as provider_round, g.game_code, g.name as game_name, mr.game as minigame,
        lt.draw_id::text as draw_id, ld.draw_at,
        coalesce(gr.closed_at, mr.settled_at, lt.settled_at, r.counted_at) as finished_at,
        count(*) over () as total
      from chosen r
      left join game_rounds gr on r.source = 'provider' and gr.id = r.round_pk
      left join games g on g.id = gr.game_pk
      left join minigame_rounds mr on r.source = 'minigame' and mr.id = r.round_pk
      left join lottery_tickets lt on r.source = 'lottery' and lt.id = r.round_pk
      left join lottery_draws ld on ld.id = lt.draw_id
      order by finished_at desc, r.source, r.round_pk desc
      limit ${page.limit} offset ${page.offset}`.execute(ex);
    const text = (value: string | Date | null) => (value === null ? null : String(value));
    const rows = result.rows.map((row): ListedRound => ({
      source: row.source as RoundSource,
      round_pk: String(row.round_pk),
      product: row.product as ListedRound['product'],
      account_id: String(row.account_id),
      currency: String(row.currency),
      turnover: BigInt(String(row.turnover)),
      win_loss: BigInt(String(row.win_loss)),
      commission: BigInt(String(row.commission)),
      own_win_loss: BigInt(String(row.own_win_loss)),
      own_commission: BigInt(String(row.own_commission)),
      provider_round: text(row.provider_round ?? null),
      game_code: text(row.game_code ?? null),
      game_name: text(row.game_name ?? null),
      minigame: text(row.minigame ?? null),
      draw_id: text(row.draw_id ?? null),
      draw_at: row.draw_at ? new Date(row.draw_at) : null,
      finished_at: new Date(row.finished_at as string | Date),
    }));
    return { rows, total: Number(result.rows[0]?.total ?? 0) };
  },
};
