import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@sb/contract';
import { call } from '../../shared/api/client';
import { sessionBody, useSession } from '../../shared/session/store';

const useLoggedIn = () => useSession((state) => state.account !== null);

/** Draws to sell and the latest results; refreshed every 30 s and on every bet push (key under ['account']). */
export function useDraws() {
  return useQuery({
    queryKey: ['account', 'lottery', 'draws'],
    queryFn: ({ signal }) => call('lotterydraws', sessionBody(), { signal }),
    enabled: useLoggedIn(),
    refetchInterval: 30_000,
  });
}

export function useTickets(status: 'open' | 'settled' | 'all') {
  return useQuery({
    queryKey: ['account', 'lottery', 'tickets', status],
    queryFn: ({ signal }) => call('lotterytickets', { ...sessionBody(), status, page_size: 50 }, { signal }),
    enabled: useLoggedIn(),
  });
}

export function useResults() {
  return useQuery({
    queryKey: ['account', 'lottery', 'results'],
    queryFn: ({ signal }) => call('lotteryresults', { ...sessionBody(), page_size: 30 }, { signal }),
    enabled: useLoggedIn(),
  });
}

/** A ticket to buy: the draw, the number, the bet type, the mode and the unit stake. */
export type BuyInput = Omit<CallRequest<'lotterybuy'>, 'account_id' | 'session_token'>;

export function useBuy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BuyInput) => call('lotterybuy', { ...sessionBody(), ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account'] }),
  });
}

/** Recomputes a past draw from its revealed seed (the public verify call). */
export function useVerifyDraw() {
  return useMutation({
    mutationFn: (drawId: number) => call('fairverify', { game: 'lottery', round_id: drawId }),
  });
}
