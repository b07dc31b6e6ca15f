import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LotteryDrawView, LotteryTicketView } from '@sb/contract';
import { post } from '../../shared/api/client';
import { sessionBody, useSession } from '../../shared/session/store';

export interface DrawsReply {
  upcoming: LotteryDrawView[];
  recent: LotteryDrawView[];
  server_time: string;
  commitment: { seed_hash: string; client_seed: string; next_nonce: number };
}

const useLoggedIn = () => useSession((state) => state.account !== null);

/** Draws to sell and the latest results; refreshed every 30 s and on every bet push (key under ['account']). */
export function useDraws() {
  return useQuery({
    queryKey: ['account', 'lottery', 'draws'],
    queryFn: ({ signal }) => post<DrawsReply>('lotterydraws', sessionBody(), { signal }),
    enabled: useLoggedIn(),
    refetchInterval: 30_000,
  });
}

export function useTickets(status: 'open' | 'settled' | 'all') {
  return useQuery({
    queryKey: ['account', 'lottery', 'tickets', status],
    queryFn: ({ signal }) =>
      post<{ data: LotteryTicketView[] }>(
        'lotterytickets',
        { ...sessionBody(), status, page_size: 50 },
        { signal },
      ),
    enabled: useLoggedIn(),
  });
}

export function useResults() {
  return useQuery({
    queryKey: ['account', 'lottery', 'results'],
    queryFn: ({ signal }) =>
      post<{ data: LotteryDrawView[] }>('lotteryresults', { ...sessionBody(), page_size: 30 }, { signal }),
    enabled: useLoggedIn(),
  });
}

export interface BuyInput {
  draw_id: number;
  number: string;
  bet_type: string;
  mode: string;
  stake: string;
}

export function useBuy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BuyInput) =>
      post<{ ticket: LotteryTicketView }>('lotterybuy', { ...sessionBody(), ...input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['account'] }),
  });
}

export interface VerifyReply {
  matches?: boolean;
  hash_matches?: boolean;
  server_seed: string;
  seed_hash: string;
  client_seed: string;
  nonce: number;
}

/** Recomputes a past draw from its revealed seed (the public verify call). */
export function useVerifyDraw() {
  return useMutation({
    mutationFn: (drawId: number) => post<VerifyReply>('fairverify', { game: 'lottery', round_id: drawId }),
  });
}
