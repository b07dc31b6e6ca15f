import { sql, type Kysely } from 'kysely';

/**
 * Tournament rooms (product spec 3-9, rules.md decision 11): rooms over catalogue matches, the members who
 * joined (with their entry fee's transfer), their picks (a virtual 100-point stake on each match's main
 * handicap, and optionally its main over/under), and the prizes paid. Money itself lives in the ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tournament_rooms')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('type', 'smallint', (c) => c.notNull().check(sql`type in (1, 2, 3)`))
    .addColumn('is_virtual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('entry_fee', 'bigint', (c) => c.notNull().check(sql`entry_fee >= 0`))
    .addColumn('room_limit', 'integer', (c) => c.notNull().check(sql`room_limit between 3 and 30`))
    // A private room's 6-digit PIN, kept as an HMAC so a database reader cannot join.
    .addColumn('pin_hash', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('A', '4', '0', '3', '1', '2')`))
    .addColumn('first_kickoff', 'timestamptz', (c) => c.notNull())
    .addColumn('last_join_time', 'timestamptz', (c) => c.notNull())
    .addColumn('last_betting_time', 'timestamptz', (c) => c.notNull())
    .addColumn('operator_fee_bps', 'integer', (c) => c.notNull())
    .addColumn('free_prize', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('players', 'integer', (c) => c.notNull().defaultTo(0))
    // Set when a result or a state of one of the room's matches changed: the lifecycle job re-scores it.
    .addColumn('rescore', 'boolean', (c) => c.notNull().defaultTo(false))
    // What the room was last scored on (its matches' states and result versions): any other value means a
    // result arrived or was corrected, even one whose bus message this process never saw.
    .addColumn('scored_key', 'text')
    .addColumn('cancel_reason', 'text')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index tournament_rooms_open on tournament_rooms (status, last_join_time) where status in ('A', '4', '0', '3')`.execute(
    db,
  );
  await sql`create index tournament_rooms_owner on tournament_rooms (owner_pk, type, status)`.execute(db);

  await db.schema
    .createTable('tournament_room_matches')
    .addColumn('room_id', 'bigint', (c) => c.notNull().references('tournament_rooms.id'))
    .addColumn('match_id', 'bigint', (c) => c.notNull().references('matches.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_room_matches_pk', ['room_id', 'match_id'])
    .execute();
  await sql`create index tournament_room_matches_match on tournament_room_matches (match_id)`.execute(db);

  await db.schema
    .createTable('tournament_entries')
    .addColumn('room_id', 'bigint', (c) => c.notNull().references('tournament_rooms.id'))
    .addColumn('member_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull())
    .addColumn('points', sql`numeric(14,3)`, (c) => c.notNull().defaultTo(0))
    .addColumn('wins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('losses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('place', 'integer')
    .addColumn('prize', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('tournament_entries_pk', ['room_id', 'member_pk'])
    .execute();
  await sql`create index tournament_entries_member on tournament_entries (member_pk, room_id)`.execute(db);

  // The operator's override of the free room's once-per-address rule (shared carrier addresses).
  await db.schema
    .createTable('tournament_ip_overrides')
    .addColumn('room_id', 'bigint', (c) => c.notNull().references('tournament_rooms.id'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_ip_overrides_pk', ['room_id', 'ip'])
    .execute();

  await db.schema
    .createTable('tournament_picks')
    .addColumn('room_id', 'bigint', (c) => c.notNull().references('tournament_rooms.id'))
    .addColumn('member_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('match_id', 'bigint', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('hdp', 'ou')`))
    .addColumn('market_id', 'bigint', (c) => c.notNull())
    .addColumn('line', 'text', (c) => c.notNull())
    .addColumn('selection', 'text', (c) => c.notNull())
    .addColumn('price', sql`numeric(9,3)`, (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('points', sql`numeric(14,3)`)
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('tournament_picks_pk', ['room_id', 'member_pk', 'match_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'tournament_picks',
    'tournament_ip_overrides',
    'tournament_entries',
    'tournament_room_matches',
    'tournament_rooms',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
