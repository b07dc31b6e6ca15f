import {
  betCheckMultiRequest,
  betCheckRequest,
  betDetailRequest,
  betListRequest,
  betMmoClickRequest,
  betParlayMmoRequest,
  betSingleMmoRequest,
  betParlayRequest,
  betSingleRequest,
  betSystemRequest,
  tradePayoutCapsRequest,
  tradeSetPayoutCapRequest,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { postCall } from '../../http/route';
import type { UplineService } from '../upline/service';
import type { BettingService } from './service';

const RUNNING = ['running'];
const WAITING = ['waiting'];
const VOIDED = ['rejected', 'void', 'refund'];

/** Bet calls at /api/bet/<name>; virtual-sport variants (prefixed v) share the handlers. */
export function bettingRoutes(app: FastifyInstance, ctx: AppContext, betting: BettingService): void {
  const both = (name: string, register: (path: string) => void) => {
    register(`/api/bet/${name}`);
    register(`/api/bet/v${name}`);
  };
  for (const name of ['betcheck', 'betcheckspecial']) {
    both(name, (path) => postCall(app, ctx, path, betCheckRequest, (body) => betting.check(body)));
  }
  both('betcheckmultispecial', (path) =>
    postCall(app, ctx, path, betCheckMultiRequest, (body) => betting.checkMulti(body)),
  );
  for (const name of ['betsingle', 'betsinglespecial']) {
    both(name, (path) =>
      postCall(app, ctx, path, betSingleRequest, async (body) => ({
        bet: await betting.place(body, {
          kind: 'single',
          pick: { market_id: body.market_id, selection: body.selection, odds: body.odds },
        }),
      })),
    );
  }
  both('betparlay', (path) =>
    postCall(app, ctx, path, betParlayRequest, async (body) => ({
      bet: await betting.place(body, { kind: 'parlay', picks: body.picks }),
    })),
  );
  both('betsysparlay', (path) =>
    postCall(app, ctx, path, betSystemRequest, async (body) => ({
      bet: await betting.place(body, { kind: 'system', picks: body.picks, foldSizes: body.fold_sizes }),
    })),
  );

  both('betmmoclick', (path) =>
    postCall(app, ctx, path, betMmoClickRequest, (body) => betting.mmoClick(body)),
  );
  both('betsinglemmo', (path) =>
    postCall(app, ctx, path, betSingleMmoRequest, async (body) => ({
      bet: await betting.placeMyanmar(
        body,
        [{ market_id: body.market_id, selection: body.selection, line: body.line }],
        'single',
      ),
    })),
  );
  both('betparlaymmo', (path) =>
    postCall(app, ctx, path, betParlayMmoRequest, async (body) => ({
      bet: await betting.placeMyanmar(body, body.picks, 'parlay'),
    })),
  );

  const list = (name: string, statuses: string[] | null, byDay = false) =>
    postCall(app, ctx, `/api/bet/${name}`, betListRequest, (body) => betting.list(body, statuses, byDay));
  list('betacceptlist', RUNNING);
  list('betacceptfulllist', RUNNING);
  list('pendingbetlist', WAITING);
  list('betrejectlist', VOIDED);
  list('betrejectfulllist', VOIDED);
  list('dbetlist', null, true);
  list('dbetlistcancel', VOIDED, true);
  const details = (name: string, statuses: string[]) =>
    postCall(app, ctx, `/api/bet/${name}`, betDetailRequest, (body) => betting.parlayDetails(body, statuses));
  details('parlayacceptbetdetails', RUNNING);
  details('parlaypendingbetdetails', WAITING);
  details('parlayrejectbetdetails', VOIDED);
}

/** The operator's betting calls under /bo/trade/: the per-day payout caps. */
export function bettingOperatorRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  services: { betting: BettingService; upline: UplineService },
): void {
  postCall(app, ctx, '/bo/trade/payoutcaps', tradePayoutCapsRequest, async (_body, request) => {
    await services.upline.requireOperator(request.headers.authorization);
    return { caps: await services.betting.payoutCaps() };
  });
  postCall(app, ctx, '/bo/trade/setpayoutcap', tradeSetPayoutCapRequest, async (body, request) => {
    await services.upline.requireOperator(request.headers.authorization);
    return { cap: await services.betting.setPayoutCap(body) };
  });
}
