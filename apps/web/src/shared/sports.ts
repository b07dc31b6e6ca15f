import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuTuple } from '@sb/contract';
import { defaultSportsOrder, sportsOrder } from '@sb/domain';
import { post } from './api/client';
import { pageBrand } from './config';
import { useSession } from './session/store';
import { useLayout } from './settings/store';

/**
 * The sports catalogue comes from the server (uxmenu: menu sports only, in the server's order); the ordering
 * rule comes from @sb/domain (defaultSportsOrder / sportsOrder, spec section 4). The default lists are the
 * brand's configuration (one general, one for BDT members), with the platform's where the page names no brand.
 */
export const DEFAULT_SPORTS_LISTS = {
  general: pageBrand()?.settings.sports_order ?? [1, 2, 5, 8, 4, 6],
  bdt: pageBrand()?.settings.sports_order_bdt ?? [1, 5, 2, 8, 9, 18],
};

/** A row of the sports menu: [sportId, name, live, today, early, parlay, outright]. */
export interface MenuSport {
  id: number;
  /** The server's English name; shown when the language has no `sports.<id>` text. */
  name: string;
  live: number;
  today: number;
  early: number;
  parlay: number;
  outright: number;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export const toMenuSport = (row: MenuTuple): MenuSport => ({
  id: row[0],
  name: String(row[1] ?? ''),
  live: count(row[2]),
  today: count(row[3]),
  early: count(row[4]),
  parlay: count(row[5]),
  outright: count(row[6]),
});

export async function fetchSportsMenu(signal?: AbortSignal): Promise<MenuSport[]> {
  const reply = await post<{ sports?: unknown }>('uxmenu', {}, { signal });
  if (!Array.isArray(reply.sports)) return [];
  return (reply.sports as unknown[])
    .filter((row): row is MenuTuple => Array.isArray(row) && Number.isSafeInteger(row[0]))
    .map(toMenuSport);
}

export const SPORTS_MENU_KEY = ['cache', 'uxmenu'] as const;

/** The sports menu; the counts move with the feed, so it refreshes every minute while shown. */
export const useSportsMenu = () =>
  useQuery({
    queryKey: SPORTS_MENU_KEY,
    queryFn: ({ signal }) => fetchSportsMenu(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** The default order for these sports: the configured list first, then the rest by name. */
export const defaultOrderOf = (sports: readonly MenuSport[], currency = ''): number[] =>
  defaultSportsOrder(sports, DEFAULT_SPORTS_LISTS, currency);

/**
 * The sports in the member's order: the custom order while it still names exactly the offered sports,
 * otherwise the default (a custom order whose count differs is replaced, as the spec says).
 */
export function orderSports(
  sports: readonly MenuSport[],
  custom: readonly number[],
  currency = '',
): MenuSport[] {
  const byId = new Map(sports.map((sport) => [sport.id, sport]));
  return sportsOrder({ sports, defaults: DEFAULT_SPORTS_LISTS, currency, custom }).flatMap((id) => {
    const sport = byId.get(id);
    return sport ? [sport] : [];
  });
}

/** The menu in the signed-in member's order (stored custom order, currency's default list). */
export function useMemberSports() {
  const query = useSportsMenu();
  const custom = useLayout((state) => state.sportsOrder.custom);
  const currency = useSession((state) => state.account?.info.currency) ?? '';
  const sports = useMemo(
    () => orderSports(query.data ?? [], custom, currency),
    [query.data, custom, currency],
  );
  return { query, sports };
}

/** A sport's name in the current language: `sports.<id>` when the locale has it, else the server's name. */
export function useSportName(): (sport: Pick<MenuSport, 'id' | 'name'>) => string {
  const { t, i18n } = useTranslation();
  return (sport) => {
    const key = `sports.${sport.id}`;
    return i18n.exists(key) ? t(key as 'sports.1') : sport.name;
  };
}
