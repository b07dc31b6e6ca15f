import type { Db } from '../../db/database';
import type { CatalogChange, LeagueView, MarketView, MatchView, ResultView } from './events';
import { catalogRepository as repo } from './repository';

export interface SportRow {
  id: number;
  name: string;
  order: number;
  excluded: boolean;
  group: string;
}

/** How long finished matches stay in memory (results pages read the database). */
const KEEP_FINISHED_MS = 6 * 60 * 60 * 1000;

/**
 * The in-memory market snapshot of one process: built once from the database at start, then patched by
 * every catalogue change from the bus (never rebuilt per request). ux* calls answer from here.
 */
export class MarketSnapshot {
  readonly sports = new Map<number, SportRow>();
  readonly leagues = new Map<number, LeagueView>();
  readonly matches = new Map<number, MatchView>();
  readonly markets = new Map<number, Map<number, MarketView>>();
  readonly results = new Map<number, ResultView>();
  private readonly bySport = new Map<number, Set<number>>();
  private readonly byKey = new Map<string, number>();
  private readonly marketIndex = new Map<number, MarketView>();
  private readonly children = new Map<number, Set<number>>();
  private readonly listeners = new Set<(change: CatalogChange) => void>();
  /** Bumped on every change: lets callers cache derived answers until something moves. */
  version = 0;
  /** The version at which each sport's matches, markets or results last changed (see versionOf). */
  private readonly sportChanged = new Map<number, number>();
  /** The version at which something any sport's lists may show last changed: a load, a league, an eviction. */
  private commonChanged = 0;

  async load(db: Db, now: Date): Promise<void> {
    for (const sport of await repo.sports(db)) {
      this.sports.set(sport.id, {
        id: sport.id,
        name: sport.name,
        order: sport.sort_order,
        excluded: sport.menu_excluded,
        group: sport.sport_group,
      });
    }
    for (const league of await repo.leagues(db)) this.leagues.set(league.id, league);
    const matches = await repo.openMatches(db, new Date(now.getTime() - KEEP_FINISHED_MS));
    for (const match of matches) this.putMatch(match);
    const ids = matches.map((m) => m.id);
    for (const market of await repo.marketsOfMatches(db, ids)) this.putMarket(market);
    for (const result of await repo.resultsOfMatches(db, ids)) this.results.set(result.matchId, result);
    this.version += 1;
    this.commonChanged = this.version;
  }

  /**
   * The last version that changed anything a list of this sport shows. A sport's cached lists stand until it
   * moves, so a draw or a race of our own games (their own sports, every few seconds) or a tennis price does
   * not make every soccer page be built again.
   */
  versionOf(sportId: number): number {
    return Math.max(this.sportChanged.get(sportId) ?? 0, this.commonChanged);
  }

  /** Applies one change; stale ones (older sequence than held) are ignored, so order across the bus is safe. */
  apply(change: CatalogChange): boolean {
    // The sport of the match before the change too: a match moved to another sport leaves the first one's lists.
    const before = change.t === 'league' ? undefined : this.matches.get(change.id);
    switch (change.t) {
      case 'league':
        this.leagues.set(change.league.id, change.league);
        break;
      case 'match': {
        const held = this.matches.get(change.id);
        if (held && held.seq > change.seq) return false;
        this.putMatch(change.match);
        break;
      }
      case 'market': {
        const held = this.matches.get(change.id);
        if (!held) return false;
        this.advanceSeq(held, change.seq);
        if (change.market.status === 'closed') {
          this.markets.get(change.id)?.delete(change.market.id);
          this.marketIndex.delete(change.market.id);
        } else this.putMarket(change.market);
        break;
      }
      case 'result': {
        const held = this.matches.get(change.id);
        if (held) this.advanceSeq(held, change.seq);
        this.results.set(change.id, change.result);
        break;
      }
    }
    this.version += 1;
    this.markChanged(change, before);
    for (const listener of this.listeners) listener(change);
    return true;
  }

  /** Records which sports' lists the change (just applied, at this.version) may show differently. */
  private markChanged(change: CatalogChange, before: MatchView | undefined): void {
    if (change.t === 'league') {
      this.commonChanged = this.version;
      return;
    }
    const after = this.matches.get(change.id);
    if (!before && !after) {
      this.commonChanged = this.version;
      return;
    }
    // A match shows in its sport's lists, and as a link of its parent's (a child's state opens or hides it).
    for (const match of [before, after]) {
      if (!match) continue;
      this.sportChanged.set(match.sportId, this.version);
      const parent = match.parentId === null ? undefined : this.matches.get(match.parentId);
      if (parent) this.sportChanged.set(parent.sportId, this.version);
    }
  }

  onChange(listener: (change: CatalogChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  matchesOfSport(sportId: number): MatchView[] {
    const ids = this.bySport.get(sportId);
    if (!ids) return [];
    const out: MatchView[] = [];
    for (const id of ids) {
      const match = this.matches.get(id);
      if (match) out.push(match);
    }
    return out;
  }

  /** An open or suspended market by id (closed markets leave the snapshot). */
  marketById(id: number): MarketView | undefined {
    return this.marketIndex.get(id);
  }

  matchByKey(key: string): MatchView | undefined {
    const id = this.byKey.get(key);
    return id === undefined ? undefined : this.matches.get(id);
  }

  childrenOf(matchId: number): number[] {
    return [...(this.children.get(matchId) ?? [])];
  }

  /** Whether any market of the match passes the test, without building a list (hot in list filters). */
  hasMarket(matchId: number, test: (market: MarketView) => boolean): boolean {
    const map = this.markets.get(matchId);
    if (!map) return false;
    for (const market of map.values()) if (test(market)) return true;
    return false;
  }

  marketsOf(matchId: number): MarketView[] {
    return [...(this.markets.get(matchId)?.values() ?? [])];
  }

  /** Drops finished matches older than the keep window: memory stays bounded however long the process runs. */
  evict(now: Date): number {
    let dropped = 0;
    for (const match of this.matches.values()) {
      const finished = match.state === 1 || match.state === 2;
      if (finished && match.kickoff < now.getTime() - KEEP_FINISHED_MS) {
        this.matches.delete(match.id);
        this.byKey.delete(match.key);
        for (const id of this.markets.get(match.id)?.keys() ?? []) this.marketIndex.delete(id);
        this.markets.delete(match.id);
        this.results.delete(match.id);
        this.bySport.get(match.sportId)?.delete(match.id);
        if (match.parentId !== null) this.children.get(match.parentId)?.delete(match.id);
        dropped += 1;
      }
    }
    if (dropped > 0) {
      this.version += 1;
      this.commonChanged = this.version;
    }
    return dropped;
  }

  /** Every change of a match carries its sequence number: the held match shows the latest one seen. */
  private advanceSeq(held: MatchView, seq: number): void {
    if (seq > held.seq) this.matches.set(held.id, { ...held, seq });
  }

  private putMatch(match: MatchView): void {
    const previous = this.matches.get(match.id);
    if (previous && previous.sportId !== match.sportId) this.bySport.get(previous.sportId)?.delete(match.id);
    this.matches.set(match.id, match);
    this.byKey.set(match.key, match.id);
    let set = this.bySport.get(match.sportId);
    if (!set) {
      set = new Set();
      this.bySport.set(match.sportId, set);
    }
    set.add(match.id);
    if (match.parentId !== null) {
      let kids = this.children.get(match.parentId);
      if (!kids) {
        kids = new Set();
        this.children.set(match.parentId, kids);
      }
      kids.add(match.id);
    }
  }

  private putMarket(market: MarketView): void {
    let map = this.markets.get(market.matchId);
    if (!map) {
      map = new Map();
      this.markets.set(market.matchId, map);
    }
    map.set(market.id, market);
    this.marketIndex.set(market.id, market);
  }
}
