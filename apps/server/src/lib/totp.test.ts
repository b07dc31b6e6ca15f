import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totpCode, totpStep } from './totp';

// RFC 4226 appendix D and RFC 6238 appendix B (SHA-1): the secret "12345678901234567890".
const RFC_SECRET = Buffer.from('12345678901234567890');
const RFC_BASE32 = base32Encode(RFC_SECRET);

describe('TOTP', () => {
  it('encodes base32 as RFC 4648 does', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode('mzxw 6ytb-oi').toString()).toBe('foobar');
    expect(RFC_BASE32).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  });

  it.each([
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
    [9, '520489'],
  ])('HOTP counter %i is %s (RFC 4226)', (counter, code) => {
    expect(hotp(RFC_SECRET, counter)).toBe(code);
  });

  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
  ])('TOTP at %i s is %s (RFC 6238, 8 digits)', (seconds, code) => {
    expect(totpCode(RFC_BASE32, new Date(seconds * 1000), 8)).toBe(code);
  });

  it('accepts a code one step either side, once, and nothing else', () => {
    const at = new Date(1_700_000_000_000);
    const step = totpStep(at);
    const previous = totpCode(RFC_BASE32, new Date(at.getTime() - 30_000));
    const next = totpCode(RFC_BASE32, new Date(at.getTime() + 30_000));
    const stale = totpCode(RFC_BASE32, new Date(at.getTime() - 60_000));
    expect(matchTotp(RFC_BASE32, totpCode(RFC_BASE32, at), at, 0)).toBe(step);
    expect(matchTotp(RFC_BASE32, previous, at, 0)).toBe(step - 1);
    expect(matchTotp(RFC_BASE32, next, at, 0)).toBe(step + 1);
    expect(matchTotp(RFC_BASE32, stale, at, 0)).toBeNull();
    // Used once: the same step (or an older one) never again.
    expect(matchTotp(RFC_BASE32, totpCode(RFC_BASE32, at), at, step)).toBeNull();
    expect(matchTotp(RFC_BASE32, 'abcdef', at, 0)).toBeNull();
    expect(matchTotp(RFC_BASE32, '1234567', at, 0)).toBeNull();
  });

  it('writes the otpauth address authenticators scan', () => {
    expect(otpauthUrl('Demo Book', 'demoag', 'ABC')).toBe(
      'otpauth://totp/Demo%20Book%3Ademoag?secret=ABC&issuer=Demo+Book&algorithm=SHA1&digits=6&period=30',
    );
  });
});
