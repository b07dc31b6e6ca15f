import { describe, expect, it } from 'vitest';
import { signOf, sumMoney } from './money';

describe('money totals (with @sb/domain exact decimals)', () => {
  it('sums money strings exactly, never through floats', () => {
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney(['10.05', '-20.10', '5'])).toBe('-5.05');
    expect(sumMoney(['12345678901234.57', '0.01'])).toBe('12345678901234.58');
    expect(sumMoney([])).toBe('0.00');
  });

  it('counts a blank or unreadable cell as zero', () => {
    expect(sumMoney(['', 'n/a', ' 1.5 '])).toBe('1.50');
  });

  it('rounds once, at the end, like the domain rounds money', () => {
    // Finer amounts are summed exactly first: 0.005 + 0.005 is 0.01, not 0.00 + 0.00 or 0.01 + 0.01.
    expect(sumMoney(['0.005', '0.005'])).toBe('0.01');
    expect(sumMoney(['0.125'])).toBe('0.13');
    expect(sumMoney(['-0.125'])).toBe('-0.13');
  });

  it('gives the sign for colouring wins and losses', () => {
    expect(signOf('-0.01')).toBe(-1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('')).toBe(0);
    expect(signOf('3')).toBe(1);
  });
});
