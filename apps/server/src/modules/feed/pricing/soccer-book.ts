import { handicapMarkets, totalMarkets } from './line-markets';
import { priceMarket } from './margin';
import { marginDist, totalDist, type ScoreMatrix } from './score-matrix';
import {
  correctScore,
  doubleChance,
  exactGoals,
  firstLastGoal,
  halfTimeFullTime,
  oddEven,
  oneXTwo,
  totalGoalBands,
} from './soccer-markets';
import { soccerModel, type SoccerInput, type SoccerModel } from './soccer-model';
import { DEFAULT_MARGINS, type FairMarket, type MarginConfig, type Market, type Period } from './types';

export interface SoccerPricingOptions {
  readonly margins?: MarginConfig;
  /** Alternative handicap and total lines on each side of the main line (0.25 apart). Default 2. */
  readonly alternatives?: number;
}

export interface SoccerBook {
  readonly model: SoccerModel;
  /** Every market's fair probabilities, before margin. */
  readonly fair: readonly FairMarket[];
  /** The same markets priced with the configured margins. */
  readonly markets: readonly Market[];
}

function lineMarkets(m: ScoreMatrix, period: Period, alternatives: number): FairMarket[] {
  const ladder = { step: 0.25, alternatives };
  return [
    // Live handicap settles on goals after the bet; live totals on the whole match (rules.md 0.4).
    ...handicapMarkets(marginDist(m, true), {
      period,
      unit: 'goals',
      ladder: { ...ladder, from: -6, to: 6 },
    }),
    ...totalMarkets(totalDist(m), { period, unit: 'goals', ladder: { ...ladder, from: 0.5, to: 15 } }),
  ];
}

/** All soccer markets' fair probabilities for a model. Markets that cannot be offered are left out. */
export function soccerFairMarkets(model: SoccerModel, alternatives = 2): FairMarket[] {
  const ft = model.fullTime;
  const out: FairMarket[] = [
    ...lineMarkets(ft, 'ft', alternatives),
    oneXTwo(ft, 'ft'),
    doubleChance(ft),
    oddEven(ft, 'ft'),
    correctScore(ft),
    totalGoalBands(ft),
    exactGoals(ft),
  ];
  const htft = halfTimeFullTime(model);
  if (htft) out.push(htft);
  const fglg = firstLastGoal(model);
  if (fglg) out.push(fglg);
  if (model.firstHalf) {
    out.push(...lineMarkets(model.firstHalf, '1h', alternatives));
    out.push(oneXTwo(model.firstHalf, '1h'), oddEven(model.firstHalf, '1h'));
  }
  return out;
}

/** Goal expectancies (and, live, minute and score) to a full priced soccer book. */
export function priceSoccer(input: SoccerInput, opts: SoccerPricingOptions = {}): SoccerBook {
  const model = soccerModel(input);
  const fair = soccerFairMarkets(model, opts.alternatives ?? 2);
  const config = opts.margins ?? DEFAULT_MARGINS;
  return { model, fair, markets: fair.map((f) => priceMarket(f, config)) };
}
