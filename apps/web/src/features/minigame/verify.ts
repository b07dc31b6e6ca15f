import { useMutation } from '@tanstack/react-query';
import { recomputeRound, seedHash, type FairGame } from '@sb/domain';
import { call } from '../../shared/api/client';

/**
 * The fair verify of one round, checked twice: by the public verify call and here in the browser with the same
 * code (the revealed seed must hash to the commitment, and both recomputations must give the stored outcome).
 */
export function useFairVerify() {
  const verify = useMutation({
    mutationFn: ({ game, roundId }: { game: FairGame; roundId: number }) =>
      call('fairverify', { game, round_id: roundId }),
  });
  const reply = verify.data;
  const local =
    reply &&
    recomputeRound({
      game: reply.game,
      serverSeed: reply.server_seed,
      clientSeed: reply.client_seed,
      nonce: reply.nonce,
      ...(reply.outcome.game === 'hilo' ? { cards: reply.outcome.cards.length } : {}),
      // A race's order round draws on the ratings its ratings round drew (both in the reply).
      ...(reply.outcome.game === 'racing'
        ? { race: reply.outcome.race, ratings: reply.outcome.ratings }
        : {}),
    });
  const localMatches =
    reply !== undefined &&
    local !== undefined &&
    JSON.stringify(local) === JSON.stringify(reply.stored ?? reply.outcome);
  const hashMatches = reply !== undefined && seedHash(reply.server_seed) === reply.seed_hash;
  const verified = reply !== undefined && reply.matches && localMatches && hashMatches;
  return { verify, reply, hashMatches, verified };
}
