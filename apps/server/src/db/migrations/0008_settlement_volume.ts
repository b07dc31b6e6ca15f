import { sql, type Kysely } from 'kysely';

/**
 * Settlement at volume. bet_shares is written only by the settlement engine, six rows a bet, from ids it has
 * just locked: its foreign-key checks cost more than the rows themselves (measured with the settlement bench),
 * so they go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_shares drop constraint if exists bet_shares_bet_id_fkey`.execute(db);
  await sql`alter table bet_shares drop constraint if exists bet_shares_account_pk_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bet_shares add constraint bet_shares_bet_id_fkey foreign key (bet_id) references bets (id)`.execute(
    db,
  );
  await sql`alter table bet_shares add constraint bet_shares_account_pk_fkey
    foreign key (account_pk) references accounts (id)`.execute(db);
}
