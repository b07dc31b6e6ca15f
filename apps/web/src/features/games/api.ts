import type { GameMode, GamePlatform, GameProduct } from '@sb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/client';
import { sessionBody, useSession } from '../../shared/session/store';
import type { DayRange } from '../../shared/ui/DateRange';
import { launchCallOf, reportCallOf } from './lobbies';

const useLoggedIn = () => useSession((state) => state.account !== null);

/** Rounds per page of the game report. */
export const REPORT_PAGE_SIZE = 20;

/** A lobby's games and providers (GameList), kept fresh while the lobby is open. */
export function useGameList(product: GameProduct) {
  return useQuery({
    queryKey: ['games', 'list', product],
    queryFn: ({ signal }) => call('GameList', { ...sessionBody(), product }, { signal }),
    enabled: useLoggedIn(),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

/**
 * The member's rounds of a product in a range of betting days (slots / livecasino), paged. Keyed under
 * ['account'], so the member's balance and bet pushes refresh an open report.
 */
export function useGameReport(product: GameProduct, range: DayRange, page: number) {
  return useQuery({
    queryKey: ['account', 'games', 'report', product, range, page],
    queryFn: ({ signal }) =>
      call(
        reportCallOf(product),
        { ...sessionBody(), ...range, product, page, page_size: REPORT_PAGE_SIZE },
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
  mode: GameMode;
  lang: string;
  platform: GamePlatform;
}) {
  const { product, ...body } = input;
  return call(launchCallOf(product), { ...sessionBody(), ...body });
}
