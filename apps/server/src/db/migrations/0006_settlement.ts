import { sql, type Kysely } from 'kysely';

/**
 * Settlement: a durable queue of matches to settle (written in the same transaction as the result or the
 * cancellation, so a crash can never lose one), what each leg was decided on, each bet's settlement
 * figures, the upline's share of every settled bet, and the position-taking share of each upline level.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('settlement_queue')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('match_id', 'bigint', (c) => c.notNull().references('matches.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    // A lease, not a lock held for the whole job: another process takes over when it runs out.
    .addColumn('leased_until', 'timestamptz')
    .addColumn('settled_bets', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('done_at', 'timestamptz')
    .execute();
  await sql`create index settlement_queue_pending on settlement_queue (id) where done_at is null`.execute(db);

  // What the leg's outcome was decided on (match state and result version): a different key re-decides it.
  await db.schema.alterTable('bet_legs').addColumn('decided_on', 'text').execute();
  // Settlement walks a match's bets in id order: one index range instead of a scan per batch.
  await sql`create index bet_legs_match_bet on bet_legs (match_id, bet_id)`.execute(db);
  await db.schema
    .alterTable('bets')
    // How many times the bet was (re)settled or reversed: the suffix of its next settlement transfer.
    .addColumn('settle_gen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('valid_turnover', 'bigint')
    // The member's rebate on valid turnover, and the house cut on Myanmar winnings.
    .addColumn('commission', 'bigint')
    .addColumn('house_cut', 'bigint')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await sql`create index bets_settled on bets (account_pk, settled_at) where settled_at is not null`.execute(
    db,
  );

  await db.schema
    .alterTable('accounts')
    .addColumn('pt_share', sql`numeric(6,4)`, (c) =>
      c
        .notNull()
        .defaultTo('0')
        .check(sql`pt_share >= 0 and pt_share <= 1`),
    )
    .execute();

  // Each upline level's part of a settled bet: its share of the member's win/loss and its commission.
  await db.schema
    .createTable('bet_shares')
    .addColumn('bet_id', 'bigint', (c) => c.notNull().references('bets.id'))
    .addColumn('settle_gen', 'integer', (c) => c.notNull())
    .addColumn('account_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('win_loss', 'bigint', (c) => c.notNull())
    .addColumn('commission', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bet_shares_pk', ['bet_id', 'settle_gen', 'account_pk'])
    .execute();
  await db.schema.createIndex('bet_shares_account').on('bet_shares').columns(['account_pk']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bet_shares').ifExists().execute();
  await db.schema.alterTable('accounts').dropColumn('pt_share').execute();
  await sql`drop index if exists bets_settled`.execute(db);
  await db.schema
    .alterTable('bets')
    .dropColumn('settle_gen')
    .dropColumn('valid_turnover')
    .dropColumn('commission')
    .dropColumn('house_cut')
    .dropColumn('cancelled_at')
    .execute();
  await sql`drop index if exists bet_legs_match_bet`.execute(db);
  await db.schema.alterTable('bet_legs').dropColumn('decided_on').execute();
  await db.schema.dropTable('settlement_queue').ifExists().execute();
}
