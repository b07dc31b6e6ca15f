import { sql, type Kysely } from 'kysely';

/**
 * Virtual racing (GH_*): a race is a catalogue match (its markets, bets and settlement are the sportsbook's);
 * this row keeps what the catalogue does not: the field, its ratings and the two fair rounds (the ratings drawn
 * when the race is made, the finishing order drawn at the off), so the verify call recomputes both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('races')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('greyhound', 'horse')`))
    .addColumn('off_at', 'timestamptz', (c) => c.notNull())
    // The catalogue match's external key ('race:<kind>:<off epoch ms>').
    .addColumn('match_key', 'text', (c) => c.notNull().unique())
    // JSON arrays: runner ratings (index = runner number - 1) and names.
    .addColumn('ratings', 'text', (c) => c.notNull())
    .addColumn('runners', 'text', (c) => c.notNull())
    .addColumn('rating_seed_id', 'bigint', (c) => c.notNull().references('fair_seeds.id'))
    .addColumn('rating_nonce', 'integer', (c) => c.notNull())
    // 'open' until listed and run; 'drawn' once the order is stored; 'resulted' once the catalogue has it.
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'drawn', 'resulted')`))
    .addColumn('listed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('seed_id', 'bigint', (c) => c.references('fair_seeds.id'))
    .addColumn('nonce', 'integer')
    // JSON array of runner numbers in finishing order, written with status 'drawn'.
    .addColumn('finish', 'text')
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('races_kind_off', ['kind', 'off_at'])
    .execute();
  await sql`create index races_due on races (off_at) where status <> 'resulted'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('races').execute();
}
