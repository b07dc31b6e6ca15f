import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { postCall } from '../../http/route';
import type { SettlementService } from './service';
import type { UplineService } from '../upline/service';

/** Settlement's operator calls under /bo/trade/: cancelling a bet. */
export function settlementRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  services: { settlement: SettlementService; upline: UplineService },
): void {
  postCall(app, ctx, CALLS.trade_cancelbet, async (body, request) => {
    await services.upline.requireOperator(request.headers.authorization);
    return services.settlement.cancelBet(body.ref_no, body.reason);
  });
}
