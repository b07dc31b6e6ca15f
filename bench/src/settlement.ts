import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { machineLoadSince } from './machine-load';
import { postJson } from './load';
import { benchServer, cpuSeconds, createSoccerBook, operator, serverProcess } from './setup';

/** Open bets on the match whose result is timed; every tenth-digit 7, 8, 9 is a 3-leg mix parlay. */
const BETS = Number(process.env.BENCH_SETTLEMENT_BETS ?? 100_000);
/** Members the bets are spread over (about ten bets each, as a busy match would have). */
const MEMBERS = Number(process.env.BENCH_SETTLEMENT_MEMBERS ?? 10_000);
/** Each member's deposit in minor units: far above the ten stakes of at most 30.00 each. */
const DEPOSIT = 1_000_000n;
/** How long the settlement may take before the bench gives up waiting (the target is 20 s). */
const WAIT_LIMIT_MS = 600_000;

type Backoffice = Awaited<ReturnType<typeof operator>>;

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
  dropDatabase(baseUrl, name);
  execFileSync('psql', [baseUrl, '-X', '-q', '-c', `create database ${name}`]);
  // BENCH_PG_LOG_MS=n: the server logs this database's statements slower than n ms (durations, no
  // parameters); with BENCH_PG_EXPLAIN=1 their plans too, triggers (foreign-key checks) timed.
  const logMs = process.env.BENCH_PG_LOG_MS;
  if (logMs && /^\d+$/.test(logMs)) {
    const settings = [`log_min_duration_statement = ${logMs}`, 'log_parameter_max_length = 0'];
    if (process.env.BENCH_PG_EXPLAIN) {
      settings.push(
        `session_preload_libraries = 'auto_explain'`,
        `auto_explain.log_min_duration = ${logMs}`,
        'auto_explain.log_analyze = on',
        'auto_explain.log_triggers = on',
      );
    }
    for (const setting of settings) {
      execFileSync('psql', [baseUrl, '-X', '-q', '-c', `alter database ${name} set ${setting}`]);
    }
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function dropDatabase(baseUrl: string, name: string): void {
  execFileSync('psql', [baseUrl, '-X', '-q', '-c', `drop database if exists ${name} with (force)`]);
}

/** `npm run ledger:verify` against the bench database: the books' invariants, and the row counts. */
function verifyLedger(url: string): { ok: boolean; transfers: number; entries: number } {
  try {
    const out = execFileSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'],
      {
        env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error', SEED_DEMO: 'false', FEED: 'none' },
        encoding: 'utf8',
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const report = JSON.parse(out.slice(out.indexOf('{'))) as {
      ok: boolean;
      counts: { transfers: number; entries: number };
    };
    return { ok: report.ok, transfers: report.counts.transfers, entries: report.counts.entries };
  } catch {
    return { ok: false, transfers: 0, entries: 0 };
  }
}

/** The market ids of a match by kind ('hdp', 'ou', '1x2'), full time. */
function marketsOf(url: string, matchId: number): Record<string, number> {
  const out = psql(
    url,
    `select kind || ' ' || id from markets where match_id = :match and period = 'ft' order by id`,
    {
      match: String(matchId),
    },
  );
  const markets: Record<string, number> = {};
  for (const line of out.split('\n')) {
    const [kind = '', id = ''] = line.split(' ');
    markets[kind] ??= Number(id);
  }
  return markets;
}

/**
 * One member placing the template bets through the real placement path (so every column of a bet and its
 * legs is what the platform writes): the seven single selections of the timed match, and three mix parlays
 * with one leg on it and two on the other matches.
 */
async function placeTemplates(url: string, bo: Backoffice, template: string, matches: number[][]) {
  await bo('createaccount', {
    account_id: template,
    password: 'Bench123',
    parent_id: 'demoag',
    currency: 'MYR',
    commission_rate: '0.0025',
  });
  await bo('deposit', { account_id: template, amount: '10000', transfer_id: `bench:${template}` });
  const { reply } = await postJson(`${url}/api/authlogin`, { account_id: template, password: 'Bench123' });
  const info = (reply.member_profile as { player_info: [{ session_token: string }] }).player_info[0];
  const session = { account_id: template, session_token: info.session_token, odds_type: '4' };
  const [main = [], a = [], b = [], c = []] = matches;
  const pick = (market: number[], index: number, selection: string, odds: string) => ({
    market_id: market[index],
    selection,
    odds,
  });
  // Market index 0 = hdp -0.25 (1.95 / 1.93), 1 = ou 2.5 (2.02 / 1.86), 2 = 1x2 (2.40 / 3.30 / 3.00).
  const singles = [
    pick(main, 0, 'h', '1.95'),
    pick(main, 0, 'a', '1.93'),
    pick(main, 1, 'o', '2.02'),
    pick(main, 1, 'u', '1.86'),
    pick(main, 2, '1', '2.40'),
    pick(main, 2, 'x', '3.30'),
    pick(main, 2, '2', '3.00'),
  ];
  // The other matches end 2-0: home -0.25, under 2.5 and home win are all won before the timed result.
  const parlays = [
    [pick(main, 0, 'a', '1.93'), pick(a, 0, 'h', '1.95'), pick(b, 1, 'u', '1.86')],
    [pick(main, 1, 'u', '1.86'), pick(a, 2, '1', '2.40'), pick(c, 0, 'h', '1.95')],
    [pick(main, 2, '1', '2.40'), pick(b, 0, 'h', '1.95'), pick(c, 1, 'u', '1.86')],
  ];
  let n = 0;
  const place = async (name: string, body: object) => {
    n += 1;
    const { reply: placed } = await postJson(`${url}/api/bet/${name}`, {
      ...session,
      idempotency_key: `template-${n}`,
      ...body,
    });
    if (placed.status !== '1') throw new Error(`template bet refused: ${JSON.stringify(placed)}`);
  };
  for (const single of singles) await place('betsingle', { ...single, stake: '10' });
  for (const picks of parlays) await place('betparlay', { picks, stake: '10' });
  return { singles: singles.length, parlays: parlays.length };
}

/**
 * MEMBERS copies of the template member and BETS copies of its bets, set-wise on the server: accounts,
 * ledger accounts and a deposit each; then per bet its stake transfer, the two entries, the open
 * reservation, the bet and its legs, and every member's available and outstanding balances moved by the
 * sum of their stakes. Exactly what placement writes, so the ledger check before settlement must pass.
 */
function cloneBook(url: string, template: string, prefix: string, templates: { singles: number }): void {
  const script = `
    create temp table tpl_member as select * from accounts where account_id = :'tpl';
    create temp table mem as
    with ins as (
      insert into accounts (account_id, level, parent_id, path, brand_id, password_hash, state, commission_rate,
        comm_type, operator_type, currency, member_type, nickname, given_credit, features, settings)
      select :'prefix' || g, t.level, t.parent_id, '/', t.brand_id, t.password_hash, t.state, t.commission_rate,
        t.comm_type, t.operator_type, t.currency, t.member_type, null, 0, t.features, t.settings
      from tpl_member t, generate_series(0, :members - 1) g
      returning id, currency)
    select row_number() over (order by id) - 1 as n, id, currency from ins;
    update accounts a set path = regexp_replace(t.path, '[0-9]+/$', '') || a.id || '/'
      from mem n, tpl_member t where a.id = n.id;
    -- available before outstanding: lower ids, the order the ledger locks them in
    insert into ledger_accounts (owner_pk, kind, currency, balance, allow_negative, rollup)
      select id, 'available', currency, :deposit, false, false from mem order by id;
    insert into ledger_accounts (owner_pk, kind, currency, balance, allow_negative, rollup)
      select id, 'outstanding', currency, 0, false, false from mem order by id;
    create temp table acct as
      select m.n, m.id, m.currency, av.id as available_id, os.id as outstanding_id
      from mem m
      join ledger_accounts av on av.owner_pk = m.id and av.kind = 'available'
      join ledger_accounts os on os.owner_pk = m.id and os.kind = 'outstanding';
    with tr as (
      insert into transfers (transfer_id, kind, currency, amount, ref, owner_pk)
      select 'bench:' || :'prefix' || n, 'deposit', currency, :deposit, null, id from acct
      returning id, owner_pk)
    insert into entries (transfer_pk, ledger_account_id, amount)
      select tr.id, c.id, -:deposit from tr join acct a on a.id = tr.owner_pk
        join ledger_accounts c on c.owner_pk is null and c.kind = 'cash' and c.currency = a.currency
      union all
      select tr.id, a.available_id, :deposit from tr join acct a on a.id = tr.owner_pk;

    create temp table tpl_bet as
      select row_number() over (order by b.id) - 1 as n, b.*
      from bets b join tpl_member t on t.id = b.account_pk;
    -- Bet g: member g % members; templates 0..singles-1 are singles, the rest parlays (g % 10 >= 7).
    create temp table clone as
      select g, a.id as account_pk, a.currency, a.available_id, a.outstanding_id, t.id as tpl_id,
        (1000 + (g % 9) * 250)::bigint as stake,
        :'prefix' || 'b' || g as ref_no, 'bench-stake:' || :'prefix' || g as reservation_id
      from generate_series(0, :bets - 1) g
      join acct a on a.n = g % :members
      join tpl_bet t on t.n = case when g % 10 < :singles then g % 10 % :singles
        else :singles + (g % 10 - :singles) % ((select count(*) from tpl_bet) - :singles) end;
    create temp table stake_tr as
    with ins as (
      insert into transfers (transfer_id, kind, currency, amount, ref, owner_pk)
      select reservation_id, 'stake', currency, stake, ref_no, account_pk from clone order by g
      returning id, transfer_id)
    select * from ins;
    insert into entries (transfer_pk, ledger_account_id, amount)
      select s.id, c.available_id, -c.stake from clone c join stake_tr s on s.transfer_id = c.reservation_id
      union all
      select s.id, c.outstanding_id, c.stake from clone c join stake_tr s on s.transfer_id = c.reservation_id;
    insert into reservations (transfer_pk, owner_pk, currency, amount, state)
      select s.id, c.account_pk, c.currency, c.stake, 'open'
      from clone c join stake_tr s on s.transfer_id = c.reservation_id;
    update ledger_accounts l set balance = l.balance + d.delta
    from (
      select available_id as id, -sum(stake) as delta from clone group by available_id
      union all
      select outstanding_id, sum(stake) from clone group by outstanding_id) d
    where l.id = d.id;

    create temp table new_bet as
    with ins as (
      insert into bets (created_at, ref_no, account_pk, idempotency_key, request_hash, kind, status, currency,
        odds_type, odds, stake, risk, max_payout, fold_sizes, combinations, live, accept_at, reservation_id)
      select now(), c.ref_no, c.account_pk, c.ref_no, t.request_hash, t.kind, 'running', c.currency,
        t.odds_type, t.odds, c.stake, c.stake, t.max_payout * c.stake / t.stake, t.fold_sizes, t.combinations,
        false, null, c.reservation_id
      from clone c join tpl_bet t on t.id = c.tpl_id order by c.g
      returning id, ref_no)
    select * from ins;
    insert into bet_legs (bet_id, leg_no, match_id, market_id, sport_id, kind, period, line, selection, format,
        odds, decimal_odds, live, home_score, away_score, live_period, red_cards, mm_favourite, match_seq)
      select nb.id, l.leg_no, l.match_id, l.market_id, l.sport_id, l.kind, l.period, l.line, l.selection,
        l.format, l.odds, l.decimal_odds, l.live, l.home_score, l.away_score, l.live_period, l.red_cards,
        l.mm_favourite, l.match_seq
      from clone c join new_bet nb on nb.ref_no = c.ref_no join bet_legs l on l.bet_id = c.tpl_id;
    analyze;
  `;
  psql(url, script, {
    tpl: template,
    prefix,
    members: String(MEMBERS),
    bets: String(BETS),
    deposit: String(DEPOSIT),
    singles: String(templates.singles),
  });
}

/**
 * What the timed part cost in CPU, the server process and the database's backends apart: on a machine shared
 * with other work the wall time is noisy, the CPU spent much less so. With how loaded the whole machine was
 * (machineLoadSince), to read the wall time against.
 */
function cpuMeter(url: string, serverUrl: string) {
  const serverPid = serverProcess(serverUrl);
  const backends = () =>
    psql(
      url,
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
      .split('\n')
      .filter(Boolean)
      .map(Number);
  const snapshot = () => {
    const pids = new Map(backends().map((pid) => [pid, cpuSeconds(pid)]));
    return { server: serverPid ? cpuSeconds(serverPid) : 0, pids };
  };
  const start = snapshot();
  const machineLoad = machineLoadSince();
  return () => {
    const end = snapshot();
    let database = 0;
    for (const [pid, seconds] of end.pids) database += seconds - (start.pids.get(pid) ?? 0);
    return {
      server_cpu_seconds: Number((end.server - start.server).toFixed(2)),
      database_cpu_seconds: Number(database.toFixed(2)),
      ...machineLoad(),
    };
  };
}

/** Polls until the settlement job of this match's result is done; answers its queue row. */
async function waitForSettlement(url: string, matchId: number) {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const out = psql(
      url,
      `select coalesce(extract(epoch from done_at - created_at)::text, 'running') || '|' || settled_bets
       from settlement_queue where match_id = :match and reason = 'result' order by id desc limit 1`,
      { match: String(matchId) },
    );
    const [seconds = 'running', settled = '0'] = out.split('|');
    if (out !== '' && seconds !== 'running') return { seconds: Number(seconds), settled: Number(settled) };
    if (Date.now() > deadline) throw new Error(`settlement of match ${matchId} not done in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * BENCH_SETTLEMENT_GATE=path (paired A/B runs): says ready (path.<pid>.ready), then waits until the file at path
 * exists, for WAIT_LIMIT_MS at most.
 */
async function passGate(gate: string | undefined): Promise<void> {
  if (!gate) return;
  writeFileSync(`${gate}.${process.pid}.ready`, '');
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (!existsSync(gate)) {
    if (Date.now() > deadline) throw new Error(`the gate ${gate} never opened`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until every queued job is done (the untimed results of the parlays' other matches). */
async function waitForQueue(url: string): Promise<void> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  while (psql(url, 'select count(*) from settlement_queue where done_at is null') !== '0') {
    if (Date.now() > deadline) throw new Error('settlement queue not drained in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `npm run bench -- settlement` (PostgreSQL only): BETS open bets on one match (singles on every AH, O/U and
 * 1X2 selection and 3-leg mix parlays whose other legs are already won), then the result published through
 * the trading API and the time from the result's commit to the settlement job's end (the queue row's
 * created_at to done_at, every ledger write inside it), with the ledger checked before and after.
 */
export async function settlementBench(): Promise<object[]> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl?.startsWith('postgres')) {
    return [{ name: 'settlement', skipped: 'needs DATABASE_URL=postgres://... (a PostgreSQL server)' }];
  }
  const dbName = `sb_bench_settlement_${process.pid}`;
  const url = freshDatabase(baseUrl, dbName);
  const server = await benchServer({ FEED: 'none', DATABASE_URL: url, LIVE_ACCEPT_DELAY_MS: '0' });
  try {
    const setupStarted = Date.now();
    const session = await operator(server.url);
    // The ledger check takes minutes at this size: a keep-alive connection the server closed meanwhile fails
    // the next call once (fetch does not retry a POST); the calls below are safe to repeat.
    const bo: Backoffice = async (name, body) => {
      try {
        return await session(name, body);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        return session(name, body);
      }
    };
    const ids = await createSoccerBook(server.url, 4);
    const matches = ids.map((id) => {
      const markets = marketsOf(url, id);
      return [markets.hdp ?? 0, markets.ou ?? 0, markets['1x2'] ?? 0];
    });
    const run = Date.now().toString(36);
    const template = `t${run}`;
    const templates = await placeTemplates(server.url, bo, template, matches);
    const cloneStarted = Date.now();
    cloneBook(url, template, `s${run}`, templates);
    const cloneSeconds = (Date.now() - cloneStarted) / 1000;
    const before = verifyLedger(url);
    const [main = 0, ...others] = ids;
    for (const id of others) {
      await bo('trade/result', { match_id: id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 0 } });
    }
    await waitForQueue(url);
    const open = Number(
      psql(
        url,
        `select count(*) from bets b where b.status = 'running'
           and exists (select 1 from bet_legs l where l.bet_id = b.id and l.match_id = :match)`,
        { match: String(main) },
      ),
    );
    const setupSeconds = (Date.now() - setupStarted) / 1000;

    await passGate(process.env.BENCH_SETTLEMENT_GATE);
    // Timed: 1-1 settles every outcome kind: AH -0.25 half lost / half won, under won, the draw won.
    const meter = cpuMeter(url, server.url);
    const posted = Date.now();
    await bo('trade/result', { match_id: main, ht: { home: 0, away: 1 }, ft: { home: 1, away: 1 } });
    const job = await waitForSettlement(url, main);
    const wallSeconds = (Date.now() - posted) / 1000;
    const cpu = meter();

    const after = verifyLedger(url);
    // Settlement keeps the win/loss report's daily sums in step: their totals are the settled bets' own.
    const reportDays = psql(
      url,
      `select (select row(sum(bets), sum(turnover), sum(valid_turnover), sum(win_loss), sum(commission),
           sum(wl_operator + wl_shareholder + wl_super_senior + wl_senior + wl_master + wl_agent),
           sum(comm_operator + comm_shareholder + comm_super_senior + comm_senior + comm_master + comm_agent))
         from report_days where product = 'sportsbook')
       = (select row(count(*), sum(b.risk), sum(b.valid_turnover), sum(b.win_loss), sum(b.commission),
           (select sum(s.win_loss) from bets x join bet_shares s on s.bet_id = x.id and s.settle_gen = x.settle_gen
             where x.settled_at is not null and x.cancelled_at is null),
           (select sum(s.commission) from bets x join bet_shares s on s.bet_id = x.id and s.settle_gen = x.settle_gen
             where x.settled_at is not null and x.cancelled_at is null))
         from bets b where b.settled_at is not null and b.cancelled_at is null)`,
    );
    const statuses = psql(
      url,
      `select string_agg(status || '=' || n, ' ' order by status) from (
         select b.status, count(*) as n from bets b
         where exists (select 1 from bet_legs l where l.bet_id = b.id and l.match_id = :match)
         group by b.status) s`,
      { match: String(main) },
    );
    const database = 'postgres';
    return [
      {
        name: 'settlement.setup',
        bets: BETS,
        members: MEMBERS,
        open_before: open,
        seconds: setupSeconds,
        bulk_insert_seconds: cloneSeconds,
        ledger_verify_before: before.ok ? 'ok' : 'FAILED',
        database,
      },
      {
        name: 'settlement.result_to_last_ledger_write',
        bets: open,
        settled_bets: job.settled,
        seconds: Number(job.seconds.toFixed(3)),
        bets_per_second: Math.round(open / job.seconds),
        wall_seconds_post_to_seen_done: Number(wallSeconds.toFixed(3)),
        ...cpu,
        load_average_1m: Number(loadavg()[0]?.toFixed(2)),
        target_seconds: 20,
        met: job.seconds <= 20,
        database,
      },
      {
        name: 'settlement.after',
        statuses,
        ledger_verify_after: after.ok ? 'ok' : 'FAILED',
        report_days_match_bets: reportDays === 't' ? 'ok' : 'FAILED',
        transfers: after.transfers,
        entries: after.entries,
        database,
      },
    ];
  } catch (error) {
    console.error(`settlement bench failed; the server said:\n${server.output().slice(-4000)}`);
    throw error;
  } finally {
    await server.stop();
    if (!process.env.BENCH_KEEP_DB) dropDatabase(baseUrl, dbName);
  }
}
