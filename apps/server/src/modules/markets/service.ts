import type {
  EarlyDays,
  HeadTuple,
  MatchListReply,
  MatchTuple,
  MenuTuple,
  UxMarketRequest,
} from '@sb/contract';
import {
  KENO_KIND,
  NUMBER_KINDS,
  gmt8DayEnd,
  gmt8DayNumber,
  passesTimeFilter,
  sortMatches,
  timeFilterApplies,
  type TimeFilterMode,
} from '@sb/domain';
import { AppError } from '../../lib/app-error';
import type { MarketKind, MarketView, MatchView } from '../catalog/events';
import type { MarketSnapshot } from '../catalog/snapshot';
import { PriceFormatter } from './format';

/** Which market kinds each market-type menu shows. */
const KINDS_BY_TYPE: Record<string, MarketKind[]> = {
  hdpou: ['hdp', 'ou', '1x2'],
  '1x2': ['1x2'],
  oe: ['oe'],
  cs: ['cs'],
  dc: ['dc'],
  htft: ['htft'],
  fglg: ['fglg'],
  tg: ['tg'],
  eg: ['eg'],
  ml: ['ml'],
  outright: ['outright'],
};
/** A number-game sport's lists show its draws whatever the market type: their markets are the draw kinds. */
const DRAW_KINDS: MarketKind[] = [KENO_KIND, ...NUMBER_KINDS];
const PARLAY_KINDS = new Set<MarketKind>(['hdp', 'ou', '1x2', 'oe', 'ml']);
/** The per-kind counts of a market header, in the spec's order (hdp, ou, oe, oxt, ml, tw, cs, dc, fglg, htft, tg, orz). */
const HEAD_KINDS: MarketKind[] = [
  'hdp',
  'ou',
  'oe',
  '1x2',
  'ml',
  'tw',
  'cs',
  'dc',
  'fglg',
  'htft',
  'tg',
  'outright',
];

export type Marker = 1 | 2 | 3;

/** Answers the ux* calls from the process's market snapshot: no database work per request. */
export class MarketsService {
  private readonly formatter = new PriceFormatter();
  /**
   * Filtered and sorted lists by query, valid while the snapshot's version is unchanged: between two
   * catalogue changes every member asking for the same list gets it without refiltering the sport.
   */
  private readonly lists = new Map<string, { version: number; matches: MatchView[] }>();
  private static readonly MAX_LISTS = 500;
  /** Serialised pages, same validity rule: the hot path of the busiest call is a map lookup. */
  private readonly pages = new Map<string, { version: number; json: string }>();
  /** Each cached list split by GMT+8 day (the early tab's dates), held as long as the list itself is. */
  private readonly days = new WeakMap<MatchView[], Map<number, MatchView[]>>();

  constructor(
    private readonly snapshot: MarketSnapshot,
    private readonly now: () => Date,
  ) {}

  /** uxmenu: per sport, counts of live, today, early, parlay and outright events. */
  menu(): { sports: MenuTuple[] } {
    const nowMs = this.now().getTime();
    const today = gmt8DayEnd(nowMs);
    const rows: MenuTuple[] = [];
    const sports = [...this.snapshot.sports.values()]
      .filter((s) => !s.excluded)
      .sort((a, b) => a.order - b.order);
    for (const sport of sports) {
      const counts = { live: 0, today: 0, early: 0, parlay: 0, outright: 0 };
      for (const match of this.snapshot.matchesOfSport(sport.id)) {
        if (match.parentId !== null || !isOpen(match)) continue;
        if (match.outright) {
          counts.outright += 1;
          continue;
        }
        const marker = markerOf(match, today);
        if (marker === 3) counts.live += 1;
        else if (marker === 2) counts.today += 1;
        else counts.early += 1;
        if (this.hasOpen(match.id, PARLAY_KINDS)) counts.parlay += 1;
      }
      rows.push([
        sport.id,
        sport.name,
        counts.live,
        counts.today,
        counts.early,
        counts.parlay,
        counts.outright,
      ]);
    }
    return { sports: rows };
  }

  /** uxmarket: one sport's match list for a menu and market type, filtered, sorted and paged. */
  market(request: UxMarketRequest): MatchListReply {
    if (!this.snapshot.sports.has(request.sport_id)) {
      throw new AppError('invalid_request', { field: 'sport_id' });
    }
    const nowMs = this.now().getTime();
    const kinds =
      this.snapshot.sports.get(request.sport_id)?.group === 'number-game' && request.menu !== 'outright'
        ? new Set(DRAW_KINDS)
        : kindsOf(request);
    const sorted = this.cachedList(request, nowMs, kinds);
    const start = (request.page - 1) * request.page_size;
    const page = sorted.slice(start, start + request.page_size);
    const reply = this.listFor(page, kinds, request.odds_type, gmt8DayEnd(nowMs), request.market_type);
    return { ...reply, total: sorted.length, page: request.page };
  }

  /** uxmarket as the full JSON reply, cached per page and odds type until the sport's lists change. */
  marketJson(request: UxMarketRequest): string {
    const key = JSON.stringify([request, Math.floor(this.now().getTime() / 60_000)]);
    const hit = this.pages.get(key);
    const version = this.snapshot.versionOf(request.sport_id);
    if (hit && hit.version === version) return hit.json;
    const json = JSON.stringify({ status: '1', statusdesc: 'success', ...this.market(request) });
    if (this.pages.size >= MarketsService.MAX_LISTS * 4) this.pages.clear();
    this.pages.set(key, { version, json });
    return json;
  }

  /**
   * Sorted and filtered lists, by the sport's snapshot version. A date of the early tab (selected_days) is a
   * slice of the early list of every date: that list is split by GMT+8 day once (one pass, order kept), so each
   * day chip is a lookup, and a day never refilters the sport.
   */
  private cachedList(request: UxMarketRequest, nowMs: number, kinds: Set<MarketKind>): MatchView[] {
    const all = this.cachedAllDays(request, nowMs, kinds);
    const offset = request.menu === 'early' ? earlyDayOffset(request.selected_days) : null;
    if (offset === null) return all;
    let byDay = this.days.get(all);
    if (!byDay) {
      byDay = new Map();
      for (const match of all) {
        const day = gmt8DayNumber(match.kickoff);
        let list = byDay.get(day);
        if (!list) {
          list = [];
          byDay.set(day, list);
        }
        list.push(match);
      }
      this.days.set(all, byDay);
    }
    return byDay.get(gmt8DayNumber(nowMs) + offset) ?? [];
  }

  private cachedAllDays(request: UxMarketRequest, nowMs: number, kinds: Set<MarketKind>): MatchView[] {
    // The minute is part of the key: time windows and today/early move with the clock.
    const key = JSON.stringify([
      request.sport_id,
      request.menu,
      request.market_type,
      request.sort,
      request.time_filter,
      request.live_only,
      request.leagues,
      request.search,
      Math.floor(nowMs / 60_000),
    ]);
    const hit = this.lists.get(key);
    const version = this.snapshot.versionOf(request.sport_id);
    if (hit && hit.version === version) return hit.matches;
    const matches = this.filterAndSort(request, nowMs, kinds);
    if (this.lists.size >= MarketsService.MAX_LISTS) this.lists.clear();
    this.lists.set(key, { version, matches });
    return matches;
  }

  private filterAndSort(request: UxMarketRequest, nowMs: number, kinds: Set<MarketKind>): MatchView[] {
    const today = gmt8DayEnd(nowMs);
    const leagues = new Set(request.leagues);
    const search = request.search.trim().toLowerCase();
    const filterByTime = timeFilterApplies({
      menu0: 'all',
      menu1: request.menu,
      menu2: 1,
      outright: request.menu === 'outright',
    });
    const candidates = this.snapshot.matchesOfSport(request.sport_id).filter((match) => {
      if (match.parentId !== null || !isOpen(match)) return false;
      if ((request.menu === 'outright') !== match.outright) return false;
      const marker = markerOf(match, today);
      if (request.menu === 'live' && marker !== 3) return false;
      if (request.menu === 'today' && marker !== 2 && marker !== 3) return false;
      if (request.menu === 'early' && marker !== 1) return false;
      if (request.live_only && marker !== 3) return false;
      if (request.menu === 'parlay' && !this.hasOpen(match.id, PARLAY_KINDS)) return false;
      if (leagues.size > 0 && !leagues.has(match.leagueId)) return false;
      if (search && !this.matchesSearch(match, search)) return false;
      if (
        filterByTime &&
        marker !== 3 &&
        !passesTimeFilter({
          mode: request.time_filter as TimeFilterMode,
          kickoffMs: match.kickoff,
          nowMs,
          marketType: 1,
        })
      ) {
        return false;
      }
      return this.hasOpen(match.id, kinds);
    });
    return this.sort(candidates, request.sort);
  }

  /** uxmatch: every open market of one match and its child matches (the "more" markets). */
  match(matchId: number, oddsType: string): MatchListReply {
    const match = this.snapshot.matches.get(matchId);
    if (!match || !isOpen(match)) throw new AppError('matchHide');
    const today = gmt8DayEnd(this.now().getTime());
    const family = [
      match,
      ...this.snapshot
        .childrenOf(matchId)
        .map((id) => this.snapshot.matches.get(id))
        .filter(isDefined),
    ];
    return { ...this.listFor(family, null, oddsType, today, 'all'), total: 1, page: 1 };
  }

  /** uxmatch2: several matches by id (favourites, refresh of what is on screen); unknown ids are left out. */
  matches(ids: number[], oddsType: string): MatchListReply {
    const today = gmt8DayEnd(this.now().getTime());
    const found = ids.map((id) => this.snapshot.matches.get(id)).filter(isDefined);
    return { ...this.listFor(found, null, oddsType, today, 'all'), total: found.length, page: 1 };
  }

  /** livematchlist: live matches across sports, by sport then kick-off. */
  liveMatches(): { matches: MatchTuple[] } {
    const today = gmt8DayEnd(this.now().getTime());
    const live = [...this.snapshot.matches.values()].filter(
      (m) => m.parentId === null && isOpen(m) && markerOf(m, today) === 3,
    );
    live.sort((a, b) => a.sportId - b.sportId || a.kickoff - b.kickoff || a.id - b.id);
    return { matches: live.map(matchTuple) };
  }

  /** eventlist: leagues with their open event counts for one sport (or all). */
  events(sportId: number | undefined): { events: [number, string, number, number][] } {
    const counts = new Map<number, number>();
    const matches = sportId ? this.snapshot.matchesOfSport(sportId) : [...this.snapshot.matches.values()];
    for (const match of matches) {
      if (match.parentId !== null || !isOpen(match)) continue;
      counts.set(match.leagueId, (counts.get(match.leagueId) ?? 0) + 1);
    }
    const events: [number, string, number, number][] = [];
    for (const [leagueId, count] of counts) {
      const league = this.snapshot.leagues.get(leagueId);
      if (league) events.push([league.id, league.name, league.sportId, count]);
    }
    events.sort((a, b) => a[2] - b[2] || a[1].localeCompare(b[1]));
    return { events };
  }

  private listFor(
    matches: MatchView[],
    kinds: Set<MarketKind> | null,
    oddsType: string,
    today: number,
    marketType: string,
  ): Omit<MatchListReply, 'total' | 'page'> {
    const leagueIds = new Set<number>();
    const reply: Omit<MatchListReply, 'total' | 'page'> = {
      leagues: [],
      matches: [],
      links: [],
      heads: [],
      odds: [],
      version: this.snapshot.version,
    };
    for (const match of matches) {
      leagueIds.add(match.leagueId);
      reply.matches.push(matchTuple(match));
      for (const childId of this.snapshot.childrenOf(match.id)) {
        const child = this.snapshot.matches.get(childId);
        if (child && isOpen(child)) reply.links.push([match.id, child.id, child.childType ?? '']);
      }
      const markets = this.snapshot.marketsOf(match.id);
      reply.heads.push(this.head(match, markets, today, marketType));
      for (const market of markets) {
        if (market.status === 'closed' || (kinds && !kinds.has(market.kind))) continue;
        reply.odds.push(this.formatter.row(market, oddsType));
      }
    }
    for (const id of leagueIds) {
      const league = this.snapshot.leagues.get(id);
      if (league) reply.leagues.push([league.id, league.name, league.sportId, league.order]);
    }
    return reply;
  }

  private head(match: MatchView, markets: MarketView[], today: number, marketType: string): HeadTuple {
    const counts = new Map<string, number>();
    for (const market of markets) {
      if (market.status === 'closed') continue;
      counts.set(market.kind, (counts.get(market.kind) ?? 0) + 1);
    }
    const open = markets.filter((m) => m.status !== 'closed').length;
    const children = this.snapshot.childrenOf(match.id).length;
    const parlay = markets.some((m) => m.status === 'open' && PARLAY_KINDS.has(m.kind)) ? 1 : 0;
    return [
      match.id,
      match.sportId,
      marketType,
      match.leagueId,
      open,
      parlay,
      markerOf(match, today),
      open,
      children,
      ...HEAD_KINDS.map((kind) => counts.get(kind) ?? 0),
    ];
  }

  private sort(matches: MatchView[], sort: '1' | '2' | '3'): MatchView[] {
    const fields = matches.map((m) => ({ id: m.id, kickoffMs: m.kickoff, leagueId: m.leagueId, match: m }));
    const leagueOrder = [...this.snapshot.leagues.values()]
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map((l) => l.id);
    const sorted = sortMatches(fields, {
      by: sort === '2' ? 'league' : 'time',
      marketType: sort === '3' ? 3 : 1,
      leagueOrder,
    });
    return sorted.map((f) => f.match);
  }

  private hasOpen(matchId: number, kinds: Set<MarketKind>): boolean {
    return this.snapshot.hasMarket(matchId, (market) => market.status !== 'closed' && kinds.has(market.kind));
  }

  private matchesSearch(match: MatchView, search: string): boolean {
    const league = this.snapshot.leagues.get(match.leagueId)?.name ?? '';
    return (
      match.home.toLowerCase().includes(search) ||
      match.away.toLowerCase().includes(search) ||
      league.toLowerCase().includes(search)
    );
  }
}

/** Days after today of an early-tab date choice: null for '1' (every date), 1..7 for '2'..'8'. */
export function earlyDayOffset(selectedDays: EarlyDays): number | null {
  const offset = Number(selectedDays) - 1;
  return offset >= 1 && offset <= 7 ? offset : null;
}

function kindsOf(request: UxMarketRequest): Set<MarketKind> {
  return new Set(
    request.menu === 'outright' ? ['outright' as const] : (KINDS_BY_TYPE[request.market_type] ?? []),
  );
}

function isOpen(match: MatchView): boolean {
  return match.state === 0 || match.state === 5 || match.state === 500;
}

/** 3 live, 2 today (kick-off before the end of today, GMT+8), 1 early. */
export function markerOf(match: MatchView, todayEndMs: number): Marker {
  if (match.live) return 3;
  return match.kickoff < todayEndMs ? 2 : 1;
}

export function matchTuple(m: MatchView): MatchTuple {
  return [
    m.id,
    m.leagueId,
    m.home,
    m.away,
    m.state,
    m.score[0],
    m.score[1],
    m.minute,
    m.kickoff,
    m.period,
    m.red[0],
    m.red[1],
    m.neutral ? 1 : 0,
    m.live ? 1 : 0,
    m.parentId ?? 0,
    m.seq,
  ];
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}
