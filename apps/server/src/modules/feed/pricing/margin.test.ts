import { describe, expect, it } from 'vitest';
import { applyOverround, bookPercentage, priceMarket } from './margin';
import { DEFAULT_MARGINS, margins, type FairMarket } from './types';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

describe('applyOverround (power method)', () => {
  it('reaches the target book exactly', () => {
    for (const probs of [
      [0.5, 0.5],
      [0.7, 0.2, 0.1],
      [0.99, 0.01],
      [0.45, 0.27, 0.28],
    ]) {
      expect(sum(applyOverround(probs, 0.06))).toBeCloseTo(1.06, 9);
    }
  });
  it('keeps every probability below 1 and shades longshots more', () => {
    const q = applyOverround([0.97, 0.03], 0.05);
    expect(q[0]).toBeLessThan(1);
    expect((q[1] ?? 0) / 0.03).toBeGreaterThan((q[0] ?? 0) / 0.97);
  });
  it('is the identity without margin and leaves zeros alone', () => {
    expect(applyOverround([0.3, 0.7], 0)).toEqual([0.3, 0.7]);
    expect(applyOverround([0.5, 0, 0.5], 0.04)[1]).toBe(0);
  });
});

describe('priceMarket', () => {
  const fair: FairMarket = {
    kind: '1x2',
    period: 'ft',
    line: null,
    unit: null,
    main: false,
    outcomes: [
      { key: '1', prob: 0.5 },
      { key: 'X', prob: 0.25 },
      { key: '2', prob: 0.25 },
    ],
  };
  it('applies the configured overround (rounding down only adds to it)', () => {
    const priced = priceMarket(fair, margins({ '1x2': 0.07 }));
    const book = bookPercentage(priced);
    expect(book).toBeGreaterThanOrEqual(1.07 - 1e-9);
    expect(book).toBeLessThan(1.075);
    expect(priced.selections.map((s) => s.prob)).toEqual([0.5, 0.25, 0.25]);
  });
  it('does not offer impossible outcomes', () => {
    const priced = priceMarket(
      {
        ...fair,
        outcomes: [
          { key: '1', prob: 1 },
          { key: 'X', prob: 0 },
          { key: '2', prob: 0 },
        ],
      },
      DEFAULT_MARGINS,
    );
    expect(priced.selections.map((s) => s.price)).toEqual(['1.01', null, null]);
  });
});
