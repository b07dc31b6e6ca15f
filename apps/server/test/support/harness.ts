import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { CALL_BY_PATH } from '@sb/contract';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { buildApp, type Services } from '../../src/app';
import type { RegisteredRoute } from '../../src/http/registry';
import { parseConfig, type Config } from '../../src/config';
import type { AppContext } from '../../src/context';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { isRetryableConflict } from '../../src/db/errors';
import { LocalBus } from '../../src/bus/bus';
import { MemoryLimitStore } from '../../src/lib/limits';
import { AuditService } from '../../src/modules/audit/service';
import { LedgerService } from '../../src/modules/ledger/service';

export type DbKind = 'pglite' | 'postgres';

/** Databases every integration suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASES: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** One schema per test process: two suites running at once on one server never share tables. */
export const TEST_SCHEMA = `sb_test_${process.pid}`;

export interface TestEnv {
  kind: DbKind;
  database: DatabaseHandle;
  ctx: AppContext;
  app: FastifyInstance;
  services: Services;
  /** Every route the app serves. */
  routes: readonly RegisteredRoute[];
  /** Moves the test clock. */
  advance(ms: number): void;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE: '100000',
    REQUESTS_PER_SECOND: '100000',
    ...overrides,
  });
}

async function openTestDatabase(kind: DbKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const pglite = await PGlite.create('memory://');
    const handle = await openDatabase({ kind: 'pglite-instance', pglite });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await pglite.close();
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL ?? '';
  // A schema of our own, created fresh per test file: the shared `test` database keeps nothing of ours.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop schema if exists ${TEST_SCHEMA} cascade`);
  await admin.query(`create schema ${TEST_SCHEMA}`);
  await admin.end();
  return openDatabase({ kind: 'postgres', url, poolSize: 30, searchPath: TEST_SCHEMA });
}

async function dropTestSchema(): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? '' });
  await admin.connect();
  await admin.query(`drop schema if exists ${TEST_SCHEMA} cascade`);
  await admin.end();
}

async function truncateAll(handle: DatabaseHandle): Promise<void> {
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(handle.db);
  if (tables.rows.length === 0) return;
  const list = tables.rows.map((row) => `"${row.tablename}"`).join(', ');
  // A write the previous test left in flight (a push's follow-up, a job's last tick) can still hold
  // a row lock; truncating every table at once may then deadlock with it. That write is not this
  // test's concern: wait a moment and truncate again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql.raw(`truncate table ${list} restart identity cascade`).execute(handle.db);
      return;
    } catch (error) {
      if (!isRetryableConflict(error) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/**
 * Runs `body` once per database. The database is opened and migrated once per file and emptied
 * before each test, so every test starts from a clean schema.
 */
export function describeEachDatabase(
  name: string,
  body: (env: () => TestEnv) => void,
  options: { config?: Record<string, string>; only?: DbKind[] } = {},
): void {
  for (const kind of DATABASES.filter((k) => !options.only || options.only.includes(k))) {
    describe(`${name} [${kind}]`, () => {
      let env: TestEnv | undefined;
      let database: DatabaseHandle | undefined;
      beforeAll(async () => {
        database = await openTestDatabase(kind);
        await migrateToLatest(database.db, database.schema);
      });
      beforeEach(async () => {
        if (!database) throw new Error('database not open');
        await env?.app.close();
        await truncateAll(database);
        let offset = 0;
        const config = testConfig(options.config);
        const ctx: AppContext = {
          config,
          secret: config.secret ?? 'unused',
          db: database.db,
          walletDb: database.walletDb,
          dbKind: database.kind,
          ledger: new LedgerService(),
          audit: new AuditService(),
          limits: new MemoryLimitStore(() => Date.now() + offset),
          bus: new LocalBus(),
          now: () => new Date(Date.now() + offset),
          log: pino({ level: 'silent' }),
        };
        const built = await buildApp(ctx, { logger: false });
        appClocks.set(built.app, ctx.now);
        env = {
          kind,
          database,
          ctx,
          app: built.app,
          services: built.services,
          routes: built.routes,
          advance: (ms) => (offset += ms),
        };
      });
      afterAll(async () => {
        await env?.app.close();
        await database?.close();
        if (kind === 'postgres') await dropTestSchema();
      });
      body(() => {
        if (!env) throw new Error('test env not ready');
        return env;
      });
    });
  }
}

/** Each test app's clock (a test can move it): what a second factor's code is computed for. */
export const appClocks = new WeakMap<FastifyInstance, () => Date>();

/** POST JSON through the real HTTP stack (Fastify inject) and parse the reply. */
export async function call(
  app: FastifyInstance,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ http: number; body: Record<string, unknown> & { status: string; statusdesc: string } }> {
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const reply: Record<string, unknown> & { status: string; statusdesc: string } = response.json();
  conformsToContract(path, reply);
  return { http: response.statusCode, body: reply };
}

/**
 * A successful reply must parse as the contract's reply of its call: every call a test makes checks that what the
 * server answers is what the contract (and so the web, and the OpenAPI document) says it answers.
 */
function conformsToContract(path: string, reply: { status?: unknown }): void {
  const spec = CALL_BY_PATH.get(path);
  if (!spec || reply.status !== '1') return;
  const parsed = spec.reply.safeParse(reply);
  if (!parsed.success) {
    throw new Error(`${path}: the reply does not match the contract: ${parsed.error.message}`);
  }
}

/**
 * Moves the test's clock on to the next 09:00 GMT+8 (01:00 UTC) and answers that instant: 'today' ends at
 * midnight GMT+8, so matches kicking off in the next hours count as today's whatever time the test runs.
 */
export function toMorningGmt8(env: TestEnv): number {
  const day = 24 * 3_600_000;
  const sinceMorning = (env.ctx.now().getTime() - 3_600_000) % day;
  env.advance((day - sinceMorning) % day);
  return env.ctx.now().getTime();
}
