import { sql, type Kysely } from 'kysely';

/**
 * Placement limits that span bets, kept as guarded running totals so one statement can enforce them exactly
 * under any concurrency (the row is locked by the upsert, the CHECK refuses the bet that would cross it):
 * - max stake per match per member (bet_limits.max_per_match, from the member's limit row for the bet);
 * - the per-day payout cap per sport and currency (decision 0.10; values from ASIAN-R 1.7, scaled per currency
 *   like the default bet limits).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null: no per-match cap beyond max_bet (parlays and systems span matches and have none).
  await db.schema.alterTable('bet_limits').addColumn('max_per_match', 'bigint').execute();
  await sql`update bet_limits set max_per_match = max_bet * 3 where limit_id not in ('parlay', 'sysparlay')`.execute(
    db,
  );

  await db.schema
    .createTable('payout_day_caps')
    // Sport 0: every sport without its own row.
    .addColumn('sport_id', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('cap', 'bigint', (c) => c.notNull().check(sql`cap > 0`))
    .addPrimaryKeyConstraint('payout_day_caps_pk', ['sport_id', 'currency'])
    .execute();
  // MYR minor units per sport (soccer 200,000; basketball 200,000; tennis 100,000; others 50,000), then scaled.
  const myr: [number, bigint][] = [
    [1, 20_000_000n],
    [2, 20_000_000n],
    [5, 10_000_000n],
    [0, 5_000_000n],
  ];
  const scale: [string, bigint, bigint][] = [
    ['MYR', 1n, 1n],
    ['SGD', 3n, 10n],
    ['USD', 1n, 4n],
    ['CNY', 3n, 2n],
    ['THB', 8n, 1n],
    ['IDR', 1n, 1n],
    ['MMK', 1n, 1n],
  ];
  const rows = scale.flatMap(([currency, num, den]) =>
    myr.map(([sport, cap]) => sql`(${sport}, ${currency}, ${String((cap * num) / den)}::bigint)`),
  );
  await sql`insert into payout_day_caps (sport_id, currency, cap) values ${sql.join(rows)}`.execute(db);

  // Running totals per member: 'm:<match id>' (open single stakes on a match) and 'd:<GMT+8 day>:<sport id>'
  // (potential payouts of the day's bets). cap is the limit in force when last written.
  await db.schema
    .createTable('bet_exposure')
    .addColumn('account_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('cap', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bet_exposure_pk', ['account_pk', 'scope'])
    .addCheckConstraint('bet_exposure_cap', sql`total <= cap`)
    .execute();

  // A member's open reservations (the ledger check sums them per member; it scanned them all per member).
  await sql`create index reservations_open_owner on reservations (owner_pk, currency) where state = 'open'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists reservations_open_owner`.execute(db);
  await db.schema.dropTable('bet_exposure').ifExists().execute();
  await db.schema.dropTable('payout_day_caps').ifExists().execute();
  await db.schema.alterTable('bet_limits').dropColumn('max_per_match').execute();
}
