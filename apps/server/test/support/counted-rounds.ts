import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, vi } from 'vitest';
import { gameReports } from '../../src/modules/statement/service';
import { wallet } from './games';
import type { TestEnv } from './harness';
import { openLotteryDraw, ownGamesDesk, predictNextDraw } from './own-games';

/**
 * Game rounds the win/loss report counts (casino: provider rounds; games: mini-game rounds and 4D tickets), played
 * by demomyr under the demo chain with casino and games shares set: shared by the report tests.
 */

export const cents = (text: string | undefined) => BigInt(Math.round(Number(text ?? '0') * 100));
/** Wallet amounts are in units of 1/100000. */
export const units = (amount: string) => Math.round(Number(amount) * 100_000);
export const CHAIN = ['demoop', 'demosh', 'demoss', 'demosr', 'demoma', 'demoag'] as const;

/** Casino and games shares and commission rates down the demo chain (the operator keeps the rest). */
export async function setShares(bo: Awaited<ReturnType<typeof ownGamesDesk>>['bo']) {
  const settings: Record<string, { product: string; pt_share?: string; commission_rate?: string }[]> = {
    demosh: [
      { product: 'casino', pt_share: '0.3', commission_rate: '0.004' },
      { product: 'games', pt_share: '0.2' },
    ],
    demoss: [{ product: 'casino', pt_share: '0.1', commission_rate: '0.004' }],
    demosr: [{ product: 'casino', commission_rate: '0.004' }],
    demoma: [{ product: 'casino', pt_share: '0.1', commission_rate: '0.004' }],
    demoag: [
      { product: 'casino', pt_share: '0.2', commission_rate: '0.003' },
      { product: 'games', pt_share: '0.3' },
    ],
    demomyr: [{ product: 'casino', commission_rate: '0.002' }],
  };
  for (const [account, list] of Object.entries(settings)) {
    const reply = await bo.call('setproducts', { account_id: account, settings: list });
    expect(reply.body.status, `${account} ${JSON.stringify(reply.body)}`).toBe('1');
  }
}

/** A provider round: one bet, one win that closes it (member's result = win - bet). */
export async function providerRound(env: TestEnv, token: string, round: string, bet: string, win: string) {
  const base = {
    token,
    user: 'demomyr',
    round,
    game_code: 'rl_lucky_lanterns',
    currency: 'MYR',
  };
  const betId = `${round}-bet`;
  const placed = await wallet(env, 'bet', {
    ...base,
    request_uuid: randomUUID(),
    transaction_uuid: betId,
    round_closed: false,
    amount: units(bet),
  });
  expect(placed.status).toBe('RS_OK');
  const won = await wallet(env, 'win', {
    ...base,
    request_uuid: randomUUID(),
    transaction_uuid: `${round}-win`,
    reference_transaction_uuid: betId,
    round_closed: true,
    amount: units(win),
  });
  expect(won.status).toBe('RS_OK');
}

/** A 4D ticket of 1.00 Big on a number the coming draw does not show, then the draw: a lost ticket (-1.00). */
export async function lostLotteryTicket(env: TestEnv, desk: Awaited<ReturnType<typeof ownGamesDesk>>) {
  const draw = await openLotteryDraw(env, desk);
  const result = await predictNextDraw(env);
  const shown = new Set([
    result.first,
    result.second,
    result.third,
    ...result.special,
    ...result.consolation,
  ]);
  const losing = Array.from({ length: 100 }, (_, i) => String(i * 97).padStart(4, '0')).find(
    (n) => !shown.has(n),
  );
  await desk.ok('lotterybuy', {
    draw_id: draw.draw_id,
    number: losing,
    bet_type: 'LOT_BIG',
    mode: 'straight',
    stake: '1.00',
  });
  const drawn = await desk.bo.call('lottery/drawnow', { draw_id: draw.draw_id });
  expect(drawn.body.statusdesc, JSON.stringify(drawn.body)).toBe('success');
  return draw.draw_id;
}

/**
 * Counts every finished round into the report. The app's own run of the job may hold some of them (it locks the
 * rounds it counts, a provider round's queue entry, and an explicit run skips those) until it commits: so this
 * waits, at most 5 s, until none is left uncounted.
 */
export async function countEveryRound(env: TestEnv): Promise<void> {
  await gameReports.countDue(env.ctx.db);
  await vi.waitFor(
    async () => {
      const left = await sql<{ n: number }>`select
          (select count(*) from uncounted_game_rounds q join game_rounds r on r.id = q.id where r.status = 'closed')
          + (select count(*) from minigame_rounds where status in ('won', 'lost') and reported_at is null)
          + (select count(*) from lottery_tickets where status in ('won', 'lost') and reported_at is null)
          as n`.execute(env.ctx.db);
      expect(Number(left.rows[0]?.n)).toBe(0);
    },
    { timeout: 5_000, interval: 50 },
  );
}
