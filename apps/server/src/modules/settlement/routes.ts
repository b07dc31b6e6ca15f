import { tradeCancelBetRequest } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { postCall } from '../../http/route';
import { AppError } from '../../lib/app-error';
import type { SettlementService } from './service';
import type { UplineService } from '../upline/service';

/** Settlement's operator calls under /bo/trade/: cancelling a bet. */
export function settlementRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  services: { settlement: SettlementService; upline: UplineService },
): void {
  postCall(app, ctx, '/bo/trade/cancelbet', tradeCancelBetRequest, async (body, request) => {
    const header = request.headers.authorization;
    const caller = await services.upline.requireCaller(
      header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined,
    );
    if (caller.level !== 'operator') throw new AppError('forbiddenAccess');
    return services.settlement.cancelBet(body.ref_no, body.reason);
  });
}
