import { queryOptions } from '@tanstack/react-query';
import type { MatchListReply } from '@sb/contract';
import { myanmarOddsAllowed } from '@sb/domain';
import { post } from '../../../shared/api/client';
import type { Layout } from '../../../shared/settings/store';
import { pageOf, useMarkets, type MenuTab } from '../markets';
import {
  earlyDaysOf,
  favouriteIds,
  marketViewOf,
  menuOf,
  pageSizeOf,
  sortOf,
  timeFilterShown,
  type MarketView,
  type ScreenState,
} from '../nav';

/** What the list shows: one sport's menu tab, market type, filters and page, or the favourite matches. */
export interface ListQuery {
  sportId: number;
  menu: MenuTab;
  view: MarketView;
  /** The member's odds type code, '5' for the Myanmar view. */
  oddsCode: string;
  sort: '1' | '2' | '3';
  timeFilter: number;
  liveOnly: boolean;
  /** The early tab's date (selectedDays '1'..'8'), filtered by the server; '1' elsewhere. */
  selectedDays: string;
  leagues: number[];
  search: string;
  page: number;
  pageSize: number;
  /** Set in the favourites menu: these matches by id (uxmatch2) instead of the sport's list. */
  favourites: number[] | null;
}

/** The member's odds type as listed: Myanmar ('5') only for the currencies that have it. */
export const oddsCodeOf = (oddsType: string, currency: string): string =>
  oddsType === '5' && !myanmarOddsAllowed(currency) ? '1' : oddsType;

export interface ListInputs {
  layout: Pick<
    Layout,
    'menu0' | 'menu1' | 'menu3' | 'selectedLeagues' | 'selectedDays' | 'favourites' | 'pageDisplay'
  >;
  screen: Pick<ScreenState, 'timeFilter' | 'liveOnly' | 'page'>;
  /** The sport shown (menu2, or the menu's first when it no longer offers it); null: none to show. */
  sportId: number | null;
  /** The search text as it has settled. */
  search: string;
  currency: string;
}

/** The list the screen asks for, from the layout settings and the screen's state; null when there is none. */
export function listQueryOf({ layout, screen, sportId, search, currency }: ListInputs): ListQuery | null {
  const favouritesMode = layout.menu0 === 'fav';
  if (sportId === null && !favouritesMode) return null;
  const menu = menuOf(layout.menu1);
  const showTimeFilter = !favouritesMode && timeFilterShown(layout, menu, sportId);
  return {
    sportId: sportId ?? 0,
    menu,
    view: marketViewOf(menu, layout.menu3),
    oddsCode: oddsCodeOf(layout.pageDisplay.oddsType, currency),
    sort: sortOf(layout.pageDisplay.eventSorting),
    timeFilter: showTimeFilter ? screen.timeFilter : 0,
    liveOnly: menu !== 'live' && screen.liveOnly,
    selectedDays: menu === 'early' ? earlyDaysOf(layout.selectedDays) : '1',
    leagues: layout.selectedLeagues.map(Number).filter((value) => Number.isSafeInteger(value) && value > 0),
    search,
    page: screen.page,
    pageSize: pageSizeOf(layout.pageDisplay.pageSize),
    favourites: favouritesMode ? favouriteIds(layout.favourites) : null,
  };
}

/** Fetches the list (uxmarket, or uxmatch2 for favourites) and loads it into the odds store. */
async function fetchMarketList(query: ListQuery, signal: AbortSignal) {
  const odds_type = query.oddsCode;
  let reply: Partial<MatchListReply>;
  if (query.favourites) {
    reply =
      query.favourites.length === 0
        ? { leagues: [], matches: [], odds: [], links: [], heads: [], total: 0, page: 1 }
        : await post<MatchListReply>(
            'uxmatch2',
            { match_ids: query.favourites.slice(0, 200), odds_type },
            { signal },
          );
  } else {
    reply = await post<MatchListReply>(
      'uxmarket',
      {
        sport_id: query.sportId,
        menu: query.menu,
        market_type: query.view.code,
        odds_type,
        sort: query.sort,
        time_filter: query.timeFilter,
        live_only: query.liveOnly,
        selected_days: query.selectedDays,
        leagues: query.leagues,
        search: query.search,
        page: query.page,
        page_size: query.pageSize,
      },
      { signal },
    );
  }
  useMarkets.getState().load({ matches: reply.matches ?? [], odds: reply.odds ?? [] });
  return pageOf(
    {
      leagues: reply.leagues ?? [],
      matches: reply.matches ?? [],
      odds: reply.odds ?? [],
      links: reply.links ?? [],
      heads: reply.heads ?? [],
      total: Number(reply.total ?? 0),
      page: Number(reply.page ?? query.page),
    },
    query.view.kinds,
    query.view.periods,
  );
}

export const marketListOptions = (query: ListQuery) =>
  queryOptions({
    queryKey: ['cache', 'list', query],
    queryFn: ({ signal }) => fetchMarketList(query, signal),
    staleTime: 15_000,
  });
