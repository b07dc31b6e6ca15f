import { PGlite } from '@electric-sql/pglite';
import { crashMultiplierAt } from '@sb/domain';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../../apps/server/src/app';
import { LocalBus } from '../../apps/server/src/bus/bus';
import { parseConfig } from '../../apps/server/src/config';
import type { AppContext } from '../../apps/server/src/context';
import { openDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { MemoryLimitStore } from '../../apps/server/src/lib/limits';
import { AuditService } from '../../apps/server/src/modules/audit/service';
import { LedgerService } from '../../apps/server/src/modules/ledger/service';
import type { Outgoing, PushSocket } from '../../apps/server/src/push/hub';
import { percentile } from './load';

/** Players in the one round, each betting 10.00; half cash out by hand at a random multiplier, half automatically. */
const PLAYERS = Number(process.env.BENCH_CRASH_PLAYERS ?? 2_000);
/** The lowest crash point the measured round must reach, so the cash-outs spread over a real flight. */
const MIN_CRASH = 300;
/** Manual cash-outs in flight at once (a client's pace; the server takes them in its transactions). */
const CONCURRENCY = 50;
const STEP_MS = 100;
const MAX_ROUNDS_TO_FIND = 200;

/** A deterministic generator (the bench's players' choices, not a game outcome). */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

async function openBenchDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return openDatabase({ kind: 'postgres', url, poolSize: 20 });
  const pglite = await PGlite.create('memory://');
  const handle = await openDatabase({ kind: 'pglite-instance', pglite });
  return { ...handle, close: async () => (await handle.close(), await pglite.close()) };
}

/** `count` cash members copied from demomyr (accounts, ledger accounts with a deposit, sessions), set-based. */
async function makePlayers(
  ctx: AppContext,
  count: number,
): Promise<{ account_id: string; session_token: string }[]> {
  const deposit = 100_000n;
  await ctx.db.transaction().execute(async (trx) => {
    await sql`create temp table bench_players on commit drop as
      with t as (select * from accounts where account_id = 'demomyr')
      select nextval(pg_get_serial_sequence('accounts', 'id')) as id, 'crash' || g as account_id, t.currency
      from t, generate_series(0, ${count - 1}) g`.execute(trx);
    await sql`insert into accounts (id, account_id, level, parent_id, path, brand_id, password_hash, state,
        commission_rate, comm_type, operator_type, currency, member_type, nickname, given_credit, features, settings)
      select n.id, n.account_id, t.level, t.parent_id, regexp_replace(t.path, '[0-9]+/$', '') || n.id || '/',
        t.brand_id, t.password_hash, t.state, t.commission_rate, t.comm_type, t.operator_type, t.currency,
        t.member_type, null, 0, t.features, t.settings
      from bench_players n, accounts t where t.account_id = 'demomyr'`.execute(trx);
    await sql`insert into ledger_accounts (owner_pk, kind, currency, balance, allow_negative, rollup)
      select id, 'available', currency, ${deposit}, false, false from bench_players order by id`.execute(trx);
    await sql`insert into ledger_accounts (owner_pk, kind, currency, balance, allow_negative, rollup)
      select id, 'outstanding', currency, 0, false, false from bench_players order by id`.execute(trx);
    await sql`with tr as (
        insert into transfers (transfer_id, kind, currency, amount, ref, owner_pk)
        select 'bench:' || account_id, 'deposit', currency, ${deposit}, null, id from bench_players
        returning id, owner_pk, currency)
      insert into entries (transfer_pk, ledger_account_id, amount)
        select tr.id, c.id, -${deposit}::bigint from tr
          join ledger_accounts c on c.owner_pk is null and c.kind = 'cash' and c.currency = tr.currency
        union all
        select tr.id, a.id, ${deposit}::bigint from tr
          join ledger_accounts a on a.owner_pk = tr.owner_pk and a.kind = 'available' and a.currency = tr.currency`.execute(
      trx,
    );
    // Sessions keep the token's SHA-256 only; the token itself is derived again below.
    await sql`insert into sessions (token_hash, account_pk, kind, expires_at, profile_version_seen)
      select encode(sha256(convert_to(md5('crash-bench' || n.id), 'UTF8')), 'hex'), n.id, 'member',
        now() + interval '12 hours', a.profile_version
      from bench_players n join accounts a on a.id = n.id`.execute(trx);
  });
  const rows = await sql<{ account_id: string; token: string }>`
    select a.account_id, md5('crash-bench' || a.id) as token from sessions s join accounts a on a.id = s.account_pk
    where a.account_id like 'crash%' order by a.id`.execute(ctx.db);
  return rows.rows.map((r) => ({ account_id: r.account_id, session_token: r.token }));
}

/**
 * `npm run bench -- crash`: PLAYERS members in one crash round (in process, on PGlite or DATABASE_URL), each
 * watching the round on a socket of the push hub. Half cash out by hand at a random multiplier while the round
 * flies, half set an automatic target (paid in flight when reached, or at the bust). Prints the time from the
 * bust to the last ledger write (the bust's settlement), the hand cash-outs' latency, and the push latency
 * from an event's publication to its write on every socket (p50/p99).
 */
export async function crashBench(): Promise<object[]> {
  const handle = await openBenchDatabase();
  await migrateToLatest(handle.db, handle.schema);
  // The round's clock moves only by the bench's own jumps (bets may take longer than a betting window).
  const base = Date.now();
  let offset = 0;
  const config = parseConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'bench-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    REQUESTS_PER_SECOND: '100000',
    OWN_GAMES_TIMERS: 'false',
    CRASH_BETTING_MS: '5000',
  });
  // Push latency in real time: from the engine's publication on the bus to the write on each socket.
  // Messages with the same text (two cash-outs at the same multiplier) queue their times in publication order;
  // the hub frames a message once for all its sockets, so each framed message takes the oldest time once.
  const publishedAt = new Map<string, number[]>();
  const framedAt = new WeakMap<Outgoing, number>();
  const bus = new (class extends LocalBus {
    override async publish(channel: string, message: string): Promise<void> {
      const times = publishedAt.get(message) ?? [];
      if (times.length < 10_000) times.push(performance.now());
      publishedAt.set(message, times);
      return super.publish(channel, message);
    }
  })();
  const publicationOf = (message: Outgoing): number | undefined => {
    let at = framedAt.get(message);
    if (at === undefined) {
      at = publishedAt.get(message.text)?.shift();
      if (at !== undefined) framedAt.set(message, at);
    }
    return at;
  };
  const ctx: AppContext = {
    config,
    secret: config.secret ?? 'unused',
    db: handle.db,
    walletDb: handle.walletDb,
    dbKind: handle.kind,
    ledger: new LedgerService(),
    audit: new AuditService(),
    limits: new MemoryLimitStore(() => Date.now()),
    bus,
    now: () => new Date(base + offset),
    log: pino({ level: 'silent' }),
  };
  const { app, services } = await buildApp(ctx, { logger: false });
  await seedDemo(ctx, 'Demo');
  const players = await makePlayers(ctx, PLAYERS);

  // Every player watches the round: a socket each on the hub, timing each tick and bust it is written.
  const pushLatencies: number[] = [];
  for (let i = 0; i < players.length; i += 1) {
    const socket: PushSocket = {
      bufferedAmount: 0,
      close: () => undefined,
      push: (messages: Outgoing[]) => {
        const at = performance.now();
        for (const message of messages) {
          const published = publicationOf(message);
          if (published !== undefined) pushLatencies.push(at - published);
        }
      },
    };
    services.hub.add(socket);
    services.hub.subscribe(socket, ['game:crash']);
  }

  // A round that flies high enough for the cash-outs to spread (lower ones are flown and busted first).
  let round = null;
  for (let attempt = 0; attempt < MAX_ROUNDS_TO_FIND && !round; attempt += 1) {
    await services.crash.tick();
    const live = await ctx.db
      .selectFrom('crash_rounds')
      .selectAll()
      .where('status', '<>', 'busted')
      .executeTakeFirstOrThrow();
    if (live.crash_point >= MIN_CRASH) round = live;
    else {
      offset += live.bust_at.getTime() - ctx.now().getTime() + 1;
      await services.crash.tick();
      await services.crash.tick();
    }
  }
  if (!round) throw new Error('no round reached the minimum crash point');
  const random = lcg(7);
  const plans = players.map((player, i) => {
    const target = 101 + Math.floor(random() * (round.crash_point * 1.2 - 101));
    return { player, manual: i % 2 === 0, target };
  });
  const betStart = performance.now();
  for (let i = 0; i < plans.length; i += CONCURRENCY) {
    await Promise.all(
      plans.slice(i, i + CONCURRENCY).map(async ({ player, manual, target }) => {
        const reply = await services.crash.bet({
          ...player,
          stake: '10.00',
          ...(manual ? {} : { auto_cashout: (target / 100).toFixed(2) }),
        });
        if (reply.bet.status !== 'open') throw new Error('bet not taken');
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
  const betMs = performance.now() - betStart;

  // The flight, in 100 ms steps of the round's clock: autos paid as they are reached, hand cash-outs sent.
  offset += round.starts_at.getTime() - ctx.now().getTime();
  await services.crash.tick();
  const manualLatencies: number[] = [];
  let refused = 0;
  const pending = plans.filter((p) => p.manual).sort((a, b) => a.target - b.target);
  let next = 0;
  for (let step = 0; step < 100_000 && ctx.now() < round.bust_at; step += 1) {
    const multiplier = crashMultiplierAt(ctx.now().getTime() - round.starts_at.getTime());
    const due: typeof pending = [];
    while (next < pending.length && (pending[next]?.target ?? Infinity) <= multiplier)
      due.push(pending[next++]!);
    for (let i = 0; i < due.length; i += CONCURRENCY) {
      await Promise.all(
        due.slice(i, i + CONCURRENCY).map(async ({ player }) => {
          const start = performance.now();
          try {
            await services.crash.cashout({ ...player, round_id: Number(round.id) });
            manualLatencies.push(performance.now() - start);
          } catch {
            refused += 1;
          }
        }),
      );
      await new Promise((resolve) => setImmediate(resolve));
    }
    await services.crash.tick();
    // A turn of the event loop, as a server between requests has: the hub writes to sockets on setImmediate,
    // which a loop of database promises alone would starve (that would time the bench, not the push).
    await new Promise((resolve) => setImmediate(resolve));
    offset += Math.min(STEP_MS, round.bust_at.getTime() - ctx.now().getTime());
  }
  // The bust: the tick busts the round and settles every bet left (autos at their target, the rest lost).
  const bustStart = performance.now();
  await services.crash.tick();
  const bustToLastWriteMs = performance.now() - bustStart;
  await new Promise((resolve) => setImmediate(resolve));
  const settled = await ctx.db
    .selectFrom('minigame_rounds')
    .select(['status', sql<string>`count(*)::text`.as('n')])
    .where('crash_round_id', '=', String(round.id))
    .groupBy('status')
    .execute();
  const verify = await ctx.ledger.verify(ctx.db);
  const sortedPush = [...pushLatencies].sort((a, b) => a - b);
  const sortedManual = [...manualLatencies].sort((a, b) => a - b);
  await app.close();
  await handle.close();
  return [
    {
      bench: 'crash',
      database: handle.kind,
      players: PLAYERS,
      crash_point: (round.crash_point / 100).toFixed(2),
      bets_ms: Math.round(betMs),
      bust_to_last_ledger_write_ms: Math.round(bustToLastWriteMs),
      manual_cashouts: manualLatencies.length,
      manual_refused: refused,
      manual_cashout_ms_p50: Math.round(percentile(sortedManual, 50)),
      manual_cashout_ms_p99: Math.round(percentile(sortedManual, 99)),
      push_messages: pushLatencies.length,
      push_latency_ms_p50: Number(percentile(sortedPush, 50).toFixed(2)),
      push_latency_ms_p99: Number(percentile(sortedPush, 99).toFixed(2)),
      bets: Object.fromEntries(settled.map((row) => [row.status, Number(row.n)])),
      ledger_ok: verify.ok,
    },
  ];
}
