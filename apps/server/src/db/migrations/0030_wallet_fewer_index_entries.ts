import { sql, type Kysely } from 'kysely';

/**
 * Fewer index entries for every wallet call.
 *
 * The dedupe records are found by what the provider names them, (wallet_provider, transaction_uuid): that is
 * their key now, and the surrogate `id` (never referenced, never looked up) is gone with its index. A bet's
 * record is updated once, when its win or rollback comes (its `state`, which no index names): room on its page
 * (fillfactor 70) lets that update stay on the page and leave the table's indexes alone. The stale-round closer
 * finds a round's bets by the round: a partial index of the bets by round (no column an update changes; before
 * it the closer read the whole table, every minute, to find them).
 *
 * A round was closed by an update that changed `status`, which both its partial indexes named (open rounds, for
 * the stale-round closer; closed rounds not yet counted, for the report job): every close added an entry to each
 * of the table's indexes. One partial index of the rounds not yet counted (open ones are never counted) serves
 * both jobs, and names no column a close changes, so a close on a page with room (fillfactor 70) stays on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game_transactions drop constraint game_transactions_pkey`.execute(db);
  await sql`alter table game_transactions drop column id`.execute(db);
  await sql`alter table game_transactions
    drop constraint game_transactions_wallet_provider_transaction_uuid_key`.execute(db);
  await sql`alter table game_transactions add primary key (wallet_provider, transaction_uuid)`.execute(db);
  await sql`create index game_transactions_bets_of_round on game_transactions (round_pk)
    where kind = 'bet'`.execute(db);
  await sql`alter table game_transactions set (fillfactor = 70)`.execute(db);

  await sql`drop index game_rounds_open`.execute(db);
  await sql`drop index game_rounds_unreported`.execute(db);
  await sql`create index game_rounds_uncounted on game_rounds (id) where reported_at is null`.execute(db);
  await sql`alter table game_rounds set (fillfactor = 70)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game_rounds reset (fillfactor)`.execute(db);
  await sql`drop index game_rounds_uncounted`.execute(db);
  await sql`create index game_rounds_unreported on game_rounds (id)
    where status = 'closed' and reported_at is null`.execute(db);
  await sql`create index game_rounds_open on game_rounds (opened_at) where status = 'open'`.execute(db);

  await sql`alter table game_transactions reset (fillfactor)`.execute(db);
  await sql`drop index game_transactions_bets_of_round`.execute(db);
  await sql`alter table game_transactions drop constraint game_transactions_pkey`.execute(db);
  await sql`alter table game_transactions add unique (wallet_provider, transaction_uuid)`.execute(db);
  await sql`alter table game_transactions add column id bigserial primary key`.execute(db);
}
