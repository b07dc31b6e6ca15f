import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { postCall } from '../../http/route';
import type { BettingService } from './service';

const RUNNING = ['running'];
const WAITING = ['waiting'];
const VOIDED = ['rejected', 'void', 'refund'];

/** Bet calls at /api/bet/<name> (the contract's table); virtual-sport variants (prefixed v) share the handlers. */
export function bettingRoutes(app: FastifyInstance, ctx: AppContext, betting: BettingService): void {
  for (const name of ['betcheck', 'betcheckspecial', 'vbetcheck', 'vbetcheckspecial'] as const) {
    postCall(app, ctx, CALLS[name], (body) => betting.check(body));
  }
  for (const name of ['betcheckmultispecial', 'vbetcheckmultispecial'] as const) {
    postCall(app, ctx, CALLS[name], (body) => betting.checkMulti(body));
  }
  for (const name of ['betsingle', 'betsinglespecial', 'vbetsingle', 'vbetsinglespecial'] as const) {
    postCall(app, ctx, CALLS[name], async (body) => ({
      bet: await betting.place(body, {
        kind: 'single',
        pick: { market_id: body.market_id, selection: body.selection, odds: body.odds },
      }),
    }));
  }
  for (const name of ['betparlay', 'vbetparlay'] as const) {
    postCall(app, ctx, CALLS[name], async (body) => ({
      bet: await betting.place(body, { kind: 'parlay', picks: body.picks }),
    }));
  }
  for (const name of ['placesysparlay', 'vplacesysparlay'] as const) {
    postCall(app, ctx, CALLS[name], async (body) => ({
      bet: await betting.place(body, { kind: 'system', picks: body.picks, foldSizes: body.fold_sizes }),
    }));
  }

  for (const name of ['betmmoclick', 'vbetmmoclick'] as const) {
    postCall(app, ctx, CALLS[name], (body) => betting.mmoClick(body));
  }
  for (const name of ['betsinglemmo', 'vbetsinglemmo'] as const) {
    postCall(app, ctx, CALLS[name], async (body) => ({
      bet: await betting.placeMyanmar(
        body,
        [{ market_id: body.market_id, selection: body.selection, line: body.line }],
        'single',
      ),
    }));
  }
  for (const name of ['betparlaymmo', 'vbetparlaymmo'] as const) {
    postCall(app, ctx, CALLS[name], async (body) => ({
      bet: await betting.placeMyanmar(body, body.picks, 'parlay'),
    }));
  }

  const list = (
    name:
      | 'betacceptlist'
      | 'betacceptfulllist'
      | 'pendingbetlist'
      | 'betrejectlist'
      | 'betrejectfulllist'
      | 'dbetlist'
      | 'dbetlistcancel',
    statuses: string[] | null,
    byDay = false,
  ) => postCall(app, ctx, CALLS[name], (body) => betting.list(body, statuses, byDay));
  list('betacceptlist', RUNNING);
  list('betacceptfulllist', RUNNING);
  list('pendingbetlist', WAITING);
  list('betrejectlist', VOIDED);
  list('betrejectfulllist', VOIDED);
  list('dbetlist', null, true);
  list('dbetlistcancel', VOIDED, true);
  const details = (
    name: 'parlayacceptbetdetails' | 'parlaypendingbetdetails' | 'parlayrejectbetdetails',
    statuses: string[],
  ) => postCall(app, ctx, CALLS[name], (body) => betting.parlayDetails(body, statuses));
  details('parlayacceptbetdetails', RUNNING);
  details('parlaypendingbetdetails', WAITING);
  details('parlayrejectbetdetails', VOIDED);
}

/** The operator's betting calls under /bo/trade/: the per-day payout caps. */
export function bettingOperatorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  services: { betting: BettingService },
): void {
  boCall(app, ctx, CALLS.trade_payoutcaps, { role: 'operator', staff: 'trading' }, async () => ({
    caps: await services.betting.payoutCaps(),
  }));
  boCall(
    app,
    ctx,
    CALLS.trade_setpayoutcap,
    {
      role: 'operator',
      staff: 'trading',
      audit: 'trade.setpayoutcap',
      auditBefore: async (body) => ({
        cap:
          (await services.betting.payoutCaps()).find(
            (cap) => cap.sport_id === body.sport_id && cap.currency === body.currency,
          )?.cap ?? null,
      }),
    },
    async (_operator, body) => ({
      cap: await services.betting.setPayoutCap(body),
    }),
  );
}
