import { describe, expect, it } from 'vitest';
import { fitExpectancies, impliedProbabilities } from './fit';
import { resultProbs, scoreMatrix, totalDist } from './score-matrix';
import { priceSoccer } from './soccer-book';

function fair1x2(home: number, away: number) {
  const r = resultProbs(scoreMatrix(home, away));
  return { home: 1 / r.home, draw: 1 / r.draw, away: 1 / r.away };
}

function fairOu(home: number, away: number) {
  const t = totalDist(scoreMatrix(home, away));
  const under = (t.probs[0] ?? 0) + (t.probs[1] ?? 0) + (t.probs[2] ?? 0);
  return { over: 1 / (1 - under), under: 1 / under };
}

describe('fitExpectancies', () => {
  it('recovers the expectancies behind fair 1X2 prices', () => {
    for (const [h, a] of [
      [1.6, 1.1],
      [2.9, 0.5],
      [0.8, 1.7],
    ] as const) {
      const fit = fitExpectancies({ oneXTwo: fair1x2(h, a) });
      expect(fit.home).toBeCloseTo(h, 4);
      expect(fit.away).toBeCloseTo(a, 4);
      expect(fit.error).toBeLessThan(1e-8);
    }
  });

  it('recovers them from 1X2 and over/under together', () => {
    const fit = fitExpectancies({ oneXTwo: fair1x2(1.3, 1.2), overUnder25: fairOu(1.3, 1.2) });
    expect(fit.home).toBeCloseTo(1.3, 4);
    expect(fit.away).toBeCloseTo(1.2, 4);
  });

  it('reproduces a real margin-bearing 1X2 (Burnley v Man City, B365 8.0 / 5.5 / 1.33, O/U 1.67 / 2.2)', () => {
    const prices = {
      oneXTwo: { home: '8.0', draw: '5.5', away: '1.33' },
      overUnder25: { over: '1.67', under: '2.2' },
    };
    const fit = fitExpectancies(prices);
    const model = resultProbs(scoreMatrix(fit.home, fit.away));
    const [h = 0, d = 0, a = 0] = impliedProbabilities(['8.0', '5.5', '1.33']);
    // Three prices, two unknowns: a least-squares compromise, within a point of probability.
    expect(Math.abs(model.home - h)).toBeLessThan(0.01);
    expect(Math.abs(model.draw - d)).toBeLessThan(0.01);
    expect(Math.abs(model.away - a)).toBeLessThan(0.01);
    expect(fit.away).toBeGreaterThan(fit.home);
    // The 1X2 alone is hit exactly.
    const exact = fitExpectancies({ oneXTwo: prices.oneXTwo });
    const r = resultProbs(scoreMatrix(exact.home, exact.away));
    expect(r.home).toBeCloseTo(h, 6);
    expect(r.away).toBeCloseTo(a, 6);
    // The fitted model prices the handicap: City giving well over a goal.
    const main = priceSoccer({ home: fit.home, away: fit.away }).fair.find((f) => f.kind === 'hdp' && f.main);
    expect(Number(main?.line)).toBeGreaterThanOrEqual(1.25);
  });

  it('with only a total, splits it by a typical home advantage', () => {
    const fit = fitExpectancies({ overUnder25: fairOu(1.5, 1.2) });
    expect(fit.home + fit.away).toBeCloseTo(2.7, 3);
    expect(fit.home / fit.away).toBeCloseTo(1.25, 2);
  });

  it('refuses bad input', () => {
    expect(() => fitExpectancies({})).toThrow(RangeError);
    expect(() => fitExpectancies({ oneXTwo: { home: '0', draw: '3', away: '3' } })).toThrow(RangeError);
  });
});
