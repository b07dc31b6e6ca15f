import { describe, expect, it } from 'vitest';
import { scaleFromMyr } from './currency-scale';

describe('MYR reference amounts in a member currency', () => {
  it.each([
    ['MYR', 2_000_000n, 2_000_000n],
    ['USD', 2_000_000n, 500_000n], // 20,000 MYR -> 5,000 USD
    ['SGD', 2_000_000n, 600_000n],
    ['CNY', 2_000_000n, 3_000_000n],
    ['THB', 2_000_000n, 16_000_000n],
    ['IDR', 2_000_000n, 2_000_000n], // counted in thousands
    ['USD', 500n, 100n], // 5.00 MYR -> 1.25 USD -> whole units, at least 1.00
    ['SGD', 100n, 100n],
    ['XYZ', 12_345n, 12_300n], // unknown: as MYR, whole units
  ])('%s: %i MYR minor units -> %i', (currency, minor, expected) => {
    expect(scaleFromMyr(minor, currency)).toBe(expected);
  });
});
