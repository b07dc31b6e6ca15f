import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Signature: base64(HMAC-SHA256(secret, raw body bytes)), in both directions. */
export function sign(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

export function verifySignature(secret: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(sign(secret, body), 'base64');
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
