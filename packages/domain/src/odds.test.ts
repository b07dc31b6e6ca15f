import { describe, expect, it } from 'vitest';
import { Rational, dec, formatScaled } from './decimal';
import {
  ODDS_FORMATS,
  checkOdds,
  compareOdds,
  convertOdds,
  decimalOddsOf as decimalOf,
  displayOdds,
  formatOdds,
  fromDecimalOdds,
  isNegativeOdds,
  oddsTypeFromCode,
  toDecimalOdds,
  type OddsFormat,
} from './odds';

type Row = readonly [
  vector: string,
  price: string,
  from: OddsFormat,
  to: OddsFormat,
  places: number,
  expected: string,
];

// rules.md 1.3. American figures are left out (no American format on this platform, decision 0.2); where a vector
// only states an American price, it is checked as Indo (American = Indo x 100, rules.md 1.1).
const CONVERSIONS: readonly Row[] = [
  ['C1', '1.50', 'DEC', 'HK', 2, '0.50'],
  ['C1', '1.50', 'DEC', 'MY', 2, '0.50'],
  ['C1', '1.50', 'DEC', 'ID', 2, '-2.00'],
  ['C2', '2.00', 'DEC', 'HK', 2, '1.00'],
  ['C2', '2.00', 'DEC', 'MY', 2, '1.00'],
  ['C2', '2.00', 'DEC', 'ID', 2, '1.00'],
  ['C3', '2.50', 'DEC', 'HK', 2, '1.50'],
  ['C3', '2.50', 'DEC', 'MY', 2, '-0.67'],
  ['C3', '2.50', 'DEC', 'MY', 4, '-0.6667'],
  ['C3', '2.50', 'DEC', 'ID', 2, '1.50'],
  ['C4', '3.00', 'DEC', 'HK', 2, '2.00'],
  ['C4', '3.00', 'DEC', 'MY', 2, '-0.50'],
  ['C4', '3.00', 'DEC', 'ID', 2, '2.00'],
  ['C5', '1.93', 'DEC', 'MY', 6, '0.930000'],
  ['C5', '2.05', 'DEC', 'MY', 6, '-0.952381'],
  ['C6', '0.5', 'MY', 'DEC', 6, '1.500000'],
  ['C6', '-0.6', 'MY', 'DEC', 6, '2.666667'],
  ['C7', '-0.4', 'MY', 'DEC', 1, '3.5'],
  ['C7', '0.75', 'MY', 'DEC', 2, '1.75'],
  ['C7', '1.1', 'DEC', 'MY', 1, '0.1'],
  ['C7', '2.0', 'DEC', 'MY', 1, '1.0'],
  ['C7 (US +400 = ID 4)', '4', 'ID', 'MY', 2, '-0.25'],
  ['C8', '-5', 'ID', 'DEC', 1, '1.2'],
  ['C8', '3', 'ID', 'DEC', 1, '4.0'],
  ['C8', '1.1', 'DEC', 'ID', 0, '-10'],
  ['C8', '2.0', 'DEC', 'ID', 1, '1.0'],
  ['C9', '0.2', 'HK', 'DEC', 1, '1.2'],
  ['C9', '11.76', 'DEC', 'HK', 2, '10.76'],
  ['C10 (US -125 = ID -1.25)', '1.8', 'DEC', 'ID', 2, '-1.25'],
  ['C10 (US +350 = ID 3.50)', '4.5', 'DEC', 'ID', 2, '3.50'],
  ['C10 (US -500 = ID -5)', '-5', 'ID', 'DEC', 1, '1.2'],
  ['C11', '-0.2', 'MY', 'DEC', 2, '6.00'],
  ['C11', '-0.7', 'MY', 'DEC', 2, '2.43'],
  ['C12', '1.20', 'ID', 'DEC', 1, '2.2'],
  ['C12', '-4.00', 'ID', 'DEC', 2, '1.25'],
  ['C13', '-0.96', 'MY', 'DEC', 6, '2.041667'],
  ['C13', '-0.80', 'MY', 'DEC', 2, '2.25'],
  ['C13', '-1.96', 'ID', 'DEC', 6, '1.510204'],
  ['C13', '-1.25', 'ID', 'DEC', 2, '1.80'],
  ['C14', '1.00', 'MY', 'DEC', 2, '2.00'],
  ['C14', '-1.00', 'MY', 'DEC', 2, '2.00'],
  ['C14', '1.00', 'ID', 'DEC', 2, '2.00'],
  ['C14', '-1.00', 'ID', 'DEC', 2, '2.00'],
  ['C15', '2.10', 'DEC', 'MY', 2, '-0.91'],
  ['C15', '2.10', 'DEC', 'MY', 3, '-0.909'],
  ['C15', '2.05', 'DEC', 'MY', 2, '-0.95'],
  ['C15', '2.05', 'DEC', 'MY', 3, '-0.952'],
  ['C15', '4.0', 'DEC', 'MY', 2, '-0.33'],
  ['C15', '4.0', 'DEC', 'MY', 3, '-0.333'],
  // Cross-format, identities of 1.1: Indo = -1/Malay.
  ['ID = -1/MY', '-0.80', 'MY', 'ID', 2, '1.25'],
  ['ID = -1/MY', '0.80', 'MY', 'ID', 2, '-1.25'],
  ['HK from MY-', '-0.50', 'MY', 'HK', 2, '2.00'],
];

describe('convertOdds (rules.md 1.3)', () => {
  it.each(CONVERSIONS)('%s: %s %s -> %s (%i dp) = %s', (_vector, price, from, to, places, expected) => {
    expect(convertOdds(price, from, to, places)).toBe(expected);
  });

  it('converts exactly: MY -0.96 is 49/24 in decimal, and back to exactly -0.96 (OLIB quirk 1)', () => {
    const decimal = toDecimalOdds('-0.96', 'MY');
    expect(decimal.eq(Rational.of(49n, 24n))).toBe(true);
    expect(fromDecimalOdds(decimal, 'MY').eq(dec('-0.96'))).toBe(true);
  });

  it('puts D = 2 on the positive side for both MY and ID (rules.md 1.1 boundaries)', () => {
    expect(fromDecimalOdds(dec('2'), 'MY').toString()).toBe('1');
    expect(fromDecimalOdds(dec('2'), 'ID').toString()).toBe('1');
  });
});

describe('checkOdds (C16 and the ranges of 1.1)', () => {
  it.each([
    ['1.01', 'MY'],
    ['-1.01', 'MY'],
    ['0', 'MY'],
    ['1.0', 'DEC'],
    ['0.99', 'DEC'],
    ['0', 'ID'],
    ['0.5', 'ID'], // OLIB quirk 2: positive Indo below 1 is invalid
    ['-0.99', 'ID'],
    ['-0.5', 'HK'],
    ['0', 'HK'],
  ] as const)('rejects %s %s as out of range', (price, format) => {
    expect(checkOdds(price, format)).toEqual({ ok: false, code: 'invalidOdds', reason: 'outOfRange' });
    expect(() => toDecimalOdds(price, format)).toThrow();
  });

  it.each([
    ['1.00', 'MY'],
    ['-1.00', 'MY'], // OLIB quirk 4: a legitimate even-money Malay price
    ['0.01', 'MY'],
    ['1', 'ID'],
    ['-1', 'ID'],
    ['0.01', 'HK'],
    ['1.01', 'DEC'],
  ] as const)('accepts %s %s', (price, format) => {
    expect(checkOdds(price, format).ok).toBe(true);
  });

  it('refuses non-decimals and, when asked, too many decimals', () => {
    expect(checkOdds('abc', 'DEC')).toEqual({ ok: false, code: 'invalidOdds', reason: 'notADecimal' });
    expect(checkOdds('1e2', 'DEC')).toEqual({ ok: false, code: 'invalidOdds', reason: 'notADecimal' });
    expect(checkOdds('0.9555', 'MY', 3)).toEqual({
      ok: false,
      code: 'invalidOdds',
      reason: 'tooManyDecimals',
    });
    expect(checkOdds('-1.110', 'ID', 3).ok).toBe(true);
  });
});

describe('display', () => {
  it('formats with the book precision, half away from zero', () => {
    expect(formatOdds('-0.9', 'MY')).toBe('-0.90');
    expect(formatOdds('-1.110', 'ID', 3)).toBe('-1.110');
    expect(displayOdds('2.10', 'DEC', 'MY')).toBe('-0.91');
    expect(displayOdds('2.10', 'DEC', 'MY', 3)).toBe('-0.909');
    expect(displayOdds('1.90', 'DEC', 'HK')).toBe('0.90');
  });

  it('marks negative MY/ID prices (shown in red)', () => {
    expect(isNegativeOdds('-0.96', 'MY')).toBe(true);
    expect(isNegativeOdds('1.96', 'ID')).toBe(false);
  });

  it('maps the spec odds-type codes', () => {
    expect([1, 2, 3, 4, 5, 6].map(oddsTypeFromCode)).toEqual(['MY', 'HK', 'ID', 'DEC', 'MM', null]);
  });
});

describe('compareOdds: "better" per format', () => {
  it.each([
    ['-0.80', '-0.90', 'MY', 1], // 2.25 beats 2.11
    ['-0.90', '0.90', 'MY', 1], // 2.11 beats 1.90
    ['0.95', '0.90', 'MY', 1],
    ['1.00', '-1.00', 'MY', 0], // both even money
    ['-1.25', '-1.50', 'ID', 1], // 1.80 beats 1.67
    ['1.50', '-1.50', 'ID', 1],
    ['0.9', '0.90', 'HK', 0],
    ['1.85', '1.90', 'DEC', -1],
  ] as const)('%s vs %s in %s -> %i', (a, b, format, expected) => {
    expect(compareOdds(a, b, format)).toBe(expected);
  });
});

describe('properties (deterministic sweeps)', () => {
  const prices = (format: OddsFormat): string[] => {
    const out: string[] = [];
    // Bounded sweeps over the valid range of each format, one cent apart.
    const cents = (c: number): string => formatScaled(BigInt(c), 2);
    if (format === 'MY') for (let c = -100; c <= 100; c += 1) if (c !== 0) out.push(cents(c));
    if (format === 'HK') for (let c = 1; c <= 500; c += 1) out.push(cents(c));
    if (format === 'DEC') for (let c = 101; c <= 600; c += 1) out.push(cents(c));
    if (format === 'ID') for (let c = 100; c <= 600; c += 1) out.push(cents(c), cents(-c));
    return out;
  };

  it('round-trips exactly through every other format', () => {
    for (const from of ODDS_FORMATS) {
      for (const price of prices(from)) {
        const decimal = toDecimalOdds(price, from);
        for (const via of ODDS_FORMATS) {
          const there = fromDecimalOdds(decimal, via);
          const back = fromDecimalOdds(decimalOf(there, via), from);
          // MY +1 and MY -1 are the same price, so compare values, not signs, for the even-money point.
          expect(decimalOf(back, from).eq(decimal)).toBe(true);
        }
      }
    }
  });

  it('round-trips within rounding: price -> DEC at 6 dp -> price at 2 dp is the price again', () => {
    for (const from of ['MY', 'HK', 'ID'] as const) {
      for (const price of prices(from)) {
        const viaDecimal = convertOdds(price, from, 'DEC', 6);
        const back = convertOdds(viaDecimal, 'DEC', from, 2);
        const same = back === price || (price === '-1.00' && back === '1.00');
        expect(same, `${price} ${from} -> ${viaDecimal} -> ${back}`).toBe(true);
      }
    }
  });

  it('every converted price is valid in its target format (before display rounding)', () => {
    for (const price of prices('DEC')) {
      for (const to of ODDS_FORMATS) {
        const exact = fromDecimalOdds(dec(price), to);
        expect(checkOdds(exact.toFixed(12), to).ok).toBe(true);
      }
    }
  });
});
