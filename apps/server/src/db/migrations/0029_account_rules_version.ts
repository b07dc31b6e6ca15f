import { sql, type Kysely } from 'kysely';

/**
 * A counter of the changes to what decides whether an account may play: its state, product switches, place in
 * the hierarchy (path), type, credit and currency. The seamless wallet remembers the members it served
 * (games/wallet-memory.ts) and decides a batch on that memory without reading; its write checks that this
 * counter still holds the value the memory was read at, so a member suspended, an upline closed or a product
 * switched off since is never served from memory. The counter is a row, not a sequence: it changes in the
 * changing transaction and is seen at its commit, together with the change (a sequence is seen at once, and a
 * read between the two would remember the old state under the new count). Upserted, so a truncated table
 * counts again from 1. A new account's first path (it is inserted with '/' and given its own path at once) is
 * not counted: no memory holds an account that new.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table account_rules_version (
    id boolean primary key default true check (id),
    version bigint not null
  )`.execute(db);
  await sql`create function account_rules_changed() returns trigger language plpgsql as $$
    begin
      insert into account_rules_version (id, version) values (true, 1)
        on conflict (id) do update set version = account_rules_version.version + 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger accounts_rules_changed after update on accounts
    for each row when (old.state is distinct from new.state or old.features is distinct from new.features
      or (old.path is distinct from new.path and old.path <> '/') or old.member_type is distinct from new.member_type
      or old.given_credit is distinct from new.given_credit or old.currency is distinct from new.currency)
    execute function account_rules_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists accounts_rules_changed on accounts`.execute(db);
  await sql`drop function if exists account_rules_changed()`.execute(db);
  await sql`drop table if exists account_rules_version`.execute(db);
}
