import { sql, type Kysely } from 'kysely';

/**
 * The seamless wallet writes each batch as ONE statement on its own (no transaction around its read and its
 * write: games/repository.ts writeBatchStatement). What the batch decided on may have changed between the two (a
 * transaction id another member's call took, a bet the stale-round closer ended), and the statement must then
 * undo everything it did: this guard, called in its final select over the counts of what it wrote, raises
 * SQLSTATE SBW01 when a count is not the one decided, which aborts the whole statement. SQL alone cannot raise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function wallet_batch_guard(ok boolean, what text) returns boolean
    language plpgsql as $$
    begin
      if not ok then
        raise exception 'wallet batch: % changed meanwhile', what using errcode = 'SBW01';
      end if;
      return true;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists wallet_batch_guard(boolean, text)`.execute(db);
}
