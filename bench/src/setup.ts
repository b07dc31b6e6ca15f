import { execFile, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { gmt8DayEnd } from '@sb/domain';
import { startServer, type RunningServer } from '@sb/e2e/server';
import { demoBackofficeToken } from '../../apps/server/src/db/demo-totp';
import { machineLoadSince } from './machine-load';

/** A server for a benchmark: the configured database (DATABASE_URL, else embedded), throttles lifted. */
export async function benchServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    REQUESTS_PER_SECOND: '100000',
    LOG_LEVEL: 'error',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
}

export const databaseName = () => (process.env.DATABASE_URL ? 'postgres' : 'pglite');

/** The operator's bearer session, for trading and backoffice calls. */
export async function operator(url: string) {
  const token = await demoBackofficeToken(url);
  return async (name: string, body: unknown) => {
    const response = await fetch(`${url}/bo/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (answer.status !== '1') throw new Error(`${name} failed: ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** The earliest kick-off from now: a bench's bets and lists are done long before any match starts. */
const FIRST_KICKOFF_MS = 10 * 60_000;
/** Kick-offs are spread over up to three hours after the first. */
const KICKOFF_SPREAD_MS = 180 * 60_000;

/**
 * When the book's kick-offs start and how far apart they are: all before the end of today, GMT+8 (the 'today'
 * menu's end). Late in the GMT+8 evening the spread narrows, and in the last minutes of the day the bench waits
 * for the next day rather than put matches in tomorrow's menu.
 */
async function kickoffWindow(): Promise<{ first: number; offsetOf: (i: number) => number }> {
  let now = Date.now();
  const room = () => gmt8DayEnd(now) - now - FIRST_KICKOFF_MS - 60_000;
  if (room() < 10 * 60_000) {
    const wait = room() + FIRST_KICKOFF_MS + 60_000 + 5_000;
    console.error(
      `bench: ${Math.ceil(wait / 60_000)} min to 00:00 GMT+8, waiting so that 'today' holds the book`,
    );
    await new Promise((resolve) => setTimeout(resolve, wait));
    now = Date.now();
  }
  const spread = Math.min(KICKOFF_SPREAD_MS, room());
  return { first: now + FIRST_KICKOFF_MS, offsetOf: (i) => Math.floor(((i % 180) * spread) / 180) };
}

/** Creates `count` soccer matches kicking off within the next hours of today, each with AH, O/U and 1X2 markets. */
export async function createSoccerBook(url: string, count: number, sportId = 1): Promise<number[]> {
  const bo = await operator(url);
  const ids: number[] = [];
  const kickoffs = await kickoffWindow();
  const batch = 16;
  for (let start = 0; start < count; start += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, async (_, offset) => {
        const i = start + offset;
        const created = await bo('trade/creatematch', {
          sport_id: sportId,
          league: `Bench League ${i % 60}`,
          home: `Home ${i}`,
          away: `Away ${i}`,
          kickoff: new Date(kickoffs.first + kickoffs.offsetOf(i)).toISOString(),
        });
        const id = Number(created.match_id);
        await bo('trade/market', {
          match_id: id,
          kind: 'hdp',
          line: '-0.25',
          prices: { h: '1.95', a: '1.93' },
        });
        await bo('trade/market', { match_id: id, kind: 'ou', line: '2.5', prices: { o: '2.02', u: '1.86' } });
        await bo('trade/market', {
          match_id: id,
          kind: '1x2',
          prices: { '1': '2.40', x: '3.30', '2': '3.00' },
        });
        return id;
      }),
    );
    ids.push(...made);
  }
  return ids;
}

/**
 * `count` cash members under demoag with `deposit` (minor units) each and an open session, created in a few
 * set-based statements on the PostgreSQL server: a template member made through the backoffice gives the
 * password hash, bet limits and ledger shape, then every row is copied from it (accounts, ledger accounts,
 * one deposit transfer with its two entries each, bet limits, sessions). The ledger check after the run
 * proves the copied books. Answers each member's id and session token.
 */
export function bulkMembers(
  databaseUrl: string,
  template: string,
  prefix: string,
  count: number,
  deposit: bigint,
): { account_id: string; session_token: string }[] {
  const script = `
    create temp table bench_new as
    with t as (select * from accounts where account_id = :'tpl'),
    ins as (
      insert into accounts (account_id, level, parent_id, path, brand_id, password_hash, state, commission_rate,
        comm_type, operator_type, currency, member_type, nickname, given_credit, features, settings)
      select :'prefix' || g, t.level, t.parent_id, '/', t.brand_id, t.password_hash, t.state, t.commission_rate,
        t.comm_type, t.operator_type, t.currency, t.member_type, null, 0, t.features, t.settings
      from t, generate_series(0, :count - 1) g
      returning id, account_id, currency)
    select * from ins;
    update accounts a set path = regexp_replace(t.path, '[0-9]+/$', '') || a.id || '/'
      from bench_new n, accounts t where a.id = n.id and t.account_id = :'tpl';
    -- available before outstanding: lower ids, the order the ledger locks them in
    insert into ledger_accounts (owner_pk, kind, currency, balance, allow_negative, rollup)
      select id, 'available', currency, :deposit, false, false from bench_new order by id;
    insert into ledger_accounts (owner_pk, kind, currency, balance, allow_negative, rollup)
      select id, 'outstanding', currency, 0, false, false from bench_new order by id;
    with tr as (
      insert into transfers (transfer_id, kind, currency, amount, ref, owner_pk)
      select 'bench:' || account_id, 'deposit', currency, :deposit, null, id from bench_new
      returning id, owner_pk, currency)
    insert into entries (transfer_pk, ledger_account_id, amount)
      select tr.id, c.id, -:deposit from tr
        join ledger_accounts c on c.owner_pk is null and c.kind = 'cash' and c.currency = tr.currency
      union all
      select tr.id, a.id, :deposit from tr
        join ledger_accounts a on a.owner_pk = tr.owner_pk and a.kind = 'available' and a.currency = tr.currency;
    insert into bet_limits (account_pk, limit_id, min_bet, max_bet, max_payout, max_per_match)
      select n.id, l.limit_id, l.min_bet, l.max_bet, l.max_payout, l.max_per_match
      from bench_new n, bet_limits l join accounts t on t.id = l.account_pk where t.account_id = :'tpl';
    create temp table bench_tokens as
      select n.id, md5(random()::text || n.id) || md5(random()::text || clock_timestamp()) as token
      from bench_new n;
    insert into sessions (token_hash, account_pk, kind, expires_at, profile_version_seen)
      select encode(sha256(convert_to(t.token, 'UTF8')), 'hex'), n.id, 'member',
        now() + interval '12 hours', a.profile_version
      from bench_tokens t join bench_new n on n.id = t.id join accounts a on a.id = n.id;
    select n.account_id || ' ' || t.token from bench_tokens t join bench_new n on n.id = t.id order by n.id;
  `;
  const out = execFileSync(
    'psql',
    [
      databaseUrl,
      '-X',
      '-q',
      '-A',
      '-t',
      '-1',
      '-v',
      'ON_ERROR_STOP=1',
      '-v',
      `tpl=${template}`,
      '-v',
      `prefix=${prefix}`,
      '-v',
      `count=${count}`,
      '-v',
      `deposit=${deposit}`,
    ],
    { input: script, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const members = out
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [account_id = '', session_token = ''] = line.trim().split(' ');
      return { account_id, session_token };
    });
  if (members.length !== count) throw new Error(`bulk members: made ${members.length} of ${count}`);
  return members;
}

/**
 * A process's /proc stat fields after its command name (which may hold spaces), or null once it is gone:
 * [1] the parent pid, [11] and [12] its own user and system time, [13] and [14] those of children it reaped.
 */
function procStat(
  pid: number | string,
  path = `/proc/${pid}/stat`,
): { command: string; fields: string[] } | null {
  try {
    const stat = readFileSync(path, 'utf8');
    const close = stat.lastIndexOf(')');
    return { command: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
  } catch {
    return null;
  }
}

const ticks = (fields: string[], ...at: number[]) => at.reduce((sum, i) => sum + Number(fields[i]), 0) / 100;

/** CPU seconds (user + system) a process has used so far, from /proc; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  const stat = procStat(pid);
  return stat ? ticks(stat.fields, 11, 12) : 0;
}

/**
 * CPU seconds a process's main thread has used so far (its task whose id is the process's): in a Node process the
 * thread that runs its JavaScript and answers its requests, without its worker threads, GC helpers and libuv
 * pool. 0 once it is gone.
 */
export function mainThreadCpuSeconds(pid: number): number {
  const stat = procStat(pid, `/proc/${pid}/task/${pid}/stat`);
  return stat ? ticks(stat.fields, 11, 12) : 0;
}

/**
 * Seconds a process's main thread has waited, ready to run, for a core (the kernel's run-queue delay,
 * /proc/<pid>/task/<pid>/schedstat's second field); null where the kernel keeps no such figure. On a machine whose
 * cores the server shares with its database and the load client, this is the part of a call's latency that no
 * code of the server spends: the thread that answers is ready and not running.
 */
export function mainThreadWaitSeconds(pid: number): number | null {
  try {
    const wait = Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]);
    return Number.isFinite(wait) ? wait / 1e9 : null;
  } catch {
    return null;
  }
}

/**
 * CPU seconds PostgreSQL has used on this machine: its live processes' own time, plus the time of the backends
 * that ended, which the postmaster collects when it reaps them. So a difference of two readings counts every
 * backend of the window, those of a client that disconnected (pgbench's) too. Null without a local PostgreSQL.
 */
export function postgresCpuSeconds(): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const postgres = new Map<string, string[]>();
  for (const pid of pids) {
    const stat = procStat(pid);
    if (stat?.command === 'postgres') postgres.set(pid, stat.fields);
  }
  if (postgres.size === 0) return null;
  let total = 0;
  for (const fields of postgres.values()) {
    total += ticks(fields, 11, 12);
    // The postmaster (the one whose parent is no postgres process) holds the time of the backends it reaped.
    if (!postgres.has(fields[1] ?? '')) total += ticks(fields, 13, 14);
  }
  return total;
}

/**
 * pgbench TPC-B on the benchmark's PostgreSQL, the machine's reference for the betting and wallet benches: its
 * transactions a second, and what PostgreSQL spent on 1,000 of them, to set beside what it spends per call.
 */
export function pgbenchReference(
  url: string,
): { tps: number; postgresCpuMsPer1000: number | null; wal: Record<string, number | null> } | null {
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '1', url], { stdio: 'ignore' });
    const before = postgresCpuSeconds();
    const walSince = walMeter(url);
    const out = execFileSync('pgbench', ['-c', '8', '-j', '2', '-T', '10', url], { encoding: 'utf8' });
    const after = postgresCpuSeconds();
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? NaN);
    const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? NaN);
    if (!Number.isFinite(tps)) return null;
    const postgresCpuMsPer1000 =
      before === null || after === null || !(transactions > 0)
        ? null
        : Number((((after - before) * 1e6) / transactions).toFixed(1));
    return { tps, postgresCpuMsPer1000, wal: walSince(transactions, 'tpcb_transactions') };
  } catch {
    return null;
  }
}

/** `ledger:verify` against the benchmark's database: 'ok', or 'FAILED' when the books do not prove. */
export function ledgerVerified(url: string): 'ok' | 'FAILED' {
  try {
    execFileSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'],
      { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error', SEED_DEMO: 'false' }, stdio: 'ignore' },
    );
    return 'ok';
  } catch {
    return 'FAILED';
  }
}

/**
 * Starts counting the CPU of the server, PostgreSQL and this load client; the function it returns gives what each
 * spent since, per 1,000 of what a run answered (`unit`: 'bets', 'calls'), and how loaded the machine was
 * (machineLoadSince). On a small machine the three share the cores, so this says where a call's cost goes and
 * what bounds it; steadier than latency for comparing builds.
 */
export function cpuMeter(
  serverUrl: string,
  // Found beforehand by a bench that starts the meter inside a running load (`ss` takes milliseconds).
  pid = serverProcess(serverUrl),
): (answered: number, unit: string) => Record<string, number | null> {
  const from = {
    server: cpuSeconds(pid),
    serverMain: mainThreadCpuSeconds(pid),
    serverMainWait: mainThreadWaitSeconds(pid),
    postgres: postgresCpuSeconds(),
    client: process.cpuUsage(),
  };
  const machineLoad = machineLoadSince();
  return (answered, unit) => {
    const per1000 = (spent: number) => Number(((spent * 1e6) / Math.max(1, answered)).toFixed(1));
    // A reading this machine cannot take (no local PostgreSQL, no schedstat) gives no figure, never a wrong one.
    const per1000Between = (from: number | null, to: number | null) =>
      from === null || to === null ? null : per1000(to - from);
    const client = process.cpuUsage(from.client);
    const postgresNow = postgresCpuSeconds();
    const serverMainWaitNow = mainThreadWaitSeconds(pid);
    return {
      [`server_cpu_ms_per_1000_${unit}`]: per1000(cpuSeconds(pid) - from.server),
      [`server_main_thread_cpu_ms_per_1000_${unit}`]: per1000(mainThreadCpuSeconds(pid) - from.serverMain),
      [`server_main_thread_wait_ms_per_1000_${unit}`]: per1000Between(from.serverMainWait, serverMainWaitNow),
      [`postgres_cpu_ms_per_1000_${unit}`]: per1000Between(from.postgres, postgresNow),
      [`client_cpu_ms_per_1000_${unit}`]: per1000((client.user + client.system) / 1e6),
      cores: availableParallelism(),
      ...machineLoad(),
    };
  };
}

type WalReading = { records: number; bytes: number; syncs: number };

const WAL_QUERY = 'select wal_records, wal_bytes, wal_sync from pg_stat_wal';

/** A reading from pg_stat_wal's fields as psql printed them; null when they are not three numbers. */
function walReadingOf(fields: string[] | null): WalReading | null {
  const [records = NaN, bytes = NaN, syncs = NaN] = fields?.map(Number) ?? [];
  return [records, bytes, syncs].every(Number.isFinite) ? { records, bytes, syncs } : null;
}

/** The WAL the cluster has written so far (pg_stat_wal, PostgreSQL 14 and later); null when it cannot be read. */
function walWritten(url: string): WalReading | null {
  return walReadingOf(psqlRow(url, WAL_QUERY));
}

/** One row of a query against the benchmark's database by psql, its fields as text (null when psql fails). */
export function psqlRow(url: string, query: string): string[] | null {
  try {
    const out = execFileSync('psql', [url, '-X', '-Atc', query], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return out.trim().split('|');
  } catch {
    return null;
  }
}

/** psqlRow without holding up the caller: psql runs beside it (null when psql fails). */
function psqlRowBeside(url: string, query: string): Promise<string[] | null> {
  return new Promise((resolve) => {
    execFile('psql', [url, '-X', '-Atc', query], { encoding: 'utf8' }, (error, out) =>
      resolve(error ? null : out.trim().split('|')),
    );
  });
}

/**
 * Starts counting the WAL PostgreSQL writes (the whole cluster, like its CPU); the function it returns gives it
 * per 1,000 of what a run answered: records, kilobytes and flushes (the WAL's syncs to disk: a commit waits for
 * one, and commits close together share one). A figure of the work itself, the same however fast the machine is
 * that hour: what a change of schema or statement saves shows here exactly, where latency moves with the machine.
 */
export function walMeter(url: string): (answered: number, unit: string) => Record<string, number | null> {
  const from = walWritten(url);
  return (answered, unit) => walFigures(from, walWritten(url), answered, unit);
}

/**
 * walMeter for a window that starts inside a running load: its first reading does not hold up the load client
 * (psql runs beside it, and the WAL of the few milliseconds psql takes to connect is left out of the figures).
 */
export function walMeterBeside(
  url: string,
): (answered: number, unit: string) => Promise<Record<string, number | null>> {
  const from = psqlRowBeside(url, WAL_QUERY).then(walReadingOf);
  return async (answered, unit) => walFigures(await from, walWritten(url), answered, unit);
}

/** The WAL written between two readings, per 1,000 of what a run answered. */
function walFigures(
  from: WalReading | null,
  now: WalReading | null,
  answered: number,
  unit: string,
): Record<string, number | null> {
  const per1000 = (pick: (reading: WalReading) => number) =>
    from === null || now === null
      ? null
      : Number((((pick(now) - pick(from)) * 1000) / Math.max(1, answered)).toFixed(1));
  return {
    [`wal_records_per_1000_${unit}`]: per1000((reading) => reading.records),
    [`wal_kb_per_1000_${unit}`]: per1000((reading) => reading.bytes / 1024),
    [`wal_flushes_per_1000_${unit}`]: per1000((reading) => reading.syncs),
  };
}

/** The pid of the process listening on the server's port (0 if not found). */
export function serverProcess(serverUrl: string): number {
  const port = new URL(serverUrl).port;
  const listening = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
  return Number(/pid=(\d+)/.exec(listening)?.[1] ?? 0);
}

/** Server CPU below this share of a core, for REST_SECONDS in a row, is a server at rest. */
const REST_CPU_SHARE = 0.04;
const REST_SECONDS = 3;
/** The longest a bench waits for the server's start-up work (then it measures anyway, and says so). */
const REST_WAIT_MAX_MS = 180_000;

/**
 * Waits until the server has finished its start-up work before a measured run: a fresh database makes it fill
 * the race card, the draw schedule and the lottery calendar ahead, about a minute of listing markets, which a
 * server that has been up for a while no longer does. Measured on top of that, a run compared a server at
 * start-up with one at rest. Prints how long it waited.
 */
export async function serverAtRest(serverUrl: string): Promise<void> {
  const pid = serverProcess(serverUrl);
  if (pid === 0) return;
  const started = Date.now();
  let quietSeconds = 0;
  let last = cpuSeconds(pid);
  while (quietSeconds < REST_SECONDS) {
    if (Date.now() - started > REST_WAIT_MAX_MS) {
      console.error(`bench: the server was still busy after ${REST_WAIT_MAX_MS / 1000} s; measuring anyway`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = cpuSeconds(pid);
    quietSeconds = now - last < REST_CPU_SHARE ? quietSeconds + 1 : 0;
    last = now;
  }
  console.error(`bench: server at rest after ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
