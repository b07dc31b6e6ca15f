import { handicapMarkets, totalMarkets } from './line-markets';
import type { IntDist } from './lines';
import { discreteNormal } from './normal';
import type { FairMarket, LineUnit } from './types';

/**
 * High-scoring team sports (basketball, American football, handball, rugby...): the final margin and the total
 * are each close to normal, which gives point spreads, totals and the moneyline without modelling every basket.
 */
export interface SpreadInput {
  /** Expected points of each side; the difference is the expected margin, the sum the expected total. */
  readonly homeMean: number;
  readonly awayMean: number;
  readonly marginSd: number;
  readonly totalSd: number;
  /** Offer a regulation-time 1X2 (sports where a draw stands: handball, rugby, soccer-like leagues). */
  readonly threeWay?: boolean;
  readonly unit?: LineUnit;
  readonly alternatives?: number;
}

/**
 * Moneyline from a margin distribution. A tie goes to overtime, which each side wins about half the time; the
 * stronger side's edge in a short overtime is small enough to ignore here.
 */
export function moneylineFromMargin(margin: IntDist): FairMarket {
  let home = 0;
  let tie = 0;
  margin.probs.forEach((p, i) => {
    const m = margin.min + i;
    if (m > 0) home += p;
    else if (m === 0) tie += p;
  });
  home += tie / 2;
  return {
    kind: 'ml',
    period: 'ft',
    line: null,
    unit: null,
    main: false,
    outcomes: [
      { key: 'home', prob: home },
      { key: 'away', prob: 1 - home },
    ],
  };
}

/** Regulation-time 1X2 from a margin distribution. */
export function threeWayFromMargin(margin: IntDist): FairMarket {
  let home = 0;
  let draw = 0;
  margin.probs.forEach((p, i) => {
    const m = margin.min + i;
    if (m > 0) home += p;
    else if (m === 0) draw += p;
  });
  return {
    kind: '1x2',
    period: 'ft',
    line: null,
    unit: null,
    main: false,
    outcomes: [
      { key: '1', prob: home },
      { key: 'X', prob: draw },
      { key: '2', prob: 1 - home - draw },
    ],
  };
}

export function spreadFairMarkets(input: SpreadInput): FairMarket[] {
  const margin = discreteNormal(input.homeMean - input.awayMean, input.marginSd);
  const total = discreteNormal(input.homeMean + input.awayMean, input.totalSd, 0);
  const unit = input.unit ?? 'points';
  const alternatives = input.alternatives ?? 2;
  const span = Math.ceil(Math.abs(input.homeMean - input.awayMean) + 4 * input.marginSd);
  const out: FairMarket[] = [
    moneylineFromMargin(margin),
    // Whole and half points: spread books quote -5.5, -6, -6.5, not quarter lines.
    ...handicapMarkets(margin, {
      period: 'ft',
      unit,
      ladder: { from: -span, to: span, step: 0.5, alternatives },
    }),
    ...totalMarkets(total, {
      period: 'ft',
      unit,
      ladder: {
        from: Math.max(0.5, Math.floor(total.min)),
        to: total.min + total.probs.length,
        step: 0.5,
        alternatives,
      },
    }),
  ];
  if (input.threeWay) out.push(threeWayFromMargin(margin));
  return out;
}
