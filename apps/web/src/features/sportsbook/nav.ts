import { create } from 'zustand';
import type { EarlyDays, MarketTypeCode } from '@sb/contract';
import { initialTimeFilterMode, isTimeFilterMode, timeFilterApplies, type TimeFilterMode } from '@sb/domain';
import type { Layout } from '../../shared/settings/store';
import { isMenuTab, type MenuTab } from './markets';

/** The market types a member can choose (menu3), in menu order; outright is its own tab. */
export const MARKET_TYPE_CHOICES = ['hdpou', '1x2', 'oe', 'cs', 'dc', 'htft', 'fglg', 'tg'] as const;
export type MarketTypeChoice = (typeof MARKET_TYPE_CHOICES)[number];
/** Mix parlay offers the parlay kinds only (the server's PARLAY_KINDS). */
export const PARLAY_MARKET_TYPES: readonly MarketTypeChoice[] = ['hdpou', '1x2', 'oe'];

/** What a market type shows: its kinds and the periods that get a column. */
export interface MarketView {
  code: MarketTypeCode;
  kinds: readonly string[];
  periods: readonly string[];
}

const VIEWS: Record<MarketTypeChoice | 'outright', MarketView> = {
  hdpou: { code: 'hdpou', kinds: ['hdp', 'ou', '1x2'], periods: ['ft', '1h'] },
  '1x2': { code: '1x2', kinds: ['1x2'], periods: ['ft', '1h'] },
  oe: { code: 'oe', kinds: ['oe'], periods: ['ft', '1h'] },
  cs: { code: 'cs', kinds: ['cs'], periods: ['ft'] },
  dc: { code: 'dc', kinds: ['dc'], periods: ['ft'] },
  htft: { code: 'htft', kinds: ['htft'], periods: ['ft'] },
  fglg: { code: 'fglg', kinds: ['fglg'], periods: ['ft'] },
  tg: { code: 'tg', kinds: ['tg'], periods: ['ft'] },
  outright: { code: 'outright', kinds: ['outright'], periods: ['ft'] },
};

export const isMarketTypeChoice = (value: unknown): value is MarketTypeChoice =>
  typeof value === 'string' && (MARKET_TYPE_CHOICES as readonly string[]).includes(value);

/** The market type a tab shows: outright for its tab, a parlay kind in the parlay tab, else the choice. */
export function marketViewOf(menu: MenuTab, menu3: string): MarketView {
  if (menu === 'outright') return VIEWS.outright;
  const choice = isMarketTypeChoice(menu3) ? menu3 : 'hdpou';
  if (menu === 'parlay' && !PARLAY_MARKET_TYPES.includes(choice)) return VIEWS.hdpou;
  return VIEWS[choice];
}

/** The menu tab the stored menu1 names (today when it names none). */
export const menuOf = (menu1: string): MenuTab => (isMenuTab(menu1) ? menu1 : 'today');

/** The sorts of uxmarket: 1 time then id, 2 league order, 3 id only (the settings' eventSorting). */
export const SORTS = ['1', '2', '3'] as const;
export type Sort = (typeof SORTS)[number];
export const sortOf = (value: string): Sort =>
  (SORTS as readonly string[]).includes(value) ? (value as Sort) : '1';

/** The settings' page sizes; anything else is the spec's default of 10. */
export const PAGE_SIZES = ['10', '20', '30', '50'] as const;
export const pageSizeOf = (value: string): number =>
  (PAGE_SIZES as readonly string[]).includes(value) ? Number(value) : 10;

/**
 * The early tab's dates (selectedDays): '1' is every date, '2'..'8' the GMT+8 day one to seven days after
 * today. uxmarket filters by it (selected_days), so paging and totals count the chosen day only.
 */
export const EARLY_DAYS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const satisfies readonly EarlyDays[];
/** The stored choice as sent: anything but a known date is every date. */
export const earlyDaysOf = (selectedDays: string): EarlyDays =>
  EARLY_DAYS.find((day) => day === selectedDays) ?? '1';

/** Whether the time filter applies (spec 4, the domain's rule): the 'all' menu, today, sport 1, not outright. */
export const timeFilterShown = (layout: Pick<Layout, 'menu0'>, menu: MenuTab, sportId: number | null) =>
  timeFilterApplies({
    menu0: layout.menu0,
    menu1: menu,
    menu2: sportId ?? 0,
    outright: menu === 'outright',
  });

/**
 * The screen's state that is not kept across visits: the time filter (its initial mode by weekday, from the
 * domain), live-only, the page, the match whose markets are expanded and the live centre's match.
 */
export interface ScreenState {
  timeFilter: TimeFilterMode;
  liveOnly: boolean;
  page: number;
  expanded: number | null;
  liveCentre: number | null;
  setTimeFilter: (mode: number) => void;
  setLiveOnly: (liveOnly: boolean) => void;
  setPage: (page: number) => void;
  toggleExpanded: (matchId: number) => void;
  openLiveCentre: (matchId: number | null) => void;
}

export const useScreen = create<ScreenState>()((set) => ({
  timeFilter: initialTimeFilterMode(Date.now()),
  liveOnly: false,
  page: 1,
  expanded: null,
  liveCentre: null,
  setTimeFilter: (mode) => set({ timeFilter: isTimeFilterMode(mode) ? mode : 0, page: 1 }),
  setLiveOnly: (liveOnly) => set({ liveOnly, page: 1 }),
  setPage: (page) => set({ page: Math.max(1, page) }),
  toggleExpanded: (matchId) => set((state) => ({ expanded: state.expanded === matchId ? null : matchId })),
  openLiveCentre: (liveCentre) => set({ liveCentre }),
}));

/** Favourite matches are stored as 'm<id>' in the layout's favourites list. */
export const favouriteKey = (matchId: number): string => `m${matchId}`;
export const favouriteIds = (favourites: readonly string[]): number[] =>
  favourites.flatMap((key) => {
    const id = /^m(\d+)$/.exec(key)?.[1];
    return id ? [Number(id)] : [];
  });
