import { sql, type Kysely } from 'kysely';

/** Bets and their legs. Money is BIGINT minor units; prices are exact text as the member struck them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('ref_no', 'text', (c) => c.notNull().unique())
    .addColumn('account_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // A hash of the request: a replay with a different body is refused, the same one answered again.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('single', 'parlay', 'system')`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('odds_type', 'text', (c) => c.notNull())
    // Single: the price struck; parlay/system: the decimal product of the legs.
    .addColumn('odds', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake > 0`))
    .addColumn('risk', 'bigint', (c) => c.notNull().check(sql`risk > 0`))
    .addColumn('max_payout', 'bigint', (c) => c.notNull())
    .addColumn('fold_sizes', 'jsonb')
    .addColumn('combinations', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('live', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('accept_at', 'timestamptz')
    .addColumn('reservation_id', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text')
    .addColumn('payout', 'bigint')
    .addColumn('win_loss', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('bets_idempotency', ['account_pk', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('bets_account_status')
    .on('bets')
    .columns(['account_pk', 'status', 'created_at'])
    .execute();
  await sql`create index bets_waiting on bets (accept_at) where status = 'waiting'`.execute(db);

  await db.schema
    .createTable('bet_legs')
    .addColumn('bet_id', 'bigint', (c) => c.notNull().references('bets.id'))
    .addColumn('leg_no', 'integer', (c) => c.notNull())
    .addColumn('match_id', 'bigint', (c) => c.notNull().references('matches.id'))
    .addColumn('market_id', 'bigint', (c) => c.notNull().references('markets.id'))
    .addColumn('sport_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('selection', 'text', (c) => c.notNull())
    // The price in the format it was struck in (MY, HK, ID, DEC), exactly, and its decimal equivalent.
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('odds', 'text', (c) => c.notNull())
    .addColumn('decimal_odds', 'text', (c) => c.notNull())
    .addColumn('live', 'boolean', (c) => c.notNull().defaultTo(false))
    // Live handicap counts only goals after the bet: the score when it was struck.
    .addColumn('home_score', 'integer')
    .addColumn('away_score', 'integer')
    .addColumn('live_period', 'text')
    .addColumn('red_cards', 'text')
    // The match's sequence number when struck: any incident after it rejects a waiting live bet.
    .addColumn('match_seq', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addPrimaryKeyConstraint('bet_legs_pk', ['bet_id', 'leg_no'])
    .execute();
  await db.schema.createIndex('bet_legs_match').on('bet_legs').column('match_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bet_legs').ifExists().execute();
  await db.schema.dropTable('bets').ifExists().execute();
}
