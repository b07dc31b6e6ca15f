import { describe, expect, it } from 'vitest';
import { fairMarketsFor, priceEvent } from './event-pricing';
import { bookPercentage } from './margin';
import { outrightMarket, threeWayMarket, twoWayMarket } from './moneyline';
import { discreteNormal, normalCdf } from './normal';
import { poissonSportFairMarkets } from './poisson-sport';
import {
  RALLY_FORMATS,
  rallyDistribution,
  rallyFairMarkets,
  setScores,
  unitProbability,
} from './rally-model';
import { spreadFairMarkets } from './spread-model';
import { DEFAULT_MARGINS, type FairMarket } from './types';

const total = (f: FairMarket) => f.outcomes.reduce((s, o) => s + o.prob, 0);
const sumsToOne = (list: readonly FairMarket[]) => {
  for (const f of list) expect(Math.abs(total(f) - 1)).toBeLessThan(1e-9);
};

describe('normal distribution', () => {
  it('matches known CDF values', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });
  it('discretises to a distribution summing to 1', () => {
    const d = discreteNormal(5.5, 12);
    expect(d.probs.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(discreteNormal(3, 10, 0).min).toBe(0);
  });
});

describe('spread sports (basketball)', () => {
  const markets = spreadFairMarkets({
    homeMean: 114,
    awayMean: 108,
    marginSd: 12,
    totalSd: 18,
    threeWay: true,
  });
  it('sums to 1 and centres lines on the expectation', () => {
    sumsToOne(markets);
    const main = markets.find((m) => m.kind === 'hdp' && m.main);
    expect(Number(main?.line)).toBeCloseTo(-6, 0);
    expect(Math.abs(Number(markets.find((m) => m.kind === 'ou' && m.main)?.line) - 222)).toBeLessThanOrEqual(
      0.5,
    );
    expect(markets.find((m) => m.kind === 'ml')?.outcomes[0]?.prob).toBeGreaterThan(0.6);
    expect(markets.some((m) => m.kind === '1x2')).toBe(true);
  });
});

describe('poisson sports (ice hockey, baseball)', () => {
  it('hockey: moneyline folds overtime, 1X2 keeps the draw', () => {
    const markets = poissonSportFairMarkets({ home: 3.2, away: 2.6, threeWay: true });
    sumsToOne(markets);
    const ml = markets.find((m) => m.kind === 'ml')?.outcomes[0]?.prob ?? 0;
    const x12 = markets.find((m) => m.kind === '1x2')?.outcomes[0]?.prob ?? 0;
    expect(ml).toBeGreaterThan(x12);
    expect(markets.find((m) => m.kind === 'ou' && m.main)?.line).toMatch(/^\d+(\.5)?$/);
  });
  it('baseball runs: wide enough matrix, no three-way', () => {
    const markets = poissonSportFairMarkets({ home: 4.6, away: 4.1, unit: 'runs' });
    sumsToOne(markets);
    expect(markets.some((m) => m.kind === '1x2')).toBe(false);
    expect(markets.find((m) => m.kind === 'ou' && m.main)?.unit).toBe('runs');
  });
});

describe('rally sports', () => {
  it('set score distributions sum to 1 (tennis tie-break, volleyball deuce)', () => {
    for (const [u, n, tb] of [
      [0.6, 6, 6],
      [0.52, 25, undefined],
      [0.5, 11, undefined],
    ] as const) {
      expect(setScores(u, n, tb).reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 12);
    }
    const tennis = setScores(0.5, 6, 6);
    expect(tennis.some((o) => o.a === 7 && o.b === 6)).toBe(true);
    expect(tennis.every((o) => o.a <= 7 && o.b <= 7)).toBe(true);
  });
  it('even players: u = 0.5; the inverse reproduces the match probability', () => {
    expect(unitProbability(0.5, RALLY_FORMATS.tennisBestOf3)).toBeCloseTo(0.5, 9);
    for (const format of Object.values(RALLY_FORMATS)) {
      const u = unitProbability(0.73, format);
      expect(rallyDistribution(u, format).winProb).toBeCloseTo(0.73, 6);
    }
  });
  it('tennis best of 3: moneyline, sets, games; all partitions sum to 1', () => {
    const markets = rallyFairMarkets({ winProb: 0.7, format: RALLY_FORMATS.tennisBestOf3 });
    sumsToOne(markets);
    expect(markets.find((m) => m.kind === 'ml')?.outcomes[0]?.prob).toBeCloseTo(0.7, 6);
    expect(markets.find((m) => m.kind === 'ou' && m.unit === 'sets')?.line).toBe('2.5');
    expect(markets.find((m) => m.kind === 'hdp' && m.unit === 'sets')?.line).toMatch(/^-?1\.5$/);
    const games = markets.find((m) => m.kind === 'ou' && m.unit === 'games' && m.main);
    expect(Number(games?.line)).toBeGreaterThan(17);
    expect(Number(games?.line)).toBeLessThan(27);
  });
  it('volleyball best of 5 prices points too', () => {
    const markets = rallyFairMarkets({ winProb: 0.4, format: RALLY_FORMATS.volleyball });
    sumsToOne(markets);
    expect(markets.some((m) => m.kind === 'hdp' && m.unit === 'points')).toBe(true);
  });
});

describe('moneylines and outrights', () => {
  it('two-way, three-way, outright sum to 1', () => {
    sumsToOne([twoWayMarket(0.62), threeWayMarket(0.4, 0.25)]);
    const out = outrightMarket([
      { key: 'a', strength: 5 },
      { key: 'b', strength: 3 },
      { key: 'c', strength: 2 },
    ]);
    sumsToOne([out]);
    expect(out.outcomes[0]?.prob).toBeCloseTo(0.5, 12);
  });
  it('rejects bad input', () => {
    expect(() => twoWayMarket(1.2)).toThrow(RangeError);
    expect(() => threeWayMarket(0.7, 0.4)).toThrow(RangeError);
    expect(() => outrightMarket([{ key: 'a', strength: 1 }])).toThrow(RangeError);
    expect(() =>
      outrightMarket([
        { key: 'a', strength: 1 },
        { key: 'a', strength: 2 },
      ]),
    ).toThrow(RangeError);
  });
  it('outright prices carry the outright overround', () => {
    const [m] = priceEvent({
      model: 'outright',
      competitors: Array.from({ length: 12 }, (_, i) => ({ key: `r${i}`, strength: 12 - i })),
    });
    expect(m).toBeDefined();
    if (m) expect(bookPercentage(m)).toBeCloseTo(1 + DEFAULT_MARGINS.overround.outright, 1);
  });
});

describe('priceEvent dispatch', () => {
  it('prices every model', () => {
    const inputs = [
      { model: 'soccer', input: { home: 1.4, away: 1.2 } },
      { model: 'spread', input: { homeMean: 24, awayMean: 21, marginSd: 13, totalSd: 10 } },
      { model: 'poisson', input: { home: 3, away: 2.8 } },
      { model: 'rally', input: { winProb: 0.55, format: RALLY_FORMATS.tableTennis } },
      { model: 'two-way', homeWin: 0.55 },
      { model: 'three-way', homeWin: 0.45, draw: 0.3 },
    ] as const;
    for (const e of inputs) {
      const fair = fairMarketsFor(e);
      expect(fair.length).toBeGreaterThan(0);
      for (const m of priceEvent(e)) {
        for (const s of m.selections)
          if (s.price !== null) expect(Number(s.price)).toBeGreaterThanOrEqual(1.01);
      }
    }
  });
});
