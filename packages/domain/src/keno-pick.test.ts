import { describe, expect, it } from 'vitest';
import { KENO_DRAWS, KENO_MAX_PICK, isKenoPick, kenoHitWays, kenoPickMultiplier, kenoPickRtp } from './keno';

const picks = Array.from({ length: KENO_MAX_PICK }, (_, i) => i + 1);

describe('keno pick 1-10: RTP by exact enumeration (decision 13: 95% +/- 0.5%)', () => {
  it.each(picks)('pick %i: the hit counts cover every draw once', (pick) => {
    let total = 0n;
    for (let hits = 0; hits <= pick; hits += 1) total += kenoHitWays(pick, hits);
    expect(total).toBe(KENO_DRAWS);
  });

  it.each(picks)('pick %i returns between 94.5% and 95.5%', (pick) => {
    const { num, den } = kenoPickRtp(pick);
    // 9450 / 10000 <= num / den <= 9550 / 10000, in exact integers.
    expect(num * 10_000n >= den * 9_450n).toBe(true);
    expect(num * 10_000n <= den * 9_550n).toBe(true);
  });

  it('pick 1 is the worked check: P(hit) = 1/4, 3.80x pays exactly 95%', () => {
    expect(kenoHitWays(1, 1) * 4n).toBe(KENO_DRAWS);
    const { num, den } = kenoPickRtp(1);
    expect(num * 100n).toBe(den * 95n);
  });
});

describe('keno pick results', () => {
  const balls = Array.from({ length: 20 }, (_, i) => i + 1); // 1..20 drawn

  it.each([
    [[5], 380],
    [[50], 0],
    [[1, 2], 1580],
    [[1, 2, 30], 207],
    [[41, 42, 43, 44, 45, 46, 47, 48, 49, 50], 250], // pick 10, no hits pays 2.50
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 12_501_104],
  ])('%j against 1-20 pays %i hundredths', (numbers, multiplier) => {
    expect(kenoPickMultiplier(numbers, balls)).toBe(multiplier);
  });

  it.each([[[]], [[0]], [[81]], [[3, 3]], [Array.from({ length: 11 }, (_, i) => i + 1)]])(
    'rejects the pick %j',
    (numbers) => {
      expect(isKenoPick(numbers)).toBe(false);
      expect(() => kenoPickMultiplier(numbers, balls)).toThrow(RangeError);
    },
  );
});
