import type { Executor, Trx } from '../../db/types';

export interface BrandRow {
  id: number;
  code: string;
  name: string;
  settings: string;
  is_default: boolean;
}

/** Brands and the host names that serve them. The module's only SQL. */
export const brandRepository = {
  async all(ex: Executor): Promise<{ brands: BrandRow[]; hosts: { host: string; brand_id: number }[] }> {
    const [brands, hosts] = [
      await ex
        .selectFrom('brands')
        .select(['id', 'code', 'name', 'settings', 'is_default'])
        .orderBy('id')
        .limit(10_000)
        .execute(),
      await ex.selectFrom('brand_hosts').select(['host', 'brand_id']).limit(100_000).execute(),
    ];
    return { brands, hosts };
  },

  async byCode(ex: Executor, code: string): Promise<BrandRow | undefined> {
    return ex
      .selectFrom('brands')
      .select(['id', 'code', 'name', 'settings', 'is_default'])
      .where('code', '=', code)
      .executeTakeFirst();
  },

  /** Creates or changes a brand by its code; answers its id. */
  async upsert(
    trx: Trx,
    brand: { code: string; name: string; settings: string; theme: string; language: string },
  ) {
    const row = await trx
      .insertInto('brands')
      .values({
        code: brand.code,
        name: brand.name,
        settings: brand.settings,
        theme: brand.theme,
        default_language: brand.language,
      })
      .onConflict((oc) =>
        oc.column('code').doUpdateSet({
          name: brand.name,
          settings: brand.settings,
          theme: brand.theme,
          default_language: brand.language,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** The brand's host names become exactly these; a host another brand holds is refused (false). */
  async setHosts(trx: Trx, brandId: number, hosts: string[]): Promise<boolean> {
    if (hosts.length > 0) {
      const taken = await trx
        .selectFrom('brand_hosts')
        .select('host')
        .where('host', 'in', hosts)
        .where('brand_id', '<>', brandId)
        .executeTakeFirst();
      if (taken) return false;
    }
    await trx.deleteFrom('brand_hosts').where('brand_id', '=', brandId).execute();
    if (hosts.length > 0) {
      await trx
        .insertInto('brand_hosts')
        .values(hosts.map((host) => ({ host, brand_id: brandId })))
        .execute();
    }
    return true;
  },

  /** The first default brand (a database that had one brand before brands were served by host). */
  async markDefaultIfNone(trx: Trx, brandId: number): Promise<void> {
    const known = await trx
      .selectFrom('brands')
      .select('id')
      .where('is_default', '=', true)
      .executeTakeFirst();
    if (!known) await trx.updateTable('brands').set({ is_default: true }).where('id', '=', brandId).execute();
  },

  /** Hosts for a brand that has none yet (hosts another brand holds are left to it). */
  async addHostsIfNone(trx: Trx, brandId: number, hosts: string[]): Promise<void> {
    const own = await trx
      .selectFrom('brand_hosts')
      .select('host')
      .where('brand_id', '=', brandId)
      .executeTakeFirst();
    if (own) return;
    await trx
      .insertInto('brand_hosts')
      .values(hosts.map((host) => ({ host, brand_id: brandId })))
      .onConflict((oc) => oc.column('host').doNothing())
      .execute();
  },

  /** A brand made a moment ago and its hosts (its operator could not be made). */
  async remove(trx: Trx, brandId: number): Promise<void> {
    await trx.deleteFrom('brand_hosts').where('brand_id', '=', brandId).execute();
    await trx.deleteFrom('brands').where('id', '=', brandId).execute();
  },
};
