import { sql } from 'kysely';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/database';
import { REPORT_APPLICATION, ReportThread } from '../src/jobs/report-rounds';
import { providerRound } from './support/counted-rounds';
import { seeded } from './support/fixtures';
import { booksOk, fakeProviderOfFile, walletSession, withProvider } from './support/games';
import { describeEachDatabase, TEST_SCHEMA, type TestEnv } from './support/harness';

const url = process.env.TEST_DATABASE_URL ?? '';

const provider = fakeProviderOfFile();

/** The report thread's connections to this database, as PostgreSQL lists them. */
async function reportBackends(env: TestEnv): Promise<number[]> {
  const rows = await sql<{ pid: number }>`select pid from pg_stat_activity
    where application_name = ${REPORT_APPLICATION} and datname = current_database()`.execute(env.ctx.db);
  return rows.rows.map((row) => row.pid);
}

/** Provider rounds counted into the report (report_rounds), and closed ones not counted yet. */
async function counted(env: TestEnv): Promise<{ rounds: number; uncounted: number }> {
  const rows = await sql<{ rounds: number; uncounted: number }>`select
      (select count(*)::int from report_rounds where source = 'provider') as rounds,
      (select count(*)::int from uncounted_game_rounds) as uncounted`.execute(env.ctx.db);
  return rows.rows[0] ?? { rounds: -1, uncounted: -1 };
}

// The server's configuration names PostgreSQL here (as a deployment's does), so the app runs the job on its
// thread; every other suite's configuration names none and runs it on the main thread.
describeEachDatabase(
  'the report job on a thread of its own (PostgreSQL)',
  (env) => {
    it('counts finished rounds on its own connection, with no call of ours, through a lost connection; ends with the app', async () => {
      await seeded(env());
      await withProvider(env(), provider());
      const session = await walletSession(env(), 'demomyr');
      await providerRound(env(), session.token, 'thread-1', '10', '4');
      // Nothing here counts: the thread does, within a few of its runs.
      await vi.waitFor(async () => expect(await counted(env())).toEqual({ rounds: 1, uncounted: 0 }), {
        timeout: 10_000,
        interval: 50,
      });
      const [first, ...others] = await reportBackends(env());
      expect(first).toBeDefined();
      expect(others).toEqual([]);

      // Its connection ended by the database (a restart, an operator): the next run opens another.
      await sql`select pg_terminate_backend(${first}::int)`.execute(env().ctx.db);
      await providerRound(env(), session.token, 'thread-2', '10', '25');
      await vi.waitFor(async () => expect(await counted(env())).toEqual({ rounds: 2, uncounted: 0 }), {
        timeout: 10_000,
        interval: 50,
      });
      const again = await reportBackends(env());
      expect(again).toHaveLength(1);
      expect(again).not.toContain(first);
      await booksOk(env());

      // The app's stop ends the thread, and its connection with it.
      await env().app.close();
      expect(await reportBackends(env())).toEqual([]);
    });
  },
  { only: ['postgres'], config: { DATABASE_URL: url, DATABASE_SCHEMA: TEST_SCHEMA } },
);

describe('the report thread', () => {
  it('is started again after it fails, and stays stopped once stopped', async () => {
    const messages: string[] = [];
    const log = pino(
      { level: 'error' },
      { write: (line: string) => messages.push((JSON.parse(line) as { msg: string }).msg) },
    );
    // No database answers on port 1: each thread fails as it opens its connection.
    const thread = new ReportThread(
      {
        target: { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 },
        intervalMs: 200,
        logLevel: 'silent',
      },
      log,
    );
    thread.start();
    const restarts = () => messages.filter((message) => message.includes('starting another')).length;
    await vi.waitFor(() => expect(restarts()).toBeGreaterThanOrEqual(2), { timeout: 20_000, interval: 50 });
    await thread.stop();
    const seen = restarts();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(restarts()).toBe(seen);
  });

  it.runIf(url)('leaves a pool working when the database ends one of its idle connections', async () => {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
    try {
      const own = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const pid = own.rows[0]?.pid;
      const admin = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      await sql`select pg_terminate_backend(${pid}::int)`.execute(admin.db);
      await admin.close();
      // The idle client's 'error' arrives; unheard, it would end this process.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(next.rows[0]?.pid).not.toBe(pid);
    } finally {
      await database.close();
    }
  });
});
