import { describe, expect, it } from 'vitest';
import { clampLimit, limitOutside, type ChainLimit } from './limit-chain';

const parent: ChainLimit = { min: 500n, max: 100_000n, maxPayout: 1_000_000n, maxPerMatch: 300_000n };
const limit = (changes: Partial<ChainLimit>): ChainLimit => ({ ...parent, ...changes });

describe('a child limit inside its parent', () => {
  it.each<[string, Partial<ChainLimit>, string | null]>([
    ['the same', {}, null],
    ['narrower', { min: 1_000n, max: 50_000n, maxPayout: 500_000n, maxPerMatch: 100_000n }, null],
    ['min below', { min: 499n }, 'min'],
    ['max above', { max: 100_001n }, 'max'],
    ['max payout above', { maxPayout: 1_000_001n }, 'max_payout'],
    ['per match above', { maxPerMatch: 300_001n }, 'max_per_match'],
    ['no per-match cap under a capped parent', { maxPerMatch: null }, 'max_per_match'],
  ])('%s', (_, changes, field) => expect(limitOutside(limit(changes), parent)).toBe(field));

  it('any per-match cap under a parent without one', () =>
    expect(limitOutside(limit({ maxPerMatch: 9_999_999n }), { ...parent, maxPerMatch: null })).toBeNull());
});

describe('clamping a child into a tightened parent', () => {
  it.each<[string, Partial<ChainLimit>, Partial<ChainLimit>]>([
    ['inside: unchanged', { min: 1_000n, max: 50_000n }, { min: 1_000n, max: 50_000n }],
    ['max lowered', { max: 200_000n }, { max: 100_000n }],
    ['min raised', { min: 100n }, { min: 500n }],
    [
      'min above the new max: both at the max',
      { min: 150_000n, max: 200_000n },
      { min: 100_000n, max: 100_000n },
    ],
    [
      'max below the new min: raised to it',
      { min: 100n, max: 200n, maxPayout: 300n },
      { min: 500n, max: 500n, maxPayout: 500n },
    ],
    ['payout lowered', { maxPayout: 5_000_000n }, { maxPayout: 1_000_000n }],
    ['per match lowered', { maxPerMatch: 900_000n }, { maxPerMatch: 300_000n }],
    ['no per-match cap gets the parent’s', { maxPerMatch: null }, { maxPerMatch: 300_000n }],
  ])('%s', (_, child, expected) => {
    const clamped = clampLimit(limit(child), parent);
    expect(clamped).toEqual(limit({ ...child, ...expected }));
    expect(limitOutside(clamped, parent)).toBeNull();
    expect(clamped.min <= clamped.max && clamped.max <= clamped.maxPayout).toBe(true);
  });
});
