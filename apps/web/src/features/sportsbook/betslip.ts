import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  MAX_MYANMAR_PARLAY_LEGS,
  MAX_PARLAY_LEGS,
  fromMinorUnits,
  potentialPayoutMinor,
  riskAndWin,
  systemBetCount,
  systemFoldOptions,
  tryToMinorUnits,
  type OddsFormat,
  type StakedBet,
} from '@sb/domain';
import { useLayout } from '../../shared/settings/store';
import type { MarketState, MatchState } from './markets';
import { storageKey } from '../../shared/storage';

/**
 * The spec's bet slips: single, parlay (mix and system share the legs), single Myanmar and parlay Myanmar,
 * each with its own stake.
 */
export type SlipTab = 'single' | 'parlay' | 'system' | 'mmSingle' | 'mmParlay';
export const MYANMAR_TABS: readonly SlipTab[] = ['mmSingle', 'mmParlay'];
export const isMyanmarTab = (tab: SlipTab): boolean => MYANMAR_TABS.includes(tab);

/** One price on the slip: what is sent (market, selection, odds) and what is shown. */
export interface SlipPick {
  marketId: number;
  matchId: number;
  selection: string;
  /** The price as shown when added (or last confirmed), in `format`; a Myanmar pick holds its line ('1+50'). */
  odds: string;
  format: OddsFormat;
  kind: string;
  period: string;
  line: string;
  home: string;
  away: string;
  live?: boolean;
  myanmar?: boolean;
}

/**
 * The slip's pick of a price shown on a market of the store: the market's and match's facts copied as they
 * stand, so every place that adds a price (a price cell, the keno pad) adds the same pick.
 */
export function slipPickOf(
  market: Pick<MarketState, 'matchId' | 'kind' | 'period' | 'line'>,
  match: Pick<MatchState, 'home' | 'away' | 'live'>,
  price: { marketId: number; selection: string; odds: string; format: OddsFormat; myanmar?: boolean },
): SlipPick {
  return {
    marketId: price.marketId,
    matchId: market.matchId,
    selection: price.selection,
    odds: price.odds,
    format: price.format,
    kind: market.kind,
    period: market.period,
    line: market.line,
    home: match.home,
    away: match.away,
    live: match.live,
    ...(price.myanmar ? { myanmar: true } : {}),
  };
}

export interface SlipData {
  tab: SlipTab;
  single: SlipPick | null;
  /** Mix and system parlay legs keyed by match: one pick per match. */
  parlay: Record<number, SlipPick>;
  mmSingle: SlipPick | null;
  /** Myanmar parlay (maung) legs keyed by match. */
  mmParlay: Record<number, SlipPick>;
  stakes: Record<SlipTab, string>;
  /** The system's chosen fold sizes (2 = doubles...). */
  folds: number[];
  /** The last stake placed, for the 'last stake' default-stake setting. */
  lastStake: string;
  /** The idempotency key of the placement being attempted and what it placed, reused by its retries. */
  attempt: { key: string; fingerprint: string } | null;
}

export interface SlipState extends SlipData {
  /** Set when a price was clicked with quick bet on: the slip places it at once (not kept across reloads). */
  quick: boolean;
  setTab: (tab: SlipTab) => void;
  add: (pick: SlipPick) => void;
  remove: (matchId: number) => void;
  setStake: (stake: string) => void;
  setFolds: (folds: number[]) => void;
  setOdds: (marketId: number, selection: string, odds: string) => void;
  /** The key for this payload: the same attempt's key while the payload is unchanged, else a fresh one. */
  keyFor: (fingerprint: string) => string;
  /** A finished attempt (placed): the next placement gets a new key. */
  endAttempt: () => void;
  /** After a placement: the tab's picks and stake go, the stake is remembered as the last one. */
  placed: () => void;
  clear: () => void;
}

const NO_STAKES: Record<SlipTab, string> = { single: '', parlay: '', system: '', mmSingle: '', mmParlay: '' };

export const emptySlip = (): SlipData => ({
  tab: 'single',
  single: null,
  parlay: {},
  mmSingle: null,
  mmParlay: {},
  stakes: { ...NO_STAKES },
  folds: [],
  lastStake: '',
  attempt: null,
});

const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** The default-stake setting: '1' the last stake, '2' the fixed amount, '3' none. */
const defaultStake = (lastStake: string): string => {
  const { defaultStake: mode, defaultStakeAmount } = useLayout.getState().betting;
  if (mode === '1') return lastStake;
  if (mode === '2') return tryToMinorUnits(defaultStakeAmount) !== null ? defaultStakeAmount : '';
  return '';
};

/** The tab a pick lands in: Myanmar prices in a Myanmar slip, the others in a non-Myanmar one. */
const tabFor = (tab: SlipTab, pick: SlipPick): SlipTab => {
  if (pick.myanmar) return isMyanmarTab(tab) ? tab : 'mmSingle';
  return isMyanmarTab(tab) ? 'single' : tab;
};

const withLeg = (legs: Record<number, SlipPick>, pick: SlipPick, max: number): Record<number, SlipPick> =>
  // One leg per match; a new match beyond the ticket's maximum is not added.
  legs[pick.matchId] || Object.keys(legs).length < max ? { ...legs, [pick.matchId]: pick } : legs;

export const useSlip = create<SlipState>()(
  persist(
    (set, get) => ({
      ...emptySlip(),
      quick: false,
      setTab: (tab) => set({ tab }),
      add: (pick) =>
        set((state) => {
          const tab = tabFor(state.tab, pick);
          const { quickBet, quickBetAmount } = useLayout.getState().betting;
          // Quick bet (a setting): a single is placed at the quick-bet amount as soon as its price is clicked.
          const quick =
            quickBet === 'true' &&
            (tab === 'single' || tab === 'mmSingle') &&
            tryToMinorUnits(quickBetAmount) !== null;
          const stake = quick ? quickBetAmount : state.stakes[tab] || defaultStake(state.lastStake);
          const stakes = { ...state.stakes, [tab]: stake };
          switch (tab) {
            case 'single':
              return { tab, stakes, single: pick, quick };
            case 'mmSingle':
              return { tab, stakes, mmSingle: pick, quick };
            case 'mmParlay':
              return { tab, stakes, mmParlay: withLeg(state.mmParlay, pick, MAX_MYANMAR_PARLAY_LEGS) };
            default:
              return { tab, stakes, parlay: withLeg(state.parlay, pick, MAX_PARLAY_LEGS) };
          }
        }),
      remove: (matchId) =>
        set((state) => {
          if (state.tab === 'single') return { single: null };
          if (state.tab === 'mmSingle') return { mmSingle: null };
          const key = state.tab === 'mmParlay' ? 'mmParlay' : 'parlay';
          const legs = { ...state[key] };
          delete legs[matchId];
          return { [key]: legs };
        }),
      setStake: (stake) => set((state) => ({ stakes: { ...state.stakes, [state.tab]: stake } })),
      setFolds: (folds) => set({ folds: [...new Set(folds)].sort((a, b) => a - b) }),
      setOdds: (marketId, selection, odds) =>
        set((state) => {
          const update = (pick: SlipPick) =>
            pick.marketId === marketId && pick.selection === selection ? { ...pick, odds } : pick;
          const each = (legs: Record<number, SlipPick>) =>
            Object.fromEntries(Object.entries(legs).map(([key, pick]) => [key, update(pick)]));
          return {
            single: state.single ? update(state.single) : null,
            mmSingle: state.mmSingle ? update(state.mmSingle) : null,
            parlay: each(state.parlay),
            mmParlay: each(state.mmParlay),
          };
        }),
      keyFor: (fingerprint) => {
        const held = get().attempt;
        if (held && held.fingerprint === fingerprint) return held.key;
        const key = newKey();
        set({ attempt: { key, fingerprint } });
        return key;
      },
      endAttempt: () => set({ attempt: null }),
      placed: () =>
        set((state) => {
          const lastStake = state.stakes[state.tab];
          const stakes = { ...state.stakes, [state.tab]: '' };
          const base = { attempt: null, lastStake, stakes };
          switch (state.tab) {
            case 'single':
              return { ...base, single: null };
            case 'mmSingle':
              return { ...base, mmSingle: null };
            case 'mmParlay':
              return { ...base, mmParlay: {} };
            default:
              return { ...base, parlay: {}, folds: [] };
          }
        }),
      clear: () => set((state) => ({ ...emptySlip(), tab: state.tab, lastStake: state.lastStake })),
    }),
    {
      // The slip survives a reload; version 2 holds the five slips (a version 1 slip is dropped).
      name: storageKey('betslip'),
      version: 2,
      storage: createJSONStorage(() => localStorage),
      migrate: () => emptySlip(),
      partialize: (state): SlipData => ({
        tab: state.tab,
        single: state.single,
        parlay: state.parlay,
        mmSingle: state.mmSingle,
        mmParlay: state.mmParlay,
        stakes: state.stakes,
        folds: state.folds,
        lastStake: state.lastStake,
        attempt: state.attempt,
      }),
    },
  ),
);

/** The picks the current tab would place. */
export const picksOf = (state: Pick<SlipData, 'tab' | 'single' | 'parlay' | 'mmSingle' | 'mmParlay'>) => {
  switch (state.tab) {
    case 'single':
      return state.single ? [state.single] : [];
    case 'mmSingle':
      return state.mmSingle ? [state.mmSingle] : [];
    case 'mmParlay':
      return Object.values(state.mmParlay);
    default:
      return Object.values(state.parlay);
  }
};

/** The fold sizes a system of these picks can use (the domain's options), the chosen ones kept if still valid. */
export const foldsFor = (picks: number, chosen: readonly number[]): number[] => {
  if (picks < 2 || picks > MAX_PARLAY_LEGS) return [];
  const options = systemFoldOptions(picks);
  const kept = chosen.filter((size) => options.includes(size));
  return kept.length > 0 ? kept : options;
};

/** What the domain's payout rule is given for this slip (the stake of a system is its unit stake). */
export function stakedBetOf(
  tab: SlipTab,
  picks: readonly SlipPick[],
  folds: readonly number[],
): StakedBet | null {
  const legs = picks.map((pick) => ({ format: pick.format, price: pick.odds }));
  switch (tab) {
    case 'single':
      return picks[0] ? { kind: 'single', format: picks[0].format, price: picks[0].odds } : null;
    case 'parlay':
      return picks.length >= 2 ? { kind: 'parlay', legs } : null;
    case 'system':
      return picks.length >= 2 ? { kind: 'system', legs, foldSizes: foldsFor(picks.length, folds) } : null;
    case 'mmSingle':
      return picks.length === 1 ? { kind: 'myanmar', legs: 1 } : null;
    case 'mmParlay':
      return picks.length >= 2 ? { kind: 'myanmar', legs: picks.length } : null;
  }
}

export interface SlipFigures {
  /** What the member puts at risk (a negative MY/ID single risks stake x |odds|; a system, unit x bets). */
  risk: string;
  /** The return if every pick wins, stake included. */
  payout: string;
  /** Bets on the ticket (combinations of a system). */
  bets: number;
}

/**
 * Risk and potential payout of the slip, computed by the domain's settlement rules; null while the stake or
 * the picks are not placeable (empty, malformed, a parlay of fewer than two legs).
 */
export function slipFigures(
  tab: SlipTab,
  picks: readonly SlipPick[],
  stake: string,
  folds: readonly number[] = [],
): SlipFigures | null {
  const stakeMinor = tryToMinorUnits(stake.trim());
  if (stakeMinor === null || stakeMinor <= 0n) return null;
  const bet = stakedBetOf(tab, picks, folds);
  if (!bet) return null;
  try {
    const payout = fromMinorUnits(potentialPayoutMinor(bet, stakeMinor));
    if (bet.kind === 'single') {
      const { risk } = riskAndWin({ format: bet.format, price: bet.price, stake: stake.trim() });
      return { risk, payout, bets: 1 };
    }
    if (bet.kind === 'system') {
      const bets = systemBetCount(picks.length, bet.foldSizes);
      return { risk: fromMinorUnits(stakeMinor * BigInt(bets)), payout, bets };
    }
    return { risk: fromMinorUnits(stakeMinor), payout, bets: 1 };
  } catch {
    return null;
  }
}

/** The quick-stake buttons: each adds its amount to the typed stake. */
export const QUICK_STAKES = ['10', '50', '100', '500'] as const;

export const addStake = (stake: string, amount: string): string => {
  const held = tryToMinorUnits(stake.trim() || '0') ?? 0n;
  const added = tryToMinorUnits(amount) ?? 0n;
  const total = fromMinorUnits(held + added);
  return total.endsWith('.00') ? total.slice(0, -3) : total;
};
