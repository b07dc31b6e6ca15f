import { create } from 'zustand';
import {
  compareOdds,
  convertOdds,
  myanmarFromAsianHandicap,
  oddsFormatOfCode,
  priceFormatOf,
  type OddsFormat,
} from '@sb/domain';
import type { LeagueTuple, MatchListReply, MatchTuple, OddsTuple } from '@sb/contract';

/** The menu tabs (the spec's menu1). */
export type MenuTab = 'early' | 'today' | 'live' | 'parlay' | 'outright';
export const MENU_TABS: readonly MenuTab[] = ['early', 'today', 'live', 'parlay', 'outright'];
export const isMenuTab = (value: unknown): value is MenuTab =>
  typeof value === 'string' && (MENU_TABS as readonly string[]).includes(value);

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

/** The member's odds type code ('1'..'4') as a price format; Myanmar ('5') lists use MY prices here. */
export const formatOfCode = (code: string): OddsFormat => oddsFormatOfCode(code) ?? 'MY';

/** The format a kind's prices are quoted in (two-way kinds in the member's odds type, the others decimal). */
export const priceFormat = priceFormatOf;

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
  /** The selection keys in the server's display order (object keys like '1', '2' would sort first). */
  keys: string[];
  /** The last move of each price: 1 up, -1 down, with the tick count when it moved. */
  moves: Record<string, { dir: 1 | -1; at: number }>;
  /** The Myanmar view of a handicap or goals market (odds type 5 lists): ball, percent and the favourite. */
  mm?: MyanmarQuote;
}

export interface MyanmarQuote {
  ball: number;
  percent: number;
  /** 'h' or 'a' (handicap) or 'o' (goals): the side the line is written for. */
  fav: string;
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

/** A column key: `${period}-${kind}` (e.g. 'ft-hdp', '1h-oe'). */
export type ColumnKey = string;

/** The page of a list reply: leagues in order with their match ids, and each match's market ids per column. */
export interface MarketPage {
  leagues: League[];
  columns: Record<number, Record<ColumnKey, number>>;
  /**
   * Per match: the second line of each handicap and over/under column (the alternative line nearest the main
   * one), shown under the match in the double-line page type.
   */
  alternates: Record<number, Record<ColumnKey, number>>;
  /** Child matches (specials, corners...) of each match, by parent. */
  children: Record<number, number[]>;
  /** Per match: how many open markets it has in all ('more' shows them in place). */
  more: Record<number, number>;
  total: number;
  page: number;
}

export const toMarket = (row: OddsTuple): MarketState => {
  const [id, matchId, kind, period, line, open, main, ...rest] = row;
  const prices: Record<string, string> = {};
  const keys: string[] = [];
  let mm: MyanmarQuote | undefined;
  if (rest[0] === 'mm') {
    mm = { ball: Number(rest[1]), percent: Number(rest[2]), fav: String(rest[3]) };
    keys.push(...(kind === 'ou' ? ['o', 'u'] : ['h', 'a']));
  } else {
    for (let index = 0; index + 1 < rest.length; index += 2) {
      keys.push(String(rest[index]));
      prices[String(rest[index])] = String(rest[index + 1]);
    }
  }
  return {
    ...(mm ? { mm } : {}),
    id: Number(id),
    matchId: Number(matchId),
    kind: String(kind),
    period: String(period),
    line: String(line),
    open: Number(open) === 1,
    main: Number(main) === 1,
    prices,
    keys,
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

/** Kinds quoted on a line (handicap, goals): the ones with alternative lines a second row can show. */
const LINE_KINDS = new Set(['hdp', 'ou']);

/**
 * How far apart two lines are, in quarter goals. Lines are quarter-goal values ('-0.25', '2.5'): scaled by
 * four they are whole numbers, so the comparison is exact. An unreadable line sorts last.
 */
const lineDistance = (a: string, b: string): number => {
  const quarters = (line: string) => Math.round(Number(line) * 4);
  const distance = Math.abs(quarters(a) - quarters(b));
  return Number.isFinite(distance) ? distance : Number.MAX_SAFE_INTEGER;
};

/**
 * Groups a list reply: leagues (in the reply's order) holding their matches, and the main market per column.
 * `kinds` limits the columns (the market type's kinds); child matches are listed under their parent.
 */
export function pageOf(
  reply: Pick<MatchListReply, 'leagues' | 'matches' | 'odds' | 'total' | 'page'> &
    Partial<Pick<MatchListReply, 'links' | 'heads'>>,
  kinds: readonly string[] = COLUMN_KINDS,
  periods: readonly string[] = PERIODS,
): MarketPage {
  const childIds = new Set((reply.links ?? []).map((link) => link[1]));
  const leagues = new Map<number, League>(
    reply.leagues.map((row: LeagueTuple) => [row[0], { id: row[0], name: row[1], matchIds: [] }]),
  );
  for (const match of reply.matches) {
    if (childIds.has(match[0]) || (match[14] ?? 0) > 0) continue;
    let league = leagues.get(match[1]);
    if (!league) {
      league = { id: match[1], name: '', matchIds: [] };
      leagues.set(match[1], league);
    }
    league.matchIds.push(match[0]);
  }
  const columns: MarketPage['columns'] = {};
  // Every line of a column, in reply order: the main one is shown, the nearest other one is its alternate.
  const lines = new Map<number, Map<ColumnKey, { id: number; line: string; main: boolean }[]>>();
  for (const row of reply.odds) {
    const market = toMarket(row);
    if (!kinds.includes(market.kind)) continue;
    if (!periods.includes(market.period)) continue;
    const key: ColumnKey = `${market.period}-${market.kind}`;
    const slots = (columns[market.matchId] ??= {});
    // The main line wins the column; otherwise the first row.
    if (slots[key] === undefined || market.main) slots[key] = market.id;
    if (!LINE_KINDS.has(market.kind)) continue;
    let byColumn = lines.get(market.matchId);
    if (!byColumn) lines.set(market.matchId, (byColumn = new Map()));
    let list = byColumn.get(key);
    if (!list) byColumn.set(key, (list = []));
    list.push({ id: market.id, line: market.line, main: market.main });
  }
  const alternates: MarketPage['alternates'] = {};
  for (const [matchId, byColumn] of lines) {
    for (const [key, list] of byColumn) {
      const shown = columns[matchId]?.[key];
      const main = list.find((entry) => entry.id === shown);
      if (!main) continue;
      let best: { id: number; distance: number } | null = null;
      for (const entry of list) {
        if (entry.id === shown) continue;
        const distance = lineDistance(entry.line, main.line);
        if (best === null || distance < best.distance) best = { id: entry.id, distance };
      }
      if (best) (alternates[matchId] ??= {})[key] = best.id;
    }
  }
  const children: MarketPage['children'] = {};
  for (const [parent, child] of reply.links ?? []) (children[parent] ??= []).push(child);
  const more: MarketPage['more'] = {};
  for (const head of reply.heads ?? []) more[head[0]] = Number(head[7] ?? 0);
  return {
    leagues: [...leagues.values()].filter((league) => league.matchIds.length > 0),
    columns,
    alternates,
    children,
    more,
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
  red?: unknown;
}

/** Match states that keep a match in the lists (spec 4: 0 live or pending, 5 suspended, 500 none). */
const OPEN_STATES = new Set([0, 5, 500]);

export interface MarketsStore {
  markets: Record<number, MarketState>;
  matches: Record<number, MatchState>;
  /** Matches that ended or were cancelled since their list loaded: the lists drop them and regroup. */
  gone: Record<number, true>;
  /** Counts patches, so a move can be told from the one before it. */
  ticks: number;
  /** Loads a list reply (prices already in the member's odds type). */
  load: (reply: Pick<MatchListReply, 'matches' | 'odds'>) => void;
  /** Applies one pushed change ({t:'market'|'match', ...}); prices arrive decimal and are shown in `format`. */
  patch: (change: unknown, format: OddsFormat) => void;
  /** Applies several changes in one store update (one render for a burst of ticks). */
  patchMany: (changes: readonly unknown[], format: OddsFormat) => void;
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

/** Compares two positive decimal strings without floats: negative when a < b. */
const compareDecimal = (a: string, b: string): number => {
  try {
    return compareOdds(a, b, 'DEC');
  } catch {
    return 0;
  }
};

/**
 * The Myanmar line of a handicap or goals market from its decimal prices, by the domain's conversion
 * (myanmarFromAsianHandicap on the Malay price): the favourite is the side giving goals (the shorter price on a
 * level line) or over. Null when the market cannot be quoted.
 */
export function myanmarQuoteOf(
  kind: string,
  line: string,
  decimalPrices: Record<string, string>,
): MyanmarQuote | null {
  try {
    if (kind === 'ou') {
      const over = decimalPrices.o;
      if (!over) return null;
      const quote = myanmarFromAsianHandicap(line, convertOdds(over, 'DEC', 'MY', 2)).line;
      return { ball: quote.ball, percent: quote.percent, fav: 'o' };
    }
    if (kind !== 'hdp') return null;
    const home = decimalPrices.h;
    const away = decimalPrices.a;
    if (!home || !away) return null;
    const level = /^-?0(\.0+)?$/.test(line);
    const fav = level ? (compareDecimal(home, away) <= 0 ? 'h' : 'a') : line.startsWith('-') ? 'h' : 'a';
    const price = fav === 'h' ? home : away;
    const quote = myanmarFromAsianHandicap(line.replace('-', ''), convertOdds(price, 'DEC', 'MY', 2)).line;
    return { ball: quote.ball, percent: quote.percent, fav };
  } catch {
    return null;
  }
}

type Tables = Pick<MarketsStore, 'markets' | 'matches' | 'gone'>;

/**
 * The tables a batch of ticks writes to. The maps are updated in place and each changed entry is a new
 * object: subscribers select entries (state.markets[id]), so a tick re-renders only the cells whose entry
 * changed, and a burst of ticks never copies the whole map (3,000 markets x 60 batches a second).
 */
class Batch {
  private readonly written = new Set<keyof Tables>();
  constructor(readonly tables: Tables) {}
  write<K extends keyof Tables>(key: K): Tables[K] {
    this.written.add(key);
    return this.tables[key];
  }
  wrote(key: keyof Tables): boolean {
    return this.written.has(key);
  }
}

/**
 * One change applied to the batch. Returns whether anything changed. Only markets and matches a list has
 * shown are kept: new ones arrive with the next list reply.
 */
function applyChange(batch: Batch, change: unknown, format: OddsFormat, ticks: number): boolean {
  const tables = batch.tables;
  if (!change || typeof change !== 'object') return false;
  const { t, market, match, id } = change as { t?: unknown; market?: unknown; match?: unknown; id?: unknown };
  if (t === 'market' && market && typeof market === 'object') {
    const pushed = market as PushedMarket;
    const marketId = Number(pushed.id);
    const held = tables.markets[marketId];
    if (!held) return false;
    const kind = typeof pushed.kind === 'string' ? pushed.kind : held.kind;
    const shownIn = priceFormat(kind, format);
    const prices: Record<string, string> = { ...held.prices };
    const moves = { ...held.moves };
    let keys = held.keys;
    const line = pushed.line === undefined || pushed.line === null ? held.line : String(pushed.line);
    let mm = held.mm;
    if (pushed.prices && typeof pushed.prices === 'object') {
      const decimal = pushed.prices as Record<string, unknown>;
      for (const [key, value] of Object.entries(decimal)) {
        let price = String(value);
        try {
          price = shownIn === 'DEC' ? price : convertOdds(price, 'DEC', shownIn, 2);
        } catch {
          continue; // an unquotable price (e.g. 1.00 while suspended) keeps the last one
        }
        if (!keys.includes(key)) keys = [...keys, key];
        const dir = moveOf(prices[key], price, shownIn);
        if (dir !== 0) moves[key] = { dir, at: ticks };
        prices[key] = price;
      }
      if (held.mm) {
        const quote = myanmarQuoteOf(
          kind,
          line,
          Object.fromEntries(Object.entries(decimal).map(([key, value]) => [key, String(value)])),
        );
        if (quote) {
          if (quote.ball !== held.mm.ball || quote.percent !== held.mm.percent) {
            // A Myanmar line moves up when the favourite's percentage grows.
            moves.mm = { dir: quote.percent > held.mm.percent ? 1 : -1, at: ticks };
          }
          mm = quote;
        }
      }
    }
    batch.write('markets')[marketId] = {
      id: marketId,
      matchId: held.matchId,
      kind,
      period: typeof pushed.period === 'string' ? pushed.period : held.period,
      line,
      open: pushed.status === undefined ? held.open : pushed.status === 'open',
      main: pushed.isMain === undefined ? held.main : pushed.isMain === true,
      prices,
      keys,
      moves,
      ...(mm ? { mm } : {}),
    };
    return true;
  }
  if (t === 'match' && match && typeof match === 'object') {
    const matchId = Number(id ?? (match as { id?: unknown }).id);
    const held = tables.matches[matchId];
    if (!held) return false;
    const pushed = match as PushedMatch;
    const seq = Number((change as { seq?: unknown }).seq ?? held.seq);
    if (seq < held.seq) return false;
    const score = Array.isArray(pushed.score) ? pushed.score.map(Number) : held.score;
    const red = Array.isArray(pushed.red) ? pushed.red.map(Number) : held.red;
    const state = typeof pushed.state === 'number' ? pushed.state : held.state;
    batch.write('matches')[matchId] = {
      ...held,
      seq,
      score: [score[0] ?? 0, score[1] ?? 0],
      red: [red[0] ?? 0, red[1] ?? 0],
      minute: pushed.minute === undefined ? held.minute : Number(pushed.minute),
      period: pushed.period === undefined ? held.period : String(pushed.period),
      live: pushed.live === undefined ? held.live : pushed.live === true,
      state,
    };
    if (!OPEN_STATES.has(state) && !tables.gone[matchId]) batch.write('gone')[matchId] = true;
    return true;
  }
  return false;
}

/** The normalised odds store: one entry per market and match, replaced immutably only where a tick lands. */
export const useMarkets = create<MarketsStore>()((set, get) => ({
  markets: {},
  matches: {},
  gone: {},
  ticks: 0,
  load: (reply) =>
    set((state) => {
      const markets = { ...state.markets };
      const matches = { ...state.matches };
      let gone = state.gone;
      for (const row of reply.odds) {
        const market = toMarket(row);
        markets[market.id] = market;
      }
      for (const row of reply.matches) {
        const match = toMatch(row);
        const held = matches[match.id];
        if (!held || held.seq <= match.seq) matches[match.id] = match;
        if (gone[match.id] && OPEN_STATES.has(match.state)) {
          gone = { ...gone };
          delete gone[match.id];
        }
      }
      return { markets, matches, gone };
    }),
  patch: (change, format) => get().patchMany([change], format),
  patchMany: (changes, format) => {
    const state = get();
    const ticks = state.ticks + 1;
    const batch = new Batch({ markets: state.markets, matches: state.matches, gone: state.gone });
    let changed = false;
    for (const change of changes) changed = applyChange(batch, change, format, ticks) || changed;
    if (!changed) return;
    // `gone` is read whole by the lists (to drop vanished matches): it gets a new identity when it grows.
    set({ ticks, ...(batch.wrote('gone') ? { gone: { ...batch.tables.gone } } : {}) });
  },
  clear: () => set({ markets: {}, matches: {}, gone: {}, ticks: 0 }),
}));
