import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus';
import type { Config } from './config';
import type { Db } from './db/database';
import type { LimitStore } from './lib/limits';
import type { AuditService } from './modules/audit/service';
import type { LedgerService } from './modules/ledger/service';

/** What services share: built once in main (or a test) and passed down; no module reaches for globals. */
export interface AppContext {
  config: Config;
  /** The resolved HMAC secret (from config or the database). */
  secret: string;
  db: Db;
  /** The seamless wallet's own connections (planning by key: db/database.ts PLAN_BY_KEY); PGlite: `db`. */
  walletDb: Db;
  dbKind: 'pglite' | 'postgres';
  ledger: LedgerService;
  /** The append-only, hash-chained log of back-office changes (written in the change's own transaction). */
  audit: AuditService;
  limits: LimitStore;
  /** Catalogue events between processes (Redis pub/sub) or within one (in-process). */
  bus: Bus;
  now: () => Date;
  log: FastifyBaseLogger;
}
