import { describe, expect, it } from 'vitest';
import { oddsFormatOfCode, priceFormatOf, TWO_WAY_KINDS } from './odds';

describe('odds-type codes and two-way kinds', () => {
  it.each([
    ['1', 'MY'],
    ['2', 'HK'],
    ['3', 'ID'],
    ['4', 'DEC'],
    ['5', undefined],
    ['', undefined],
    ['01', undefined],
  ])('code %j is %s', (code, format) => {
    expect(oddsFormatOfCode(code)).toBe(format);
  });

  it.each([
    ['hdp', 'HK', 'HK'],
    ['ou', 'ID', 'ID'],
    ['oe', 'MY', 'MY'],
    ['ml', 'HK', 'HK'],
    ['1x2', 'MY', 'DEC'],
    ['cs', 'HK', 'DEC'],
    ['outright', 'ID', 'DEC'],
  ] as const)('%s in %s is quoted in %s', (kind, format, quoted) => {
    expect(priceFormatOf(kind, format)).toBe(quoted);
  });

  it('two-way kinds are exactly handicap, over/under, odd/even and moneyline', () => {
    expect([...TWO_WAY_KINDS].sort()).toEqual(['hdp', 'ml', 'oe', 'ou']);
  });
});
