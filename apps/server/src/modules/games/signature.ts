import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256(secret, raw body bytes): the signature's bytes. */
const hmacOf = (secret: string, raw: string | Buffer): Buffer =>
  createHmac('sha256', secret).update(raw).digest();

/** X-Signature of a body: base64(HMAC-SHA256(secret, raw body bytes)), as games-protocol.md fixes it. */
export function signBody(secret: string, raw: string | Buffer): string {
  return hmacOf(secret, raw).toString('base64');
}

/** Checks a received signature over the exact bytes received (never re-serialised JSON), in constant time. */
export function verifyBody(secret: string, raw: Buffer, given: string | undefined): boolean {
  if (!given) return false;
  const expected = hmacOf(secret, raw);
  const received = Buffer.from(given, 'base64');
  return received.length === expected.length && timingSafeEqual(received, expected);
}
