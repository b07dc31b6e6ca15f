import { describe, expect, it } from 'vitest';
import { signLaunchToken, verifyLaunchToken } from './security';

describe('launch tokens', () => {
  const secret = 'a'.repeat(32);
  const claims = { account_id: 'demomyr', exp: 1_000, nonce: 'n1' };

  it('round-trips signed claims', () => {
    expect(verifyLaunchToken(signLaunchToken(claims, secret), secret)).toEqual(claims);
  });

  it('refuses a tampered body, a wrong secret and junk', () => {
    const token = signLaunchToken(claims, secret);
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...claims, account_id: 'other' })).toString('base64url')}.${signature}`;
    expect(verifyLaunchToken(forged, secret)).toBeNull();
    expect(verifyLaunchToken(token, 'b'.repeat(32))).toBeNull();
    expect(verifyLaunchToken('junk', secret)).toBeNull();
    expect(verifyLaunchToken('a.b.c', secret)).toBeNull();
  });
});
