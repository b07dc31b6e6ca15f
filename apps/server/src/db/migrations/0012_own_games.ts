import { sql, type Kysely } from 'kysely';

/**
 * Our own games (rules.md decision 13): the provably fair seeds, the 4D draws and tickets with their per-number
 * liability and the operator's caps, and the mini-game rounds (crash rounds shared by every player; each
 * member's crash bet, dice roll and hi-lo round). Money lives in the ledger; these rows say what it was for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fair_seeds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    // 'lottery' and 'crash' rotate daily; 'member:<pk>' when the member asks.
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('next_nonce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revealed_at', 'timestamptz')
    .execute();
  // One seed in use per scope: the commitment the players see.
  await sql`create unique index fair_seeds_active on fair_seeds (scope) where revealed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('lottery_draws')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('house', 'text', (c) => c.notNull())
    .addColumn('draw_at', 'timestamptz', (c) => c.notNull())
    .addColumn('cutoff_at', 'timestamptz', (c) => c.notNull())
    .addColumn('special', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'drawn', 'settled')`))
    .addColumn('seed_id', 'bigint', (c) => c.references('fair_seeds.id'))
    .addColumn('nonce', 'integer')
    // The 23 numbers as JSON ({first, second, third, special[], consolation[]}), written with status 'drawn'.
    .addColumn('result', 'text')
    .addColumn('drawn_at', 'timestamptz')
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('lottery_draws_house_time', ['house', 'draw_at'])
    .execute();
  await sql`create index lottery_draws_due on lottery_draws (draw_at) where status <> 'settled'`.execute(db);

  await db.schema
    .createTable('lottery_tickets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('draw_id', 'bigint', (c) => c.notNull().references('lottery_draws.id'))
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('bet_type', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('unit_stake', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('open', 'won', 'lost', 'cancelled')`),
    )
    .addColumn('payout', 'bigint')
    .addColumn('wins', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .execute();
  await sql`create index lottery_tickets_open on lottery_tickets (draw_id, id) where status = 'open'`.execute(
    db,
  );
  await sql`create index lottery_tickets_member on lottery_tickets (account_pk, created_at)`.execute(db);

  // What each number of a draw would cost the house at its best tier, per currency: the hot-number cap's count.
  await db.schema
    .createTable('lottery_liability')
    .addColumn('draw_id', 'bigint', (c) => c.notNull().references('lottery_draws.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lottery_liability_pk', ['draw_id', 'currency', 'number'])
    .execute();
  // The operator's liability caps per currency: '*' for every number, or one hot number.
  await db.schema
    .createTable('lottery_caps')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('cap', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lottery_caps_pk', ['currency', 'number'])
    .execute();

  await db.schema
    .createTable('crash_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('seed_id', 'bigint', (c) => c.notNull().references('fair_seeds.id'))
    .addColumn('nonce', 'integer', (c) => c.notNull())
    .addColumn('crash_point', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('betting', 'running', 'busted')`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('bust_at', 'timestamptz', (c) => c.notNull())
    .addColumn('settled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index crash_rounds_live on crash_rounds ((true)) where status <> 'busted'`.execute(
    db,
  );

  await db.schema
    .createTable('minigame_rounds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('game', 'text', (c) => c.notNull().check(sql`game in ('crash', 'dice', 'hilo')`))
    .addColumn('account_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('stake', 'bigint', (c) => c.notNull())
    .addColumn('payout', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'won', 'lost')`))
    .addColumn('seed_id', 'bigint', (c) => c.references('fair_seeds.id'))
    .addColumn('nonce', 'integer')
    .addColumn('crash_round_id', 'bigint', (c) => c.references('crash_rounds.id'))
    // The game's own figures as JSON: dice side/target/roll, hi-lo cards and guesses, crash auto/cash-out.
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await sql`create unique index minigame_rounds_crash_member on minigame_rounds (crash_round_id, account_pk)
    where crash_round_id is not null`.execute(db);
  await sql`create index minigame_rounds_member on minigame_rounds (account_pk, created_at)`.execute(db);
  await sql`create index minigame_rounds_crash_open on minigame_rounds (crash_round_id, id) where status = 'open'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'minigame_rounds',
    'crash_rounds',
    'lottery_caps',
    'lottery_liability',
    'lottery_tickets',
    'lottery_draws',
    'fair_seeds',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
