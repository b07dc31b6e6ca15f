import type { Kysely } from 'kysely';

/** Myanmar-odds legs keep which side was the favourite when struck: settlement reads the line from its side. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bet_legs').addColumn('mm_favourite', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('bet_legs').dropColumn('mm_favourite').execute();
}
