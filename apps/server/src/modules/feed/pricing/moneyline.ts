import type { FairMarket } from './types';

/** Sports priced only by who wins: a two-way or three-way moneyline, and outrights. */

function checkProb(p: number, what: string): void {
  if (!(p >= 0 && p <= 1) || !Number.isFinite(p)) throw new RangeError(`${what} must be in [0, 1]: ${p}`);
}

/** Two-way moneyline (boxing, darts, e-sports...). */
export function twoWayMarket(homeWin: number): FairMarket {
  checkProb(homeWin, 'win probability');
  return {
    kind: 'ml',
    period: 'ft',
    line: null,
    unit: null,
    main: false,
    outcomes: [
      { key: 'home', prob: homeWin },
      { key: 'away', prob: 1 - homeWin },
    ],
  };
}

/** Three-way moneyline where a draw stands (chess, cricket tests...). */
export function threeWayMarket(homeWin: number, draw: number): FairMarket {
  checkProb(homeWin, 'win probability');
  checkProb(draw, 'draw probability');
  if (homeWin + draw > 1 + 1e-12) throw new RangeError('win + draw probabilities exceed 1');
  return {
    kind: '1x2',
    period: 'ft',
    line: null,
    unit: null,
    main: false,
    outcomes: [
      { key: '1', prob: homeWin },
      { key: 'X', prob: draw },
      { key: '2', prob: Math.max(0, 1 - homeWin - draw) },
    ],
  };
}

export interface Competitor {
  readonly key: string;
  /** Any positive rating; win probability is proportional to it. */
  readonly strength: number;
}

/**
 * Outright winner from strengths (Bradley-Terry/Plackett-Luce: P(i wins) = s_i / sum s). Simple, and it keeps
 * the ordering of any rating the simulator invents.
 */
export function outrightMarket(competitors: readonly Competitor[]): FairMarket {
  if (competitors.length < 2) throw new RangeError('an outright needs at least two competitors');
  if (new Set(competitors.map((c) => c.key)).size !== competitors.length) {
    throw new RangeError('duplicate competitor keys');
  }
  for (const c of competitors) {
    if (!(c.strength > 0) || !Number.isFinite(c.strength)) throw new RangeError(`bad strength for ${c.key}`);
  }
  const sum = competitors.reduce((s, c) => s + c.strength, 0);
  return {
    kind: 'outright',
    period: 'ft',
    line: null,
    unit: null,
    main: false,
    outcomes: competitors.map((c) => ({ key: c.key, prob: c.strength / sum })),
  };
}
