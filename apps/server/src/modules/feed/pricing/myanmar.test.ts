import { describe, expect, it } from 'vitest';
import {
  formatMyanmar,
  myanmarFromHandicap,
  myanmarFromMalay,
  myanmarFromMarkets,
  myanmarFromTotal,
} from './myanmar';
import { malayFromDecimal } from './price-format';
import { priceSoccer } from './soccer-book';

describe('myanmarFromMalay (rules.md 4.5 table)', () => {
  it.each([
    ['1', '0.90', 1, -10],
    ['1', '-0.90', 1, 10],
    ['0.5', '0.90', 1, 80],
    ['0.5', '-0.90', 0, -80],
    ['0.25', '0.90', 0, -55],
    ['0.25', '-0.90', 0, -35],
    ['0.75', '0.90', 1, 35],
    ['0.75', '-0.90', 1, 55],
    // -0.575 and +0.425 in the table: rounded half away from zero to whole percent.
    ['1.25', '0.85', 1, -58],
    ['1.75', '0.95', 2, 43],
    ['0', '0.90', 0, -10],
  ])('|h| %s, Malay %s -> ball %i, %i%%', (line, malay, ball, percent) => {
    expect(myanmarFromMalay(line, malay)).toEqual({ ball, percent });
  });
  it('takes |h| and rejects impossible Malay prices', () => {
    expect(myanmarFromMalay('-1', '0.90')).toEqual({ ball: 1, percent: -10 });
    expect(() => myanmarFromMalay('1', '0.00')).toThrow(RangeError);
    expect(() => myanmarFromMalay('1', '1.20')).toThrow(RangeError);
  });
});

describe('myanmarFromHandicap', () => {
  it('the side giving goals is the favourite and its price is used', () => {
    // Home -1 at 1.90 (Malay 0.90): "1-10" for home.
    expect(myanmarFromHandicap('-1', '1.90', '2.00')).toEqual({ ball: 1, percent: -10, favourite: 'home' });
    // Away gives 0.5 at 2.10 (Malay -0.91): ball 0, -0.91 + 0.09 = -0.82.
    expect(myanmarFromHandicap('0.5', '1.80', '2.10')).toEqual({ ball: 0, percent: -82, favourite: 'away' });
  });
  it('on a level line the shorter price is the favourite', () => {
    expect(myanmarFromHandicap('0', '2.05', '1.85').favourite).toBe('away');
    expect(myanmarFromHandicap('0', '1.95', '1.95').favourite).toBe('home');
  });
  it('goals use the Over side the same way', () => {
    expect(myanmarFromTotal('2.5', '1.90')).toEqual({ ball: 3, percent: 80 });
  });
});

describe('formatMyanmar', () => {
  it.each([
    [{ ball: 1, percent: 50 }, '1+50'],
    [{ ball: 0, percent: -30 }, '=-30'],
    [{ ball: 2, percent: -20 }, '2-20'],
    [{ ball: 1, percent: 0 }, '1D'],
    [{ ball: 0, percent: 0 }, 'D'],
  ])('%o -> %s', (p, text) => {
    expect(formatMyanmar(p)).toBe(text);
  });
});

describe('myanmarFromMarkets', () => {
  it("derives handicap and goals from a priced book's main lines", () => {
    const book = priceSoccer({ home: 2.1, away: 0.8 });
    const main = book.markets.find((m) => m.kind === 'hdp' && m.main);
    const mm = myanmarFromMarkets(book.markets);
    expect(mm.handicap?.favourite).toBe('home');
    const line = main?.line ?? '0';
    const price = main?.selections[0]?.price ?? '2.00';
    expect(mm.handicap).toEqual({ ...myanmarFromMalay(line, malayFromDecimal(price)), favourite: 'home' });
    expect(mm.goals).not.toBeNull();
    expect(Math.abs(mm.goals?.percent ?? 200)).toBeLessThanOrEqual(100);
  });
  it('is null without a main line', () => {
    expect(myanmarFromMarkets([])).toEqual({ handicap: null, goals: null });
  });
});
