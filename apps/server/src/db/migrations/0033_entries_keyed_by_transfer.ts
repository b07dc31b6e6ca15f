import { sql, type Kysely } from 'kysely';

/**
 * A ledger entry is named by its transfer and the account it moves: (transfer_pk, ledger_account_id) is its key.
 *
 * The surrogate `id` was never referenced nor looked up, yet every entry drew it from a sequence and added it to
 * an index of its own, beside the index by transfer that every reader of a transfer's entries uses. A transfer
 * moves each account once (its legs name distinct accounts), so the pair is unique: one index serves the
 * readers by transfer and states that rule, and each entry costs two index entries instead of three. Every
 * wallet call and every settled bet writes two or three entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table entries drop constraint entries_pkey`.execute(db);
  await sql`alter table entries drop column id`.execute(db);
  await sql`alter table entries add primary key (transfer_pk, ledger_account_id)`.execute(db);
  await sql`drop index entries_transfer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index entries_transfer on entries (transfer_pk)`.execute(db);
  await sql`alter table entries drop constraint entries_pkey`.execute(db);
  await sql`alter table entries add column id bigserial primary key`.execute(db);
}
