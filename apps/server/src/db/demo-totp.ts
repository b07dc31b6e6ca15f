import { createHash } from 'node:crypto';
import { base32Encode, totpCode } from '../lib/totp';

/**
 * The demo upline's TOTP seed (base32), derived from its login so `npm start` can print it and tests can sign in
 * with it: demo data, known to everyone by design. Real accounts enrol a random seed at their first sign-in.
 */
export function demoTotpSecret(accountId: string): string {
  return base32Encode(
    createHash('sha256').update(`demo-totp:${accountId.toLowerCase()}`).digest().subarray(0, 20),
  );
}

/** Trusted-device tokens per server and login: later sign-ins in one run need no new code (each code is good once). */
const trustedDevices = new Map<string, string>();

async function postJson(url: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Signs a demo back-office login in over HTTP as its user would (browser tests, benches, scripts): password, then
 * the code of the seed `npm start` prints, trusting this client for the rest of the run. Answers the bearer token.
 */
export async function demoBackofficeToken(
  url: string,
  accountId = 'demoop',
  password = 'Demo1234',
): Promise<string> {
  const key = `${url}|${accountId.toLowerCase()}`;
  const base = { account_id: accountId, password };
  const device = trustedDevices.get(key);
  let reply = await postJson(
    `${url}/bo/login`,
    device === undefined ? base : { ...base, device_token: device },
  );
  // The current code, or the next one when this one was used a moment ago.
  for (const offset of [0, 30_000]) {
    if (reply.statusdesc !== 'totpRequired' && reply.statusdesc !== 'invalidTotp') break;
    const code = totpCode(demoTotpSecret(accountId), new Date(Date.now() + offset));
    reply = await postJson(`${url}/bo/login`, {
      ...base,
      code,
      trust_device: true,
      device_label: 'demo client',
    });
  }
  if (typeof reply.device_token === 'string') trustedDevices.set(key, reply.device_token);
  if (typeof reply.token !== 'string')
    throw new Error(`back-office sign-in failed: ${JSON.stringify(reply)}`);
  return reply.token;
}
