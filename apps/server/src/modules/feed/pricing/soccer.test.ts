import { describe, expect, it } from 'vitest';
import { bookPercentage } from './margin';
import { priceSoccer } from './soccer-book';
import { halfFractionsLeft, soccerModel } from './soccer-model';
import { DEFAULT_MARGINS, type FairMarket, type Market } from './types';

const probSum = (f: FairMarket, keys?: readonly string[]) =>
  f.outcomes.filter((o) => !keys || keys.includes(o.key)).reduce((s, o) => s + o.prob, 0);

function find<T extends FairMarket | Market>(
  list: readonly T[],
  kind: string,
  period = 'ft',
  main = false,
): T {
  const hit = list.find((m) => m.kind === kind && m.period === period && (!main || m.main));
  if (!hit) throw new Error(`no ${kind} ${period}`);
  return hit;
}

describe('soccer fair probabilities', () => {
  const book = priceSoccer({ home: 1.6, away: 1.1, rho: -0.05 });

  it('offers every market kind, full time and first half', () => {
    const kinds = new Set(book.fair.map((f) => `${f.kind}/${f.period}`));
    for (const k of [
      'hdp/ft',
      'ou/ft',
      '1x2/ft',
      'dc/ft',
      'oe/ft',
      'cs/ft',
      'htft/ft',
      'fglg/ft',
      'tg/ft',
      'eg/ft',
    ]) {
      expect(kinds).toContain(k);
    }
    for (const k of ['hdp/1h', 'ou/1h', '1x2/1h', 'oe/1h']) expect(kinds).toContain(k);
  });

  it('each partition sums to 1 before margin (double chance to 2)', () => {
    for (const f of book.fair) {
      if (f.cover === 'double-chance') expect(probSum(f)).toBeCloseTo(2, 9);
      else if (f.cover === 'first-last') {
        expect(probSum(f, ['HF', 'AF', 'NG'])).toBeCloseTo(1, 9);
        expect(probSum(f, ['HL', 'AL', 'NG'])).toBeCloseTo(1, 9);
      } else expect(Math.abs(probSum(f) - 1)).toBeLessThan(1e-9);
    }
  });

  it('lists the spec options: CS 0-0..4-4 + AOS, exact goals 0..10+, 9 HT/FT, bands', () => {
    expect(find(book.fair, 'cs').outcomes).toHaveLength(26);
    expect(find(book.fair, 'cs').outcomes.at(-1)?.key).toBe('AOS');
    expect(find(book.fair, 'eg').outcomes.map((o) => o.key)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => String(i)),
      '10+',
    ]);
    expect(find(book.fair, 'htft').outcomes).toHaveLength(9);
    expect(find(book.fair, 'tg').outcomes.map((o) => o.key)).toEqual(['0-1', '2-3', '4-6', '7+']);
  });

  it('agrees across markets: CS 0-0 = NG = exact 0, 1X2 = HT/FT marginals without rho', () => {
    const cs00 = find(book.fair, 'cs').outcomes[0]?.prob ?? 0;
    expect(find(book.fair, 'fglg').outcomes.find((o) => o.key === 'NG')?.prob).toBeCloseTo(cs00, 12);
    expect(find(book.fair, 'eg').outcomes[0]?.prob).toBeCloseTo(cs00, 12);
    const plain = priceSoccer({ home: 1.6, away: 1.1 });
    const htft = find(plain.fair, 'htft').outcomes;
    const ftHome = htft.filter((o) => o.key.endsWith('H')).reduce((s, o) => s + o.prob, 0);
    expect(ftHome).toBeCloseTo(find(plain.fair, '1x2').outcomes[0]?.prob ?? 0, 9);
  });

  it('applies the configured overround to every market', () => {
    for (const m of book.markets) {
      const target = DEFAULT_MARGINS.overround[m.kind];
      const book_ = bookPercentage(m);
      if (m.kind === 'dc') expect(book_).toBeGreaterThanOrEqual(2 * (1 + target) - 1e-9);
      else if (m.kind === 'fglg') continue;
      else {
        expect(book_).toBeGreaterThanOrEqual(1 + target - 1e-9);
        // Rounding down adds a little; capped prices on near-impossible scores remove a little.
        expect(book_).toBeLessThan(1 + target + 0.02);
      }
      for (const s of m.selections) if (s.price !== null) expect(s.price).toMatch(/^\d+\.\d\d$/);
    }
  });

  it('main handicap and total lines sit near even money, with alternatives 0.25 apart', () => {
    const hdp = book.fair.filter((f) => f.kind === 'hdp' && f.period === 'ft');
    expect(hdp).toHaveLength(5);
    const main = hdp.find((f) => f.main);
    expect(main?.line).toBe('-0.5');
    expect(Math.abs((main?.outcomes[0]?.prob ?? 0) - 0.5)).toBeLessThan(0.08);
    expect(hdp.map((f) => f.line)).toEqual(['-1', '-0.75', '-0.5', '-0.25', '0']);
    for (const f of hdp) {
      expect(Math.abs((f.outcomes[0]?.prob ?? 0) - 0.5)).toBeGreaterThanOrEqual(
        Math.abs((main?.outcomes[0]?.prob ?? 0) - 0.5),
      );
    }
    expect(find(book.fair, 'ou', 'ft', true).line).toBe('2.5');
  });
});

describe('symmetry and known values', () => {
  it('equal expectancies: level-ball main line at equal prices', () => {
    const book = priceSoccer({ home: 1.3, away: 1.3 });
    const main = find(book.markets, 'hdp', 'ft', true);
    expect(main.line).toBe('0');
    expect(main.selections[0]?.price).toBe(main.selections[1]?.price);
    expect(main.selections[0]?.prob).toBeCloseTo(0.5, 12);
  });
  it('P(0-0) for 1.5/1.1 is e^-2.6', () => {
    const book = priceSoccer({ home: 1.5, away: 1.1 });
    expect(find(book.fair, 'cs').outcomes[0]?.prob).toBeCloseTo(Math.exp(-2.6), 12);
  });
});

describe('live', () => {
  it('scales the remaining expectancy with time left in each half', () => {
    expect(halfFractionsLeft(0)).toEqual({ first: 1, second: 1 });
    expect(halfFractionsLeft(30)).toEqual({ first: 1 / 3, second: 1 });
    expect(halfFractionsLeft(60)).toEqual({ first: 0, second: 2 / 3 });
    const m = soccerModel({ home: 1.8, away: 0.9, live: { minute: 60, score: [0, 0] } });
    expect(m.remaining.home).toBeCloseTo(1.8 * 0.55 * (2 / 3), 12);
    expect(m.firstHalf).toBeNull();
  });
  it('1-0 at minute 90: home win is certain', () => {
    const book = priceSoccer({ home: 1.2, away: 1.4, live: { minute: 90, score: [1, 0] } });
    const x12 = find(book.fair, '1x2').outcomes;
    expect(x12[0]?.prob).toBeGreaterThan(1 - 1e-9);
    expect(find(book.markets, '1x2').selections.map((s) => s.price)).toEqual(['1.01', null, null]);
  });
  it('1-0 at minute 80: home strongly favoured, handicap counted from now', () => {
    const book = priceSoccer({ home: 1.2, away: 1.4, live: { minute: 80, score: [1, 0] } });
    expect(find(book.fair, '1x2').outcomes[0]?.prob).toBeGreaterThan(0.8);
    // Goals after the bet only: the away side (stronger) is the handicap favourite from here on.
    expect(find(book.fair, 'hdp', 'ft', true).line).toBe('0');
    // Totals count the goal already scored: over 0.5 is settled, so the ladder starts above 1.
    const ou = book.fair.filter((f) => f.kind === 'ou' && f.period === 'ft').map((f) => Number(f.line));
    expect(Math.min(...ou)).toBeGreaterThanOrEqual(1);
    expect(book.fair.some((f) => f.kind === 'fglg')).toBe(false);
    expect(book.fair.some((f) => f.period === '1h')).toBe(false);
  });
  it('half-time/full-time in the second half uses the half-time score', () => {
    const withHt = priceSoccer({
      home: 1.5,
      away: 1,
      live: { minute: 70, score: [1, 1], halfTimeScore: [1, 0] },
    });
    const htft = find(withHt.fair, 'htft').outcomes;
    expect(htft.filter((o) => !o.key.startsWith('H')).every((o) => o.prob === 0)).toBe(true);
    expect(htft.reduce((s, o) => s + o.prob, 0)).toBeCloseTo(1, 12);
    const without = priceSoccer({ home: 1.5, away: 1, live: { minute: 70, score: [1, 1] } });
    expect(without.fair.some((f) => f.kind === 'htft')).toBe(false);
  });
  it('rejects nonsense input', () => {
    expect(() => priceSoccer({ home: -1, away: 1 })).toThrow(RangeError);
    expect(() => priceSoccer({ home: 1, away: 1, live: { minute: -5, score: [0, 0] } })).toThrow(RangeError);
    expect(() => priceSoccer({ home: 1, away: 1, live: { minute: 5, score: [0.5, 0] } })).toThrow(RangeError);
  });
});
