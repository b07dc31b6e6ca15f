import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@sb/contract';
import { call } from '../../shared/api/client';
import { sessionBody, useSession } from '../../shared/session/store';

const useLoggedIn = () => useSession((state) => state.account !== null);

export function useCrashState() {
  return useQuery({
    queryKey: ['account', 'minigame', 'crash'],
    queryFn: ({ signal }) => call('crashstate', sessionBody(), { signal }),
    enabled: useLoggedIn(),
    refetchInterval: 15_000,
  });
}

export function useRounds(game?: CallRequest<'minigamerounds'>['game']) {
  return useQuery({
    queryKey: ['account', 'minigame', 'rounds', game ?? 'all'],
    queryFn: ({ signal }) =>
      call('minigamerounds', { ...sessionBody(), page_size: 30, ...(game ? { game } : {}) }, { signal }),
    enabled: useLoggedIn(),
  });
}

/** The mini-game calls that play: each answers the member's bet or round. */
type PlayCall = 'crashbet' | 'crashcashout' | 'dicebet' | 'hilostart' | 'hiloguess' | 'hilocashout';
/** A play call's body without the session (added here). */
export type PlayBody<N extends PlayCall> = Omit<CallRequest<N>, 'account_id' | 'session_token'>;

/** A mini-game call with the session; refreshes the member's account data (balance, rounds) after it. */
export function useGameCall<N extends PlayCall>(name: N) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PlayBody<N>) => call(name, { ...sessionBody(), ...body } as CallRequest<N>),
    onSettled: () => client.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useSeeds() {
  return useQuery({
    queryKey: ['account', 'minigame', 'seeds'],
    queryFn: ({ signal }) => call('fairseed', sessionBody(), { signal }),
    enabled: useLoggedIn(),
  });
}
