import { sql, type Kysely } from 'kysely';

/**
 * The back office's list of a member's counted game rounds (/bo/rounds, issue 18 item 5): report_rounds is read by
 * member and betting day, so it gets that index (its key is the round's, which the counting job uses).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index report_rounds_member_day on report_rounds (member_pk, day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists report_rounds_member_day`.execute(db);
}
