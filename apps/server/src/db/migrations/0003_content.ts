import { sql, type Kysely } from 'kysely';

/** Announcements (per operator, per language) and personal messages to members. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('operator_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('normal', 'special')`))
    .addColumn('marquee', 'boolean', (c) => c.notNull().defaultTo(false))
    // { "en": { "title": "...", "message": "..." }, "cn": {...} }
    .addColumn('texts', 'jsonb', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('announcements_operator')
    .on('announcements')
    .columns(['operator_pk', 'starts_at'])
    .execute();

  await db.schema
    .createTable('personal_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('personal_messages_account')
    .on('personal_messages')
    .columns(['account_pk', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('personal_messages').ifExists().execute();
  await db.schema.dropTable('announcements').ifExists().execute();
}
