import { CALLS } from '@sb/contract';
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
  postCall(app, ctx, CALLS.crashstate, (body) => crash.state(body));
  postCall(app, ctx, CALLS.crashbet, (body) => crash.bet(body));
  postCall(app, ctx, CALLS.crashcashout, (body) => crash.cashout(body));
  postCall(app, ctx, CALLS.dicebet, (body) => minigame.dice(body));
  postCall(app, ctx, CALLS.hilostart, (body) => minigame.hiloStart(body));
  postCall(app, ctx, CALLS.hiloguess, (body) => minigame.hiloGuess(body));
  postCall(app, ctx, CALLS.hilocashout, (body) => minigame.hiloCashout(body));
  postCall(app, ctx, CALLS.minigamerounds, (body) => minigame.rounds(body));
}
