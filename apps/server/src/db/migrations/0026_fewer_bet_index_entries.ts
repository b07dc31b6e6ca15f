import { sql, type Kysely } from 'kysely';

/**
 * Index entries a bet costs where nothing reads them:
 * - a member's bets by status are read only for the lists of running, waiting and voided bets (the statement
 *   and history filters read by placement or settlement time, through bets_account_created and bets_settled).
 *   As a partial index over those states, a settled bet leaves it: settlement's update of every bet no longer
 *   adds it an entry there (the update changes the status, so it is never heap-only and every index it
 *   matches gets one);
 * - a leg by match alone is served by the (match, bet) index, whose first column it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index bets_account_listed on bets (account_pk, status, created_at)
    where status in ('running', 'waiting', 'rejected', 'void', 'refund')`.execute(db);
  await sql`drop index if exists bets_account_status`.execute(db);
  await sql`drop index if exists bet_legs_match`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists bet_legs_match on bet_legs (match_id)`.execute(db);
  await sql`create index if not exists bets_account_status on bets (account_pk, status, created_at)`.execute(
    db,
  );
  await sql`drop index if exists bets_account_listed`.execute(db);
}
