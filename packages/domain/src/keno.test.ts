import { describe, expect, it } from 'vitest';
import { FairStream } from './fair';
import {
  KENO_DRAWS,
  drawKeno,
  kenoChances,
  kenoOutcome,
  kenoPriceHundredths,
  kenoPrices,
  kenoSumWays,
} from './keno';

const ratio = (chance: { ways: bigint; of: bigint }) => Number(chance.ways) / Number(chance.of);

describe('keno: exact chances over the C(80, 20) draws (decision 13)', () => {
  it('counts every draw once: the sum distribution totals C(80, 20), symmetric about 810', () => {
    const ways = kenoSumWays();
    expect(KENO_DRAWS).toBe(3_535_316_142_212_174_320n);
    expect(ways.reduce((a, b) => a + b, 0n)).toBe(KENO_DRAWS);
    // Smallest sum 1+...+20 = 210, largest 61+...+80 = 1410, one way each; sum s and 1620 - s mirror.
    expect(ways[210]).toBe(1n);
    expect(ways[1410]).toBe(1n);
    expect(ways[209] ?? 0n).toBe(0n);
    for (const s of [300, 600, 800, 809]) expect(ways[s]).toBe(ways[1620 - s]);
  });

  it('big and small are equal, up and down are equal, and each market covers every draw', () => {
    const c = kenoChances();
    expect(c.big.ways).toBe(c.small.ways);
    expect(c.big.ways + c.small.ways + c.push.ways).toBe(KENO_DRAWS);
    expect(c.odd.ways + c.even.ways).toBe(KENO_DRAWS);
    expect(c.up.ways).toBe(c.down.ways);
    expect(c.up.ways + c.down.ways + c.equal.ways).toBe(KENO_DRAWS);
    // Ten balls from each half: C(40,10)^2 / C(80,20), about 20.3%.
    expect(c.equal.ways).toBe(847_660_528n * 847_660_528n);
    expect(ratio(c.equal)).toBeCloseTo(0.20325, 4);
    // A sum of exactly 810: about 0.44% of the draws.
    expect(ratio(c.push)).toBeGreaterThan(0.004);
    expect(ratio(c.push)).toBeLessThan(0.005);
  });

  it('prices return at most 95% to the player, less at most one cent of the price (rounded down)', () => {
    const c = kenoChances();
    const prices = kenoPrices();
    const rtp = (price: number, win: { ways: bigint; of: bigint }, push = 0) =>
      (price / 100) * ratio(win) + push;
    const cases: [number, { ways: bigint; of: bigint }, number][] = [
      [prices.big, c.big, ratio(c.push)],
      [prices.small, c.small, ratio(c.push)],
      [prices.odd, c.odd, 0],
      [prices.even, c.even, 0],
      [prices.up, c.up, 0],
      [prices.down, c.down, 0],
      [prices.equal, c.equal, 0],
    ];
    for (const [price, win, push] of cases) {
      expect(rtp(price, win, push)).toBeLessThanOrEqual(0.95);
      expect(rtp(price + 1, win, push)).toBeGreaterThan(0.95);
    }
    expect(prices.big).toBe(prices.small);
    expect(kenoPriceHundredths({ ways: 1n, of: 2n }, null)).toBe(190);
  });
});

describe('keno: a round from the fair stream', () => {
  it('draws 20 distinct balls 1-80 and the same ones again from the same seeds', () => {
    const balls = drawKeno(new FairStream('server-seed', 'client-seed', 7));
    expect(balls).toHaveLength(20);
    expect(new Set(balls).size).toBe(20);
    expect(balls.every((ball) => ball >= 1 && ball <= 80)).toBe(true);
    expect(drawKeno(new FairStream('server-seed', 'client-seed', 7))).toEqual(balls);
    const outcome = kenoOutcome(balls);
    expect(outcome.sum).toBe(balls.reduce((a, b) => a + b, 0));
    expect(outcome.up + outcome.down).toBe(20);
  });

  it('refuses a round that is not 20 distinct balls of 1-80', () => {
    expect(() => kenoOutcome([1, 2, 3])).toThrow();
    expect(() => kenoOutcome(Array.from({ length: 20 }, () => 5))).toThrow();
    expect(() => kenoOutcome(Array.from({ length: 20 }, (_, i) => i + 70))).toThrow();
  });
});
