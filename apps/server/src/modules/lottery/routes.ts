import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall, type BoAccess } from '../../http/backoffice';
import { postCall } from '../../http/route';
import type { LotteryService } from './service';

/** The operator's desk and its trading staff; every lottery change is audited (reading the caps is not). */
const desk = (audit?: string): BoAccess => ({
  role: 'operator',
  staff: 'trading',
  ...(audit === undefined ? {} : { audit }),
});

/**
 * 4D lottery calls: the member's at /api/<name> (LaunchLottery opens our own /w4d), the operator's at
 * /bo/lottery/<name> (caps on hot numbers, special draws, draw now, cancel a draw).
 */
export function lotteryRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { lottery: LotteryService },
): void {
  const { lottery } = deps;
  postCall(app, ctx, CALLS.LaunchLottery, async (body) => {
    await lottery.draws(body);
    return { url: '/w4d' };
  });
  postCall(app, ctx, CALLS.lotterydraws, (body) => lottery.draws(body));
  postCall(app, ctx, CALLS.lotterybuy, (body) => lottery.buy(body));
  postCall(app, ctx, CALLS.lotterytickets, (body) => lottery.tickets(body));
  postCall(app, ctx, CALLS.lotteryresults, (body) => lottery.results(body));

  boCall(app, ctx, CALLS.bo_lottery_setcap, desk('lottery.setcap'), (_op, body) => lottery.setCap(body));
  boCall(app, ctx, CALLS.bo_lottery_caps, desk(), async () => ({ caps: await lottery.caps() }));
  boCall(app, ctx, CALLS.bo_lottery_adddraw, desk('lottery.adddraw'), (_op, body) => lottery.addDraw(body));
  boCall(app, ctx, CALLS.bo_lottery_drawnow, desk('lottery.drawnow'), (_op, body) =>
    lottery.drawNow(body.draw_id),
  );
  boCall(app, ctx, CALLS.bo_lottery_canceldraw, desk('lottery.canceldraw'), (_op, body) =>
    lottery.cancelDraw(body.draw_id),
  );
}
