import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, gmt8Day } from './format';
import { sumDecimal } from './money';
import { effectiveSportsOrder, defaultSportsOrder } from './sports';
import { safeRedirect, validateNickname, validatePassword } from './validate';

describe('format', () => {
  it('formats money exactly, per language, with Latin digits', () => {
    expect(formatMoney('1234567.5', 'en', 'MYR')).toBe('MYR 1,234,567.50');
    expect(formatNumber('1234567.50', 'id')).toBe('1.234.567,50');
    expect(formatNumber('1234567.50', 'vi')).toBe('1.234.567,50');
    expect(formatNumber('1234567.50', 'my')).toMatch(/^1,234,567\.50$/);
    expect(formatNumber('12345678901234.57', 'en')).toBe('12,345,678,901,234.57');
    expect(formatNumber('abc', 'en')).toBe('abc');
  });

  it('shows instants in GMT+8', () => {
    expect(formatDate('2024-05-01T16:30:00Z', 'en', 'dateTime')).toBe('02/05/2024, 00:30');
    expect(formatDate('2024-05-01', 'en')).toBe('01/05/2024');
    expect(formatDate('2024-05-01T16:30:00Z', 'jp', 'dateTime')).toContain('2024/05/02');
    expect(gmt8Day(0, new Date('2024-05-01T16:30:00Z'))).toBe('2024-05-02');
    expect(gmt8Day(-1, new Date('2024-05-01T15:59:00Z'))).toBe('2024-04-30');
  });

  it('sums decimal strings without floats', () => {
    expect(sumDecimal(['0.10', '0.20'])).toBe('0.30');
    expect(sumDecimal(['10.05', '-20.10', '5'])).toBe('-5.05');
    expect(sumDecimal([])).toBe('0.00');
  });
});

describe('validators', () => {
  it('check passwords and nicknames per spec section 5', () => {
    expect(validatePassword('Demo12')).toBeNull();
    expect(validatePassword('Demo12345678')).toBe('validation.passwordLength');
    expect(validateNickname('Lucky777')).toBeNull();
    expect(validateNickname('abc')).toBe('validation.nicknameRule');
    expect(validateNickname('has space1')).toBe('validation.nicknameRule');
  });

  it('only follows redirects inside the app', () => {
    expect(safeRedirect('/info/betlist')).toBe('/info/betlist');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
  });
});

describe('sports order', () => {
  it('puts the default list first, then the rest by name; a custom order of another size is replaced', () => {
    const order = defaultSportsOrder();
    expect(order.slice(0, 6)).toEqual([1, 2, 5, 8, 4, 6]);
    expect(effectiveSportsOrder([2, 1])).toEqual(order);
    const custom = [...order].reverse();
    expect(effectiveSportsOrder(custom)).toEqual(custom);
  });
});
