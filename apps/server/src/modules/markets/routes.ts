import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { postCall, postRawCall } from '../../http/route';
import type { DrawsService } from '../draws/service';
import type { ResultsService } from './results';
import type { MarketsService } from './service';

/** The cache-host calls (/cache/ux*) answered from the snapshot, and the result lists from the database. */
export function marketRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  markets: MarketsService,
  results: ResultsService,
  draws: DrawsService,
): void {
  postCall(app, ctx, CALLS.uxmenu, async () => markets.menu());
  postRawCall(app, ctx, CALLS.uxmarket, (body) => markets.marketJson(body));
  postCall(app, ctx, CALLS.uxmmo, async (body) => markets.market({ ...body, odds_type: '5' }));
  postCall(app, ctx, CALLS.uxmatch, async (body) => markets.match(body.match_id, body.odds_type));
  postCall(app, ctx, CALLS.uxmore, async (body) => markets.match(body.match_id, body.odds_type));
  postCall(app, ctx, CALLS.uxmoremmo, async (body) => markets.match(body.match_id, '5'));
  postCall(app, ctx, CALLS.uxmatch2, async (body) => markets.matches(body.match_ids, body.odds_type));

  postCall(app, ctx, CALLS.livematchlist, async () => markets.liveMatches());
  postCall(app, ctx, CALLS.eventlist, async (body) => markets.events(body.sport_id));
  postCall(app, ctx, CALLS.matchresult, (body) => results.byDay(body.date, body.sport_id ?? null, 'all'));
  postCall(app, ctx, CALLS.parlaymatchresult, (body) =>
    results.byDay(body.date, body.sport_id ?? null, 'all'),
  );
  postCall(app, ctx, CALLS.efresult, (body) => results.byDay(body.date, null, 'efighting'));
  postCall(app, ctx, CALLS.ngresult, async (body) => {
    const day = await results.byDay(body.date, null, 'number-game');
    // Our own draws add their balls and each market's winner (a draw not yet drawn has none).
    const balls = await draws.ballsOf(day.results.map((row) => row.match_id));
    return {
      results: day.results.map((row) => {
        const drawn = balls.get(row.match_id);
        return drawn ? { ...row, game: drawn.game, balls: drawn.balls, outcomes: drawn.outcomes } : row;
      }),
    };
  });
  postCall(app, ctx, CALLS.singlematchresult, (body) => results.single(body.match_id));
}
