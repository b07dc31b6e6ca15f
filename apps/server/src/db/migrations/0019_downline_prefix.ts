import { sql, type Kysely } from 'kysely';

/**
 * Login prefixes of a downline (issue 18, rules decision 14; the agent sites' "username = the parent's prefix plus
 * characters"): an upline account may carry the prefix every account created under it must start with. Null: its
 * downline's logins are free (the demo chain and every account made before this migration).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column downline_prefix text`.execute(db);
}
