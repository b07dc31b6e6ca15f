import { sql, type Kysely } from 'kysely';

/**
 * The shared games' seeds are kept one per betting day under `scope:day`, so the next day's can be committed a day
 * ahead. A seed still in use under the old bare scope name is revealed: the day's rounds then take a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update fair_seeds set revealed_at = now()
    where revealed_at is null and scope in ('lottery', 'crash', 'draws', 'racing')`.execute(db);
}

export async function down(): Promise<void> {
  // A revealed seed stays revealed: its rounds can be verified by anyone.
}
