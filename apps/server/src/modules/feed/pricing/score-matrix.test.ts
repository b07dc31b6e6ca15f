import { describe, expect, it } from 'vitest';
import { marginDist, poissonPmf, resultProbs, scoreMatrix, totalDist } from './score-matrix';

const sum = (xs: ArrayLike<number>) => Array.from(xs).reduce((s, x) => s + x, 0);

describe('scoreMatrix', () => {
  it('independent Poisson: P(0-0) = e^-(1.5 + 1.1)', () => {
    const m = scoreMatrix(1.5, 1.1);
    expect(m.p[0]).toBeCloseTo(Math.exp(-2.6), 12);
    expect(m.p[1 * m.size + 2]).toBeCloseTo(1.5 * Math.exp(-1.5) * ((1.1 * 1.1) / 2) * Math.exp(-1.1), 12);
  });
  it('sums to 1 with the tail folded, even for huge expectancies', () => {
    for (const [h, a] of [
      [1.5, 1.1],
      [6, 0.1],
      [12, 9],
      [0, 0],
    ] as const) {
      expect(sum(scoreMatrix(h, a).p)).toBeCloseTo(1, 12);
    }
    expect(sum(poissonPmf(20, 10))).toBeCloseTo(1, 12);
  });
  it('Dixon-Coles moves mass between low scores and keeps the sum', () => {
    const plain = scoreMatrix(1.4, 1.2);
    const dc = scoreMatrix(1.4, 1.2, { rho: -0.1 });
    expect(sum(dc.p)).toBeCloseTo(1, 12);
    expect(dc.p[0]).toBeGreaterThan(plain.p[0] ?? 0); // rho < 0 inflates 0-0 and 1-1
    expect(dc.p[1]).toBeLessThan(plain.p[1] ?? 0);
    expect(() => scoreMatrix(3, 3, { rho: 0.5 })).toThrow(RangeError);
  });
  it('rejects bad expectancies', () => {
    expect(() => scoreMatrix(-1, 1)).toThrow(RangeError);
    expect(() => scoreMatrix(Number.NaN, 1)).toThrow(RangeError);
  });
});

describe('distributions', () => {
  it('margin and total include the score so far unless counted from now', () => {
    const m = scoreMatrix(0, 0, { offset: [2, 1] });
    const t = totalDist(m);
    expect(t.min).toBe(3);
    expect(t.probs[0]).toBeCloseTo(1, 12);
    expect(marginDist(m).min + marginDist(m).probs.indexOf(1)).toBe(1);
    expect(marginDist(m, true).min + marginDist(m, true).probs.indexOf(1)).toBe(0);
  });
  it('results sum to 1', () => {
    const r = resultProbs(scoreMatrix(1.7, 0.8));
    expect(r.home + r.draw + r.away).toBeCloseTo(1, 12);
    expect(r.home).toBeGreaterThan(r.away);
  });
});
