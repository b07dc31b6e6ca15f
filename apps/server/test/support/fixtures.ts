import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD, demoTotpSecret, seedDemo } from '../../src/db/seed';
import { totpCode } from '../../src/lib/totp';
import type { TestEnv } from './harness';
import { appClocks, call } from './harness';

/** The demo chain and members, created through the real services. */
export async function seeded(env: TestEnv): Promise<void> {
  await seedDemo(env.ctx, 'Demo');
}

/** A member's account key (accounts.id) by its login id. */
export async function memberPk(env: TestEnv, accountId: string): Promise<string> {
  const row = await env.ctx.db
    .selectFrom('accounts')
    .select('id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function login(app: FastifyInstance, accountId: string, password = DEMO_PASSWORD) {
  const reply = await call(app, '/api/authlogin', { account_id: accountId, password });
  expect(reply.body.statusdesc, JSON.stringify(reply.body)).toBe('success');
  const profile = reply.body.member_profile as {
    player_info: [{ account_id: string; session_token: string; view_only: boolean }];
    player_wallet: [{ available_balance: string; frozen_balance: string }];
  };
  return { accountId, token: profile.player_info[0].session_token, profile };
}

/** Trusted-device tokens and enrolled seeds per test app and login: a second sign-in in one test needs no new code. */
const trustedDevices = new WeakMap<FastifyInstance, Map<string, string>>();
const enrolledSecrets = new WeakMap<FastifyInstance, Map<string, string>>();

function perApp<T>(map: WeakMap<FastifyInstance, Map<string, T>>, app: FastifyInstance): Map<string, T> {
  let inner = map.get(app);
  if (!inner) {
    inner = new Map();
    map.set(app, inner);
  }
  return inner;
}

/** The authenticator code of a login now on the app's clock (the demo's seeds, or one enrolled in this test). */
export function totpNow(app: FastifyInstance, accountId: string, offsetMs = 0): string {
  const secret = perApp(enrolledSecrets, app).get(accountId.toLowerCase()) ?? demoTotpSecret(accountId);
  const now = appClocks.get(app)?.() ?? new Date();
  return totpCode(secret, new Date(now.getTime() + offsetMs));
}

/** Remembers a seed a test enrolled itself (so totpNow and boLogin can sign that login in). */
export function rememberSecret(app: FastifyInstance, accountId: string, secret: string): void {
  perApp(enrolledSecrets, app).set(accountId.toLowerCase(), secret);
}

/**
 * Signs a back-office login in the way its user would: password, then the authenticator's code (the demo seed or
 * one this test enrolled), trusting the device so a later sign-in in the same test needs no new code; a login
 * without a second factor enrols one first.
 */
export async function boLogin(
  app: FastifyInstance,
  accountId = 'demoop',
  password = DEMO_PASSWORD,
  headers: Record<string, string> = {},
) {
  const key = accountId.toLowerCase();
  const device = perApp(trustedDevices, app).get(key);
  const base = { account_id: accountId, password, ...(device === undefined ? {} : { device_token: device }) };
  let reply = await call(app, '/bo/login', base, headers);
  if (reply.body.statusdesc === 'totpRequired') {
    const withCode = (offsetMs: number) =>
      call(
        app,
        '/bo/login',
        { ...base, code: totpNow(app, accountId, offsetMs), trust_device: true, device_label: 'test' },
        headers,
      );
    reply = await withCode(0);
    // This step's code was used already (an enrolment a moment ago): the next one, as a person would wait for.
    if (reply.body.statusdesc === 'invalidTotp') reply = await withCode(30_000);
    if (typeof reply.body.device_token === 'string')
      perApp(trustedDevices, app).set(key, reply.body.device_token);
  }
  expect(reply.body.statusdesc, JSON.stringify(reply.body)).toBe('success');
  const token = reply.body.token as string;
  const auth = { ...headers, authorization: `Bearer ${token}` };
  if (reply.body.enrol_required === true) {
    const enrol = await call(app, '/bo/2fa/enrol', {}, auth);
    expect(enrol.body.statusdesc, JSON.stringify(enrol.body)).toBe('success');
    rememberSecret(app, accountId, enrol.body.secret as string);
    const confirm = await call(app, '/bo/2fa/confirm', { code: totpNow(app, accountId) }, auth);
    expect(confirm.body.statusdesc, JSON.stringify(confirm.body)).toBe('success');
  }
  return {
    token,
    call: (name: string, body: unknown) => call(app, `/bo/${name}`, body, auth),
  };
}
