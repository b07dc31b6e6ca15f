import type { Product, ProductSetting } from '@sb/domain';
import { sql } from 'kysely';
import { wholes } from '../../db/arrays';
import type { Executor } from '../../db/types';

export interface ProductValues {
  id: string;
  path: string;
  level: string;
  pt_share: string;
  commission_rate: string | null;
}

/**
 * Per-product position taking and commission (0018_product_shares). The sportsbook's values live on accounts
 * (the settlement reads them there) and are mirrored in account_products; casino and games only in
 * account_products, where a missing row means no share and no commission.
 */
export const productRepository = {
  /** One product's values for the given accounts (all of them, defaults filled in). */
  async valuesOf(
    ex: Executor,
    ids: readonly string[],
    product: Product,
  ): Promise<Map<string, ProductValues>> {
    const out = new Map<string, ProductValues>();
    if (ids.length === 0) return out;
    const accounts = await ex
      .selectFrom('accounts')
      .select(['id', 'path', 'level', 'pt_share', 'commission_rate'])
      .where(sql<boolean>`id = any(${wholes(ids)})`)
      .execute();
    const rows =
      product === 'sportsbook'
        ? []
        : await ex
            .selectFrom('account_products')
            .select(['account_pk', 'pt_share', 'commission_rate'])
            .where(sql<boolean>`account_pk = any(${wholes(ids)})`)
            .where('product', '=', product)
            .execute();
    const own = new Map(rows.map((row) => [String(row.account_pk), row]));
    for (const account of accounts) {
      const id = String(account.id);
      const row = own.get(id);
      out.set(id, {
        id,
        path: account.path,
        level: account.level,
        pt_share: product === 'sportsbook' ? String(account.pt_share) : String(row?.pt_share ?? '0'),
        commission_rate: product === 'sportsbook' ? account.commission_rate : (row?.commission_rate ?? null),
      });
    }
    return out;
  },

  /** The ids of every account strictly below `path` (upline levels and members), capped by `limit`. */
  async idsBelow(ex: Executor, path: string, selfPk: string, limit: number): Promise<string[]> {
    const rows = await ex
      .selectFrom('accounts')
      .select('id')
      .where('path', 'like', `${path}%`)
      .where('id', '<>', selfPk)
      .limit(limit)
      .execute();
    return rows.map((row) => String(row.id));
  },

  async upsert(
    ex: Executor,
    accountPk: string,
    product: Product,
    values: { pt_share: string; commission_rate: string | null },
  ): Promise<void> {
    await ex
      .insertInto('account_products')
      .values({ account_pk: accountPk, product, ...values })
      .onConflict((oc) => oc.columns(['account_pk', 'product']).doUpdateSet(values))
      .execute();
    if (product === 'sportsbook')
      await ex.updateTable('accounts').set(values).where('id', '=', accountPk).execute();
  },

  async presets(ex: Executor, ownerPk: string): Promise<{ name: string; settings: ProductSetting[] }[]> {
    const rows = await ex
      .selectFrom('bo_presets')
      .select(['name', 'settings'])
      .where('owner_pk', '=', ownerPk)
      .orderBy('name')
      .limit(200)
      .execute();
    return rows.map((row) => ({ name: row.name, settings: JSON.parse(row.settings) as ProductSetting[] }));
  },

  async savePreset(ex: Executor, ownerPk: string, name: string, settings: readonly ProductSetting[]) {
    const json = JSON.stringify(settings);
    await ex
      .insertInto('bo_presets')
      .values({ owner_pk: ownerPk, name, settings: json })
      .onConflict((oc) => oc.columns(['owner_pk', 'name']).doUpdateSet({ settings: json }))
      .execute();
  },

  async deletePreset(ex: Executor, ownerPk: string, name: string): Promise<boolean> {
    const result = await ex
      .deleteFrom('bo_presets')
      .where('owner_pk', '=', ownerPk)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
