import { CALLS } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { postCall } from '../../http/route';
import type { RacingService } from './service';

/** Virtual racing's own call: the race card (bets go through /api/bet/betsingle like any match). */
export function racingRoutes(app: FastifyInstance, ctx: AppContext, deps: { racing: RacingService }): void {
  postCall(app, ctx, CALLS.racecard, (body) => deps.racing.card(body));
}
