import { sql, type Kysely } from 'kysely';

/**
 * Rows written once and then updated in place, on columns no index names, get room on their page so the update
 * puts the new version on the same page (a heap-only update that leaves the table's indexes alone), where on a
 * full page it adds an entry to every index:
 * - a bet's legs are updated once at settlement (the outcome and what it was decided on; three indexes);
 * - a ledger account's kept balance is updated by every stake, settlement and wallet movement of its member
 *   (two indexes).
 * Pages written before keep their layout until they are rewritten; new rows follow the setting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_legs set (fillfactor = 50)`.execute(db);
  await sql`alter table ledger_accounts set (fillfactor = 50)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_legs reset (fillfactor)`.execute(db);
  await sql`alter table ledger_accounts reset (fillfactor)`.execute(db);
}
