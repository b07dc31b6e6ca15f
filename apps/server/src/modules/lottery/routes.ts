import {
  boLotteryCapRequest,
  boLotteryDrawIdRequest,
  boLotteryDrawRequest,
  launchLotteryRequest,
  lotteryBuyRequest,
  lotteryListRequest,
  sessionRequest,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { postCall } from '../../http/route';
import type { LotteryService } from './service';

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
  postCall(app, ctx, '/api/LaunchLottery', launchLotteryRequest, async (body) => {
    await lottery.draws(body);
    return { url: '/w4d' };
  });
  postCall(app, ctx, '/api/lotterydraws', sessionRequest, (body) => lottery.draws(body));
  postCall(app, ctx, '/api/lotterybuy', lotteryBuyRequest, (body) => lottery.buy(body));
  postCall(app, ctx, '/api/lotterytickets', lotteryListRequest, (body) => lottery.tickets(body));
  postCall(app, ctx, '/api/lotteryresults', lotteryListRequest, (body) => lottery.results(body));

  const operator = <S extends z.ZodType, R extends object>(
    name: string,
    schema: S,
    run: (body: z.output<S>) => Promise<R>,
  ) =>
    boCall(
      app,
      ctx,
      { path: `/bo/lottery/${name}`, request: schema },
      // Reading the caps changes nothing: every other lottery call is audited.
      { role: 'operator', staff: 'trading', ...(name === 'caps' ? {} : { audit: `lottery.${name}` }) },
      (_operator, body) => run(body),
    );
  operator('setcap', boLotteryCapRequest, (body) => lottery.setCap(body));
  operator('caps', z.object({}), async () => ({ caps: await lottery.caps() }));
  operator('adddraw', boLotteryDrawRequest, (body) => lottery.addDraw(body));
  operator('drawnow', boLotteryDrawIdRequest, (body) => lottery.drawNow(body.draw_id));
  operator('canceldraw', boLotteryDrawIdRequest, (body) => lottery.cancelDraw(body.draw_id));
}
