import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost: ~18 ms a hash on these machines. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** Session tokens: 32 random bytes, URL-safe. */
/**
 * A session token; a member's or back-office session carries its brand's id before a dot, so any call can
 * refuse a token presented on another brand's host before reading anything (see tokenBrand).
 */
export const newSessionToken = (brandId?: number): string => {
  const token = randomBytes(32).toString('base64url');
  return brandId === undefined ? token : `${brandId}.${token}`;
};

/** The brand a session token was issued on; null for a token without one. */
export function tokenBrand(token: string): number | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot > 10) return null;
  const id = Number(token.slice(0, dot));
  return Number.isSafeInteger(id) ? id : null;
}

/** What the sessions table keeps of a token: its SHA-256, hex (the token has 256 random bits: no salt needed). */
export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const newSecret = (): string => randomBytes(32).toString('hex');

export interface LaunchClaims {
  account_id: string;
  /** Expiry, epoch milliseconds. */
  exp: number;
  /** One-time nonce: a launch token logs in once. */
  nonce: string;
}

/** `<base64url(json claims)>.<base64url(hmac-sha256)>`, issued by the operator side. */
export function signLaunchToken(claims: LaunchClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export function verifyLaunchToken(token: string, secret: string): LaunchClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (
      typeof claims === 'object' &&
      claims !== null &&
      'account_id' in claims &&
      'exp' in claims &&
      'nonce' in claims &&
      typeof claims.account_id === 'string' &&
      typeof claims.exp === 'number' &&
      typeof claims.nonce === 'string'
    ) {
      return { account_id: claims.account_id, exp: claims.exp, nonce: claims.nonce };
    }
    return null;
  } catch {
    return null;
  }
}

/** A hash of a random password made once per process: what an absent account's login is checked against. */
let dummy: Promise<string> | undefined;

/**
 * Checks a password against an account's hash, or against a dummy hash when there is no account, so an
 * unknown login id costs what a wrong password costs: the answer's timing enumerates no accounts.
 */
export async function verifyPasswordOrDummy(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  dummy ??= hashPassword(newSessionToken());
  const ok = await verifyPassword(passwordHash ?? (await dummy), password);
  return passwordHash !== undefined && ok;
}
