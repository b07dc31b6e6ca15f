import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CrashRoundView, MiniGameLimits, MiniRoundView } from '@sb/contract';
import { post } from '../../shared/api/client';
import type { CallName } from '../../shared/api/calls';
import { sessionBody, useSession } from '../../shared/session/store';

export interface CrashState {
  round: CrashRoundView | null;
  my_bet: MiniRoundView | null;
  history: { round_id: number; crash_point: string }[];
  limits: MiniGameLimits[];
  server_time: string;
}

const useLoggedIn = () => useSession((state) => state.account !== null);

export function useCrashState() {
  return useQuery({
    queryKey: ['account', 'minigame', 'crash'],
    queryFn: ({ signal }) => post<CrashState>('crashstate', sessionBody(), { signal }),
    enabled: useLoggedIn(),
    refetchInterval: 15_000,
  });
}

export function useRounds(game?: string) {
  return useQuery({
    queryKey: ['account', 'minigame', 'rounds', game ?? 'all'],
    queryFn: ({ signal }) =>
      post<{ data: MiniRoundView[] }>(
        'minigamerounds',
        { ...sessionBody(), page_size: 30, ...(game ? { game } : {}) },
        { signal },
      ),
    enabled: useLoggedIn(),
  });
}

/** A mini-game call with the session; refreshes the member's account data (balance, rounds) after it. */
export function useGameCall<R extends object>(call: CallName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: object) => post<R>(call, { ...sessionBody(), ...body }),
    onSettled: () => client.invalidateQueries({ queryKey: ['account'] }),
  });
}

export interface SeedView {
  seed_hash: string;
  client_seed: string;
  next_nonce: number;
}

export interface SeedsReply {
  member: SeedView;
  crash: SeedView;
  lottery: SeedView;
  revealed: (SeedView & { server_seed: string; revealed_at: string })[];
}

export function useSeeds() {
  return useQuery({
    queryKey: ['account', 'minigame', 'seeds'],
    queryFn: ({ signal }) => post<SeedsReply>('fairseed', sessionBody(), { signal }),
    enabled: useLoggedIn(),
  });
}
