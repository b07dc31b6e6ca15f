import { sql, type Kysely } from 'kysely';

/**
 * Session tokens are kept as their SHA-256 (hex), never in clear: a leaked table or backup opens no session.
 * Open sessions are carried over by hashing their tokens in place, so nobody is logged out by the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sessions add column token_hash text`.execute(db);
  await sql`update sessions set token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex')`.execute(db);
  await sql`alter table sessions drop constraint sessions_pkey`.execute(db);
  await sql`alter table sessions drop column token`.execute(db);
  await sql`alter table sessions alter column token_hash set not null`.execute(db);
  await sql`alter table sessions add primary key (token_hash)`.execute(db);
}

/** Back to clear tokens: hashes cannot be reversed, so every session ends. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sessions`.execute(db);
  await sql`alter table sessions drop constraint sessions_pkey`.execute(db);
  await sql`alter table sessions rename column token_hash to token`.execute(db);
  await sql`alter table sessions add primary key (token)`.execute(db);
}
