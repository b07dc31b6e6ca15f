import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
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

/** Every client of the pool sends marked queries as named statements (Kysely itself only sends unnamed ones). */
function withPreparedStatements(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const prepared = (text: unknown, values?: unknown, callback?: unknown) =>
      typeof text === 'string' && text.startsWith(PREPARED)
        ? query({ name: preparedName(text), text, values }, callback)
        : query(text, values, callback);
    client.query = prepared as typeof client.query;
  });
  return pool;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The schema our tables live in (migration bookkeeping is kept there too). */
  schema: string;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize: number; searchPath?: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-instance'; pglite: PGlite };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = withPreparedStatements(
      new pg.Pool({
        connectionString: target.url,
        max: target.poolSize,
        connectionTimeoutMillis: 10_000,
        ...(target.searchPath ? { options: `-c search_path=${target.searchPath}` } : {}),
      }),
    );
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await sql`select 1`.execute(db);
    return { db, kind: 'postgres', schema: target.searchPath ?? 'public', close: () => db.destroy() };
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
    kind: 'pglite',
    schema: 'public',
    close: async () => {
      await db.destroy();
      if (owned) await pglite.close();
    },
  };
}
