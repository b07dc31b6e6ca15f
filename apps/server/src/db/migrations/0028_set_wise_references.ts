import { sql, type Kysely } from 'kysely';

/** A table and its references: (column, referenced table) pairs, each referenced by its `id`. */
export interface CheckedReferences {
  table: string;
  references: readonly (readonly [string, string])[];
}

/**
 * The references of the tables every money movement and wallet call appends to, checked once per statement
 * instead of once per row. A foreign key checks each inserted row on its own (a query of its own, locking the
 * referenced row): for a wallet batch of sixty calls, about six hundred of them, all on the same few members,
 * games and house accounts. perf over the wallet bench put them at 19% of PostgreSQL's CPU, and dropping them
 * took 17 to 20% off its CPU per call (2,500 calls/s, alternating runs). Here an AFTER INSERT trigger reads
 * the statement's new rows (a transition table) and looks up each distinct referenced id once, refusing the
 * whole statement with the foreign key's own SQLSTATE (23503) when one is missing. The columns are never
 * updated (a trigger refuses it). Referenced rows are not locked: transfers are append-only, and accounts,
 * ledger accounts, games and rounds are never deleted; `ledger:verify` proves that no reference dangles.
 */
const CHECKED: readonly CheckedReferences[] = [
  { table: 'transfers', references: [['owner_pk', 'accounts']] },
  {
    table: 'entries',
    references: [
      ['transfer_pk', 'transfers'],
      ['ledger_account_id', 'ledger_accounts'],
    ],
  },
  {
    table: 'game_rounds',
    references: [
      ['account_pk', 'accounts'],
      ['game_pk', 'games'],
    ],
  },
  {
    table: 'game_transactions',
    references: [
      ['account_pk', 'accounts'],
      ['game_pk', 'games'],
      ['round_pk', 'game_rounds'],
    ],
  },
];

/**
 * One lookup per distinct id, as a correlated subquery: always an index probe, whatever the statement's size
 * (an anti-join could be planned as a hash over the whole referenced table for a large insert).
 */
function missingCheck(column: string, target: string): string {
  return `if exists (select 1 from (select distinct ${column} as id from new_rows where ${column} is not null) d
      where (select r.id from ${target} r where r.id = d.id) is null) then
    raise exception '%.${column} names no row of ${target}', tg_table_name using errcode = '23503';
  end if;`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function references_fixed() returns trigger language plpgsql as $$
    begin
      raise exception '%: a reference column never changes', tg_table_name using errcode = '23503';
    end $$`.execute(db);
  for (const checked of CHECKED) await checkReferencesPerStatement(db, checked);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const checked of CHECKED) await checkReferencesPerRow(db, checked);
  await sql`drop function if exists references_fixed()`.execute(db);
}

/**
 * Replaces a table's foreign keys (named `<table>_<column>_fkey`) by the per-statement check: an AFTER INSERT
 * trigger over the statement's new rows, and a trigger refusing a change of a reference column.
 * `references_fixed()` must exist (this migration's `up` makes it).
 */
export async function checkReferencesPerStatement(
  db: Kysely<unknown>,
  { table, references }: CheckedReferences,
): Promise<void> {
  for (const [column] of references) {
    await sql.raw(`alter table ${table} drop constraint ${table}_${column}_fkey`).execute(db);
  }
  await sql
    .raw(
      `create function ${table}_references() returns trigger language plpgsql as $$
      begin
        ${references.map(([column, target]) => missingCheck(column, target)).join('\n')}
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_references after insert on ${table} referencing new table as new_rows
      for each statement execute function ${table}_references()`,
    )
    .execute(db);
  const columns = references.map(([column]) => column);
  await sql
    .raw(
      `create trigger ${table}_references_fixed before update of ${columns.join(', ')} on ${table}
      for each row when (${columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or ')})
      execute function references_fixed()`,
    )
    .execute(db);
}

/** Undoes checkReferencesPerStatement: the triggers go, the foreign keys come back. */
export async function checkReferencesPerRow(
  db: Kysely<unknown>,
  { table, references }: CheckedReferences,
): Promise<void> {
  await sql.raw(`drop trigger if exists ${table}_references_fixed on ${table}`).execute(db);
  await sql.raw(`drop trigger if exists ${table}_references on ${table}`).execute(db);
  await sql.raw(`drop function if exists ${table}_references()`).execute(db);
  for (const [column, target] of references) {
    await sql
      .raw(
        `alter table ${table} add constraint ${table}_${column}_fkey foreign key (${column})
        references ${target} (id)`,
      )
      .execute(db);
  }
}
