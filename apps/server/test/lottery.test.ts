import { lotteryPayout, permutations, type LotteryBetType, type LotteryMode } from '@sb/domain';
import { buildApp } from '../src/app';
import { expect, it } from 'vitest';
import { call, describeEachDatabase } from './support/harness';
import { boLogin, seeded } from './support/fixtures';
import { openLotteryDraw, ownGamesDesk, predictNextDraw } from './support/own-games';

type Ticket = { ticket_id: number; status: string; payout: string | null; stake: string };

/** A permutation of `number` other than itself (box / iBox tickets that win through another ordering). */
const otherOrdering = (number: string) => permutations(number).find((p) => p !== number) ?? number;

describeEachDatabase(
  '4D lottery',
  (env) => {
    it('a draw settles every tier, box and iBox, with exact payouts; the verify call recomputes it', async () => {
      const desk = await ownGamesDesk(env());
      expect(await env().services.lottery.ensureSchedule()).toBeGreaterThan(0);
      const upcoming = (await desk.ok('lotterydraws')).upcoming as { status: string }[];
      expect(upcoming.length).toBeGreaterThanOrEqual(3);
      // Each published draw is open until its cut-off, then closed: never anything else before it is drawn.
      expect(upcoming.filter((d) => d.status !== 'open' && d.status !== 'closed')).toEqual([]);
      const draw = await openLotteryDraw(env(), desk);
      const result = await predictNextDraw(env());
      const lines: { number: string; bet_type: LotteryBetType; mode: LotteryMode; stake: string }[] = [
        { number: result.first, bet_type: 'LOT_BIG', mode: 'straight', stake: '1.00' },
        { number: result.second, bet_type: 'LOT_BIG', mode: 'straight', stake: '2.00' },
        { number: result.third, bet_type: 'LOT_SMALL', mode: 'straight', stake: '1.00' },
        { number: result.special[0]!, bet_type: 'LOT_BIG', mode: 'straight', stake: '1.00' },
        { number: result.consolation[0]!, bet_type: 'LOT_BIG', mode: 'straight', stake: '1.00' },
        { number: result.first, bet_type: 'LOT_4A', mode: 'straight', stake: '1.00' },
        { number: result.first.slice(1), bet_type: 'LOT_3D', mode: 'straight', stake: '1.00' },
        { number: otherOrdering(result.first), bet_type: 'LOT_BIG', mode: 'box', stake: '1.00' },
        { number: otherOrdering(result.second), bet_type: 'LOT_BIG', mode: 'ibox', stake: '3.00' },
        { number: result.special[1]!, bet_type: 'LOT_SMALL', mode: 'straight', stake: '1.00' }, // Small: no special
      ];
      const before = await desk.available();
      let cost = 0n;
      const tickets: Ticket[] = [];
      for (const line of lines) {
        const reply = await desk.ok('lotterybuy', { draw_id: draw.draw_id, ...line });
        const ticket = reply.ticket as Ticket;
        tickets.push(ticket);
        cost += BigInt(ticket.stake.replace('.', ''));
      }
      // The stakes are reserved: out of available, outstanding like a running bet.
      expect(await desk.available()).toBe(before - cost);
      const open = await desk.ok('lotterytickets', { status: 'open' });
      expect((open.data as Ticket[]).length).toBe(lines.length);

      const bo = await desk.bo.call('lottery/drawnow', { draw_id: draw.draw_id });
      expect(bo.body.statusdesc, JSON.stringify(bo.body)).toBe('success');
      const drawn = (bo.body.draw as { status: string; result: unknown }).status;
      expect(drawn).toBe('settled');
      expect((bo.body.draw as { result: unknown }).result).toEqual(result);

      const settled = (await desk.ok('lotterytickets', { status: 'settled' })).data as Ticket[];
      expect(settled).toHaveLength(lines.length);
      let paid = 0n;
      for (const [i, line] of lines.entries()) {
        const expected = lotteryPayout(
          {
            type: line.bet_type,
            number: line.number,
            mode: line.mode,
            unitStake: BigInt(line.stake.replace('.', '')),
          },
          result,
        ).payout;
        const ticket = settled.find((t) => t.ticket_id === tickets[i]!.ticket_id)!;
        expect(BigInt(ticket.payout!.replace('.', '')), JSON.stringify(line)).toBe(expected);
        paid += expected;
      }
      // Every tier was hit: 1st 2,500, 2nd 2 x 1,000, Small 3rd 1,000, special 180, consolation 60, 4A 6,000,
      // 3D 660, the box's 1st 2,500 through another ordering, the iBox's 2nd 3 x 1,000 / permutations.
      expect(paid).toBeGreaterThan(1_500_000n);
      expect(await desk.available()).toBe(before - cost + paid);
      await desk.verifyLedger();

      // The lottery report lists the settled tickets; the seed is revealed on rotation and the draw verifies.
      const today = new Date(env().ctx.now().getTime() + 8 * 3_600_000 - 12 * 3_600_000)
        .toISOString()
        .slice(0, 10);
      const report = await desk.ok('lottery', { working_date: today });
      expect((report.data as Ticket[]).length).toBe(lines.length);
      const early = await call(env().app, '/api/fairverify', { game: 'lottery', round_id: draw.draw_id });
      expect(early.body.statusdesc).toBe('seedNotRevealed');
      await env().services.fair.rotate('lottery');
      const verified = await call(env().app, '/api/fairverify', { game: 'lottery', round_id: draw.draw_id });
      expect(verified.body.statusdesc, JSON.stringify(verified.body)).toBe('success');
      expect(verified.body.matches).toBe(true);
      expect(verified.body.hash_matches).toBe(true);
      expect((verified.body.outcome as { result: unknown }).result).toEqual(result);
    });

    it('refuses a ticket over the hot-number cap, after the cut-off, and when the upline switched lottery off', async () => {
      const desk = await ownGamesDesk(env());
      const draw = await openLotteryDraw(env(), desk);
      const cap = await desk.bo.call('lottery/setcap', { currency: 'MYR', number: '1234', cap: '5000.00' });
      expect(cap.body.statusdesc).toBe('success');
      // Big 1234 at 2.00 can cost 5,000.00 if drawn 1st: at the cap, allowed; one more cent of liability is not.
      await desk.ok('lotterybuy', {
        draw_id: draw.draw_id,
        number: '1234',
        bet_type: 'LOT_BIG',
        stake: '2.00',
      });
      const over = await desk.api('lotterybuy', {
        draw_id: draw.draw_id,
        number: '1234',
        bet_type: 'LOT_BIG',
        stake: '1.00',
      });
      expect(over.statusdesc).toBe('numberSoldOut');
      // iBox of 4321 covers 1234 too (2,500 / 24 per 1.00): refused as well, and nothing was reserved for it.
      const before = await desk.available();
      const ibox = await desk.api('lotterybuy', {
        draw_id: draw.draw_id,
        number: '4321',
        bet_type: 'LOT_BIG',
        mode: 'ibox',
        stake: '1.00',
      });
      expect(ibox.statusdesc).toBe('numberSoldOut');
      expect(await desk.available()).toBe(before);
      const bad = await desk.api('lotterybuy', {
        draw_id: draw.draw_id,
        number: '12a4',
        bet_type: 'LOT_BIG',
        stake: '1',
      });
      expect(bad.statusdesc).toBe('invalidNumber');

      // The cut-off passes (moved to now rather than the clock moved days on: the session would expire).
      await env()
        .ctx.db.updateTable('lottery_draws')
        .set({ cutoff_at: env().ctx.now() })
        .where('id', '=', String(draw.draw_id))
        .execute();
      const late = await desk.api('lotterybuy', {
        draw_id: draw.draw_id,
        number: '5555',
        bet_type: 'LOT_BIG',
        stake: '1',
      });
      expect(late.statusdesc).toBe('drawClosed');

      const off = await desk.bo.call('setfeatures', { account_id: 'demomyr', features: { lottery: false } });
      expect(off.body.statusdesc, JSON.stringify(off.body)).toBe('success');
      expect((await desk.api('lotterydraws')).statusdesc).toBe('lotteryDisabled');
      await desk.verifyLedger();
    });

    it('a cancelled draw gives every stake back and lists the tickets in cancelledbetlistlottery', async () => {
      const desk = await ownGamesDesk(env());
      const draw = await openLotteryDraw(env(), desk);
      const before = await desk.available();
      await desk.ok('lotterybuy', {
        draw_id: draw.draw_id,
        number: '1122',
        bet_type: 'LOT_BIG',
        mode: 'box',
        stake: '1.00',
      });
      expect(await desk.available()).toBe(before - 600n);
      expect((await desk.bo.call('lottery/canceldraw', { draw_id: draw.draw_id })).body.statusdesc).toBe(
        'success',
      );
      expect(await desk.available()).toBe(before);
      const today = new Date(env().ctx.now().getTime() - 4 * 3_600_000).toISOString().slice(0, 10);
      const cancelled = await desk.ok('cancelledbetlistlottery', { working_date: today });
      expect((cancelled.data as Ticket[]).map((t) => t.status)).toEqual(['cancelled']);
      await desk.verifyLedger();
    });

    it('a restart during a draw: the drawn numbers stand and every ticket is paid exactly once', async () => {
      const desk = await ownGamesDesk(env());
      const draw = await openLotteryDraw(env(), desk);
      const result = await predictNextDraw(env());
      for (const number of [result.first, result.special[3]!, '0000', result.consolation[9]!]) {
        await desk.ok('lotterybuy', { draw_id: draw.draw_id, number, bet_type: 'LOT_BIG', stake: '1.00' });
      }
      // The process draws, then dies before settling: the numbers are stored with their seed and nonce.
      await env()
        .ctx.db.updateTable('lottery_draws')
        .set({ draw_at: env().ctx.now(), cutoff_at: env().ctx.now() })
        .where('id', '=', String(draw.draw_id))
        .execute();
      await env().services.lottery.drawOne(String(draw.draw_id));
      await env().app.close();
      // A new process on the same database carries on; two runs at once still pay each ticket once.
      const restarted = await buildApp(env().ctx, { logger: false });
      await Promise.all([
        restarted.services.lottery.runDue(),
        restarted.services.lottery.settleDraw(String(draw.draw_id)),
      ]);
      await restarted.services.lottery.runDue();
      const settles = await env()
        .ctx.db.selectFrom('transfers')
        .select(['transfer_id'])
        .where('transfer_id', 'like', 'lot:settle:%')
        .execute();
      expect(settles).toHaveLength(4);
      const row = await env()
        .ctx.db.selectFrom('lottery_draws')
        .selectAll()
        .where('id', '=', String(draw.draw_id))
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('settled');
      expect(JSON.parse(row.result ?? '{}')).toEqual(result);
      await desk.verifyLedger();
      await restarted.app.close();
    });
    it('the operator draws many draws of one house now at once: each its own instant, none fails', async () => {
      await seeded(env());
      expect(await env().services.lottery.ensureSchedule()).toBeGreaterThan(3);
      const ids = (await env().ctx.db.selectFrom('lottery_draws').select('id').execute()).map((row) =>
        Number(row.id),
      );
      const op = await boLogin(env().app);
      const replies = await Promise.all(
        Array.from({ length: 24 }, (_, i) => op.call('lottery/drawnow', { draw_id: ids[i % ids.length] })),
      );
      expect(replies.filter((reply) => reply.body.status !== '1').map((reply) => reply.body)).toEqual([]);
    });
  },
  { config: { OWN_GAMES_TIMERS: 'false' } },
);
