import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { arrayLiteral } from './arrays';
import type { Database } from './schema';

// Both drivers go through node-postgres' type parsing: BIGINT as bigint (exact money), not string.
pg.types.setTypeParser(20, (value) => BigInt(value));

export type Db = Kysely<Database>;

/**
 * A query whose text starts with this comment runs as a named prepared statement: parsed and planned once per
 * connection, then sent as its parameters only. For hot statements of fixed text (bet placement).
 */
export const PREPARED = '/*prepared*/';
const statementNames = new Map<string, string>();

function preparedName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    // Bounded: only a handful of fixed texts carry the marker.
    if (statementNames.size > 1000) statementNames.clear();
    name = `sb_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** An array parameter as its literal (arrays.ts arrayLiteral), when it is one of plain values. */
const asLiteral = (value: unknown): unknown =>
  Array.isArray(value) ? (arrayLiteral(value) ?? value) : value;

/**
 * Every client of the pool sends marked queries as named statements (Kysely itself only sends unnamed ones), and
 * array parameters as literals formatted in one pass (arrays.ts arrayLiteral).
 */
function withPreparedStatements(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const prepared = (text: unknown, given?: unknown, callback?: unknown) => {
      const values = Array.isArray(given) && given.some(Array.isArray) ? given.map(asLiteral) : given;
      return typeof text === 'string' && text.startsWith(PREPARED)
        ? query({ name: preparedName(text), text, values }, callback)
        : query(text, values, callback);
    };
    client.query = prepared as typeof client.query;
  });
  return pool;
}

/**
 * An idle connection the database ends (a restart, pg_terminate_backend, a network cut) is reported as an 'error'
 * event of its pool, which Node throws when nothing listens: the whole process would end. The pool has already
 * dropped that client and opens another for the next query, so there is nothing more to do; a query under way on
 * a lost connection fails on its own, with its caller.
 */
function survivingIdleLoss(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  return pool;
}

export interface DatabaseHandle {
  db: Db;
  /** The seamless wallet's own connections, planning by key (see PLAN_BY_KEY); PGlite: `db` itself. */
  walletDb: Db;
  kind: 'pglite' | 'postgres';
  /** The schema our tables live in (migration bookkeeping is kept there too). */
  schema: string;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize: number;
      searchPath?: string;
      /** Connections of the wallet's own pool: one per wallet lane (default 2). */
      walletConnections?: number;
      /** The main pool's application_name in pg_stat_activity (default 'sb'; the report thread's is 'sb-report'). */
      applicationName?: string;
    }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-instance'; pglite: PGlite };

/**
 * The planner settings of the wallet's connections. The wallet's two statements are prepared and run on their
 * generic plan (plan_cache_mode), so a batch spends nothing on planning. A generic plan is kept for good: made
 * while game_transactions and game_requests are nearly empty (a fresh database) it scans them whole and
 * hash-joins, and would go on doing so as they grow to millions of rows. Every access of a batch is by key, so
 * these connections plan by key alone, whatever the tables held when the plan was made. Set when a connection
 * opens: no statement of a batch is spent on them, and no other query of the server plans under them.
 */
const PLAN_BY_KEY = [
  '-c enable_seqscan=off',
  '-c enable_hashjoin=off',
  '-c enable_mergejoin=off',
  '-c plan_cache_mode=force_generic_plan',
];

/** The wallet's connections' application_name (the wallet bench samples them by it: bench/src/connection-states.ts). */
const WALLET_APPLICATION = 'sb-wallet';

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const searchPath = target.searchPath ? [`-c search_path=${target.searchPath}`] : [];
    // Named, so pg_stat_activity tells the wallet's connections from the rest (the wallet bench samples them).
    const poolOf = (max: number, settings: string[], applicationName: string) =>
      survivingIdleLoss(
        withPreparedStatements(
          new pg.Pool({
            connectionString: target.url,
            application_name: applicationName,
            max,
            connectionTimeoutMillis: 10_000,
            ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
          }),
        ),
      );
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: poolOf(target.poolSize, searchPath, target.applicationName ?? 'sb'),
      }),
    });
    const walletPool = poolOf(
      target.walletConnections ?? 2,
      [...searchPath, ...PLAN_BY_KEY],
      WALLET_APPLICATION,
    );
    const walletDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: walletPool }) });
    await sql`select 1`.execute(db);
    return {
      db,
      walletDb,
      kind: 'postgres',
      schema: target.searchPath ?? 'public',
      close: async () => {
        await walletDb.destroy();
        await db.destroy();
      },
    };
  }

  const owned = target.kind === 'pglite';
  let pglite: PGlite;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    pglite = await PGlite.create(target.dataDir);
  } else {
    pglite = target.pglite;
  }
  // PGlite is one connection: a pool of exactly one client that is never closed while idle.
  const pool = withPreparedStatements(
    new pg.Pool({
      ...createPgConfig(pglite),
      max: 1,
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: 30_000,
    }),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    walletDb: db,
    kind: 'pglite',
    schema: 'public',
    close: async () => {
      await db.destroy();
      if (owned) await pglite.close();
    },
  };
}
