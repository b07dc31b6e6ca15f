import { uxMarketRequest } from '@sb/contract';
import { gmt8DayNumber, gmt8DayStart } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import type { MatchView } from '../catalog/events';
import { MarketSnapshot } from '../catalog/snapshot';
import { MarketsService, earlyDayOffset } from './service';

const HOUR = 3_600_000;
/** Wednesday 2026-11-18 10:00 GMT+8 (02:00 UTC). */
const NOW = Date.UTC(2026, 10, 18, 2, 0);
const TODAY = gmt8DayNumber(NOW);
/** An instant on the GMT+8 day `offset` days after today, at `hour`:00 GMT+8. */
const onDay = (offset: number, hour: number) => gmt8DayStart(TODAY + offset) + hour * HOUR;

function match(id: number, kickoff: number, leagueId = 1): MatchView {
  return {
    id,
    key: `m${id}`,
    sportId: 1,
    leagueId,
    parentId: null,
    childType: null,
    outright: false,
    home: `Home ${id}`,
    away: `Away ${id}`,
    kickoff,
    neutral: false,
    state: 0,
    detail: null,
    live: false,
    period: 'pre',
    minute: 0,
    score: [0, 0],
    red: [0, 0],
    seq: 1,
  };
}

/** A snapshot holding soccer matches, each with one open FT handicap market. */
function snapshotOf(matches: MatchView[]): MarketSnapshot {
  const snapshot = new MarketSnapshot();
  snapshot.sports.set(1, { id: 1, name: 'Soccer', order: 1, excluded: false, group: 'standard' });
  snapshot.apply({ t: 'league', league: { id: 1, sportId: 1, name: 'Alpha', order: 1 } });
  snapshot.apply({ t: 'league', league: { id: 2, sportId: 1, name: 'Beta', order: 2 } });
  for (const m of matches) {
    snapshot.apply({ t: 'match', id: m.id, seq: 1, match: m });
    snapshot.apply({
      t: 'market',
      id: m.id,
      seq: 2,
      market: {
        id: m.id * 10,
        matchId: m.id,
        kind: 'hdp',
        period: 'ft',
        line: '0',
        status: 'open',
        isMain: true,
        prices: { h: '1.90', a: '1.90' },
      },
    });
  }
  return snapshot;
}

const early = (body: Record<string, unknown>) =>
  uxMarketRequest.parse({ sport_id: 1, menu: 'early', ...body });
const ids = (reply: { matches: unknown[][] }) => reply.matches.map((row) => row[0]);

describe('uxmarket date filter (selected_days)', () => {
  it('maps the early day choices: 1 every date, 2..8 one to seven days after today', () => {
    expect(earlyDayOffset('1')).toBeNull();
    expect(earlyDayOffset('2')).toBe(1);
    expect(earlyDayOffset('8')).toBe(7);
    expect(uxMarketRequest.parse({ sport_id: 1 }).selected_days).toBe('1');
    expect(uxMarketRequest.safeParse({ sport_id: 1, selected_days: '9' }).success).toBe(false);
    expect(uxMarketRequest.safeParse({ sport_id: 1, selected_days: 2 }).success).toBe(false);
  });

  it('lists only the early matches of the chosen GMT+8 day, sorted and paged, with the day total', () => {
    const snapshot = snapshotOf([
      match(1, NOW + 2 * HOUR), // today: never early
      match(2, onDay(1, 0)), // tomorrow 00:00 GMT+8, the first instant of the day
      match(3, onDay(1, 20)),
      match(4, onDay(1, 23) + 59 * 60_000, 2), // tomorrow 23:59
      match(5, onDay(2, 0)), // the day after
      match(6, onDay(7, 15)),
      match(7, onDay(9, 15)), // beyond the last chip: only under every date
    ]);
    const service = new MarketsService(snapshot, () => new Date(NOW));
    expect(ids(service.market(early({})))).toEqual([2, 3, 4, 5, 6, 7]);
    const tomorrow = service.market(early({ selected_days: '2' }));
    expect(ids(tomorrow)).toEqual([2, 3, 4]);
    expect(tomorrow.total).toBe(3);
    expect(tomorrow.leagues.map((league) => league[0]).sort()).toEqual([1, 2]);
    expect(ids(service.market(early({ selected_days: '3' })))).toEqual([5]);
    expect(ids(service.market(early({ selected_days: '8' })))).toEqual([6]);
    expect(service.market(early({ selected_days: '4' }))).toMatchObject({ matches: [], total: 0 });
    const page2 = service.market(early({ selected_days: '2', page: 2, page_size: 2 }));
    expect(ids(page2)).toEqual([4]);
    expect(page2.total).toBe(3);
    // Sorted by id (sort 3) within the day as in the whole list.
    expect(ids(service.market(early({ selected_days: '2', sort: '3' })))).toEqual([2, 3, 4]);
    // Other filters still apply within the day.
    expect(ids(service.market(early({ selected_days: '2', leagues: [2] })))).toEqual([4]);
    // Other menus ignore the choice.
    expect(
      ids(service.market(uxMarketRequest.parse({ sport_id: 1, menu: 'today', selected_days: '2' }))),
    ).toEqual([1]);
  });

  it('follows the snapshot: a new match and a moved kick-off show in the day lists at once', () => {
    const snapshot = snapshotOf([match(2, onDay(1, 10)), match(5, onDay(2, 10))]);
    const service = new MarketsService(snapshot, () => new Date(NOW));
    expect(JSON.parse(service.marketJson(early({ selected_days: '2' }))).matches).toHaveLength(1);
    snapshot.apply({ t: 'match', id: 5, seq: 3, match: { ...match(5, onDay(1, 18)), seq: 3 } });
    expect(ids(JSON.parse(service.marketJson(early({ selected_days: '2' }))))).toEqual([2, 5]);
    expect(ids(service.market(early({ selected_days: '3' })))).toEqual([]);
  });

  it('moves with the clock: at midnight GMT+8 tomorrow becomes today and the chips shift by a day', () => {
    const snapshot = snapshotOf([match(2, onDay(1, 10)), match(5, onDay(2, 10))]);
    let now = NOW;
    const service = new MarketsService(snapshot, () => new Date(now));
    expect(ids(service.market(early({ selected_days: '2' })))).toEqual([2]);
    now = gmt8DayStart(TODAY + 1) + 60_000;
    expect(ids(service.market(early({ selected_days: '2' })))).toEqual([5]);
  });
});

describe('uxmarket cache by sport', () => {
  const EMPTY_RESULT = { ht: null, ft: null, goals: [], winners: [], version: 1 };
  const otherSport = (id: number): MatchView => ({ ...match(id, onDay(1, 12), 3), sportId: 2 });

  function twoSports() {
    const snapshot = snapshotOf([match(2, onDay(1, 10)), match(5, onDay(2, 10))]);
    snapshot.sports.set(2, { id: 2, name: 'Keno', order: 2, excluded: false, group: 'number-game' });
    snapshot.apply({ t: 'league', league: { id: 3, sportId: 2, name: 'Draws', order: 1 } });
    snapshot.apply({ t: 'match', id: 9, seq: 1, match: otherSport(9) });
    return snapshot;
  }

  it("keeps a sport's version while another sport changes; a league or an eviction moves every sport", () => {
    const snapshot = twoSports();
    const soccer = snapshot.versionOf(1);
    snapshot.apply({ t: 'match', id: 9, seq: 2, match: { ...otherSport(9), seq: 2, state: 1 } });
    snapshot.apply({ t: 'result', id: 9, seq: 3, result: { ...EMPTY_RESULT, matchId: 9 } });
    expect(snapshot.versionOf(1)).toBe(soccer);
    expect(snapshot.versionOf(2)).toBe(snapshot.version);
    snapshot.apply({ t: 'match', id: 5, seq: 3, match: { ...match(5, onDay(1, 18)), seq: 3 } });
    expect(snapshot.versionOf(1)).toBe(snapshot.version);
    const moved = snapshot.versionOf(1);
    snapshot.apply({ t: 'league', league: { id: 1, sportId: 1, name: 'Alpha 2', order: 1 } });
    expect(snapshot.versionOf(1)).toBeGreaterThan(moved);
    expect(snapshot.versionOf(2)).toBe(snapshot.version);
    // Match 9 finished (state 1) and kicked off long before this instant: evicted, every sport moves.
    const evicted = snapshot.version;
    expect(snapshot.evict(new Date(onDay(30, 0)))).toBeGreaterThan(0);
    expect(snapshot.versionOf(1)).toBeGreaterThan(evicted);
  });

  it('moves the sport a match leaves as well as the one it joins', () => {
    const snapshot = twoSports();
    snapshot.apply({ t: 'match', id: 5, seq: 3, match: { ...match(5, onDay(1, 18)), seq: 3, sportId: 2 } });
    expect(snapshot.versionOf(1)).toBe(snapshot.version);
    expect(snapshot.versionOf(2)).toBe(snapshot.version);
  });

  it("serves a sport's cached page while another sport changes, and builds it again when its own does", () => {
    const snapshot = twoSports();
    const service = new MarketsService(snapshot, () => new Date(NOW));
    const first = service.marketJson(early({}));
    snapshot.apply({ t: 'match', id: 9, seq: 2, match: { ...otherSport(9), seq: 2, home: 'Renamed' } });
    // The very string held: nothing was built again.
    expect(service.marketJson(early({}))).toBe(first);
    snapshot.apply({
      t: 'match',
      id: 2,
      seq: 3,
      match: { ...match(2, onDay(1, 10)), seq: 3, home: 'Moved' },
    });
    const second = service.marketJson(early({}));
    expect(second).not.toBe(first);
    expect(second).toContain('Moved');
  });
});
