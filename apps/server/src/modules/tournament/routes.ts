import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { postCall } from '../../http/route';
import type { TournamentService } from './service';

/** The spec's /tournament/* calls, the member's tournament statements under /api, and the operator's override. */
export function tournamentRoutes(app: FastifyInstance, ctx: AppContext, rooms: TournamentService): void {
  postCall(app, ctx, CALLS.roomlist, (body) => rooms.list(body));
  postCall(app, ctx, CALLS.roomleaguelist, (body) => rooms.leagues(body));
  postCall(app, ctx, CALLS.roommatchlist, (body) => rooms.matchesOfLeague(body));
  postCall(app, ctx, CALLS.matchlookup, (body) => rooms.lookup(body));
  postCall(app, ctx, CALLS.roomcreate, (body) => rooms.create(body, false));
  postCall(app, ctx, CALLS.vroomcreate, (body) => rooms.create(body, true));
  postCall(app, ctx, CALLS.roomjoin, (body, request) => rooms.join(body, request.ip, false));
  postCall(app, ctx, CALLS.vroomjoin, (body, request) => rooms.join(body, request.ip, true));
  postCall(app, ctx, CALLS.roombet, (body) => rooms.setPicks(body, 'hdp'));
  postCall(app, ctx, CALLS.roombetplus, (body) => rooms.setPicks(body, 'ou'));
  postCall(app, ctx, CALLS.memberbetlist, (body) => rooms.memberPicks(body));
  postCall(app, ctx, CALLS.betresultlist, (body) => rooms.allPicks(body));
  postCall(app, ctx, CALLS.betresultfinal, (body) => rooms.rank(body));
  postCall(app, ctx, CALLS.roomrank, (body) => rooms.rank(body));
  postCall(app, ctx, CALLS.roominfo, (body) => rooms.info(body));
  postCall(app, ctx, CALLS.gameresult, (body) => rooms.finished(body, false));
  postCall(app, ctx, CALLS.gameresultdetail, (body) => rooms.rank(body));
  postCall(app, ctx, CALLS.tournamentrefund, (body) => rooms.finished(body, true));
  postCall(app, ctx, CALLS.membervalidatetournament, (body, request) => rooms.validate(body, request.ip));
  boCall(
    app,
    ctx,
    CALLS.bo_tournament_allowip,
    { role: 'operator', staff: 'none', audit: 'tournament.allowip' },
    async (_operator, body) => {
      await rooms.allowAddress(body.roomid, body.ip);
      return {};
    },
  );
}
