import { Rational } from './decimal';
import { DomainError, assert } from './errors';
import { fromMinorUnits, minorToRational, parseStake, roundToMinor } from './money';
import { legFactor, MAX_PARLAY_LEGS, type ParlayLeg } from './parlay';

/**
 * System parlay (rules.md 3.2, decision 0.6): every combination of the chosen fold sizes, each staked with the
 * unit stake. With more than this many picks only the full combination is offered (product spec 5).
 */
export const SYSTEM_ALL_SIZES_MAX_PICKS = 10;
/** Picks on one system ticket: the parlay maximum, which also bounds combinations at 2^12 - 1. */
export const MAX_SYSTEM_PICKS = MAX_PARLAY_LEGS;
const MAX_COMBINATIONS = 2 ** MAX_SYSTEM_PICKS - 1;

/** Named systems are aliases of fold-size sets (rules.md 3.2). */
export const NAMED_SYSTEMS: Readonly<
  Record<string, { readonly picks: number; readonly foldSizes: readonly number[] }>
> = {
  trixie: { picks: 3, foldSizes: [2, 3] },
  patent: { picks: 3, foldSizes: [1, 2, 3] },
  yankee: { picks: 4, foldSizes: [2, 3, 4] },
  lucky15: { picks: 4, foldSizes: [1, 2, 3, 4] },
  canadian: { picks: 5, foldSizes: [2, 3, 4, 5] },
  superYankee: { picks: 5, foldSizes: [2, 3, 4, 5] },
  lucky31: { picks: 5, foldSizes: [1, 2, 3, 4, 5] },
  heinz: { picks: 6, foldSizes: [2, 3, 4, 5, 6] },
  lucky63: { picks: 6, foldSizes: [1, 2, 3, 4, 5, 6] },
  superHeinz: { picks: 7, foldSizes: [2, 3, 4, 5, 6, 7] },
  goliath: { picks: 8, foldSizes: [2, 3, 4, 5, 6, 7, 8] },
};

/**
 * The fold sizes offered for a number of picks: 2..n ("2/n" ... "n/n"), or only n when there are more than 10
 * picks (product spec 5). Fewer than 2 picks offer nothing.
 */
export function systemFoldOptions(picks: number): number[] {
  assert(Number.isSafeInteger(picks) && picks >= 0 && picks <= MAX_SYSTEM_PICKS, `bad pick count ${picks}`);
  if (picks < 2) return [];
  if (picks > SYSTEM_ALL_SIZES_MAX_PICKS) return [picks];
  return Array.from({ length: picks - 1 }, (_, index) => index + 2);
}

/** C(n, k), exact for the small n used here. */
export function binomial(n: number, k: number): number {
  assert(Number.isSafeInteger(n) && Number.isSafeInteger(k) && n >= 0 && n <= 64, 'bad binomial');
  if (k < 0 || k > n) return 0;
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return Number(result);
}

/** Bets in a system: the sum over fold sizes K of C(n, k). Trixie (3, [2, 3]) -> 4. */
export function systemBetCount(picks: number, foldSizes: readonly number[]): number {
  checkFoldSizes(picks, foldSizes);
  let bets = 0;
  for (const size of foldSizes) bets += binomial(picks, size);
  return bets;
}

/**
 * The combinations, each a sorted list of leg indexes, in order of size then lexicographically.
 * Bounded: at most 2^12 - 1 combinations.
 */
export function systemCombinations(picks: number, foldSizes: readonly number[]): number[][] {
  checkFoldSizes(picks, foldSizes);
  const combinations: number[][] = [];
  for (const size of [...foldSizes].sort((a, b) => a - b)) {
    // Walk k-subsets in lexicographic order with an index array; C(n, k) steps.
    const indexes = Array.from({ length: size }, (_, i) => i);
    for (let step = 0; step < MAX_COMBINATIONS; step += 1) {
      combinations.push([...indexes]);
      let position = size - 1;
      while (position >= 0 && (indexes[position] ?? 0) === picks - size + position) position -= 1;
      if (position < 0) break;
      indexes[position] = (indexes[position] ?? 0) + 1;
      for (let next = position + 1; next < size; next += 1) indexes[next] = (indexes[next - 1] ?? 0) + 1;
    }
  }
  assert(combinations.length === systemBetCount(picks, foldSizes), 'combination count mismatch');
  return combinations;
}

export interface SystemSettlementMinor {
  readonly bets: number;
  readonly totalStakeMinor: bigint;
  readonly payoutMinor: bigint;
  readonly winLossMinor: bigint;
}

/**
 * Settles a system: return = sum over combinations of unit x product of leg factors (3.1 factors inside each
 * combination), summed exactly and rounded half-up once for the ticket; win/loss = return - unit x bets.
 */
export function systemPayoutMinor(
  unitStakeMinor: bigint,
  legs: readonly ParlayLeg[],
  foldSizes: readonly number[],
): SystemSettlementMinor {
  assert(unitStakeMinor > 0n, 'unit stake must be positive');
  const factors = legs.map(legFactor);
  const combinations = systemCombinations(legs.length, foldSizes);
  let total = Rational.ZERO;
  for (const combination of combinations) {
    let product = Rational.ONE;
    for (const index of combination) product = product.mul(factors[index] ?? Rational.ZERO);
    total = total.add(product);
  }
  const bets = combinations.length;
  const totalStakeMinor = unitStakeMinor * BigInt(bets);
  const payoutMinor = roundToMinor(minorToRational(unitStakeMinor).mul(total));
  return { bets, totalStakeMinor, payoutMinor, winLossMinor: payoutMinor - totalStakeMinor };
}

/** systemPayout('10', trixieLegs, [2, 3]) -> { bets: 4, totalStake: '40.00', payout: '225.00', winLoss: '185.00' } */
export function systemPayout(
  unitStake: string,
  legs: readonly ParlayLeg[],
  foldSizes: readonly number[],
): { bets: number; totalStake: string; payout: string; winLoss: string } {
  const minor = systemPayoutMinor(parseStake(unitStake), legs, foldSizes);
  return {
    bets: minor.bets,
    totalStake: fromMinorUnits(minor.totalStakeMinor),
    payout: fromMinorUnits(minor.payoutMinor),
    winLoss: fromMinorUnits(minor.winLossMinor),
  };
}

function checkFoldSizes(picks: number, foldSizes: readonly number[]): void {
  assert(Number.isSafeInteger(picks) && picks >= 1 && picks <= MAX_SYSTEM_PICKS, `bad pick count ${picks}`);
  const distinct = new Set(foldSizes);
  const valid =
    foldSizes.length > 0 &&
    distinct.size === foldSizes.length &&
    foldSizes.every((size) => Number.isSafeInteger(size) && size >= 1 && size <= picks);
  if (!valid) throw new DomainError('invalidBetType', { picks, foldSizes: foldSizes.join(',') });
}
