import pino from 'pino';
import { LocalBus, RedisBus, type Bus } from './bus/bus';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from './db/database';
import { migrateToLatest } from './db/migrate';
import { MemoryLimitStore, RedisLimitStore, type LimitStore } from './lib/limits';
import { newSecret } from './lib/security';
import { accountRepository } from './modules/account/repository';
import { AuditService } from './modules/audit/service';
import { laneConnections } from './modules/games/wallet-lanes';
import { LedgerService } from './modules/ledger/service';

export interface Runtime {
  ctx: AppContext;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Opens the database, applies migrations, resolves the secret and the limit store: a ready context. */
export async function boot(config: Config, target?: DatabaseTarget): Promise<Runtime> {
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(
    target ??
      (config.database.kind === 'postgres'
        ? { ...config.database, walletConnections: laneConnections(config.games.walletBatching) }
        : { kind: 'pglite', dataDir: config.database.dataDir }),
  );
  const applied = await migrateToLatest(database.db, database.schema);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  const secret =
    config.secret ?? (await accountRepository.getOrCreateSetting(database.db, 'app_secret', newSecret));
  const limits: LimitStore = config.redisUrl ? new RedisLimitStore(config.redisUrl) : new MemoryLimitStore();
  const bus: Bus = config.redisUrl ? new RedisBus(config.redisUrl) : new LocalBus();
  const ctx: AppContext = {
    config,
    secret,
    db: database.db,
    walletDb: database.walletDb,
    dbKind: database.kind,
    ledger: new LedgerService(),
    audit: new AuditService(),
    limits,
    bus,
    now: () => new Date(),
    log,
  };
  return {
    ctx,
    database,
    close: async () => {
      await bus.close();
      await limits.close();
      await database.close();
    },
  };
}
