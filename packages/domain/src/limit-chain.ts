/**
 * Bet limits along the upline chain (issue 18: "bet limits per sport and bet type inside the parent's"). Every
 * amount is in minor units of one unit: the caller scales the parent's limit into the child's currency first.
 */
export interface ChainLimit {
  readonly min: bigint;
  readonly max: bigint;
  readonly maxPayout: bigint;
  /** Most staked on one match; null: no cap of its own. */
  readonly maxPerMatch: bigint | null;
}

export type LimitField = 'min' | 'max' | 'max_payout' | 'max_per_match';

/**
 * The first field of `child` outside `parent` (min below the parent's min, any maximum above the parent's), or
 * null when the child lies inside. A parent without a per-match cap bounds nothing there; a child without one
 * under a parent with one would have more than the parent: outside.
 */
export function limitOutside(child: ChainLimit, parent: ChainLimit): LimitField | null {
  if (child.min < parent.min) return 'min';
  if (child.max > parent.max) return 'max';
  if (child.maxPayout > parent.maxPayout) return 'max_payout';
  if (parent.maxPerMatch !== null && (child.maxPerMatch === null || child.maxPerMatch > parent.maxPerMatch))
    return 'max_per_match';
  return null;
}

const clamp = (value: bigint, low: bigint, high: bigint) => (value < low ? low : value > high ? high : value);

/**
 * The child's limit pulled inside its parent's after the parent tightened: the min raised to the parent's min
 * (and never above the parent's max), the max lowered to the parent's max (and never below the new min), the
 * max payout and per-match cap lowered to the parent's. A child already inside comes back unchanged.
 */
export function clampLimit(child: ChainLimit, parent: ChainLimit): ChainLimit {
  const min = clamp(child.min, parent.min, parent.max);
  const max = clamp(child.max, min, parent.max);
  const maxPayout = clamp(child.maxPayout, max, parent.maxPayout);
  const maxPerMatch =
    parent.maxPerMatch === null
      ? child.maxPerMatch
      : child.maxPerMatch === null || child.maxPerMatch > parent.maxPerMatch
        ? parent.maxPerMatch
        : child.maxPerMatch;
  return { min, max, maxPayout, maxPerMatch };
}

export function sameLimit(a: ChainLimit, b: ChainLimit): boolean {
  return a.min === b.min && a.max === b.max && a.maxPayout === b.maxPayout && a.maxPerMatch === b.maxPerMatch;
}
