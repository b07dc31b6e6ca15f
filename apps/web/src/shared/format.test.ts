import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber, gmt8Day } from './format';

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
});
