import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  fromMinorUnits,
  potentialPayoutMinor,
  riskAndWin,
  tryToMinorUnits,
  type OddsFormat,
} from '@sb/domain';
import { storageKey } from '../../shared/storage';

export type SlipTab = 'single' | 'parlay';

/** One price on the slip: what is sent (market, selection, odds) and what is shown. */
export interface SlipPick {
  marketId: number;
  matchId: number;
  selection: string;
  /** The price as shown when added (or last confirmed), in `format`. */
  odds: string;
  format: OddsFormat;
  kind: string;
  period: string;
  line: string;
  home: string;
  away: string;
}

export interface SlipState {
  tab: SlipTab;
  single: SlipPick | null;
  /** Mix parlay legs keyed by match: one pick per match. */
  parlay: Record<number, SlipPick>;
  stake: string;
  /** The idempotency key of the placement being attempted and what it placed, reused by its retries. */
  attempt: { key: string; fingerprint: string } | null;
  setTab: (tab: SlipTab) => void;
  add: (pick: SlipPick) => void;
  remove: (matchId: number) => void;
  setStake: (stake: string) => void;
  setOdds: (marketId: number, selection: string, odds: string) => void;
  /** The key for this payload: the same attempt's key while the payload is unchanged, else a fresh one. */
  keyFor: (fingerprint: string) => string;
  /** A finished attempt (placed): the next placement gets a new key. */
  endAttempt: () => void;
  clear: () => void;
}

const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const useSlip = create<SlipState>()(
  persist(
    (set, get) => ({
      tab: 'single',
      single: null,
      parlay: {},
      stake: '',
      attempt: null,
      setTab: (tab) => set({ tab }),
      add: (pick) =>
        set((state) =>
          state.tab === 'single'
            ? { single: pick }
            : { parlay: { ...state.parlay, [pick.matchId]: pick }, single: state.single },
        ),
      remove: (matchId) =>
        set((state) => {
          if (state.tab === 'single') return { single: null };
          const parlay = { ...state.parlay };
          delete parlay[matchId];
          return { parlay };
        }),
      setStake: (stake) => set({ stake }),
      setOdds: (marketId, selection, odds) =>
        set((state) => {
          const update = (pick: SlipPick) =>
            pick.marketId === marketId && pick.selection === selection ? { ...pick, odds } : pick;
          return {
            single: state.single ? update(state.single) : null,
            parlay: Object.fromEntries(
              Object.entries(state.parlay).map(([key, pick]) => [key, update(pick)]),
            ),
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
      clear: () => set({ single: null, parlay: {}, attempt: null }),
    }),
    {
      name: storageKey('betslip'),
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        tab: state.tab,
        single: state.single,
        parlay: state.parlay,
        stake: state.stake,
        attempt: state.attempt,
      }),
    },
  ),
);

/** The picks the current tab would place. */
export const picksOf = (state: Pick<SlipState, 'tab' | 'single' | 'parlay'>): SlipPick[] =>
  state.tab === 'single' ? (state.single ? [state.single] : []) : Object.values(state.parlay);

export interface SlipFigures {
  /** What the member puts at risk (a negative MY/ID single risks stake x |odds|). */
  risk: string;
  /** The return if every pick wins, stake included. */
  payout: string;
}

/**
 * Risk and potential payout of the slip, computed by the domain's settlement rules; null while the stake or
 * the picks are not placeable (empty, malformed, a parlay of fewer than two legs).
 */
export function slipFigures(tab: SlipTab, picks: readonly SlipPick[], stake: string): SlipFigures | null {
  const stakeMinor = tryToMinorUnits(stake.trim());
  if (stakeMinor === null || stakeMinor <= 0n) return null;
  try {
    if (tab === 'single') {
      const pick = picks[0];
      if (!pick || picks.length !== 1) return null;
      const { risk } = riskAndWin({ format: pick.format, price: pick.odds, stake: stake.trim() });
      const payout = potentialPayoutMinor(
        { kind: 'single', format: pick.format, price: pick.odds },
        stakeMinor,
      );
      return { risk, payout: fromMinorUnits(payout) };
    }
    if (picks.length < 2) return null;
    const payout = potentialPayoutMinor(
      { kind: 'parlay', legs: picks.map((pick) => ({ format: pick.format, price: pick.odds })) },
      stakeMinor,
    );
    return { risk: fromMinorUnits(stakeMinor), payout: fromMinorUnits(payout) };
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
