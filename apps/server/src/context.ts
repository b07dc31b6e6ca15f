import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './bus/bus';
import type { Config } from './config';
import type { Db } from './db/database';
import type { LimitStore } from './lib/limits';
import type { LedgerService } from './modules/ledger/service';

/** What services share: built once in main (or a test) and passed down; no module reaches for globals. */
export interface AppContext {
  config: Config;
  /** The resolved HMAC secret (from config or the database). */
  secret: string;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  ledger: LedgerService;
  limits: LimitStore;
  /** Catalogue events between processes (Redis pub/sub) or within one (in-process). */
  bus: Bus;
  now: () => Date;
  log: FastifyBaseLogger;
}
