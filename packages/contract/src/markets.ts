import { z } from 'zod';
import { safeString } from './fields';

/** Market-type menu codes (menu3): which market columns a list shows. */
export const MARKET_TYPES = [
  'hdpou',
  '1x2',
  'oe',
  'cs',
  'dc',
  'htft',
  'fglg',
  'tg',
  'eg',
  'ml',
  'outright',
] as const;
export type MarketTypeCode = (typeof MARKET_TYPES)[number];

/** Menu tabs (menu1). */
export const MENUS = ['early', 'today', 'live', 'parlay', 'outright'] as const;
export type MenuCode = (typeof MENUS)[number];

/** The early tab's date choices (selectedDays): '1' every date, '2'..'8' today + 1..7 (GMT+8). */
export const EARLY_DAYS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
export type EarlyDays = (typeof EARLY_DAYS)[number];

const oddsType = z.enum(['1', '2', '3', '4', '5'], { error: 'oddsDisplayInvalid' }).default('1');
const id = (code: 'invalidBet' | 'invalid_request') =>
  z.number({ error: code }).int({ error: code }).min(1, { error: code });

export const uxMenuRequest = z.object({});

export const uxMarketRequest = z.object({
  sport_id: z.number({ error: 'field_required' }).int().min(1).max(999),
  menu: z.enum(MENUS, { error: 'invalid_request' }).default('today'),
  market_type: z.enum(MARKET_TYPES, { error: 'invalidBetType' }).default('hdpou'),
  odds_type: oddsType,
  /** 1 time then id, 2 league order, 3 id only. */
  sort: z.enum(['1', '2', '3']).default('1'),
  /** Time filter mode (spec section 4): 0 all, 9 next 2 h, 1 next 4 h, 2 next 8 h, 3 now to 00:00, 4 00-04, 5 04-12. */
  time_filter: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(9)])
    .default(0),
  live_only: z.boolean().default(false),
  /**
   * The early tab's dates (the spec's selectedDays): '1' every date, '2'..'8' only the matches kicking off on
   * the GMT+8 calendar day one to seven days after today. Other menus ignore it.
   */
  selected_days: z.enum(EARLY_DAYS, { error: 'invalid_request' }).default('1'),
  leagues: z.array(z.number().int().min(1)).max(500).default([]),
  search: safeString().max(60).default(''),
  page: z.number().int().min(1).max(10_000).default(1),
  // Up to a whole day's list in one answer: the member app virtualises it rather than paging.
  page_size: z.number().int().min(1).max(1_000).default(30),
});
export type UxMarketRequest = z.infer<typeof uxMarketRequest>;

export const uxMatchRequest = z.object({ match_id: id('invalidBet'), odds_type: oddsType });
export const uxMatchesRequest = z.object({
  match_ids: z.array(id('invalidBet')).min(1).max(200),
  odds_type: oddsType,
});

export const resultRequest = z.object({
  /** Betting day in GMT+8, yyyy-mm-dd. */
  date: safeString().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_request' }),
  sport_id: z.number().int().min(1).max(999).optional(),
});
/** eventlist: a sport's leagues with their open event counts. */
export const eventListRequest = z.object({ sport_id: z.number().int().min(1).optional() });

/** One match's result, as matchresult and its kin list them (kick-off as an ISO instant). */
export const resultRow = z.object({
  match_id: z.number().int(),
  sport_id: z.number().int(),
  league_id: z.number().int(),
  league_name: z.string(),
  home: z.string(),
  away: z.string(),
  kickoff: z.string(),
  state: z.number().int(),
  state_detail: z.string(),
  ht_home: z.number().int().nullable(),
  ht_away: z.number().int().nullable(),
  ft_home: z.number().int().nullable(),
  ft_away: z.number().int().nullable(),
  /** Outrights: the winners; virtual races (GH_*): the finishing order, runner numbers first to last. */
  winners: z.array(z.string()).optional(),
});
export type ResultRow = z.infer<typeof resultRow>;
/** matchresult, parlaymatchresult, efresult, ngresult: a GMT+8 day's results. */
export const resultsReply = z.object({ results: z.array(resultRow) });

/**
 * ngresult: the day's keno and number-game draws. A drawn draw carries its game, its balls in draw order and each
 * market's winning selection (keno: sum, size big|small|push, parity odd|even, side up|down|equal; the number
 * game: d1..d6, the winning key of D_1..D_6 on the first ball); a draw not yet drawn has none of them.
 */
export const ngResultRow = resultRow.extend({
  game: z.enum(['keno', 'numbers']).optional(),
  balls: z.array(z.number().int()).optional(),
  outcomes: z.record(z.string(), z.string()).optional(),
});
export type NgResultRow = z.infer<typeof ngResultRow>;
export const ngResultsReply = z.object({ results: z.array(ngResultRow) });

export const singleResultRequest = z.object({ match_id: id('invalidBet') });

const scorePair = z.tuple([z.number().int(), z.number().int()]);
/** A match's stored result as the catalogue keeps it and pushes it (op chg, t 'result'). */
export const matchResultView = z.object({
  matchId: z.number().int(),
  ht: scorePair.nullable(),
  ft: scorePair.nullable(),
  /** Who scored each goal in order ('h' home, 'a' away). */
  goals: z.array(z.enum(['h', 'a'])),
  /** Outright winners (selection keys). */
  winners: z.array(z.string()),
  version: z.number().int(),
});
/** singlematchresult: the match (kickoff in epoch ms) and its result, if any yet. */
export const singleResultReply = z.object({
  match: z.object({
    id: z.number().int(),
    home: z.string(),
    away: z.string(),
    kickoff: z.number(),
    state: z.number().int(),
    /** The state's detail (e.g. why it was cancelled), when there is one. */
    detail: z.string().nullable(),
  }),
  result: matchResultView.nullable(),
});

/**
 * Compact match-list data (spec section 3): four arrays plus the odds.
 * - leagues: [leagueId, name, sportId, order]
 * - matches: [id, leagueId, home, away, state, homeScore, awayScore, minute, kickoffMs, period, homeRed, awayRed,
 *            neutral 0|1, live 0|1, parentId (0 none), seq]   (id first, status fifth, start time ninth)
 * - links: [parentId, childId, childType]
 * - heads: [matchId, sportId, marketType, leagueId, total, parlay 0|1, marker 1 early|2 today|3 live, more,
 *           moremore, hdp, ou, oe, oxt, ml, tw, cs, dc, fglg, htft, tg, orz]
 * - odds: [marketId, matchId, kind, period, line, open 1|0, main 1|0, key, price, key, price, ...] with prices
 *   in the requested odds type (two-way markets) or decimal (the others); Myanmar (odds type 5) hdp/ou rows
 *   carry [.., 'mm', ball, percent, favourite 'h'|'a'|'o'] instead.
 */
const int = z.number().int();
const bit = z.union([z.literal(0), z.literal(1)]);

export const leagueTuple = z.tuple([int, z.string(), int, int]);
export type LeagueTuple = z.infer<typeof leagueTuple>;
export const matchTuple = z.tuple([
  int,
  int,
  z.string(),
  z.string(),
  int,
  int,
  int,
  int,
  z.number(),
  z.string(),
  int,
  int,
  bit,
  bit,
  int,
  int,
]);
export type MatchTuple = z.infer<typeof matchTuple>;
export const linkTuple = z.tuple([int, int, z.string()]);
export type LinkTuple = z.infer<typeof linkTuple>;
export const headTuple = z.tuple(
  [int, int, z.string(), int, int, bit, z.union([z.literal(1), z.literal(2), z.literal(3)]), int, int],
  int,
);
export type HeadTuple = z.infer<typeof headTuple>;
export const oddsTuple = z.array(z.union([z.string(), z.number()]));
export type OddsTuple = z.infer<typeof oddsTuple>;

/** uxmarket, uxmmo, uxmatch, uxmore, uxmoremmo, uxmatch2: the compact match list (above). */
export const matchListReply = z.object({
  leagues: z.array(leagueTuple),
  matches: z.array(matchTuple),
  links: z.array(linkTuple),
  heads: z.array(headTuple),
  odds: z.array(oddsTuple),
  total: int,
  page: int,
  version: int,
});
export type MatchListReply = z.infer<typeof matchListReply>;

/** Per sport: [sportId, name, live, today, early, parlay, outright]. */
export const menuTuple = z.tuple([int, z.string(), int, int, int, int, int]);
export type MenuTuple = z.infer<typeof menuTuple>;
/** uxmenu: every sport with its counts. */
export const menuReply = z.object({ sports: z.array(menuTuple) });
/** livematchlist: the matches in play now (match tuples). */
export const liveMatchListReply = z.object({ matches: z.array(matchTuple) });
/** eventlist: [leagueId, name, sportId, open events] per league. */
export const eventTuple = z.tuple([int, z.string(), int, int]);
export type EventTuple = z.infer<typeof eventTuple>;
export const eventListReply = z.object({ events: z.array(eventTuple) });
