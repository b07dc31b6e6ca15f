import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { login } from './fixtures';
import { settle, type tradingDesk } from './catalog';
import { call, type TestEnv } from './harness';

const HOUR = 3_600_000;
type Desk = Awaited<ReturnType<typeof tradingDesk>>;

/**
 * A pre-match soccer match two hours ahead with handicap, totals, 1X2 and a first-half handicap (decimal
 * prices: h 1.95 / a 2.10, o 1.80 / u 2.05, 1 2.40 / x 3.30 / 2 3.00, 1H 1.90 / 1.90); market ids by kind.
 */
export async function pricedMatch(env: TestEnv, desk: Desk, hdpLine = '-0.5') {
  const id = await desk.createMatch({
    home: `Home ${randomUUID().slice(0, 6)}`,
    away: 'Away FC',
    kickoff: new Date(Date.now() + 2 * HOUR).toISOString(),
  });
  await desk.trade('market', { match_id: id, kind: 'hdp', line: hdpLine, prices: { h: '1.95', a: '2.10' } });
  await desk.trade('market', { match_id: id, kind: 'ou', line: '2.5', prices: { o: '1.80', u: '2.05' } });
  await desk.trade('market', { match_id: id, kind: '1x2', prices: { '1': '2.40', x: '3.30', '2': '3.00' } });
  await desk.trade('market', {
    match_id: id,
    kind: 'hdp',
    period: '1h',
    line: '0',
    prices: { h: '1.90', a: '1.90' },
  });
  await settle();
  const markets = env.services.snapshot.marketsOf(id);
  const market = (kind: string, period = 'ft') =>
    markets.find((m) => m.kind === kind && m.period === period)?.id ?? 0;
  return { id, hdp: market('hdp'), ou: market('ou'), oneXTwo: market('1x2'), hdp1h: market('hdp', '1h') };
}

/** A logged-in member betting in decimal odds: placement (must succeed), balance and any member call. */
export async function bettor(env: TestEnv, accountId = 'demomyr') {
  const { token } = await login(env.app, accountId);
  const session = { account_id: accountId, session_token: token };
  const bet = async (name: string, body: Record<string, unknown>) => {
    const reply = await call(env.app, `/api/bet/${name}`, {
      ...session,
      odds_type: '4',
      idempotency_key: randomUUID(),
      ...body,
    });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
    const placed = reply.body.bet as { ref_no: string; bet_id: number };
    return { ref: placed.ref_no, id: placed.bet_id };
  };
  const balance = async () => {
    const reply = await call(env.app, '/api/userbalance', session);
    return { balance: reply.body.balance, outstanding: reply.body.outstanding_balance };
  };
  const api = async (name: string, body: Record<string, unknown> = {}) =>
    (await call(env.app, `/api/${name}`, { ...session, ...body })).body;
  return { session, bet, balance, api };
}

/** Lets the result's bus message land, then settles what is due. */
export async function runSettlement(env: TestEnv) {
  await settle();
  return env.services.settlement.runDue();
}
