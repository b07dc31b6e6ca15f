import { sql, type Kysely } from 'kysely';

/**
 * Position taking and commission per product (issue 18 item 4): one row per account and product (sportsbook,
 * casino, games). The sportsbook's existing single values (accounts.pt_share, accounts.commission_rate) are
 * copied in as the sportsbook product's; accounts keeps them in step for the sportsbook settlement, which reads
 * them. Presets are an upline's named templates of per-product settings (settings: JSON list of
 * { product, pt_share?, commission_rate? }), unique by name per owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_products')
    .addColumn('account_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('product', 'text', (c) => c.notNull().check(sql`product in ('sportsbook', 'casino', 'games')`))
    .addColumn('pt_share', sql`numeric(6,4)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`pt_share >= 0 and pt_share <= 1`),
    )
    .addColumn('commission_rate', sql`numeric(6,4)`, (c) =>
      c.check(sql`commission_rate >= 0 and commission_rate <= 1`),
    )
    .addPrimaryKeyConstraint('account_products_pk', ['account_pk', 'product'])
    .execute();
  await sql`insert into account_products (account_pk, product, pt_share, commission_rate)
    select id, 'sportsbook', pt_share, commission_rate from accounts`.execute(db);
  await db.schema
    .createTable('bo_presets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_pk', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('bo_presets_owner_name', ['owner_pk', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists bo_presets`.execute(db);
  await sql`drop table if exists account_products`.execute(db);
}
