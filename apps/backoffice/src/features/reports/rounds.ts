import { BO_ROUND_PRODUCTS, type BoRoundsRequest, type Product } from '@sb/contract';

/** A product that has game rounds rather than tickets (casino, games). */
export type RoundProduct = (typeof BO_ROUND_PRODUCTS)[number];

export const isRoundProduct = (value: string | undefined): value is RoundProduct =>
  (BO_ROUND_PRODUCTS as readonly string[]).includes(value ?? '');

/** What the rounds screen lists: whose rounds, which product ('' both), over which betting days. */
export interface RoundsQuery {
  account: string;
  product: RoundProduct | '';
  start: string;
  end: string;
}

export const ROUND_PAGE_SIZE = 100;

/** The rounds screen's address for a member's rounds of a product over a win/loss report's days. */
export const memberRoundsPath = (
  accountId: string,
  range: { start: string; end: string },
  product: RoundProduct | '',
): string =>
  `/reports/rounds?${new URLSearchParams({
    account_id: accountId,
    start: range.start,
    end: range.end,
    ...(product ? { product } : {}),
  }).toString()}`;

/** The query a link opens the rounds screen with. */
export function roundsFromSearch(
  search: URLSearchParams,
  fallback: { start: string; end: string },
): RoundsQuery {
  const product = search.get('product') ?? '';
  return {
    account: search.get('account_id') ?? '',
    product: isRoundProduct(product) ? product : '',
    start: search.get('start') ?? fallback.start,
    end: search.get('end') ?? fallback.end,
  };
}

/** The /bo/rounds request for a query and page (blanks left out). */
export const roundsRequest = (query: RoundsQuery, page: number): BoRoundsRequest => ({
  page,
  page_size: ROUND_PAGE_SIZE,
  start_date: query.start,
  end_date: query.end,
  ...(query.account.trim() ? { account_id: query.account.trim() } : {}),
  ...(query.product ? { product: query.product } : {}),
});

/** How many pages a total makes. */
export const roundPageCount = (total: number): number => Math.max(1, Math.ceil(total / ROUND_PAGE_SIZE));

/**
 * The product whose rounds a win/loss member row drills down to: the row's (split by product) or the chosen one
 * when it is casino or games, which have no tickets; null for the sportsbook and for every product together.
 */
export const roundProductOf = (
  rowProduct: Product | undefined,
  chosen: Product | '',
): RoundProduct | null => {
  const product = rowProduct ?? chosen;
  return isRoundProduct(product) ? product : null;
};
