import { execFileSync } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
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
import { seedSports } from '../../apps/server/src/modules/feed/start';
import { AuditService } from '../../apps/server/src/modules/audit/service';
import { LedgerService } from '../../apps/server/src/modules/ledger/service';
import { demoTotpSecret } from '../../apps/server/src/db/demo-totp';
import { totpCode } from '../../apps/server/src/lib/totp';

/** Rooms settled in the timed run, and players in each (the spec's maximum). */
const ROOMS = Number(process.env.BENCH_TOURNAMENT_ROOMS ?? 1_000);
const PLAYERS = 30;
const MATCHES = 3;
/** Entry fee in minor units (10.00), and each player's deposit: enough for every room. */
const FEE = 1_000n;
const DEPOSIT = FEE * BigInt(ROOMS) * 2n;
/** Lifecycle passes the bench may run before it gives up (each pass takes up to 50 rooms). */
const MAX_PASSES = 10_000;
const BENCH_DATABASE = 'bench_tournament';

async function openBenchDatabase(): Promise<DatabaseHandle> {
  const base = process.env.DATABASE_URL;
  if (base) {
    execFileSync('psql', [base, '-X', '-q', '-c', `drop database if exists ${BENCH_DATABASE} with (force)`]);
    execFileSync('psql', [base, '-X', '-q', '-c', `create database ${BENCH_DATABASE}`]);
    const url = new URL(base);
    url.pathname = `/${BENCH_DATABASE}`;
    return openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  }
  const pglite = await PGlite.create('memory://');
  const handle = await openDatabase({ kind: 'pglite-instance', pglite });
  return { ...handle, close: async () => (await handle.close(), await pglite.close()) };
}

type Inject = (path: string, body: object, token?: string) => Promise<Record<string, unknown>>;

/** Three matches of the trading desk two hours ahead, each with its handicap and over/under. */
async function matches(call: Inject, operatorToken: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < MATCHES; i += 1) {
    const created = await call(
      '/bo/trade/creatematch',
      {
        sport_id: 1,
        league: 'Bench Rooms',
        home: `Room Home ${i}`,
        away: `Room Away ${i}`,
        kickoff: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      },
      operatorToken,
    );
    const id = Number(created.match_id);
    await call(
      '/bo/trade/market',
      { match_id: id, kind: 'hdp', line: '-0.5', prices: { h: '1.95', a: '2.10' } },
      operatorToken,
    );
    await call(
      '/bo/trade/market',
      { match_id: id, kind: 'ou', line: '2.5', prices: { o: '1.90', u: '1.95' } },
      operatorToken,
    );
    ids.push(id);
  }
  return ids;
}

/**
 * ROOMS - 1 copies of the template room, set-wise: room, matches, entries, picks, and each entry's fee as the
 * ledger writes it (a transfer 'tour:fee:<room>:<member>' with the template's two entries, the member's
 * available balance down). `npm run ledger:verify`'s checks at the end prove the copied books.
 */
async function cloneRooms(ctx: AppContext, template: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await sql`create temp table bench_rooms on commit drop as
      select nextval(pg_get_serial_sequence('tournament_rooms', 'id')) as id
      from generate_series(1, ${ROOMS - 1})`.execute(trx);
    await sql`insert into tournament_rooms (id, owner_pk, type, is_virtual, currency, entry_fee, room_limit,
        pin_hash, status, first_kickoff, last_join_time, last_betting_time, operator_fee_bps, free_prize, players)
      select b.id, t.owner_pk, t.type, t.is_virtual, t.currency, t.entry_fee, t.room_limit, t.pin_hash, t.status,
        t.first_kickoff, t.last_join_time, t.last_betting_time, t.operator_fee_bps, t.free_prize, t.players
      from bench_rooms b, tournament_rooms t where t.id = ${template}`.execute(trx);
    await sql`insert into tournament_room_matches (room_id, match_id, position)
      select b.id, m.match_id, m.position from bench_rooms b, tournament_room_matches m
      where m.room_id = ${template}`.execute(trx);
    await sql`insert into tournament_entries (room_id, member_pk, ip, joined_at)
      select b.id, e.member_pk, e.ip, e.joined_at from bench_rooms b, tournament_entries e
      where e.room_id = ${template}`.execute(trx);
    await sql`insert into tournament_picks (room_id, member_pk, match_id, kind, market_id, line, selection, price,
        changed_at)
      select b.id, p.member_pk, p.match_id, p.kind, p.market_id, p.line, p.selection, p.price, p.changed_at
      from bench_rooms b, tournament_picks p where p.room_id = ${template}`.execute(trx);
    await sql`with tpl as (
        select t.id, t.owner_pk, t.currency, t.amount, t.kind from transfers t
        where t.transfer_id like ${`tour:fee:${template}:%`}),
      tr as (
        insert into transfers (transfer_id, kind, currency, amount, ref, owner_pk)
        select 'tour:fee:' || b.id || ':' || tpl.owner_pk, tpl.kind, tpl.currency, tpl.amount, 'room:' || b.id,
          tpl.owner_pk
        from bench_rooms b, tpl
        returning id, owner_pk)
      insert into entries (transfer_pk, ledger_account_id, amount)
        select tr.id, e.ledger_account_id, e.amount from tr
        join tpl on tpl.owner_pk = tr.owner_pk
        join entries e on e.transfer_pk = tpl.id`.execute(trx);
    await sql`update ledger_accounts la set balance = la.balance - t.amount * ${ROOMS - 1}
      from transfers t
      where t.transfer_id like ${`tour:fee:${template}:%`} and la.owner_pk = t.owner_pk
        and la.kind = 'available' and la.currency = t.currency`.execute(trx);
  });
}

/**
 * `npm run bench -- tournament`: ROOMS paid rooms of 30 players over the same three matches (in process, on
 * PGlite or a fresh database beside DATABASE_URL). The template room is created, picked and joined through the
 * real calls; the rest are copies. Timed: from the last result to the last prize paid, the room lifecycle
 * (the `tournament-rooms` job's pass, scoring each room with the domain's settlement rules, ranking, paying the
 * prizes and the operator's fee through the ledger). Prints rooms/s and checks the books.
 */
export async function tournamentBench(): Promise<object[]> {
  const handle = await openBenchDatabase();
  await migrateToLatest(handle.db, handle.schema);
  const config = parseConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'bench-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    REQUESTS_PER_SECOND: '100000',
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    OWN_GAMES_TIMERS: 'false',
    TOURNAMENT_PAYOUT_DELAY_MS: '0',
    // The bench drives the passes itself.
    TOURNAMENT_INTERVAL_MS: '600000',
  });
  let offset = 0;
  const ctx: AppContext = {
    config,
    secret: config.secret ?? 'unused',
    db: handle.db,
    walletDb: handle.walletDb,
    dbKind: handle.kind,
    ledger: new LedgerService(),
    audit: new AuditService(),
    limits: new MemoryLimitStore(() => Date.now()),
    bus: new LocalBus(),
    now: () => new Date(Date.now() + offset),
    log: pino({ level: 'silent' }),
  };
  // The sports before the app, so its snapshot loads them (the feed does this at start).
  await seedSports(ctx);
  const { app, services } = await buildApp(ctx, { logger: false });
  try {
    await seedDemo(ctx, 'Demo');
    const call: Inject = async (path, body, token) => {
      const reply = await app.inject({
        method: 'POST',
        url: path,
        payload: body,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      const json = reply.json<Record<string, unknown>>();
      if (json.status !== '1') throw new Error(`${path}: ${reply.body}`);
      return json;
    };
    // The demo seeds' current codes (operator and agent are two logins: one code each).
    const signIn = async (accountId: string) =>
      String(
        (
          await call('/bo/login', {
            account_id: accountId,
            password: 'Demo1234',
            code: totpCode(demoTotpSecret(accountId), new Date()),
          })
        ).token,
      );
    const operator = await signIn('demoop');
    const agent = await signIn('demoag');
    const matchIds = await matches(call, operator);

    // Thirty players with their picks (a spread of sides, so the ranking has ties to break) in one room.
    const sessions: { account_id: string; session_token: string }[] = [];
    for (let i = 0; i < PLAYERS; i += 1) {
      const id = `benchroom${i}`;
      await call('/bo/createaccount', { account_id: id, password: 'Bench123', currency: 'MYR' }, agent);
      await call(
        '/bo/deposit',
        { account_id: id, amount: String(DEPOSIT / 100n), transfer_id: `b-${id}` },
        agent,
      );
      const login = await call('/api/authlogin', { account_id: id, password: 'Bench123' });
      const profile = login.member_profile as { player_info: [{ session_token: string }] };
      sessions.push({ account_id: id, session_token: profile.player_info[0].session_token });
    }
    const owner = sessions[0];
    if (!owner) throw new Error('no players');
    const created = await call('/tournament/roomcreate', {
      ...owner,
      type: 1,
      rate: String(FEE / 100n),
      room_limit: String(PLAYERS),
      terms: true,
      matches: matchIds,
    });
    const template = Number(created.roomid);
    for (const [i, session] of sessions.entries()) {
      const sides = matchIds.map((id, m) => ({ match_id: id, selection: (i >> m) % 2 === 0 ? 'h' : 'a' }));
      await call('/tournament/bet', { ...session, roomid: template, picks: sides });
      const totals = matchIds.map((id, m) => ({
        match_id: id,
        selection: (i >> (m + 1)) % 2 === 0 ? 'o' : 'u',
      }));
      await call('/tournament/betplus', { ...session, roomid: template, picks: totals });
      await call('/tournament/roomjoin', { ...session, roomid: template });
    }
    await cloneRooms(ctx, template);

    // Kick-off: every room stops betting and goes active; then the results, the last one timed.
    offset += 2 * 3_600_000 + 60_000;
    for (let pass = 0; pass < MAX_PASSES && (await services.rooms.runDue()) > 0; pass += 1);
    const scores: [number, number][] = [
      [2, 0],
      [1, 1],
      [0, 3],
    ];
    for (const [i, id] of matchIds.slice(0, -1).entries()) {
      const [home, away] = scores[i] ?? [0, 0];
      await call(
        '/bo/trade/result',
        { match_id: id, ht: { home: 0, away: 0 }, ft: { home, away } },
        operator,
      );
    }
    for (let pass = 0; pass < MAX_PASSES && (await services.rooms.runDue()) > 0; pass += 1);

    const last = matchIds[matchIds.length - 1];
    const [home, away] = scores[MATCHES - 1] ?? [0, 0];
    const started = performance.now();
    await call(
      '/bo/trade/result',
      { match_id: last, ht: { home: 0, away: 0 }, ft: { home, away } },
      operator,
    );
    await services.rooms.matchChanged(Number(last));
    let passes = 0;
    while (passes < MAX_PASSES && (await services.rooms.runDue()) > 0) passes += 1;
    const seconds = (performance.now() - started) / 1000;

    const counts = await sql<{ status: string; n: string }>`
      select status, count(*)::text as n from tournament_rooms group by status`.execute(ctx.db);
    const closed = Number(counts.rows.find((row) => row.status === '1')?.n ?? 0);
    const prizes = await sql<{ n: string }>`
      select count(*)::text as n from transfers where kind = 'tournament_prize'`.execute(ctx.db);
    const books = await ctx.ledger.verify(ctx.db);
    return [
      {
        bench: 'tournament',
        database: handle.kind === 'postgres' ? 'postgres' : 'pglite',
        rooms: ROOMS,
        players_per_room: PLAYERS,
        rooms_closed: closed,
        prizes_paid: Number(prizes.rows[0]?.n ?? 0),
        lifecycle_passes: passes,
        seconds_last_result_to_last_prize: Number(seconds.toFixed(2)),
        rooms_per_second: Number((closed / seconds).toFixed(1)),
        ledger_verify: books.ok ? 'ok' : JSON.stringify(books),
      },
    ];
  } finally {
    await app.close();
    await handle.close();
  }
}
