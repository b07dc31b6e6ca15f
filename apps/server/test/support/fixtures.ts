import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed';
import type { TestEnv } from './harness';
import { call } from './harness';

/** The demo chain and members, created through the real services. */
export async function seeded(env: TestEnv): Promise<void> {
  await seedDemo(env.ctx, 'Demo');
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

export async function boLogin(app: FastifyInstance, accountId = 'demoop', password = DEMO_PASSWORD) {
  const reply = await call(app, '/bo/login', { account_id: accountId, password });
  expect(reply.body.statusdesc, JSON.stringify(reply.body)).toBe('success');
  const token = reply.body.token as string;
  return {
    token,
    call: (name: string, body: unknown) =>
      call(app, `/bo/${name}`, body, { authorization: `Bearer ${token}` }),
  };
}
