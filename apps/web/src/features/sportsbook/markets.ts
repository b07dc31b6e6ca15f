import { create } from 'zustand';
import { compareOdds, convertOdds, oddsTypeFromCode, type OddsFormat } from '@sb/domain';
import type { LeagueTuple, MatchListReply, MatchTuple, OddsTuple } from '@sb/contract';

export type MenuTab = 'today' | 'early' | 'live';
export const MENU_TABS: readonly MenuTab[] = ['today', 'early', 'live'];

/** The shown markets: kinds and periods of the handicap and over/under list. */
export const COLUMN_KINDS = ['hdp', 'ou', '1x2'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];
export const PERIODS = ['ft', '1h'] as const;
export type Period = (typeof PERIODS)[number];
export const SELECTIONS: Record<ColumnKind, readonly string[]> = {
  hdp: ['h', 'a'],
  ou: ['o', 'u'],
  '1x2': ['1', 'x', '2'],
};
/** Two-way kinds are quoted in the member's odds type; the others stay decimal. */
const TWO_WAY = new Set(['hdp', 'ou', 'oe', 'ml']);

/** The member's odds type code ('1'..'4') as a price format; Myanmar ('5') lists use MY prices here. */
export const formatOfCode = (code: string): OddsFormat => {
  const type = oddsTypeFromCode(Number(code));
  return type && type !== 'MM' ? type : 'MY';
};

/** The format a kind's prices are quoted in. */
export const priceFormat = (kind: string, oddsFormat: OddsFormat): OddsFormat =>
  TWO_WAY.has(kind) ? oddsFormat : 'DEC';

export interface MarketState {
  id: number;
  matchId: number;
  kind: string;
  period: string;
  line: string;
  open: boolean;
  main: boolean;
  /** Prices by selection key, in the format of `priceFormat(kind)`. */
  prices: Record<string, string>;
  /** The last move of each price: 1 up, -1 down, with the tick count when it moved. */
  moves: Record<string, { dir: 1 | -1; at: number }>;
}

export interface MatchState {
  id: number;
  leagueId: number;
  home: string;
  away: string;
  state: number;
  score: [number, number];
  minute: number;
  kickoff: number;
  period: string;
  red: [number, number];
  live: boolean;
  seq: number;
}

export interface League {
  id: number;
  name: string;
  matchIds: number[];
}

/** The page of a list reply: leagues in order with their match ids, and each match's market ids per column. */
export interface MarketPage {
  leagues: League[];
  columns: Record<number, Partial<Record<`${Period}-${ColumnKind}`, number>>>;
  total: number;
  page: number;
}

export const toMarket = (row: OddsTuple): MarketState => {
  const [id, matchId, kind, period, line, open, main, ...rest] = row;
  const prices: Record<string, string> = {};
  for (let index = 0; index + 1 < rest.length; index += 2)
    prices[String(rest[index])] = String(rest[index + 1]);
  return {
    id: Number(id),
    matchId: Number(matchId),
    kind: String(kind),
    period: String(period),
    line: String(line),
    open: Number(open) === 1,
    main: Number(main) === 1,
    prices,
    moves: {},
  };
};

export const toMatch = (row: MatchTuple): MatchState => ({
  id: row[0],
  leagueId: row[1],
  home: row[2],
  away: row[3],
  state: row[4],
  score: [row[5], row[6]],
  minute: row[7],
  kickoff: row[8],
  period: row[9],
  red: [row[10], row[11]],
  live: row[13] === 1,
  seq: row[15],
});

/** Groups a list reply: leagues (in the reply's order) holding their matches, and the main market per column. */
export function pageOf(
  reply: Pick<MatchListReply, 'leagues' | 'matches' | 'odds' | 'total' | 'page'>,
): MarketPage {
  const leagues = new Map<number, League>(
    reply.leagues.map((row: LeagueTuple) => [row[0], { id: row[0], name: row[1], matchIds: [] }]),
  );
  for (const match of reply.matches) {
    let league = leagues.get(match[1]);
    if (!league) {
      league = { id: match[1], name: '', matchIds: [] };
      leagues.set(match[1], league);
    }
    league.matchIds.push(match[0]);
  }
  const columns: MarketPage['columns'] = {};
  for (const row of reply.odds) {
    const market = toMarket(row);
    if (!(COLUMN_KINDS as readonly string[]).includes(market.kind)) continue;
    if (!(PERIODS as readonly string[]).includes(market.period)) continue;
    const key = `${market.period}-${market.kind}` as `${Period}-${ColumnKind}`;
    const slots = (columns[market.matchId] ??= {});
    // The main line wins the column; otherwise the first row.
    if (slots[key] === undefined || market.main) slots[key] = market.id;
  }
  return {
    leagues: [...leagues.values()].filter((league) => league.matchIds.length > 0),
    columns,
    total: reply.total,
    page: reply.page,
  };
}

interface PushedMarket {
  id?: unknown;
  matchId?: unknown;
  kind?: unknown;
  period?: unknown;
  line?: unknown;
  status?: unknown;
  isMain?: unknown;
  prices?: unknown;
}

interface PushedMatch {
  score?: unknown;
  minute?: unknown;
  period?: unknown;
  live?: unknown;
  state?: unknown;
}

export interface MarketsStore {
  markets: Record<number, MarketState>;
  matches: Record<number, MatchState>;
  /** Counts patches, so a move can be told from the one before it. */
  ticks: number;
  /** Loads a list reply (prices already in the member's odds type). */
  load: (reply: Pick<MatchListReply, 'matches' | 'odds'>) => void;
  /** Applies one pushed change ({t:'market'|'match', ...}); prices arrive decimal and are shown in `format`. */
  patch: (change: unknown, format: OddsFormat) => void;
  clear: () => void;
}

const moveOf = (before: string | undefined, after: string, format: OddsFormat): 1 | -1 | 0 => {
  if (before === undefined || before === after) return 0;
  try {
    return compareOdds(after, before, format) as 1 | -1 | 0;
  } catch {
    return 0;
  }
};

/** The normalised odds store: one entry per market and match, replaced immutably only where a tick lands. */
export const useMarkets = create<MarketsStore>()((set, get) => ({
  markets: {},
  matches: {},
  ticks: 0,
  load: (reply) =>
    set((state) => {
      const markets = { ...state.markets };
      const matches = { ...state.matches };
      for (const row of reply.odds) {
        const market = toMarket(row);
        markets[market.id] = market;
      }
      for (const row of reply.matches) {
        const match = toMatch(row);
        const held = matches[match.id];
        if (!held || held.seq <= match.seq) matches[match.id] = match;
      }
      return { markets, matches };
    }),
  patch: (change, format) => {
    if (!change || typeof change !== 'object') return;
    const { t, market, match, id } = change as {
      t?: unknown;
      market?: unknown;
      match?: unknown;
      id?: unknown;
    };
    const state = get();
    const ticks = state.ticks + 1;
    if (t === 'market' && market && typeof market === 'object') {
      const pushed = market as PushedMarket;
      const marketId = Number(pushed.id);
      const held = state.markets[marketId];
      // Only markets a list has shown are kept: a new one arrives with the next list reply.
      if (!held) return;
      const kind = typeof pushed.kind === 'string' ? pushed.kind : held.kind;
      const shownIn = priceFormat(kind, format);
      const prices: Record<string, string> = { ...held.prices };
      const moves = { ...held.moves };
      if (pushed.prices && typeof pushed.prices === 'object') {
        for (const [key, value] of Object.entries(pushed.prices as Record<string, unknown>)) {
          let price = String(value);
          try {
            price = shownIn === 'DEC' ? price : convertOdds(price, 'DEC', shownIn, 2);
          } catch {
            continue; // an unquotable price (e.g. 1.00 while suspended) keeps the last one
          }
          const dir = moveOf(prices[key], price, shownIn);
          if (dir !== 0) moves[key] = { dir, at: ticks };
          prices[key] = price;
        }
      }
      const next: MarketState = {
        id: marketId,
        matchId: held.matchId,
        kind,
        period: typeof pushed.period === 'string' ? pushed.period : held.period,
        line: pushed.line === undefined || pushed.line === null ? held.line : String(pushed.line),
        open: pushed.status === undefined ? held.open : pushed.status === 'open',
        main: pushed.isMain === undefined ? held.main : pushed.isMain === true,
        prices,
        moves,
      };
      set({ ticks, markets: { ...state.markets, [marketId]: next } });
      return;
    }
    if (t === 'match' && match && typeof match === 'object') {
      const matchId = Number(id ?? (match as { id?: unknown }).id);
      const held = state.matches[matchId];
      if (!held) return;
      const pushed = match as PushedMatch;
      const seq = Number((change as { seq?: unknown }).seq ?? held.seq);
      if (seq < held.seq) return;
      const score = Array.isArray(pushed.score) ? pushed.score.map(Number) : held.score;
      set({
        ticks,
        matches: {
          ...state.matches,
          [matchId]: {
            ...held,
            seq,
            score: [score[0] ?? 0, score[1] ?? 0],
            minute: pushed.minute === undefined ? held.minute : Number(pushed.minute),
            period: pushed.period === undefined ? held.period : String(pushed.period),
            live: pushed.live === undefined ? held.live : pushed.live === true,
            state: typeof pushed.state === 'number' ? pushed.state : held.state,
          },
        },
      });
    }
  },
  clear: () => set({ markets: {}, matches: {}, ticks: 0 }),
}));
