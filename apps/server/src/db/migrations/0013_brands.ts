import { sql, type Kysely } from 'kysely';

/**
 * Brands served per host (white label): a brand's settings (theme, colours, languages, odds type, currencies,
 * sports order, products, white-label mode, support, help; validated by the contract's brandSettings) and the
 * host names that serve it. A host not listed is served by the default brand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Empty: the brand service fills what is missing from the defaults (brands/defaults.ts).
  await sql`alter table brands add column settings text not null default '{}'`.execute(db);
  await sql`alter table brands add column is_default boolean not null default false`.execute(db);
  // The oldest brand is the default until an operator says otherwise: one deployment served one brand.
  await sql`update brands set is_default = true where id = (select min(id) from brands)`.execute(db);
  await sql`create unique index brands_one_default on brands (is_default) where is_default`.execute(db);
  await sql`create table brand_hosts (
    host text primary key,
    brand_id integer not null references brands (id)
  )`.execute(db);
  await sql`create index brand_hosts_brand on brand_hosts (brand_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists brand_hosts`.execute(db);
  await sql`drop index if exists brands_one_default`.execute(db);
  await sql`alter table brands drop column if exists is_default`.execute(db);
  await sql`alter table brands drop column if exists settings`.execute(db);
}
