import {
  PRODUCTS,
  productCommissionProblem,
  productShareProblem,
  rateUnits,
  type Product,
  type ProductSetting,
} from '@sb/domain';
import type { AccountRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { productRepository, type ProductValues } from './products-repository';

/** The most accounts below one level read to check a chain (a bound on the share check's work). */
const MAX_DOWNLINE = 20_000;

export interface ProductView {
  product: Product;
  pt_share: string;
  commission_rate: string | null;
}

/** An account's position taking and commission for every product. */
export async function productSettingsOf(ex: Executor, target: AccountRow): Promise<ProductView[]> {
  const views: ProductView[] = [];
  for (const product of PRODUCTS) {
    const values = (await productRepository.valuesOf(ex, [String(target.id)], product)).get(
      String(target.id),
    );
    views.push({
      product,
      pt_share: values?.pt_share ?? '0',
      commission_rate: values?.commission_rate ?? null,
    });
  }
  return views;
}

/**
 * Applies per-product settings to one downline account inside the caller's transaction, each checked against
 * its own product's chain; returns the before and after of the products it changed (for the audit row).
 */
export async function applyProductSettings(
  trx: Executor,
  target: AccountRow,
  settings: readonly ProductSetting[],
): Promise<{ before: ProductView[]; after: ProductView[] }> {
  const before: ProductView[] = [];
  const after: ProductView[] = [];
  const belowIds = await productRepository.idsBelow(trx, target.path, String(target.id), MAX_DOWNLINE);
  const ancestorIds = target.path.split('/').filter((id) => id !== '' && id !== String(target.id));
  for (const setting of settings) {
    const values = await productRepository.valuesOf(
      trx,
      [...ancestorIds, String(target.id), ...belowIds],
      setting.product,
    );
    const own = values.get(String(target.id));
    if (!own) throw new AppError('account_not_exists', { field: 'account_id' });
    const next = {
      pt_share: setting.pt_share ?? own.pt_share,
      commission_rate: setting.commission_rate ?? own.commission_rate,
    };
    if (setting.pt_share !== undefined) checkShare(target, setting.pt_share, ancestorIds, belowIds, values);
    if (setting.commission_rate !== undefined)
      checkCommission(target, setting.product, setting.commission_rate, belowIds, values);
    await productRepository.upsert(trx, String(target.id), setting.product, next);
    before.push({ product: setting.product, pt_share: own.pt_share, commission_rate: own.commission_rate });
    after.push({ product: setting.product, ...next });
  }
  return { before, after };
}

function checkShare(
  target: AccountRow,
  share: string,
  ancestorIds: readonly string[],
  belowIds: readonly string[],
  values: Map<string, ProductValues>,
): void {
  // Members and the operator take no position: the levels between them do.
  if ((target.level === 'member' || target.level === 'operator') && rateUnits(share) !== 0)
    throw new AppError('invalid_request', { field: 'pt_share' });
  const above = ancestorIds
    .map((id) => values.get(id))
    .filter((row): row is ProductValues => row !== undefined && row.level !== 'operator')
    .map((row) => row.pt_share);
  let deepest = 0;
  for (const id of belowIds) {
    const row = values.get(id);
    if (!row || row.level === 'member') continue;
    const chain = row.path
      .slice(target.path.length)
      .split('/')
      .filter(Boolean)
      .reduce((sum, link) => sum + rateUnits(values.get(link)?.pt_share ?? '0'), 0);
    deepest = Math.max(deepest, chain);
  }
  const problem = productShareProblem({ share, above, deepestBelow: deepest });
  if (problem)
    throw new AppError('invalid_request', {
      field: 'pt_share',
      extra: { reason: 'the shares along a chain would exceed 100%' },
    });
}

function checkCommission(
  target: AccountRow,
  product: Product,
  rate: string,
  belowIds: readonly string[],
  values: Map<string, ProductValues>,
): void {
  const parent = target.parent_id === null ? undefined : values.get(String(target.parent_id));
  // The operator gives any rate; a level gives its downline at most its own (none set: nothing, except the
  // sportsbook, whose unset rate always meant "no bound" and keeps meaning it).
  const parentRate =
    !parent || parent.level === 'operator'
      ? null
      : (parent.commission_rate ?? (product === 'sportsbook' ? null : '0'));
  let highestChild: string | null = null;
  for (const id of belowIds) {
    const row = values.get(id);
    const isChild = row !== undefined && row.path === `${target.path}${id}/`;
    if (!isChild || row.commission_rate === null) continue;
    if (highestChild === null || rateUnits(row.commission_rate) > rateUnits(highestChild))
      highestChild = row.commission_rate;
  }
  const problem = productCommissionProblem({ rate, parentRate, highestChildRate: highestChild });
  if (problem === 'invalidRate') throw new AppError('invalid_request', { field: 'commission_rate' });
  if (problem) throw new AppError('aboveUplineLimit', { field: 'commission_rate' });
}
