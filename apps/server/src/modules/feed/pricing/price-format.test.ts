import { describe, expect, it } from 'vitest';
import {
  centsToString,
  formatDecimalPrice,
  formatLine,
  malayFromDecimal,
  malayHundredths,
  parseCents,
  parseLine,
  priceFromProbability,
} from './price-format';

describe('formatDecimalPrice', () => {
  it('rounds down to 2 decimals', () => {
    expect(formatDecimalPrice(1.959999, 1000)).toBe('1.95');
    expect(formatDecimalPrice(2.5, 1000)).toBe('2.50');
    expect(formatDecimalPrice(10.019, 1000)).toBe('10.01');
  });
  it('does not lose a cent to binary noise', () => {
    expect(formatDecimalPrice(1.95, 1000)).toBe('1.95');
    expect(formatDecimalPrice(0.1 + 0.2 + 1, 1000)).toBe('1.30');
    expect(priceFromProbability(1 / 1.95, 1000)).toBe('1.95');
  });
  it('never goes below 1.01 nor above the cap', () => {
    expect(formatDecimalPrice(1.0001, 1000)).toBe('1.01');
    expect(formatDecimalPrice(0.5, 1000)).toBe('1.01');
    expect(formatDecimalPrice(5000, 1000)).toBe('1000.00');
    expect(priceFromProbability(0, 501)).toBe('501.00');
  });
  it('formats hundredths', () => {
    expect(centsToString(101)).toBe('1.01');
    expect(centsToString(1000)).toBe('10.00');
    expect(parseCents('8.0')).toBe(800);
    expect(parseCents('1.95')).toBe(195);
    expect(parseCents('3')).toBe(300);
    expect(() => parseCents('1.955')).toThrow(RangeError);
    expect(() => parseCents('-1')).toThrow(RangeError);
  });
});

describe('malayFromDecimal (rules.md 1.3)', () => {
  it.each([
    ['1.50', '0.50'],
    ['2.00', '1.00'],
    ['2.50', '-0.67'],
    ['3.00', '-0.50'],
    ['1.93', '0.93'],
    ['2.05', '-0.95'],
    ['2.10', '-0.91'],
    ['4.00', '-0.33'],
    ['1.10', '0.10'],
    ['6.00', '-0.20'],
  ])('%s -> %s', (dec, my) => {
    expect(malayFromDecimal(dec)).toBe(my);
  });
  it('rejects prices at or below 1', () => {
    expect(() => malayFromDecimal('1.00')).toThrow(RangeError);
  });
  it('reads Malay strings as signed hundredths', () => {
    expect(malayHundredths('-0.91')).toBe(-91);
    expect(malayHundredths('0.90')).toBe(90);
  });
});

describe('lines', () => {
  it('formats quarter lines without noise or negative zero', () => {
    expect(formatLine(-0.25)).toBe('-0.25');
    expect(formatLine(2.5)).toBe('2.5');
    expect(formatLine(-0)).toBe('0');
    expect(formatLine(-1)).toBe('-1');
    expect(formatLine(0.75000000001)).toBe('0.75');
  });
  it('parses and validates', () => {
    expect(parseLine('-0.25')).toBe(-0.25);
    expect(parseLine('-2.0')).toBe(-2);
    expect(Object.is(parseLine('-0'), 0)).toBe(true);
    expect(() => parseLine('0.3')).toThrow(RangeError);
    expect(() => parseLine('')).toThrow(RangeError);
  });
});
