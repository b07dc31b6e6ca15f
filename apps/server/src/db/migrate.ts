import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './database';
import * as m0001 from './migrations/0001_foundation';
import * as m0002 from './migrations/0002_catalog';
import * as m0003 from './migrations/0003_content';
import * as m0004 from './migrations/0004_bets';
import * as m0005 from './migrations/0005_myanmar_legs';
import * as m0006 from './migrations/0006_settlement';
import * as m0007 from './migrations/0007_betting_perf';
import * as m0008 from './migrations/0008_settlement_volume';
import * as m0009 from './migrations/0009_hardening';
import * as m0010 from './migrations/0010_games';
import * as m0011 from './migrations/0011_tournament';
import * as m0012 from './migrations/0012_own_games';
import * as m0013 from './migrations/0013_brands';
import * as m0014 from './migrations/0014_backoffice_access';
import * as m0015 from './migrations/0015_bo_reports';
import * as m0016 from './migrations/0016_draws';
import * as m0017 from './migrations/0017_racing';
import * as m0018 from './migrations/0018_product_shares';
import * as m0019 from './migrations/0019_downline_prefix';
import * as m0020 from './migrations/0020_report_products';
import * as m0021 from './migrations/0021_keno_limits';
import * as m0022 from './migrations/0022_report_rounds_member';
import * as m0023 from './migrations/0023_daily_seed_keys';
import * as m0024 from './migrations/0024_report_days_fillfactor';
import * as m0025 from './migrations/0025_update_in_place_fillfactor';
import * as m0026 from './migrations/0026_fewer_bet_index_entries';
import * as m0027 from './migrations/0027_wallet_batch_guard';
import * as m0028 from './migrations/0028_set_wise_references';
import * as m0029 from './migrations/0029_account_rules_version';
import * as m0030 from './migrations/0030_wallet_fewer_index_entries';
import * as m0031 from './migrations/0031_report_rounds_set_wise_reference';
import * as m0032 from './migrations/0032_uncounted_rounds_queue';
import * as m0033 from './migrations/0033_entries_keyed_by_transfer';

/** Migrations are listed here, in order: no file-system scanning, so bundling and tests see the same set. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_catalog': m0002,
  '0003_content': m0003,
  '0004_bets': m0004,
  '0005_myanmar_legs': m0005,
  '0006_settlement': m0006,
  '0007_betting_perf': m0007,
  '0008_settlement_volume': m0008,
  '0009_hardening': m0009,
  '0010_games': m0010,
  '0011_tournament': m0011,
  '0012_own_games': m0012,
  '0013_brands': m0013,
  '0014_backoffice_access': m0014,
  '0015_bo_reports': m0015,
  '0016_draws': m0016,
  '0017_racing': m0017,
  '0018_product_shares': m0018,
  '0019_downline_prefix': m0019,
  '0020_report_products': m0020,
  '0021_keno_limits': m0021,
  '0022_report_rounds_member': m0022,
  '0023_daily_seed_keys': m0023,
  '0024_report_days_fillfactor': m0024,
  '0025_update_in_place_fillfactor': m0025,
  '0026_fewer_bet_index_entries': m0026,
  '0027_wallet_batch_guard': m0027,
  '0028_set_wise_references': m0028,
  '0029_account_rules_version': m0029,
  '0030_wallet_fewer_index_entries': m0030,
  '0031_report_rounds_set_wise_reference': m0031,
  '0032_uncounted_rounds_queue': m0032,
  '0033_entries_keyed_by_transfer': m0033,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/**
 * Applies pending migrations. The bookkeeping schema is named: Kysely otherwise finds its tables in any
 * schema of the database (e.g. the test suite's) and skips creating its own.
 */
export function migrateToLatest(db: Db, schema = 'public'): Promise<string[]> {
  return migrated(db, schema, (migrator) => migrator.migrateToLatest());
}

/**
 * Applies or reverts migrations until `name` is the last one applied: a migration's test puts a database where
 * an older release left it, writes what that release wrote, and migrates it forward (and back) from there.
 */
export function migrateTo(db: Db, name: string, schema = 'public'): Promise<string[]> {
  if (!(name in MIGRATIONS)) return Promise.reject(new Error(`no migration ${name}`));
  return migrated(db, schema, (migrator) => migrator.migrateTo(name));
}

/** Runs one move of the migrator; the names of the migrations it applied or reverted, or its error thrown. */
async function migrated(
  db: Db,
  schema: string,
  move: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const { error, results } = await move(new Migrator({ db, provider, migrationTableSchema: schema }));
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
