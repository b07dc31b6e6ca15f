import { describe, expect, it } from 'vitest';
import { formatMoney, isAmount, isNegative, rateFromPercent } from './money';

describe('money on the back office', () => {
  it.each([
    ['1234567.5', '1,234,567.50'],
    ['-1000', '-1,000.00'],
    ['0.00', '0.00'],
    [null, '—'],
    ['abc', 'abc'],
  ])('formats %s as %s', (value, shown) => expect(formatMoney(value)).toBe(shown));

  it('accepts amounts the contract accepts', () => {
    expect(isAmount('100')).toBe(true);
    expect(isAmount('100.25')).toBe(true);
    expect(isAmount('100.255')).toBe(false);
    expect(isAmount('-5')).toBe(false);
  });

  it('turns percentages into rates', () => {
    expect(rateFromPercent('0.5')).toBe('0.005');
    expect(rateFromPercent('80')).toBe('0.8');
    expect(rateFromPercent('100')).toBe('1');
    expect(rateFromPercent('101')).toBeNull();
    expect(rateFromPercent('x')).toBeNull();
  });

  it('sees losses', () => expect(isNegative('-1.00')).toBe(true));
});
