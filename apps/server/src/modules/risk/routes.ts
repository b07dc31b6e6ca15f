import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall, DESK_ACCESS } from '../../http/backoffice';
import type { SettlementService } from '../settlement/service';
import { RiskService } from './service';

/** The trading desk's risk calls under /bo/trade/: the forecast per goal difference and the biggest liabilities. */
export function riskRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  services: { settlement: SettlementService },
): void {
  const risk = new RiskService(ctx, services.settlement);
  boCall(app, ctx, CALLS.trade_forecast, DESK_ACCESS, (operator, body) => risk.forecast(operator, body));
}
