import { priceFromProbability } from './price-format';
import type { FairMarket, MarginConfig, Market, Selection } from './types';

/** Below this a selection is not offered: pricing a (near-)impossible outcome at the cap only invites abuse. */
export const MIN_OFFERED_PROB = 1e-9;

const BISECTION_STEPS = 100;

/**
 * Spreads an overround over a partition with the power method: q_i = p_i^k, k chosen so that sum q_i = 1 + o.
 * Unlike scaling every p_i by (1 + o), no q_i can pass 1 (a 0.99 favourite keeps a price above 1), and the
 * longshots carry more of the margin, which is how books really shade prices (favourite-longshot bias).
 */
export function applyOverround(probs: readonly number[], overround: number): number[] {
  const live = probs.filter((p) => p > 0);
  const target = 1 + overround;
  if (overround <= 0 || live.length < 2 || target >= live.length) return [...probs];
  const sumAt = (k: number): number => live.reduce((s, p) => s + p ** k, 0);
  let lo = 0; // sum = live.length at k = 0
  let hi = 1; // sum = 1 at k = 1
  for (let i = 0; i < BISECTION_STEPS; i += 1) {
    const mid = (lo + hi) / 2;
    if (sumAt(mid) > target) lo = mid;
    else hi = mid;
  }
  const k = (lo + hi) / 2;
  return probs.map((p) => (p > 0 ? p ** k : 0));
}

function selections(
  keys: readonly string[],
  fair: readonly number[],
  withMargin: readonly number[],
  maxPrice: number,
): Selection[] {
  return keys.map((key, i) => {
    const prob = fair[i] ?? 0;
    const q = withMargin[i] ?? 0;
    return { key, prob, price: prob < MIN_OFFERED_PROB ? null : priceFromProbability(q, maxPrice) };
  });
}

/** Margin for a partition: outcomes are mutually exclusive and their probabilities sum to 1. */
function pricePartition(keys: readonly string[], probs: readonly number[], o: number, maxPrice: number) {
  return selections(keys, probs, applyOverround(probs, o), maxPrice);
}

/**
 * Double chance covers every result twice (1X + X2 + 12 = 2): apply the margin to the halves, then double, so
 * the book sums to 2 x (1 + o).
 */
function priceDoubleChance(keys: readonly string[], probs: readonly number[], o: number, maxPrice: number) {
  const halves = applyOverround(
    probs.map((p) => p / 2),
    o,
  );
  return selections(
    keys,
    probs,
    halves.map((q) => q * 2),
    maxPrice,
  );
}

/**
 * First/last goal is two partitions sharing "no goal": {HF, AF, NG} and {HL, AL, NG}. Each gets the margin on
 * its own; NG takes its price from the first-goal partition.
 */
function priceFirstLast(keys: readonly string[], probs: readonly number[], o: number, maxPrice: number) {
  const at = (key: string): number => probs[keys.indexOf(key)] ?? 0;
  const [hf = 0, af = 0, ng = 0] = applyOverround([at('HF'), at('AF'), at('NG')], o);
  const [hl = 0, al = 0] = applyOverround([at('HL'), at('AL'), at('NG')], o);
  const byKey: Record<string, number> = { HF: hf, AF: af, NG: ng, HL: hl, AL: al };
  return selections(
    keys,
    probs,
    keys.map((k) => byKey[k] ?? 0),
    maxPrice,
  );
}

/** Turns a fair market into a priced one with the overround configured for its kind. */
export function priceMarket(fair: FairMarket, config: MarginConfig): Market {
  const keys = fair.outcomes.map((o) => o.key);
  const probs = fair.outcomes.map((o) => o.prob);
  const o = config.overround[fair.kind];
  const cover = fair.cover ?? 'partition';
  const priced =
    cover === 'double-chance'
      ? priceDoubleChance(keys, probs, o, config.maxPrice)
      : cover === 'first-last'
        ? priceFirstLast(keys, probs, o, config.maxPrice)
        : pricePartition(keys, probs, o, config.maxPrice);
  return {
    kind: fair.kind,
    period: fair.period,
    line: fair.line,
    unit: fair.unit,
    main: fair.main,
    selections: priced,
  };
}

/** Sum of 1/price over the offered selections: 1.05 means a 5% book. */
export function bookPercentage(market: Market): number {
  return market.selections.reduce((s, sel) => (sel.price === null ? s : s + 1 / Number(sel.price)), 0);
}
