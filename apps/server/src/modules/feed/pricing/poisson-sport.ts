import { handicapMarkets, totalMarkets } from './line-markets';
import { marginDist, resultProbs, scoreMatrix, totalDist } from './score-matrix';
import type { FairMarket, LineUnit } from './types';

/**
 * Low-scoring sports other than soccer (ice hockey, baseball, water polo, field hockey...): independent
 * Poisson scores. A regulation draw goes to overtime/extra innings; the moneyline gives that mass to each side
 * in proportion to its regulation win chance (the better side is likelier to win the extra period too).
 */
export interface PoissonSportInput {
  readonly home: number;
  readonly away: number;
  /** Offer the regulation-time 1X2 (ice hockey) besides the moneyline. */
  readonly threeWay?: boolean;
  readonly unit?: LineUnit;
  readonly alternatives?: number;
}

/** Enough goals per side that the folded tail is negligible even for baseball's 5+ runs. */
function boundFor(lambda: number): number {
  return Math.max(10, Math.ceil(lambda + 8 * Math.sqrt(lambda) + 8));
}

export function poissonSportFairMarkets(input: PoissonSportInput): FairMarket[] {
  const m = scoreMatrix(input.home, input.away, { maxGoals: boundFor(Math.max(input.home, input.away)) });
  const r = resultProbs(m);
  const decided = r.home + r.away;
  const homeMl = decided > 0 ? r.home + (r.draw * r.home) / decided : 0.5;
  const unit = input.unit ?? 'goals';
  const alternatives = input.alternatives ?? 1;
  const total = totalDist(m);
  const span = Math.ceil(Math.abs(input.home - input.away) + 4 * Math.sqrt(input.home + input.away) + 1);
  const out: FairMarket[] = [
    {
      kind: 'ml',
      period: 'ft',
      line: null,
      unit: null,
      main: false,
      outcomes: [
        { key: 'home', prob: homeMl },
        { key: 'away', prob: 1 - homeMl },
      ],
    },
    // Puck line / run line: half and whole lines (the classic -1.5 appears when the favourite is clear).
    ...handicapMarkets(marginDist(m), {
      period: 'ft',
      unit,
      ladder: { from: -span, to: span, step: 0.5, alternatives },
    }),
    ...totalMarkets(total, {
      period: 'ft',
      unit,
      ladder: { from: 0.5, to: Math.ceil(input.home + input.away + span), step: 0.5, alternatives },
    }),
  ];
  if (input.threeWay) {
    out.push({
      kind: '1x2',
      period: 'ft',
      line: null,
      unit: null,
      main: false,
      outcomes: [
        { key: '1', prob: r.home },
        { key: 'X', prob: r.draw },
        { key: '2', prob: r.away },
      ],
    });
  }
  return out;
}
