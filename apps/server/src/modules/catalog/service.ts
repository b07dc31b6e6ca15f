import { MAX_SCORE } from '@sb/contract';
import type { Bus } from '../../bus/bus';
import type { Db } from '../../db/database';
import type { Trx } from '../../db/types';
import {
  CATALOG_CHANNEL,
  MARKET_KINDS,
  type CatalogChange,
  type FeedEvent,
  type LeagueView,
  type MarketRef,
  type MatchView,
} from './events';
import { catalogRepository as repo, storedPrice, toMatchView } from './repository';
import { enqueueSettlement } from '../settlement/queue';

export interface ApplyReport {
  applied: number;
  rejected: { key: string; type: string; reason: string }[];
  changes: CatalogChange[];
}

type Locked = NonNullable<Awaited<ReturnType<typeof repo.lockMatchByKey>>>;

/** Bounded work per transaction: a burst of feed events is written in slices, never one huge transaction. */
const MAX_EVENTS_PER_TRANSACTION = 200;

class Rejection extends Error {}
const reject = (reason: string): never => {
  throw new Rejection(reason);
};

// Up to numeric(9,3)'s six whole digits: keno pick 10's top prize is 125011.04.
const PRICE = /^\d{1,6}(\.\d{1,3})?$/;
const LINE = /^-?\d{1,3}(\.(25|5|75|0|00|50))?$/;

/**
 * Applies feed events to the catalogue: validates each against what is stored (a price for a closed
 * market, a score going backwards and such are rejected and reported, never applied), writes it with the
 * match's next sequence number and an event-log row, and after commit publishes the changes on the bus.
 */
export class CatalogService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: { warn: (obj: object, msg: string) => void },
  ) {}

  /**
   * What a trading-desk change is about to replace, for its audit row's "before": the match's state, clock and
   * score, the named market's status and prices (null: no such market yet), and the stored result.
   */
  async deskState(matchId: number, market?: MarketRef): Promise<object> {
    const match = await repo.matchById(this.db, matchId);
    if (!match) return {};
    const [result] = await repo.resultsOfMatches(this.db, [matchId]);
    const found = market ? await repo.findMarket(this.db, String(matchId), market) : undefined;
    const [view] = found ? await repo.marketViews(this.db, [found.id]) : [];
    return {
      match: {
        state: match.state,
        detail: match.state_detail,
        live: match.is_live,
        period: match.period,
        minute: match.minute,
        score: [match.home_score, match.away_score],
        red: [match.home_red, match.away_red],
      },
      ...(market ? { market: view ? { status: view.status, prices: view.prices } : null } : {}),
      result: result ? { ht: result.ht, ft: result.ft, winners: result.winners } : null,
    };
  }

  /** The prices a batch of desk price changes is about to replace (one read for all its matches). */
  async deskPrices(changes: readonly ({ match_id: number } & MarketRef)[]): Promise<object> {
    const markets = await repo.marketsOfMatches(this.db, [...new Set(changes.map((c) => c.match_id))]);
    const byRef = new Map(markets.map((m) => [`${m.matchId}|${m.kind}|${m.period}|${m.line}`, m]));
    return {
      markets: changes.map((change) => {
        const market = byRef.get(`${change.match_id}|${change.kind}|${change.period}|${change.line}`);
        return {
          match_id: change.match_id,
          kind: change.kind,
          period: change.period,
          line: change.line,
          prices: market?.prices ?? null,
        };
      }),
    };
  }

  async apply(events: FeedEvent[]): Promise<ApplyReport> {
    const report: ApplyReport = { applied: 0, rejected: [], changes: [] };
    for (let start = 0; start < events.length; start += MAX_EVENTS_PER_TRANSACTION) {
      const slice = events.slice(start, start + MAX_EVENTS_PER_TRANSACTION);
      const changes = await this.db.transaction().execute(async (trx) => {
        const out: CatalogChange[] = [];
        for (let i = 0; i < slice.length;) {
          // A run of price changes (most of a feed's traffic) is written set-wise: a few statements a run.
          const run = priceRun(slice, i);
          if (run.length > 1) {
            out.push(...(await this.applyPrices(trx, run, report)));
            i += run.length;
            continue;
          }
          const event = slice[i] as FeedEvent;
          i += 1;
          try {
            out.push(...(await this.applyOne(trx, event)));
            report.applied += 1;
          } catch (error) {
            if (!(error instanceof Rejection)) throw error;
            this.rejected(report, event, error.message);
          }
        }
        return out;
      });
      report.changes.push(...changes);
      // Published only after commit: no process ever shows what the database does not hold.
      for (const change of changes) await this.bus.publish(CATALOG_CHANNEL, JSON.stringify(change));
    }
    return report;
  }

  private rejected(report: ApplyReport, event: FeedEvent, reason: string): void {
    report.rejected.push({ key: event.key, type: event.type, reason });
    this.log.warn({ key: event.key, type: event.type, reason }, 'feed event rejected');
  }

  /**
   * Price changes, the same checks and the same changes as one by one (each its own sequence number and
   * event-log row), but locked, read and written a run at a time.
   */
  private async applyPrices(trx: Trx, events: PriceEvent[], report: ApplyReport): Promise<CatalogChange[]> {
    const matches = new Map(
      (await repo.lockMatchesByKeys(trx, [...new Set(events.map((e) => e.key))])).map((m) => [
        m.external_key,
        m,
      ]),
    );
    const markets = await repo.priceBatchMarkets(
      trx,
      [...matches.values()].map((m) => String(m.id)),
    );
    const marketOf = new Map(markets.map((m) => [`${m.matchId}|${m.kind}|${m.period}|${m.line}`, m]));
    const seqs = new Map<string, bigint>();
    const prices = new Map<string, { marketId: number; key: string; price: string }>();
    const logged: { matchId: string; seq: bigint; payload: unknown }[] = [];
    const changes: CatalogChange[] = [];
    for (const event of events) {
      try {
        const match = matches.get(event.key) ?? reject('unknown match');
        if (match.state === 1 || match.state === 2) reject('match is finished');
        checkPrices(event.prices);
        const market =
          marketOf.get(`${match.id}|${event.kind}|${event.period}|${event.line}`) ?? reject('unknown market');
        if (market.status === 'closed') reject('market is closed');
        const seq = (seqs.get(String(match.id)) ?? match.seq) + 1n;
        seqs.set(String(match.id), seq);
        for (const [key, price] of Object.entries(event.prices)) {
          prices.set(`${market.id}|${key}`, { marketId: market.id, key, price });
          market.prices[key] = storedPrice(price);
        }
        const change: CatalogChange = {
          t: 'market',
          id: Number(match.id),
          seq: Number(seq),
          market: { ...market, prices: { ...market.prices } },
          moved: true,
        };
        logged.push({ matchId: String(match.id), seq, payload: [change] });
        changes.push(change);
        report.applied += 1;
      } catch (error) {
        if (!(error instanceof Rejection)) throw error;
        this.rejected(report, event, error.message);
      }
    }
    await repo.setManyPrices(trx, [...prices.values()]);
    await repo.setSeqs(
      trx,
      [...seqs].map(([id, seq]) => ({ id, seq })),
    );
    await repo.insertEvents(trx, logged);
    return changes;
  }

  private async applyOne(trx: Trx, event: FeedEvent): Promise<CatalogChange[]> {
    if (event.type === 'fixture') return this.fixture(trx, event);
    const match = (await repo.lockMatchByKey(trx, event.key)) ?? reject('unknown match');
    const finished = match.state === 1 || match.state === 2;
    switch (event.type) {
      case 'market': {
        if (finished) reject('match is finished');
        checkRef(event);
        checkPrices(event.prices);
        const seq = match.seq + 1n;
        const marketId = await repo.upsertMarket(trx, match.id, event, {
          status: event.status ?? 'open',
          isMain: event.isMain ?? false,
          seq,
        });
        await repo.setPrices(trx, marketId, event.prices);
        return this.commitMarkets(trx, match, seq, [marketId], false);
      }
      case 'price': {
        if (finished) reject('match is finished');
        checkPrices(event.prices);
        const market = (await repo.findMarket(trx, match.id, event)) ?? reject('unknown market');
        if (market.status === 'closed') reject('market is closed');
        const seq = match.seq + 1n;
        await repo.setPrices(trx, market.id, event.prices);
        return this.commitMarkets(trx, match, seq, [market.id], true);
      }
      case 'marketStatus': {
        if (finished) reject('match is finished');
        const seq = match.seq + 1n;
        if (event.market) {
          const market = (await repo.findMarket(trx, match.id, event.market)) ?? reject('unknown market');
          if (market.status === 'closed') reject('market is closed');
          await repo.setMarketStatus(trx, market.id, event.status, seq);
          return this.commitMarkets(trx, match, seq, [market.id], false);
        }
        const ids = await repo.setAllMarketsStatus(trx, match.id, event.status, seq);
        return this.commitMarkets(trx, match, seq, ids, false);
      }
      case 'live': {
        if (finished) reject('match is finished');
        if (event.home < match.home_score || event.away < match.away_score) reject('score going backwards');
        if (event.home > MAX_SCORE || event.away > MAX_SCORE || event.minute < 0 || event.minute > 200)
          reject('implausible score');
        const periodChanged = event.period !== match.period;
        if (!periodChanged && event.minute < match.minute) reject('clock going backwards');
        const seq = match.seq + 1n;
        const row = await repo.updateMatch(
          trx,
          match.id,
          {
            is_live: event.period !== 'pre' && event.period !== 'ft',
            state: match.state === 5 ? 5 : 0,
            period: event.period,
            minute: event.minute,
            home_score: event.home,
            away_score: event.away,
            home_red: event.homeRed ?? match.home_red,
            away_red: event.awayRed ?? match.away_red,
          },
          seq,
        );
        const incident = event.goal ? 'goal' : event.redCard ? 'red' : periodChanged ? 'period' : undefined;
        return this.commitMatch(trx, row, incident);
      }
      case 'state': {
        const seq = match.seq + 1n;
        if (finished && event.state !== match.state) reject('match is finished');
        const row = await repo.updateMatch(
          trx,
          match.id,
          {
            state: event.state,
            state_detail: event.detail ?? null,
            is_live: event.state === 0 ? match.is_live : false,
          },
          seq,
        );
        const closing = event.state === 1 || event.state === 2;
        const marketIds = closing
          ? await repo.setAllMarketsStatus(trx, match.id, 'closed', seq)
          : event.state === 5
            ? await repo.setAllMarketsStatus(trx, match.id, 'suspended', seq)
            : [];
        // A cancelled or abandoned match voids its bets: queued in this transaction, so never lost.
        if (event.state === 2) await enqueueSettlement(trx, String(match.id), 'cancelled');
        const changes = await this.commitMatch(trx, row, 'state', false);
        changes.push(...(await this.marketChanges(trx, row, marketIds, false)));
        await repo.insertEvent(trx, match.id, seq, changes);
        return changes;
      }
      case 'result': {
        if (match.state === 2) reject('match is cancelled');
        if (!event.ft && !event.ht && !event.winners) reject('empty result');
        for (const pair of [event.ft, event.ht]) {
          if (pair && (pair.home < 0 || pair.away < 0 || pair.home > MAX_SCORE || pair.away > MAX_SCORE))
            reject('implausible score');
        }
        if (event.ft && event.ht && (event.ht.home > event.ft.home || event.ht.away > event.ft.away)) {
          reject('half-time score above full time');
        }
        const seq = match.seq + 1n;
        const result = await repo.upsertResult(trx, match.id, {
          ht: event.ht ? [event.ht.home, event.ht.away] : null,
          ft: event.ft ? [event.ft.home, event.ft.away] : null,
          goals: event.goals ?? [],
          winners: event.winners ?? [],
        });
        const complete = event.ft !== null || (event.winners?.length ?? 0) > 0;
        const row = await repo.updateMatch(
          trx,
          match.id,
          complete
            ? {
                state: 1,
                is_live: false,
                period: 'ft',
                home_score: event.ft?.home ?? match.home_score,
                away_score: event.ft?.away ?? match.away_score,
              }
            : {},
          seq,
        );
        const marketIds = complete ? await repo.setAllMarketsStatus(trx, match.id, 'closed', seq) : [];
        await enqueueSettlement(trx, String(match.id), complete ? 'result' : 'half_time');
        const changes: CatalogChange[] = [
          { t: 'match', id: Number(row.id), seq: Number(seq), match: toMatchView(row), incident: 'state' },
          ...(await this.marketChanges(trx, row, marketIds, false)),
          { t: 'result', id: Number(row.id), seq: Number(seq), result },
        ];
        await repo.insertEvent(trx, match.id, seq, changes);
        return changes;
      }
    }
  }

  private async fixture(trx: Trx, event: Extract<FeedEvent, { type: 'fixture' }>): Promise<CatalogChange[]> {
    if (!event.home.trim() || (!event.outright && !event.away.trim())) reject('team names required');
    if (Number.isNaN(event.kickoff.getTime())) reject('invalid kick-off');
    if (!(await repo.sportExists(trx, event.sportId))) reject('unknown sport');
    const league: LeagueView = await repo.ensureLeague(trx, {
      key: event.league.key,
      sportId: event.sportId,
      name: event.league.name,
      order: event.league.order ?? 1000,
    });
    const existing = await repo.lockMatchByKey(trx, event.key);
    if (existing) {
      if (existing.state === 1 || existing.state === 2) reject('match is finished');
      const row = await repo.updateMatch(
        trx,
        existing.id,
        {
          home: event.home,
          away: event.away,
          kickoff: event.kickoff,
          neutral: event.neutral ?? false,
          league_id: String(league.id),
        },
        existing.seq + 1n,
      );
      return [{ t: 'league', league }, ...(await this.commitMatch(trx, row))];
    }
    let parentId: number | null = null;
    if (event.parentKey) {
      const parent = (await repo.lockMatchByKey(trx, event.parentKey)) ?? reject('unknown parent match');
      parentId = Number(parent.id);
    }
    const row = await repo.insertMatch(trx, {
      key: event.key,
      sportId: event.sportId,
      leagueId: league.id,
      parentId,
      childType: event.childType ?? null,
      outright: event.outright ?? false,
      home: event.home,
      away: event.away,
      kickoff: event.kickoff,
      neutral: event.neutral ?? false,
    });
    const changes: CatalogChange[] = [
      { t: 'league', league },
      { t: 'match', id: Number(row.id), seq: 1, match: toMatchView(row) },
    ];
    await repo.insertEvent(trx, row.id, 1n, changes);
    return changes;
  }

  private async commitMatch(
    trx: Trx,
    row: Locked,
    incident?: 'goal' | 'red' | 'period' | 'state',
    log = true,
  ): Promise<CatalogChange[]> {
    const change: CatalogChange = {
      t: 'match',
      id: Number(row.id),
      seq: Number(row.seq),
      match: toMatchView(row),
    };
    if (incident) change.incident = incident;
    if (log) await repo.insertEvent(trx, row.id, row.seq, [change]);
    return [change];
  }

  private async commitMarkets(trx: Trx, match: Locked, seq: bigint, marketIds: string[], moved: boolean) {
    const row = await repo.updateMatch(trx, match.id, {}, seq);
    const changes = await this.marketChanges(trx, row, marketIds, moved);
    await repo.insertEvent(trx, match.id, seq, changes);
    return changes;
  }

  private async marketChanges(
    trx: Trx,
    row: Locked,
    marketIds: string[],
    moved: boolean,
  ): Promise<CatalogChange[]> {
    const views = await repo.marketViews(trx, marketIds);
    return views.map((market) => {
      const change: CatalogChange = { t: 'market', id: Number(row.id), seq: Number(row.seq), market };
      if (moved) change.moved = true;
      return change;
    });
  }
}

function checkRef(ref: MarketRef): void {
  if (!MARKET_KINDS.includes(ref.kind)) reject('unknown market kind');
  if (!['ft', '1h', '2h'].includes(ref.period)) reject('unknown period');
  if (ref.line !== '' && !LINE.test(ref.line)) reject('invalid line');
  if ((ref.kind === 'hdp' || ref.kind === 'ou') && ref.line === '') reject('line required');
}

type PriceEvent = Extract<FeedEvent, { type: 'price' }>;

/** The price events starting at index i, up to the next event of another kind. */
function priceRun(events: FeedEvent[], i: number): PriceEvent[] {
  const run: PriceEvent[] = [];
  for (let j = i; j < events.length; j += 1) {
    const event = events[j];
    if (event?.type !== 'price') break;
    run.push(event);
  }
  return run;
}

function checkPrices(prices: Record<string, string>): void {
  const entries = Object.entries(prices);
  if (entries.length === 0 || entries.length > 200) reject('prices required');
  for (const [key, price] of entries) {
    // Keys are short codes ('h', '1x', '2-1') or, for outrights, competitor names.
    if (!/^[\p{L}\p{N} +\-:/.'&()]{1,60}$/u.test(key)) reject('invalid selection key');
    // Decimal odds above 1: '1', '1.00' and anything starting with 0 are not prices.
    if (!PRICE.test(price) || /^1(\.0*)?$/.test(price) || price.startsWith('0'))
      reject(`invalid price ${price}`);
  }
}

export type { MatchView };

/**
 * The catalogue records other modules may read, published through this service (never the repository itself):
 * the results pages read stored results, the feed keeps the sports list in step with its code.
 */
export const catalogRecords = {
  resultsBetween: repo.resultsBetween.bind(repo),
  resultsOfMatches: repo.resultsOfMatches.bind(repo),
  matchById: repo.matchById.bind(repo),
  upsertSports: repo.upsertSports.bind(repo),
};
