import type { GameListReply, GameProduct, GameReportReply, LaunchGameReply } from '@sb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import { sessionBody, useSession } from '../../shared/session/store';
import { launchCallOf, reportCallOf } from './lobbies';

const useLoggedIn = () => useSession((state) => state.account !== null);

/** A lobby's games and providers (GameList), kept fresh while the lobby is open. */
export function useGameList(product: GameProduct) {
  return useQuery({
    queryKey: ['games', 'list', product],
    queryFn: ({ signal }) => post<GameListReply>('GameList', { ...sessionBody(), product }, { signal }),
    enabled: useLoggedIn(),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/** The member's rounds of a product in a date range (slots / livecasino), paged. */
export function useGameReport(
  product: GameProduct,
  range: { start_date: string; end_date: string },
  page: number,
) {
  return useQuery({
    queryKey: ['account', 'games', 'report', product, range, page],
    queryFn: ({ signal }) =>
      post<GameReportReply>(
        reportCallOf(product),
        { ...sessionBody(), ...range, product, page, page_size: 20 },
        { signal },
      ),
    enabled: useLoggedIn(),
    placeholderData: keepPreviousData,
  });
}

/** Asks the platform for a launch url on the provider's host (real money, or the provider's fun mode). */
export function launchGame(input: {
  product: GameProduct;
  game_code: string;
  mode: 'real' | 'fun';
  lang: string;
  platform: 'desktop' | 'mobile';
}): Promise<LaunchGameReply> {
  const { product, ...body } = input;
  return post<LaunchGameReply>(launchCallOf(product), { ...sessionBody(), ...body });
}
