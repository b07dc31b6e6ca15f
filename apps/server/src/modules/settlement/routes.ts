import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import type { SettlementService } from './service';

/** Settlement's operator calls under /bo/trade/: cancelling a bet. */
export function settlementRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  services: { settlement: SettlementService },
): void {
  boCall(
    app,
    ctx,
    CALLS.trade_cancelbet,
    {
      role: 'operator',
      staff: 'trading',
      audit: 'trade.cancelbet',
      auditBefore: (body) => services.settlement.betStanding(body.ref_no),
    },
    (_operator, body) => services.settlement.cancelBet(body.ref_no, body.reason),
  );
}
