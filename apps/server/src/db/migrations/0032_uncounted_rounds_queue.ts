import { sql, type Kysely } from 'kysely';

/**
 * The provider rounds the win/loss report has not counted yet are a queue of their own, not a marker column.
 *
 * Counting a round set `game_rounds.reported_at`, which the uncounted index names: every count was an update of
 * the round that wrote a new version of its row and an entry in each of the table's indexes, and the job locked
 * the round rows (`for update`) the wallet writes to. Now a new round's id is queued (a trigger over the insert
 * statement's rows, so every writer's rounds are queued, the wallet's, a seed's or a test's), and counting a
 * round deletes its id from the queue: the rounds are neither updated nor locked by the job, and the wallet never
 * waits on it. Late changes to a counted round are not counted again, as before. No foreign key: one would check
 * (and lock) each queued round, rounds are never deleted, and `ledger:verify` finds a dangling id.
 *
 * The queue stays small (the open rounds and a batch or two of closed ones in service) but each count leaves
 * dead rows: it is vacuumed after every thousand deletes rather than after a fifth of the table changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table uncounted_game_rounds (id bigint primary key)
    with (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000,
      autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 1000)`.execute(db);
  await sql`insert into uncounted_game_rounds (id)
    select id from game_rounds where reported_at is null`.execute(db);
  // For `insert ... on conflict do update` (a round's later bets) the insert's transition table holds only the
  // rows the statement inserted.
  await sql`create function game_rounds_queue_uncounted() returns trigger language plpgsql as $$
    begin
      insert into uncounted_game_rounds (id) select id from new_rows;
      return null;
    end $$`.execute(db);
  await sql`create trigger game_rounds_queue_uncounted after insert on game_rounds
    referencing new table as new_rows for each statement execute function game_rounds_queue_uncounted()`.execute(
    db,
  );
  await sql`drop index game_rounds_uncounted`.execute(db);
  await sql`alter table game_rounds drop column reported_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game_rounds add column reported_at timestamptz`.execute(db);
  await sql`update game_rounds r set reported_at = now()
    where not exists (select 1 from uncounted_game_rounds q where q.id = r.id)`.execute(db);
  await sql`create index game_rounds_uncounted on game_rounds (id) where reported_at is null`.execute(db);
  await sql`drop trigger game_rounds_queue_uncounted on game_rounds`.execute(db);
  await sql`drop function game_rounds_queue_uncounted()`.execute(db);
  await sql`drop table uncounted_game_rounds`.execute(db);
}
