import { describe, expect, it } from 'vitest';
import { formatMinor, toMinor } from './money';

describe('money', () => {
  it.each([
    ['10000', 1_000_000n, '10000.00'],
    ['0.1', 10n, '0.10'],
    ['0.05', 5n, '0.05'],
    ['-12.34', -1234n, '-12.34'],
    ['999999999999999.99', 99_999_999_999_999_999n, '999999999999999.99'],
  ])('%s <-> %s minor', (text, minor, formatted) => {
    expect(toMinor(text)).toBe(minor);
    expect(formatMinor(minor)).toBe(formatted);
  });

  it.each(['', 'abc', '1.234', '1e5', '0x10', '1,000'])('rejects %j', (text) => {
    expect(() => toMinor(text)).toThrow(RangeError);
  });
});
