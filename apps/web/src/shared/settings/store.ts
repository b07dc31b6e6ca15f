import { create } from 'zustand';
import { persist, type PersistStorage } from 'zustand/middleware';
import type { Language, MemberSettings } from '@sb/contract';
import { brandDefaults } from '../config';
import { isLanguage } from '../i18n/languages';
import { readJson, removeKey, writeJson } from '../storage';
import {
  BETTING_FIELDS,
  DEFAULT_BETTING,
  DEFAULT_PAGE_DISPLAY,
  PAGE_DISPLAY_FIELDS,
  pickFields,
  type Betting,
  type PageDisplay,
} from './defaults';

export type Theme = 'light' | 'dark';

/** The layout settings kept in the browser (spec section 3), one storage key each. */
export interface Layout {
  pageDisplay: PageDisplay;
  betting: Betting;
  /** The default order and the member's custom one (empty until customised). */
  sportsOrder: { default: number[]; custom: number[] };
  favourites: string[];
  selectedLeagues: string[];
  searchText: string;
  minimizer: { header: boolean; sidebar: boolean; asidebar: boolean };
  theme: Theme;
  tour: { done: boolean };
  menu0: string;
  menu1: string;
  menu2: number;
  menu3: string;
  selectedDays: string;
}

export const LAYOUT_KEYS = [
  'pageDisplay',
  'betting',
  'sportsOrder',
  'favourites',
  'selectedLeagues',
  'searchText',
  'minimizer',
  'theme',
  'tour',
  'menu0',
  'menu1',
  'menu2',
  'menu3',
  'selectedDays',
] as const satisfies readonly (keyof Layout)[];

export const defaultLayout = (): Layout => ({
  pageDisplay: {
    ...DEFAULT_PAGE_DISPLAY,
    language: brandDefaults().language,
    oddsType: brandDefaults().oddsType,
  },
  betting: { ...DEFAULT_BETTING },
  sportsOrder: { default: [], custom: [] },
  favourites: [],
  selectedLeagues: [],
  searchText: '',
  minimizer: { header: false, sidebar: false, asidebar: false },
  theme: brandDefaults().theme,
  tour: { done: false },
  menu0: 'all',
  menu1: 'today',
  menu2: 1,
  menu3: 'hdpou',
  selectedDays: '1',
});

interface LayoutActions {
  setPageDisplay: (patch: Partial<PageDisplay>) => void;
  setBetting: (patch: Partial<Betting>) => void;
  setCustomSportsOrder: (order: number[]) => void;
  setDefaultSportsOrder: (order: number[]) => void;
  setTheme: (theme: Theme) => void;
  setTourDone: (done: boolean) => void;
  setMinimizer: (patch: Partial<Layout['minimizer']>) => void;
  /** The sportsbook's menu selections and filters (menu0..menu3, selectedDays, leagues, search, favourites). */
  setMenus: (
    patch: Partial<
      Pick<
        Layout,
        | 'menu0'
        | 'menu1'
        | 'menu2'
        | 'menu3'
        | 'selectedDays'
        | 'selectedLeagues'
        | 'searchText'
        | 'favourites'
      >
    >,
  ) => void;
  /** Server settings from the login reply; the language picked before login is kept. */
  applyServerSettings: (settings: Partial<MemberSettings>, keepLanguage?: Language) => void;
}

export type LayoutState = Layout & LayoutActions;

/** The server's settings fields, gathered from the layout. */
export const memberSettingsOf = (layout: Layout): MemberSettings => ({
  ...layout.pageDisplay,
  ...layout.betting,
  sportsOrder: layout.sportsOrder.custom,
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Stored values are trusted only in shape: objects merge over defaults, the rest must match the default's type. */
function mergeStored(stored: Partial<Record<keyof Layout, unknown>>, base: Layout): Layout {
  const next: Record<string, unknown> = { ...base };
  for (const key of LAYOUT_KEYS) {
    const value = stored[key];
    const fallback = base[key];
    if (value === undefined) continue;
    if (isRecord(fallback) && !Array.isArray(fallback)) {
      if (isRecord(value)) next[key] = { ...fallback, ...value };
    } else if (Array.isArray(fallback) ? Array.isArray(value) : typeof value === typeof fallback) {
      next[key] = value;
    }
  }
  const layout = next as unknown as Layout;
  if (!isLanguage(layout.pageDisplay.language)) layout.pageDisplay.language = base.pageDisplay.language;
  if (layout.theme !== 'light' && layout.theme !== 'dark') layout.theme = base.theme;
  return layout;
}

/** Each layout key is its own storage entry under the (white-label aware) prefix. */
const splitStorage: PersistStorage<Layout> = {
  getItem: () => {
    const state: Partial<Record<keyof Layout, unknown>> = {};
    for (const key of LAYOUT_KEYS) {
      const value = readJson<unknown>(key);
      if (value !== undefined) state[key] = value;
    }
    return { state: state as Layout, version: 1 };
  },
  setItem: (_name, value) => {
    for (const key of LAYOUT_KEYS) writeJson(key, value.state[key]);
  },
  removeItem: () => {
    for (const key of LAYOUT_KEYS) removeKey(key);
  },
};

export const useLayout = create<LayoutState>()(
  persist(
    (set) => ({
      ...defaultLayout(),
      setPageDisplay: (patch) => set((state) => ({ pageDisplay: { ...state.pageDisplay, ...patch } })),
      setBetting: (patch) => set((state) => ({ betting: { ...state.betting, ...patch } })),
      setCustomSportsOrder: (custom) => set((state) => ({ sportsOrder: { ...state.sportsOrder, custom } })),
      setDefaultSportsOrder: (order) =>
        set((state) => ({ sportsOrder: { ...state.sportsOrder, default: order } })),
      setTheme: (theme) => set({ theme }),
      setTourDone: (done) => set({ tour: { done } }),
      setMinimizer: (patch) => set((state) => ({ minimizer: { ...state.minimizer, ...patch } })),
      setMenus: (patch) => set(patch),
      applyServerSettings: (settings, keepLanguage) =>
        set((state) => {
          const merged = { ...memberSettingsOf(state), ...settings };
          if (keepLanguage) merged.language = keepLanguage;
          if (!isLanguage(merged.language)) merged.language = state.pageDisplay.language;
          return {
            pageDisplay: pickFields(merged, PAGE_DISPLAY_FIELDS),
            betting: pickFields(merged, BETTING_FIELDS),
            sportsOrder: {
              ...state.sportsOrder,
              custom: Array.isArray(merged.sportsOrder) ? merged.sportsOrder : [],
            },
          };
        }),
    }),
    {
      name: 'layout',
      version: 1,
      storage: splitStorage,
      partialize: (state): Layout => {
        const layout: Record<string, unknown> = {};
        for (const key of LAYOUT_KEYS) layout[key] = state[key];
        return layout as unknown as Layout;
      },
      merge: (persisted, current) => ({
        ...current,
        ...mergeStored((persisted ?? {}) as Partial<Record<keyof Layout, unknown>>, current),
      }),
    },
  ),
);

/** Writes every layout key now, so a first visit leaves the spec's defaults in storage. */
export function persistLayout(): void {
  const state = useLayout.getState();
  const layout: Record<string, unknown> = {};
  for (const key of LAYOUT_KEYS) layout[key] = state[key];
  void splitStorage.setItem('layout', { state: layout as unknown as Layout, version: 1 });
}
