import { sql, type Kysely } from 'kysely';

/**
 * report_days rows are updated far more often than inserted: every settlement batch adds to the day's row of each
 * of its members. Half of each page is left free so an update can put the row's new version on the same page
 * (a heap-only update: the primary key index is not touched), which is most of what the upsert costs otherwise.
 * Pages written before keep their layout until they are rewritten; new rows follow the setting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_days set (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table report_days reset (fillfactor)`.execute(db);
}
