import { describe, expect, it } from 'vitest';
import { FairStream } from './fair';
import {
  NUMBER_BALLS,
  NUMBER_BET_TYPES,
  drawNumberGame,
  numberChance,
  numberPriceHundredths,
  numberPrices,
  numberSelections,
  numberTripleTotalWays,
  numberWins,
} from './number-game';

const fraction = (c: { ways: bigint; of: bigint }) => Number(c.ways) / Number(c.of);

describe('number game D_1..D_6: exact chances (decision 13)', () => {
  it.each([
    ['D_1', 'over', 38n, 75n],
    ['D_1', 'under', 37n, 75n],
    ['D_2', 'odd', 38n, 75n],
    ['D_2', 'even', 37n, 75n],
    ['D_3', '3', 15n, 75n],
    ['D_4', 'first', 1n, 2n],
    ['D_6', '75', 1n, 75n],
  ] as const)('%s %s wins %i of %i', (type, selection, ways, of) => {
    expect(numberChance(type, selection)).toEqual({ ways, of });
  });

  it('D_5: the ordered triples total 75 x 74 x 73 and over 113.5 leads under by the draws totalling 114 (mean 114)', () => {
    const ways = numberTripleTotalWays();
    expect(ways.reduce((a, b) => a + b, 0n)).toBe(405_150n);
    expect(ways[6]).toBe(6n); // 1+2+3 in any order
    const over = numberChance('D_5', 'over');
    const under = numberChance('D_5', 'under');
    expect(over.ways + under.ways).toBe(405_150n);
    // Totals mirror about 114 (t and 228 - t), so over has exactly the draws totalling 114 more than under.
    expect(over.ways).toBe(under.ways + (ways[114] as bigint));
  });

  it('every bet type covers every round exactly once (chances sum to 1)', () => {
    for (const type of NUMBER_BET_TYPES) {
      const total = numberSelections(type).reduce((sum, s) => sum + fraction(numberChance(type, s)), 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });
});

describe('number game prices: fair price less 5%, RTP by exact enumeration', () => {
  it.each([
    [{ ways: 1n, of: 2n }, 190],
    [{ ways: 1n, of: 75n }, 7125],
    [{ ways: 15n, of: 75n }, 475],
    [{ ways: 38n, of: 75n }, 187],
  ])('price of %o is %i hundredths', (chance, price) => {
    expect(numberPriceHundredths(chance)).toBe(price);
  });

  it.each(NUMBER_BET_TYPES)('%s: every selection returns between 94% and 95% of the stake', (type) => {
    const prices = numberPrices(type);
    for (const selection of numberSelections(type)) {
      const rtp = (fraction(numberChance(type, selection)) * (prices[selection] as number)) / 100;
      expect(rtp).toBeLessThanOrEqual(0.95 + 1e-12);
      expect(rtp).toBeGreaterThan(0.94);
    }
  });

  it('rejects an unknown selection and a margin out of range', () => {
    expect(() => numberChance('D_3', '6')).toThrow(RangeError);
    expect(() => numberPriceHundredths({ ways: 1n, of: 2n }, 10_000)).toThrow(RangeError);
  });
});

describe('number game draws and results', () => {
  const balls = Array.from({ length: NUMBER_BALLS }, (_, i) => NUMBER_BALLS - i); // 75, 74, ..., 1

  it.each([
    ['D_1', 'over', 1, true],
    ['D_1', 'under', 75, true],
    ['D_2', 'odd', 1, true],
    ['D_2', 'even', 2, true],
    ['D_3', '5', 1, true],
    ['D_3', '1', 75, true],
    ['D_4', 'first', 1, true],
    ['D_4', 'last', 1, false],
    ['D_5', 'over', 1, true], // 75+74+73
    ['D_6', '74', 2, true],
    ['D_6', '74', 1, false],
  ] as const)('%s %s on ball %i wins: %s', (type, selection, position, wins) => {
    expect(numberWins(type, selection, balls, position)).toBe(wins);
  });

  it('the fair stream draws all 75 balls, distinct, the same for the same seeds', () => {
    const a = drawNumberGame(new FairStream('server', 'client', 7));
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 75 }, (_, i) => i + 1));
    expect(drawNumberGame(new FairStream('server', 'client', 7))).toEqual(a);
    expect(drawNumberGame(new FairStream('server', 'client', 8))).not.toEqual(a);
  });

  it('chi-square of the first ball over 15,000 fair rounds stays under the 99.9% bound (74 df)', () => {
    const counts = new Array<number>(NUMBER_BALLS).fill(0);
    const rounds = 15_000;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const stream = new FairStream('chi-square-seed', 'client', nonce);
      const first = 1 + stream.below(NUMBER_BALLS); // the first ball of drawNumberGame
      counts[first - 1] = (counts[first - 1] as number) + 1;
    }
    const expected = rounds / NUMBER_BALLS;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(116.0); // chi-square 0.999 quantile for 74 degrees of freedom is about 115.7
  });
});
