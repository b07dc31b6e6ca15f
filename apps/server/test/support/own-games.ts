import type { LotteryDrawView } from '@sb/contract';
import { expect } from 'vitest';
import { FairStream, drawLottery, type LotteryResult } from '@sb/domain';
import { boLogin, login, seeded } from './fixtures';
import { call, type TestEnv } from './harness';

/** A seeded platform with one member session and the operator's back office, for own-games suites. */
export async function ownGamesDesk(env: TestEnv, accountId = 'demomyr') {
  await seeded(env);
  const me = await login(env.app, accountId);
  const bo = await boLogin(env.app);
  const session = { account_id: me.accountId, session_token: me.token };
  const api = async (name: string, body: Record<string, unknown> = {}) =>
    (await call(env.app, `/api/${name}`, { ...session, ...body })).body;
  const ok = async (name: string, body: Record<string, unknown> = {}) => {
    const reply = await api(name, body);
    expect(reply.statusdesc, `${name}: ${JSON.stringify(reply)}`).toBe('success');
    return reply;
  };
  const balance = async () => {
    const reply = await ok('userbalance');
    return (reply as unknown as { balance: string }).balance ?? JSON.stringify(reply);
  };
  const available = async () => {
    const pk = (
      await env.ctx.db
        .selectFrom('accounts')
        .select('id')
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).id;
    return (await env.ctx.ledger.balances(env.ctx.db, String(pk), 'MYR')).available;
  };
  const verifyLedger = async () => {
    const report = await env.ctx.ledger.verify(env.ctx.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  };
  return { me, bo, session, api, ok, balance, available, verifyLedger };
}

/**
 * The first published draw still selling. The nearest draws are closed for the 15 minutes before 19:00 GMT+8
 * on a draw day (a suite run then saw `drawClosed`), so a test that buys takes the first open one, as the
 * member app's buy panel does.
 */
export async function openLotteryDraw(
  env: TestEnv,
  desk: Awaited<ReturnType<typeof ownGamesDesk>>,
): Promise<LotteryDrawView> {
  await env.services.lottery.ensureSchedule();
  const upcoming = (await desk.ok('lotterydraws')).upcoming as LotteryDrawView[];
  const draw = upcoming.find((d) => d.status === 'open');
  if (!draw) throw new Error(`no open 4D draw among ${JSON.stringify(upcoming)}`);
  return draw;
}

/** What the next draw will show: the test reads the committed (still secret) seed and the next nonce. */
export async function predictNextDraw(env: TestEnv): Promise<LotteryResult> {
  const seed = await env.services.fair.current(env.ctx.db, 'lottery');
  return drawLottery(new FairStream(seed.server_seed, seed.client_seed, seed.next_nonce));
}
