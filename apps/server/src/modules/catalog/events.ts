import { MARKET_KINDS, type MarketKind } from '@sb/contract';

/**
 * What feed adapters (simulator, replay, trading API, later real providers) tell the catalogue. Matches
 * are named by a source-scoped external key, so a feed never needs our ids. Prices are exact decimal odds
 * as strings; lines are exact strings ('-0.25', '2.5') or '' for markets without a line.
 */
/** Market kinds are the contract's (one list for the wire, the catalogue and the trading calls). */
export { MARKET_KINDS, type MarketKind };

export type Period = 'ft' | '1h' | '2h';
export type MarketStatus = 'open' | 'suspended' | 'closed';
export type LivePeriod = 'pre' | '1h' | 'ht' | '2h' | 'et' | 'ft';

/** Spec match states: 0 live or result pending, 1 completed, 2 cancelled, 5 suspended, 500 none. */
export type MatchState = 0 | 1 | 2 | 5 | 500;
export type StateDetail =
  'cancelled' | 'cancelled_1h' | 'cancelled_2h' | 'abandoned' | 'abandoned_1h' | 'abandoned_2h';

export interface MarketRef {
  kind: MarketKind;
  period: Period;
  line: string;
}

export type FeedEvent =
  | {
      type: 'fixture';
      key: string;
      sportId: number;
      league: { key: string; name: string; order?: number };
      home: string;
      away: string;
      kickoff: Date;
      neutral?: boolean;
      parentKey?: string;
      childType?: string;
      outright?: boolean;
    }
  | ({
      type: 'market';
      key: string;
      prices: Record<string, string>;
      status?: MarketStatus;
      isMain?: boolean;
    } & MarketRef)
  | ({ type: 'price'; key: string; prices: Record<string, string> } & MarketRef)
  | { type: 'marketStatus'; key: string; status: MarketStatus; market?: MarketRef }
  | {
      type: 'live';
      key: string;
      period: LivePeriod;
      minute: number;
      home: number;
      away: number;
      homeRed?: number;
      awayRed?: number;
      /** Set when this update is a goal, so pending live bets can be rejected. */
      goal?: 'h' | 'a';
      redCard?: 'h' | 'a';
    }
  | { type: 'state'; key: string; state: MatchState; detail?: StateDetail }
  | {
      type: 'result';
      key: string;
      ht: { home: number; away: number } | null;
      ft: { home: number; away: number } | null;
      goals?: ('h' | 'a')[];
      winners?: string[];
    };

export interface MatchView {
  id: number;
  key: string;
  sportId: number;
  leagueId: number;
  parentId: number | null;
  childType: string | null;
  outright: boolean;
  home: string;
  away: string;
  /** Epoch milliseconds. */
  kickoff: number;
  neutral: boolean;
  state: MatchState;
  detail: StateDetail | null;
  live: boolean;
  period: LivePeriod;
  minute: number;
  score: [number, number];
  red: [number, number];
  seq: number;
}

export interface MarketView extends MarketRef {
  id: number;
  matchId: number;
  status: MarketStatus;
  isMain: boolean;
  prices: Record<string, string>;
}

export interface LeagueView {
  id: number;
  sportId: number;
  name: string;
  order: number;
}

export interface ResultView {
  matchId: number;
  ht: [number, number] | null;
  ft: [number, number] | null;
  goals: ('h' | 'a')[];
  winners: string[];
  version: number;
}

/** A committed change, as published on the bus and pushed to browsers. */
export type CatalogChange =
  | { t: 'league'; league: LeagueView }
  | { t: 'match'; id: number; seq: number; match: MatchView; incident?: 'goal' | 'red' | 'period' | 'state' }
  | { t: 'market'; id: number; seq: number; market: MarketView; moved?: boolean }
  | { t: 'result'; id: number; seq: number; result: ResultView };

export const CATALOG_CHANNEL = 'catalog';

/** Display order of selection keys per market kind; keys not listed follow in alphabetical order. */
const SELECTION_ORDER: Partial<Record<MarketKind, string[]>> = {
  hdp: ['h', 'a'],
  ou: ['o', 'u'],
  oe: ['o', 'e'],
  '1x2': ['1', 'x', '2'],
  ml: ['h', 'a', 'd'],
  dc: ['1x', '12', 'x2'],
  htft: ['hh', 'hd', 'ha', 'dh', 'dd', 'da', 'ah', 'ad', 'aa'],
  fglg: ['hf', 'hl', 'af', 'al', 'ng'],
  tg: ['0-1', '2-3', '4-6', '7+'],
};

export function orderedSelections(kind: MarketKind, prices: Record<string, string>): [string, string][] {
  const order = SELECTION_ORDER[kind] ?? [];
  const rank = (key: string) => {
    const index = order.indexOf(key);
    return index === -1 ? order.length : index;
  };
  return Object.entries(prices).sort(
    ([a], [b]) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }),
  );
}
