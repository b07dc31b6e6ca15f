import type { EventPricingInput } from '../pricing/event-pricing';
import { RALLY_FORMATS, type RallyFormat } from '../pricing/rally-model';
import type { LineUnit } from '../pricing/types';
import type { SportDef } from './catalogue';
import { gaussian, type Rng } from './random';

/**
 * Typical scoring per sport for the simulator: league-average expectancies (home side first, so home advantage
 * is built in) and how much two teams of one league differ (`spread`). Figures are rounded league averages.
 */
export type SportProfile =
  | {
      readonly model: 'soccer';
      readonly home: number;
      readonly away: number;
      readonly spread: number;
      readonly rho: number;
    }
  | {
      readonly model: 'spread';
      readonly homeMean: number;
      readonly awayMean: number;
      readonly marginSd: number;
      readonly totalSd: number;
      /** Sd of the strength difference between two teams, in points. */
      readonly spread: number;
      readonly threeWay: boolean;
    }
  | {
      readonly model: 'poisson';
      readonly home: number;
      readonly away: number;
      readonly spread: number;
      readonly threeWay: boolean;
      readonly unit: LineUnit;
    }
  | { readonly model: 'rally'; readonly format: RallyFormat; readonly spread: number }
  | { readonly model: 'two-way'; readonly spread: number }
  | { readonly model: 'three-way'; readonly draw: number; readonly spread: number }
  | { readonly model: 'outright'; readonly field: number; readonly spread: number }
  | { readonly model: 'number-game' };

const soccer = (home: number, away: number, spread = 0.35): SportProfile => ({
  model: 'soccer',
  home,
  away,
  spread,
  rho: -0.05,
});
const spread = (
  homeMean: number,
  awayMean: number,
  marginSd: number,
  totalSd: number,
  s: number,
  threeWay = false,
): SportProfile => ({
  model: 'spread',
  homeMean,
  awayMean,
  marginSd,
  totalSd,
  spread: s,
  threeWay,
});
const poisson = (home: number, away: number, threeWay: boolean, unit: LineUnit = 'goals'): SportProfile => ({
  model: 'poisson',
  home,
  away,
  spread: 0.25,
  threeWay,
  unit,
});
const rally = (format: RallyFormat, s = 0.9): SportProfile => ({ model: 'rally', format, spread: s });
const outright = (field: number, s = 0.8): SportProfile => ({ model: 'outright', field, spread: s });

/** Sports whose numbers differ from their model's default. */
export const SPORT_PROFILES: Readonly<Record<string, SportProfile>> = {
  soccer: soccer(1.5, 1.18),
  futsal: soccer(3.3, 2.9, 0.3),
  'beach-soccer': soccer(4.1, 3.7, 0.3),
  'e-football': soccer(2.4, 2.1, 0.4),
  basketball: spread(114, 111, 12, 17, 6),
  'e-basketball': spread(62, 60, 9, 10, 5),
  football: spread(23.5, 21.5, 13.5, 10, 6),
  handball: spread(30, 28.5, 5, 5.5, 3, true),
  rugby: spread(26, 21, 12, 12, 9, true),
  'rugby-league': spread(24, 20, 13, 11, 8, true),
  'rugby-sevens': spread(22, 17, 12, 10, 9, true),
  'aussie-rules': spread(88, 81, 30, 22, 15, true),
  'gaelic-football': spread(19, 17, 6, 6, 4, true),
  hurling: spread(25, 23, 7, 7, 5, true),
  netball: spread(59, 56, 8, 8, 6, true),
  lacrosse: spread(12.5, 11.5, 4, 4, 2),
  'ice-hockey': poisson(3.15, 2.85, true),
  baseball: poisson(4.6, 4.3, false, 'runs'),
  softball: poisson(4.2, 3.9, false, 'runs'),
  'water-polo': poisson(10.5, 9.5, true),
  'field-hockey': poisson(2.5, 2.1, true),
  floorball: poisson(5.8, 5.2, true),
  bandy: poisson(5.2, 4.6, true),
  tennis: rally(RALLY_FORMATS.tennisBestOf3, 1.1),
  padel: rally(RALLY_FORMATS.tennisBestOf3),
  volleyball: rally(RALLY_FORMATS.volleyball),
  'beach-volleyball': rally(RALLY_FORMATS.beachVolleyball),
  badminton: rally(RALLY_FORMATS.badminton),
  'sepak-takraw': rally(RALLY_FORMATS.badminton),
  'table-tennis': rally(RALLY_FORMATS.tableTennis),
  squash: rally(RALLY_FORMATS.squash),
  chess: { model: 'three-way', draw: 0.38, spread: 0.6 },
  golf: outright(60, 0.9),
  'formula-1': outright(20, 1.2),
  motogp: outright(22, 1),
  'horse-racing': outright(12, 0.7),
  greyhounds: outright(6, 0.5),
  pubg: outright(16, 0.6),
};

const DEFAULTS: Readonly<Record<SportDef['model'], SportProfile>> = {
  soccer: soccer(1.5, 1.18),
  spread: spread(100, 97, 11, 14, 6),
  poisson: poisson(3, 2.7, true),
  rally: rally(RALLY_FORMATS.tennisBestOf3),
  'two-way': { model: 'two-way', spread: 0.9 },
  'three-way': { model: 'three-way', draw: 0.25, spread: 0.6 },
  outright: outright(10),
  'number-game': { model: 'number-game' },
};

export function sportProfile(sport: SportDef): SportProfile {
  return SPORT_PROFILES[sport.code] ?? DEFAULTS[sport.model];
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * A random but typical match of this sport as a pricing input (null for number games, which have fixed-rule
 * markets). Strengths are drawn around the league average; outright fields get keys '1'..'n'.
 */
export function sampleEventInput(sport: SportDef, rng: Rng): EventPricingInput | null {
  const p = sportProfile(sport);
  switch (p.model) {
    case 'soccer': {
      const s = gaussian(rng, 0, p.spread);
      return {
        model: 'soccer',
        input: { home: p.home * Math.exp(s / 2), away: p.away * Math.exp(-s / 2), rho: p.rho },
      };
    }
    case 'spread': {
      const d = gaussian(rng, 0, p.spread) / 2;
      const input = {
        homeMean: p.homeMean + d,
        awayMean: p.awayMean - d,
        marginSd: p.marginSd,
        totalSd: p.totalSd,
      };
      return { model: 'spread', input: { ...input, threeWay: p.threeWay } };
    }
    case 'poisson': {
      const s = gaussian(rng, 0, p.spread);
      const input = {
        home: p.home * Math.exp(s / 2),
        away: p.away * Math.exp(-s / 2),
        threeWay: p.threeWay,
        unit: p.unit,
      };
      return { model: 'poisson', input };
    }
    case 'rally':
      return {
        model: 'rally',
        input: { winProb: clampProb(logistic(gaussian(rng, 0, p.spread))), format: p.format },
      };
    case 'two-way':
      return { model: 'two-way', homeWin: clampProb(logistic(gaussian(rng, 0.1, p.spread))) };
    case 'three-way': {
      const win = logistic(gaussian(rng, 0, p.spread));
      return { model: 'three-way', homeWin: win * (1 - p.draw), draw: p.draw };
    }
    case 'outright':
      return {
        model: 'outright',
        competitors: Array.from({ length: p.field }, (_, i) => ({
          key: String(i + 1),
          strength: Math.exp(gaussian(rng, 0, p.spread)),
        })),
      };
    case 'number-game':
      return null;
  }
}

/** Keeps drawn probabilities away from 0 and 1, where prices stop making sense. */
function clampProb(p: number): number {
  return Math.min(0.97, Math.max(0.03, p));
}
