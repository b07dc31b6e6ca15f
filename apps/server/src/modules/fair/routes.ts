import { CALLS, type FairVerifyReply, type FairVerifyRequest } from '@sb/contract';
import { recomputeRound, seedHash, type FairGame, type FairOutcome } from '@sb/domain';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { postCall } from '../../http/route';
import { AppError } from '../../lib/app-error';
import type { AccountService } from '../account/service';
import { memberScope, type FairService, type StoredRound } from './service';

/** Where a stored round's seed and outcome are found: each game answers for its own rounds. */
export interface RoundFinder {
  fairRound(roundId: number): Promise<(StoredRound & { outcome: FairOutcome }) | null>;
}

/**
 * The provably fair calls. /api/fairverify is public: it recomputes a stored round (its seed revealed) or any
 * seeds given by hand. /api/fairseed shows the member's commitment and the shared games'; /api/fairrotate
 * reveals the member's seed and commits a new one (optionally with a new client seed).
 */
export function fairRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: {
    fair: FairService;
    accounts: AccountService;
    finders: Record<FairGame, RoundFinder>;
    /** A round still open on the member's seed (hi-lo): revealing the seed then would show its next cards. */
    roundOpen: (accountPk: string) => Promise<boolean>;
  },
): void {
  const { fair, accounts, finders, roundOpen } = deps;
  postCall(app, ctx, CALLS.fairverify, (body) => verify(body));
  postCall(app, ctx, CALLS.fairseed, async (body) => {
    const session = await accounts.requireSession(body);
    const scope = memberScope(String(session.account.id));
    return {
      member: await fair.view(scope),
      crash: await fair.dailyView('crash'),
      lottery: await fair.dailyView('lottery'),
      draws: await fair.dailyView('draws'),
      racing: await fair.dailyView('racing'),
      revealed: await fair.revealedSeeds(scope, 10),
      revealed_shared: [
        ...(await fair.revealedSeeds('crash', 5)),
        ...(await fair.revealedSeeds('lottery', 5)),
        ...(await fair.revealedSeeds('draws', 5)),
        ...(await fair.revealedSeeds('racing', 5)),
      ],
    };
  });
  postCall(app, ctx, CALLS.fairrotate, async (body) => {
    const session = await accounts.requireSession(body);
    if (await roundOpen(String(session.account.id))) throw new AppError('roundInProgress');
    return fair.rotate(memberScope(String(session.account.id)), body.client_seed);
  });

  async function verify(body: FairVerifyRequest): Promise<FairVerifyReply> {
    if (body.round_id !== undefined) {
      const round = await finders[body.game].fairRound(body.round_id);
      if (!round) throw new AppError('roundNotExists', { field: 'round_id' });
      return { round_id: body.round_id, ...(await fair.verifyStored(body.game, round)) };
    }
    if (body.server_seed === undefined || body.client_seed === undefined || body.nonce === undefined) {
      throw new AppError('field_required', {
        field: body.server_seed === undefined ? 'server_seed' : 'client_seed',
      });
    }
    const outcome = recomputeRound({
      game: body.game,
      serverSeed: body.server_seed,
      clientSeed: body.client_seed,
      nonce: body.nonce,
      ...(body.cards !== undefined ? { cards: body.cards } : {}),
      ...(body.race !== undefined ? { race: body.race } : {}),
    });
    return {
      game: body.game,
      server_seed: body.server_seed,
      seed_hash: seedHash(body.server_seed),
      client_seed: body.client_seed,
      nonce: body.nonce,
      outcome,
    };
  }
}
