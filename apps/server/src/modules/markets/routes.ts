import {
  resultRequest,
  singleResultRequest,
  uxMarketRequest,
  uxMatchRequest,
  uxMatchesRequest,
  uxMenuRequest,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { postCall, postRawCall } from '../../http/route';
import type { ResultsService } from './results';
import type { MarketsService } from './service';

/** The cache-host calls (/cache/ux*) answered from the snapshot, and the result lists from the database. */
export function marketRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  markets: MarketsService,
  results: ResultsService,
): void {
  postCall(app, ctx, '/cache/uxmenu', uxMenuRequest, async () => markets.menu());
  postRawCall(app, ctx, '/cache/uxmarket', uxMarketRequest, (body) => markets.marketJson(body));
  postCall(app, ctx, '/cache/uxmmo', uxMarketRequest, async (body) =>
    markets.market({ ...body, odds_type: '5' }),
  );
  postCall(app, ctx, '/cache/uxmatch', uxMatchRequest, async (body) =>
    markets.match(body.match_id, body.odds_type),
  );
  postCall(app, ctx, '/cache/uxmore', uxMatchRequest, async (body) =>
    markets.match(body.match_id, body.odds_type),
  );
  postCall(app, ctx, '/cache/uxmoremmo', uxMatchRequest, async (body) => markets.match(body.match_id, '5'));
  postCall(app, ctx, '/cache/uxmatch2', uxMatchesRequest, async (body) =>
    markets.matches(body.match_ids, body.odds_type),
  );

  postCall(app, ctx, '/api/livematchlist', uxMenuRequest, async () => markets.liveMatches());
  postCall(
    app,
    ctx,
    '/api/eventlist',
    z.object({ sport_id: z.number().int().min(1).optional() }),
    async (body) => markets.events(body.sport_id),
  );
  postCall(app, ctx, '/api/matchresult', resultRequest, (body) =>
    results.byDay(body.date, body.sport_id ?? null, 'all'),
  );
  postCall(app, ctx, '/api/parlaymatchresult', resultRequest, (body) =>
    results.byDay(body.date, body.sport_id ?? null, 'all'),
  );
  postCall(app, ctx, '/api/efresult', resultRequest, (body) => results.byDay(body.date, null, 'efighting'));
  postCall(app, ctx, '/api/ngresult', resultRequest, (body) => results.byDay(body.date, null, 'number-game'));
  postCall(app, ctx, '/api/singlematchresult', singleResultRequest, (body) => results.single(body.match_id));
}
