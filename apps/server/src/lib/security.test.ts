import { describe, expect, it } from 'vitest';
import { isValidNickname, isValidPassword, signLaunchToken, verifyLaunchToken } from './security';

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

describe('password and nickname rules', () => {
  it.each([
    ['12345', false],
    ['123456', true],
    ['Demo1234', true],
    ['1234567890', true],
    ['12345678901', false],
  ])('password %j valid=%s', (password, valid) => expect(isValidPassword(password)).toBe(valid));

  it.each([
    ['abc12', false],
    ['abc123', true],
    ['abcdefghij12345', true],
    ['abcdefghij123456', false],
    ['abc 123', false],
    ['abc_123', false],
  ])('nickname %j valid=%s', (nickname, valid) => expect(isValidNickname(nickname)).toBe(valid));
});
