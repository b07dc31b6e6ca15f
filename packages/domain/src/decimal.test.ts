import { describe, expect, it } from 'vitest';
import { Rational, dec } from './decimal';
import { fromMinorUnits, roundToMinor, toMinorUnits, tryToMinorUnits } from './money';

describe('Rational', () => {
  it('adds exactly where binary floats do not (0.1 + 0.2 = 0.3)', () => {
    expect(dec('0.1').add(dec('0.2')).eq(dec('0.3'))).toBe(true);
  });

  it('keeps values in lowest terms so equal values compare equal', () => {
    expect(dec('0.50').eq(Rational.of(1n, 2n))).toBe(true);
    expect(Rational.of(2n, -4n).eq(dec('-0.5'))).toBe(true);
    expect(Rational.of(0n, 7n).eq(Rational.ZERO)).toBe(true);
  });

  it.each([
    ['1', '1'],
    ['-0.96', '-0.96'],
    ['+2.50', '2.5'],
    ['0007.10', '7.1'],
    ['-0', '0'],
  ])('parses %s exactly (%s)', (text, canonical) => {
    expect(dec(text).toString()).toBe(canonical);
  });

  it.each(['', '.5', '5.', '1e5', ' 1', '1 ', '--1', 'NaN', 'Infinity', '0x10', '1,5', '1'.repeat(41)])(
    'refuses %j',
    (text) => {
      expect(Rational.tryParse(text)).toBeNull();
      expect(() => dec(text)).toThrow();
    },
  );

  // Rounding at the x.xx5 boundary: half away from zero, never binary-float artefacts.
  it.each([
    ['1.005', 2, '1.01'],
    ['1.0049999999', 2, '1.00'],
    ['157.575', 2, '157.58'],
    ['11.9375', 2, '11.94'],
    ['0.005', 2, '0.01'],
    ['0.004', 2, '0.00'],
    ['-0.125', 2, '-0.13'],
    ['-0.005', 2, '-0.01'],
    ['-0.0049', 2, '0.00'],
    ['2.675', 2, '2.68'],
    ['-50.65', 1, '-50.7'],
    ['-0.8999', 1, '-0.9'],
    ['1634.68704', 2, '1634.69'],
    ['1156.77552', 2, '1156.78'],
    ['7', 3, '7.000'],
    ['0.5', 0, '1'],
    ['-0.5', 0, '-1'],
  ] as const)('toFixed(%s, %i) = %s', (text, places, expected) => {
    expect(dec(text).toFixed(places)).toBe(expected);
  });

  it('rounds repeating values: 2/3 -> 0.67, -2/3 -> -0.67, 1/24 -> 0.041667', () => {
    expect(Rational.of(2n, 3n).toFixed(2)).toBe('0.67');
    expect(Rational.of(-2n, 3n).toFixed(2)).toBe('-0.67');
    expect(Rational.of(1n, 24n).toFixed(6)).toBe('0.041667');
  });

  it('floors towards negative infinity', () => {
    expect(dec('1.999').floorScaled(2)).toBe(199n);
    expect(dec('-1.001').floorScaled(2)).toBe(-101n);
    expect(dec('-1.00').floorScaled(2)).toBe(-100n);
  });

  it('prints terminating values exactly and refuses repeating ones', () => {
    expect(Rational.of(1n, 1024n).toString()).toBe('0.0009765625');
    expect(Rational.of(1n, 3n).isTerminating()).toBe(false);
    expect(() => Rational.of(1n, 3n).toString()).toThrow();
  });

  it('refuses division by zero and non-integer numbers', () => {
    expect(() => Rational.ONE.div(Rational.ZERO)).toThrow();
    expect(() => Rational.of(1n, 0n)).toThrow();
    expect(() => Rational.int(0.5)).toThrow();
  });

  it('orders values', () => {
    expect(dec('-0.8').cmp(dec('-0.9'))).toBe(1);
    expect(dec('2').lt(dec('2.0001'))).toBe(true);
    expect(dec('-3').abs().eq(dec('3'))).toBe(true);
    expect(dec('0.8').inverse().eq(dec('1.25'))).toBe(true);
  });
});

describe('money', () => {
  it.each([
    ['19.6', 1960n],
    ['100', 10000n],
    ['0.01', 1n],
    ['-52.50', -5250n],
  ] as const)('%s is %s minor units', (text, minor) => {
    expect(toMinorUnits(text)).toBe(minor);
  });

  it.each(['1.005', '', 'abc', '1e3', '.5', '1.'])('refuses %j', (text) => {
    expect(tryToMinorUnits(text)).toBeNull();
  });

  it('formats minor units with 2 decimals', () => {
    expect(fromMinorUnits(-5n)).toBe('-0.05');
    expect(fromMinorUnits(123456n)).toBe('1234.56');
    expect(fromMinorUnits(0n)).toBe('0.00');
  });

  it('rounds an exact amount half-up to the cent once', () => {
    expect(roundToMinor(dec('15.075'))).toBe(1508n);
    expect(roundToMinor(dec('15.0749'))).toBe(1507n);
  });
});
