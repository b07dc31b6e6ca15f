import { sql, type Kysely } from 'kysely';

/**
 * Keno and number-game draws (modules/draws): a draw is a catalogue match (match_id) with its game and time; its
 * balls come from the fair source (seed_id, nonce: the verify call recomputes them) and are written once, with
 * status 'drawn', before the result goes to the catalogue; 'resulted' once the catalogue holds it. The unique
 * (game, draw_at) makes the schedule idempotent on every node.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('draws')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull().check(sql`game in ('keno', 'numbers')`))
    .addColumn('draw_at', 'timestamptz', (c) => c.notNull())
    .addColumn('match_id', 'bigint', (c) => c.notNull().unique().references('matches.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'drawn', 'resulted')`))
    .addColumn('seed_id', 'bigint', (c) => c.references('fair_seeds.id'))
    .addColumn('nonce', 'integer')
    // The balls in draw order as JSON, written with status 'drawn'.
    .addColumn('balls', 'text')
    .addColumn('drawn_at', 'timestamptz')
    .addUniqueConstraint('draws_game_time', ['game', 'draw_at'])
    .execute();
  await sql`create index draws_due on draws (draw_at) where status <> 'resulted'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists draws`.execute(db);
}
