import {
  crashBetRequest,
  crashCashoutRequest,
  diceBetRequest,
  hiloCashoutRequest,
  hiloGuessRequest,
  hiloStartRequest,
  miniRoundsRequest,
  sessionRequest,
} from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { postCall } from '../../http/route';
import type { CrashEngine } from './crash';
import type { MinigameService } from './service';

/** Mini-game calls at /api/<name>: the crash round (state, bet, cash-out), dice, hi-lo and the member's rounds. */
export function minigameRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { minigame: MinigameService; crash: CrashEngine },
): void {
  const { minigame, crash } = deps;
  postCall(app, ctx, '/api/crashstate', sessionRequest, (body) => crash.state(body));
  postCall(app, ctx, '/api/crashbet', crashBetRequest, (body) => crash.bet(body));
  postCall(app, ctx, '/api/crashcashout', crashCashoutRequest, (body) => crash.cashout(body));
  postCall(app, ctx, '/api/dicebet', diceBetRequest, (body) => minigame.dice(body));
  postCall(app, ctx, '/api/hilostart', hiloStartRequest, (body) => minigame.hiloStart(body));
  postCall(app, ctx, '/api/hiloguess', hiloGuessRequest, (body) => minigame.hiloGuess(body));
  postCall(app, ctx, '/api/hilocashout', hiloCashoutRequest, (body) => minigame.hiloCashout(body));
  postCall(app, ctx, '/api/minigamerounds', miniRoundsRequest, (body) => minigame.rounds(body));
}
