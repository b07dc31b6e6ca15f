import {
  boRoomIpOverrideRequest,
  matchLookupRequest,
  roomBetRequest,
  roomCreateRequest,
  roomJoinRequest,
  roomLeagueListRequest,
  roomListPageRequest,
  roomListRequest,
  roomMatchListRequest,
  roomRequest,
} from '@sb/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { postCall, type Success } from '../../http/route';
import type { TournamentService } from './service';

/** The spec's /tournament/* calls, the member's tournament statements under /api, and the operator's override. */
export function tournamentRoutes(app: FastifyInstance, ctx: AppContext, rooms: TournamentService): void {
  const call = <S extends z.ZodType, R extends object>(
    path: string,
    schema: S,
    handler: (body: z.output<S>, request: FastifyRequest) => Promise<Success<R>>,
  ) => postCall(app, ctx, path, schema, handler);
  call('/tournament/roomlist', roomListRequest, (body) => rooms.list(body));
  call('/tournament/roomleaguelist', roomLeagueListRequest, (body) => rooms.leagues(body));
  call('/tournament/roommatchlist', roomMatchListRequest, (body) => rooms.matchesOfLeague(body));
  call('/tournament/matchlookup', matchLookupRequest, (body) => rooms.lookup(body));
  call('/tournament/roomcreate', roomCreateRequest, (body) => rooms.create(body, false));
  call('/tournament/vroomcreate', roomCreateRequest, (body) => rooms.create(body, true));
  call('/tournament/roomjoin', roomJoinRequest, (body, request) => rooms.join(body, request.ip, false));
  call('/tournament/vroomjoin', roomJoinRequest, (body, request) => rooms.join(body, request.ip, true));
  call('/tournament/bet', roomBetRequest, (body) => rooms.setPicks(body, 'hdp'));
  call('/tournament/betplus', roomBetRequest, (body) => rooms.setPicks(body, 'ou'));
  call('/tournament/memberbetlist', roomRequest, (body) => rooms.memberPicks(body));
  call('/tournament/betresultlist', roomRequest, (body) => rooms.allPicks(body));
  call('/tournament/betresultfinal', roomRequest, (body) => rooms.rank(body));
  call('/tournament/roomrank', roomRequest, (body) => rooms.rank(body));
  call('/tournament/roominfo', roomRequest, (body) => rooms.info(body));
  call('/api/gameresult', roomListPageRequest, (body) => rooms.finished(body, false));
  call('/api/gameresultdetail', roomRequest, (body) => rooms.rank(body));
  call('/api/tournamentrefund', roomListPageRequest, (body) => rooms.finished(body, true));
  call('/api/membervalidatetournament', roomJoinRequest, (body, request) => rooms.validate(body, request.ip));
  boCall(
    app,
    ctx,
    { path: '/bo/tournament/allowip', request: boRoomIpOverrideRequest },
    { role: 'operator', staff: 'none', audit: 'tournament.allowip' },
    async (_operator, body) => {
      await rooms.allowAddress(body.roomid, body.ip);
      return {};
    },
  );
}
