import { priceMarket } from './margin';
import { outrightMarket, threeWayMarket, twoWayMarket, type Competitor } from './moneyline';
import { poissonSportFairMarkets, type PoissonSportInput } from './poisson-sport';
import { rallyFairMarkets, type RallyInput } from './rally-model';
import { soccerFairMarkets } from './soccer-book';
import { soccerModel, type SoccerInput } from './soccer-model';
import { spreadFairMarkets, type SpreadInput } from './spread-model';
import { DEFAULT_MARGINS, type FairMarket, type MarginConfig, type Market } from './types';

/** Which pricing model a sport uses (the sports catalogue names one per sport). */
export type ScoringModel =
  'soccer' | 'spread' | 'poisson' | 'rally' | 'two-way' | 'three-way' | 'outright' | 'number-game';

/** One event's pricing input, tagged by model: the simulator builds these from the catalogue. */
export type EventPricingInput =
  | { readonly model: 'soccer'; readonly input: SoccerInput; readonly alternatives?: number }
  | { readonly model: 'spread'; readonly input: SpreadInput }
  | { readonly model: 'poisson'; readonly input: PoissonSportInput }
  | { readonly model: 'rally'; readonly input: RallyInput }
  | { readonly model: 'two-way'; readonly homeWin: number }
  | { readonly model: 'three-way'; readonly homeWin: number; readonly draw: number }
  | { readonly model: 'outright'; readonly competitors: readonly Competitor[] };

export function fairMarketsFor(event: EventPricingInput): FairMarket[] {
  switch (event.model) {
    case 'soccer':
      return soccerFairMarkets(soccerModel(event.input), event.alternatives ?? 2);
    case 'spread':
      return spreadFairMarkets(event.input);
    case 'poisson':
      return poissonSportFairMarkets(event.input);
    case 'rally':
      return rallyFairMarkets(event.input);
    case 'two-way':
      return [twoWayMarket(event.homeWin)];
    case 'three-way':
      return [threeWayMarket(event.homeWin, event.draw)];
    case 'outright':
      return [outrightMarket(event.competitors)];
  }
}

/** Fair markets of any sport, priced with the configured margins. */
export function priceEvent(event: EventPricingInput, config: MarginConfig = DEFAULT_MARGINS): Market[] {
  return fairMarketsFor(event).map((f) => priceMarket(f, config));
}
