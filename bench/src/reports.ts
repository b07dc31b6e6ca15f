import { execFileSync } from 'node:child_process';
import { percentile } from './load';
import { benchServer } from './setup';
import { demoBackofficeToken } from '../../apps/server/src/db/demo-totp';

/** Settled bets seeded over the last three months. */
const BETS = Number(process.env.BENCH_REPORTS_BETS ?? 1_000_000);
/** Members under the demo agent the bets are spread over (a member bets most days). */
const MEMBERS = Number(process.env.BENCH_REPORTS_MEMBERS ?? 2_000);
/** Days back the settlements are spread over: the report's longest range is 93 betting days. */
const DAYS = 91;
/** Timed win/loss calls per level (after a few untimed ones). */
const CALLS = Number(process.env.BENCH_REPORTS_CALLS ?? 40);
/** The demo chain, top to bottom: every level's downline holds all the bets. */
const LEVELS = ['demoop', 'demosh', 'demoss', 'demosr', 'demoma', 'demoag'];
const DAY_MS = 86_400_000;

/** Runs a psql script against `url` in one transaction; answers its unaligned, tuples-only output. */
function psql(url: string, script: string, vars: Record<string, string> = {}): string {
  const flags = Object.entries(vars).flatMap(([name, value]) => ['-v', `${name}=${value}`]);
  return execFileSync('psql', [url, '-X', '-q', '-A', '-t', '-1', '-v', 'ON_ERROR_STOP=1', ...flags], {
    input: script,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).trim();
}

/** A database of the bench's own beside the configured one, so tests and other benches are never touched. */
function freshDatabase(baseUrl: string, name: string): string {
  execFileSync('psql', [baseUrl, '-X', '-q', '-c', `drop database if exists ${name} with (force)`]);
  execFileSync('psql', [baseUrl, '-X', '-q', '-c', `create database ${name}`]);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * MEMBERS members under demoag (copies of demomyr), BETS settled singles spread over them and the last DAYS
 * days (won and lost, stakes 10.00 to 500.00 at 1.95), and each bet's six upline parts as settlement writes
 * them (each level its position-taking share of the book's result and its commission margin on the valid
 * turnover, the operator the rest): set-based statements, no placement or settlement path.
 */
function seed(url: string): void {
  psql(
    url,
    `
    create temp table rb_members as
    with t as (select * from accounts where account_id = 'demomyr'),
    ins as (
      insert into accounts (account_id, level, parent_id, path, brand_id, password_hash, state, commission_rate,
        comm_type, operator_type, currency, member_type, nickname, given_credit, features, settings)
      select 'rb' || g, t.level, t.parent_id, '/', t.brand_id, t.password_hash, t.state, t.commission_rate,
        t.comm_type, t.operator_type, t.currency, t.member_type, null, 0, t.features, t.settings
      from t, generate_series(0, :members - 1) g
      returning id)
    select (row_number() over (order by id) - 1)::integer as n, id from ins;
    update accounts a set path = regexp_replace(t.path, '[0-9]+/$', '') || a.id || '/'
      from rb_members m, accounts t where a.id = m.id and t.account_id = 'demomyr';
    create index on rb_members (n);

    insert into bets (ref_no, account_pk, idempotency_key, request_hash, kind, status, currency, odds_type, odds,
      stake, risk, max_payout, reservation_id, payout, win_loss, created_at, settled_at, settle_gen,
      valid_turnover, commission, house_cut)
    select 'RB' || g, m.id, 'rb' || g, 'bench', 'single', case when won then 'won' else 'lost' end, 'MYR', '4',
      '1.95', v.stake, v.stake, v.stake * 195 / 100, 'rb:' || g,
      case when won then v.stake * 195 / 100 else 0 end,
      case when won then v.stake * 95 / 100 else -v.stake end,
      v.settled - interval '2 hours', v.settled, 1, v.stake, v.stake * 25 / 10000, 0
    from generate_series(0::bigint, :bets - 1) g
    join rb_members m on m.n = g % :members
    cross join lateral (select
      (1000 + (g * 7919) % 49001)::bigint as stake,
      (g * 31) % 100 < 48 as won,
      now() - ((g / :members) % :days) * interval '1 day' - ((g * 13) % 1380 + 30) * interval '1 minute'
        as settled) v;

    create temp table rb_chain as
    select a.id, a.level, case when a.level = 'operator' then 0 else a.pt_share end as pt,
      case when a.level = 'operator' then 0 else greatest(a.commission_rate - coalesce(
        lead(a.commission_rate) over (order by length(a.path)), 0.0025), 0) end as margin
    from accounts a
    where (select path from accounts where account_id = 'demoag') like a.path || '%';
    insert into bet_shares (bet_id, settle_gen, account_pk, level, win_loss, commission)
    select b.id, 1, c.id, c.level,
      (case when c.level = 'operator'
        then -b.win_loss - (select sum(trunc(-b.win_loss * o.pt)) from rb_chain o where o.level <> 'operator')
        else trunc(-b.win_loss * c.pt) end)::bigint,
      trunc(b.valid_turnover * c.margin)::bigint
    from bets b cross join rb_chain c
    where b.ref_no like 'RB%';
    `,
    { members: String(MEMBERS), bets: String(BETS), days: String(DAYS) },
  );
  execFileSync('psql', [url, '-X', '-q', '-c', 'vacuum analyze']);
}

/** `npm run reports:rebuild` against the bench database: the pre-aggregate built from the seeded bets. */
function rebuild(url: string): { rows: number; seconds: number } {
  const out = execFileSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/server/src/cli/reports-rebuild.ts'],
    {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error', SEED_DEMO: 'false', FEED: 'none' },
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.slice(out.indexOf('{'))) as { rows: number; seconds: number };
}

/** One statement's server-side time as psql reports it (ms), the median of five runs. */
function statementMs(url: string, statement: string): number {
  const runs: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const out = execFileSync('psql', [url, '-X', '-q', '-c', '\\timing on', '-c', statement], {
      encoding: 'utf8',
    });
    runs.push(Number(/Time: ([\d.]+) ms/.exec(out)?.[1] ?? Number.NaN));
  }
  return Number(runs.sort((a, b) => a - b)[2]?.toFixed(2));
}

/**
 * `npm run bench -- reports` (PostgreSQL only): BETS settled bets over three months under the demo chain,
 * seeded by SQL, the daily pre-aggregate rebuilt from them, then /bo/winloss over the whole three-month range
 * signed in as each level of the chain (operator to agent: each one's downline holds every bet), timed end
 * to end over HTTP (p50/p99). The reference, measured in the same run: a plain count(*) of the bets and a
 * scan summing the range's settled bets (what a report read from the bets would at least cost).
 */
export async function reportsBench(): Promise<object[]> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl?.startsWith('postgres')) {
    return [{ name: 'reports', skipped: 'needs DATABASE_URL=postgres://... (a PostgreSQL server)' }];
  }
  const url = freshDatabase(baseUrl, `sb_bench_reports_${process.pid}`);
  const server = await benchServer({ FEED: 'none', DATABASE_URL: url });
  const figures: object[] = [];
  try {
    const seedStarted = Date.now();
    seed(url);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const built = rebuild(url);
    execFileSync('psql', [url, '-X', '-q', '-c', 'analyze report_days']);
    // The betting day (GMT+8, 12:00 rollover) of an instant, as 'YYYY-MM-DD'.
    const dayOf = (ms: number) => new Date(ms + 8 * 3_600_000 - 12 * 3_600_000).toISOString().slice(0, 10);
    const range = { start_date: dayOf(Date.now() - (DAYS + 1) * DAY_MS), end_date: dayOf(Date.now()) };
    figures.push({
      name: 'reports.setup',
      bets: Number(psql(url, 'select count(*) from bets')),
      bet_shares: Number(psql(url, 'select count(*) from bet_shares')),
      members: MEMBERS,
      seed_seconds: seedSeconds,
      aggregate_rows: built.rows,
      aggregate_rebuild_seconds: built.seconds,
      range,
    });

    for (const level of LEVELS) {
      const token = await demoBackofficeToken(server.url, level);
      const winLoss = async () => {
        const started = performance.now();
        const response = await fetch(`${server.url}/bo/winloss`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ ...range, page_size: 50 }),
        });
        const answer = (await response.json()) as { status: string; totals?: { bets: number }[] };
        const ms = performance.now() - started;
        if (answer.status !== '1') throw new Error(`winloss as ${level}: ${JSON.stringify(answer)}`);
        return { ms, bets: answer.totals?.reduce((sum, row) => sum + row.bets, 0) ?? 0 };
      };
      for (let i = 0; i < 3; i += 1) await winLoss();
      const latencies: number[] = [];
      let bets = 0;
      for (let i = 0; i < CALLS; i += 1) {
        const call = await winLoss();
        latencies.push(call.ms);
        bets = call.bets;
      }
      latencies.sort((a, b) => a - b);
      figures.push({
        name: 'reports.winloss',
        level,
        calls: CALLS,
        bets_in_range: bets,
        p50_ms: Number(percentile(latencies, 50).toFixed(2)),
        p99_ms: Number(percentile(latencies, 99).toFixed(2)),
      });
    }
    const from = new Date(Date.now() - (DAYS + 1) * DAY_MS).toISOString();
    figures.push({
      name: 'reports.reference',
      count_bets_ms: statementMs(url, 'select count(*) from bets'),
      sum_settled_in_range_ms: statementMs(
        url,
        `select count(*), sum(risk), sum(win_loss) from bets
         where settled_at >= '${from}' and cancelled_at is null`,
      ),
    });
    return figures;
  } finally {
    await server.stop();
    execFileSync('psql', [
      baseUrl,
      '-X',
      '-q',
      '-c',
      `drop database if exists sb_bench_reports_${process.pid} with (force)`,
    ]);
  }
}
