import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed';
import { reportRecords } from '../src/modules/statement/service';
import { login, seeded } from './support/fixtures';
import { settle, tradingDesk } from './support/catalog';
import { call, describeEachDatabase } from './support/harness';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const MEMBERS = ['demomyr', 'demousd', 'democny', 'demothb', 'demosgd'];
const BETS_PER_MEMBER = 160;

/** A settlement worker process (`npm run settle`) on the test's own schema, small batches, short lease. */
function startWorker(schema: string): {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
} {
  let output = '';
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/server/src/cli/settle.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        APP_SECRET: 'test-secret-0123456789abcdef',
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
        DATABASE_SCHEMA: schema,
        SETTLEMENT_BATCH_SIZE: '10',
        SETTLEMENT_LEASE_MS: '1000',
        SETTLEMENT_INTERVAL_MS: '100',
        LOG_LEVEL: 'warn',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return { child, exited, output: () => output };
}

/**
 * Crash and resume: a settlement worker is killed (SIGKILL) in the middle of a match's job; no bet is left
 * half settled, the books balance at that moment, and a new worker finishes the job with every bet settled
 * exactly once. PostgreSQL only: it takes a second process.
 */
describeEachDatabase(
  'settlement worker killed mid-job',
  (env) => {
    it('leaves no bet half settled and finishes on restart, every bet settled once', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const matchId = await desk.createMatch({
        home: 'Crash United',
        away: 'Resume City',
        kickoff: new Date(Date.now() + 3_600_000).toISOString(),
      });
      await desk.trade('market', {
        match_id: matchId,
        kind: 'hdp',
        line: '-0.25',
        prices: { h: '1.95', a: '1.95' },
      });
      await settle();
      const market = env().services.snapshot.marketsOf(matchId)[0]?.id ?? 0;
      for (const accountId of MEMBERS) {
        const { token } = await login(env().app, accountId, DEMO_PASSWORD);
        for (let start = 0; start < BETS_PER_MEMBER; start += 20) {
          await Promise.all(
            Array.from({ length: 20 }, async (_, i) => {
              const reply = await call(env().app, '/api/bet/betsingle', {
                account_id: accountId,
                session_token: token,
                odds_type: '4',
                idempotency_key: randomUUID(),
                market_id: market,
                selection: (start + i) % 2 === 0 ? 'h' : 'a',
                odds: '1.95',
                stake: String(50 + ((start + i) % 7)),
              });
              expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
            }),
          );
        }
      }
      const total = MEMBERS.length * BETS_PER_MEMBER;
      // 1-0 on -0.25: home wins in full, away loses in full.
      await desk.trade('result', { match_id: matchId, ht: null, ft: { home: 1, away: 0 } });

      const counts = async () => {
        const result = await sql<{ settled: string; running: string }>`
          select count(*) filter (where settled_at is not null)::text as settled,
            count(*) filter (where status = 'running')::text as running from bets`.execute(env().ctx.db);
        return { settled: Number(result.rows[0]?.settled), running: Number(result.rows[0]?.running) };
      };
      const first = startWorker(env().database.schema);
      const deadline = Date.now() + 60_000;
      while ((await counts()).settled < 100) {
        if (Date.now() > deadline) throw new Error(`worker made no progress:\n${first.output()}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      first.child.kill('SIGKILL');
      await first.exited;

      const midway = await counts();
      expect(midway.settled).toBeGreaterThan(0);
      expect(midway.settled).toBeLessThan(total);
      expect(midway.settled + midway.running).toBe(total);
      const verifyMid = await env().ctx.ledger.verify(env().ctx.db);
      expect(verifyMid.ok, JSON.stringify(verifyMid.counts)).toBe(true);

      const second = startWorker(env().database.schema);
      expect(await second.exited, second.output()).toBe(0);
      expect(await counts()).toEqual({ settled: total, running: 0 });

      // Exactly one settlement transfer per bet, and every member's money adds up.
      const settles = await sql<{ n: string; distinct_refs: string }>`
        select count(*)::text as n, count(distinct ref)::text as distinct_refs from transfers where kind = 'settle'`.execute(
        env().ctx.db,
      );
      expect(settles.rows[0]).toEqual({ n: String(total), distinct_refs: String(total) });
      const money = await sql<{ account_id: string; expected: string; available: string }>`
        select a.account_id,
          (1000000 - sum(b.risk) + sum(b.payout) + sum(b.commission))::text as expected,
          (select l.balance from ledger_accounts l where l.owner_pk = a.id and l.kind = 'available')::text as available
        from bets b join accounts a on a.id = b.account_pk
        group by a.id, a.account_id`.execute(env().ctx.db);
      expect(money.rows).toHaveLength(MEMBERS.length);
      for (const row of money.rows) expect(row.available, row.account_id).toBe(row.expected);
      expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
      // The reports' daily sums, kept by the batches across the crash, are what the bets make: none twice.
      const daily = async () =>
        (
          await sql<{ row: string }>`select (d.*)::text as row from report_days d where bets <> 0
            order by day, member_pk, currency`.execute(env().ctx.db)
        ).rows.map((r) => r.row);
      const kept = await daily();
      expect(kept.length).toBeGreaterThanOrEqual(MEMBERS.length);
      await reportRecords.rebuild(env().ctx.db);
      expect(await daily()).toEqual(kept);
    }, 120_000);
  },
  { only: ['postgres'], config: { SETTLEMENT_WORKER: 'false' } },
);
