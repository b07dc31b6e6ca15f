import { MAX_SYSTEM_PICKS, binomial, systemBetCount, systemFoldOptions } from '@sb/domain';

/** Pick counts the combination table offers: from 3 (the smallest system, a Trixie) to the domain's maximum. */
export const SYSTEM_PICKS: readonly number[] = Array.from({ length: MAX_SYSTEM_PICKS - 2 }, (_, i) => i + 3);

/**
 * System parlay sizes and their bet counts (spec section 5), from @sb/domain: every fold from 2 up to n picks,
 * only the full combination above 10 picks; bets per size are C(n, k).
 */
export function systemFolds(picks: number): { size: number; bets: number }[] {
  return systemFoldOptions(picks).map((size) => ({ size, bets: binomial(picks, size) }));
}

/** Bets in the whole table (the full cover). */
export const fullCover = (picks: number): number => systemBetCount(picks, systemFoldOptions(picks));
