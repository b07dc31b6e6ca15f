import {
  RACE_KINDS,
  RACE_RUNNERS,
  drawRace,
  drawRatings,
  raceMarkets,
  type FairOutcome,
  type RaceKind,
} from '@sb/domain';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { RaceTable } from '../../db/schema';
import type { AccountService } from '../account/service';
import type { CatalogService } from '../catalog/service';
import type { FeedEvent, MarketView } from '../catalog/events';
import type { MarketSnapshot } from '../catalog/snapshot';
import type { FairService } from '../fair/service';
import { racingRepository as repo } from './repository';

type RaceRow = Selectable<RaceTable>;

/** The fair source's scope of every race (a shared, daily-rotated seed like the 4D draws'). */
export const RACING_SCOPE = 'racing';
/** A race of each kind every config.cadenceMs.race (3 minutes by default); horses run half an interval later. */
/** How many races of each kind are on the card ahead of time. */
export const RACES_AHEAD = 4;
/** Betting closes this long before the off, so no bet in flight meets the draw. */
export const CLOSE_BEFORE_MS = 5_000;
/** Bounds on one run of the job. */
const DUE_PER_RUN = 20;
const LIST_PER_RUN = 20;
const SPORT_OF: Record<RaceKind, number> = { greyhound: 44, horse: 43 };
const LEAGUE_OF: Record<RaceKind, { key: string; name: string }> = {
  greyhound: { key: 'virtual:greyhounds', name: 'Virtual Greyhounds' },
  horse: { key: 'virtual:horses', name: 'Virtual Horse Racing' },
};
// Runner names are proper names (not translated), picked by the race's ratings so a card looks varied.
const NAMES: Record<RaceKind, readonly string[]> = {
  greyhound: [
    'Swift Arrow',
    'Night Comet',
    'Silver Dash',
    'Red Rocket',
    'Blue Flash',
    'Lucky Streak',
    'Iron Bolt',
    'Shadow Run',
    'Golden Spark',
    'Wild Wind',
    'Storm Chaser',
    'Quick Silver',
  ],
  horse: [
    'Royal Crown',
    'Desert Storm',
    'Morning Star',
    'Thunder King',
    'Ocean Breeze',
    'Jade Emperor',
    'Autumn Gold',
    'Lion Heart',
    'Dragon Dance',
    'Silk Road',
    'Harbour Lights',
    'Mountain Mist',
  ],
};

/** The selection keys and prices (decimal strings) of a race's markets: the catalogue's market events. */
export function raceMarketEvents(key: string, ratings: readonly number[]): FeedEvent[] {
  const prices = raceMarkets(ratings);
  const text = (hundredths: number) =>
    `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
  const byRunner = (values: number[]) =>
    Object.fromEntries(values.map((value, i) => [String(i + 1), text(value)]));
  const events: FeedEvent[] = [
    {
      type: 'market',
      key,
      kind: 'gh_win',
      period: 'ft',
      line: '',
      prices: byRunner(prices.win),
      isMain: true,
    },
    { type: 'market', key, kind: 'gh_place', period: 'ft', line: '', prices: byRunner(prices.place) },
    {
      type: 'market',
      key,
      kind: 'gh_fc',
      period: 'ft',
      line: '',
      prices: Object.fromEntries(Object.entries(prices.forecast).map(([s, p]) => [s, text(p)])),
    },
  ];
  // Tricast: one market per leader (line = the runner first), so each stays within the catalogue's bound.
  for (let first = 1; first <= ratings.length; first += 1) {
    const own = Object.entries(prices.tricast).filter(([s]) => s.startsWith(`${first}-`));
    events.push({
      type: 'market',
      key,
      kind: 'gh_tc',
      period: 'ft',
      line: String(first),
      prices: Object.fromEntries(own.map(([s, p]) => [s, text(p)])),
    });
  }
  return events;
}

/** The off times of the next races of a kind after `now` (a fixed grid, so every node agrees). */
export function nextOffs(kind: RaceKind, now: number, count: number, everyMs: number): Date[] {
  const offset = kind === 'horse' ? everyMs / 2 : 0;
  const first = Math.floor((now - offset) / everyMs + 1) * everyMs + offset;
  return Array.from({ length: count }, (_, i) => new Date(first + i * everyMs));
}

/**
 * Virtual racing (GH_*): a race is a catalogue match with the GH markets; the sportsbook's betting and
 * settlement do the rest. This service makes races ahead of time (ratings from a fair round), lists them in the
 * catalogue, closes betting before the off, draws the finishing order from a second fair round at the off,
 * stores it and reports it to the catalogue as the match's result (its winners: the order), which queues the
 * settlement. Every step is keyed on the race row's status, so a restart runs what is due once, never twice.
 */
export class RacingService {
  private running: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: {
      accounts: AccountService;
      fair: FairService;
      catalog: CatalogService;
      snapshot: MarketSnapshot;
    },
  ) {}

  /** Makes the next races of each kind that are missing and lists any race not yet in the catalogue. */
  async ensureSchedule(): Promise<number> {
    const now = this.ctx.now().getTime();
    let created = 0;
    for (const kind of RACE_KINDS) {
      for (const offAt of nextOffs(
        kind,
        now + CLOSE_BEFORE_MS,
        RACES_AHEAD,
        this.ctx.config.cadenceMs.race,
      )) {
        if (await repo.exists(this.ctx.db, kind, offAt)) continue;
        const row = await this.ctx.db.transaction().execute(async (trx) => {
          const round = await this.deps.fair.round(trx, RACING_SCOPE);
          const ratings = drawRatings(round.stream, kind);
          return repo.insert(trx, {
            kind,
            offAt,
            matchKey: `race:${kind}:${String(offAt.getTime())}`,
            ratings,
            runners: runnerNames(kind, ratings),
            seedId: round.seedId,
            nonce: round.nonce,
          });
        });
        if (row) created += 1;
      }
    }
    await this.listPending();
    return created;
  }

  /** The job's step: list, close and run what is due (one run at a time in this process). */
  async runDue(): Promise<void> {
    if (this.running) return this.running;
    this.running = (async () => {
      try {
        await this.closeSoon();
        const due = await repo.due(this.ctx.db, this.ctx.now(), DUE_PER_RUN);
        for (const { id } of due) await this.runRace(String(id));
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Runs one race that is due: close, draw (once: the stored order wins), report the result (once). */
  async runRace(raceId: string): Promise<void> {
    const race = await repo.byId(this.ctx.db, raceId);
    if (!race || race.status === 'resulted') return;
    if (!race.listed && race.status === 'open' && !(await this.list(race))) {
      // Never in the catalogue, so never bet: it is closed without a draw rather than retried every tick
      // (it would hold up the races behind it).
      this.ctx.log.error({ race: raceId }, 'race could not be listed by its off; closed without a run');
      await repo.markResulted(this.ctx.db, raceId);
      return;
    }
    if (race.status === 'open') await this.close(race);
    const drawn = await this.ctx.db.transaction().execute(async (trx) => {
      const locked = await repo.lock(trx, raceId);
      if (!locked || locked.status !== 'open') return locked;
      const ratings = JSON.parse(locked.ratings) as number[];
      const round = await this.deps.fair.round(trx, RACING_SCOPE);
      const finish = drawRace(round.stream, ratings);
      await repo.storeFinish(trx, raceId, {
        seedId: round.seedId,
        nonce: round.nonce,
        finish,
        at: this.ctx.now(),
      });
      return repo.byId(trx, raceId);
    });
    if (!drawn || drawn.status === 'resulted' || drawn.finish === null) return;
    const finish = JSON.parse(drawn.finish) as number[];
    // A crash after the catalogue took the result and before it was marked here: the result stands, not again.
    const listed = this.deps.snapshot.matchByKey(drawn.match_key);
    const stored = listed ? this.deps.snapshot.results.get(listed.id) : undefined;
    if (stored && stored.winners.join('-') === finish.join('-')) {
      await repo.markResulted(this.ctx.db, raceId);
      return;
    }
    const report = await this.deps.catalog.apply([
      { type: 'result', key: drawn.match_key, ht: null, ft: null, winners: finish.map(String) },
    ]);
    if (report.rejected.length > 0) {
      this.ctx.log.error({ race: raceId, rejected: report.rejected }, 'race result rejected');
      return;
    }
    await repo.markResulted(this.ctx.db, raceId);
  }

  /** The race card: the next races with their runners, ratings and open markets, and the latest results. */
  async card(input: { account_id: string; session_token: string }) {
    await this.deps.accounts.requireSession(input);
    const now = this.ctx.now();
    const [upcoming, recent] = await Promise.all([
      repo.upcoming(this.ctx.db, now, RACES_AHEAD * RACE_KINDS.length),
      repo.finished(this.ctx.db, 6),
    ]);
    return {
      server_time: now.toISOString(),
      upcoming: upcoming.map((race) => this.view(race, true)),
      recent: recent.map((race) => this.view(race, false)),
    };
  }

  /** The verify call's stored round of a race: its order round, with the ratings its ratings round drew. */
  async fairRound(raceId: number) {
    const race = await repo.byId(this.ctx.db, String(raceId));
    if (!race || race.seed_id === null || race.nonce === null || race.finish === null) return null;
    const ratings = JSON.parse(race.ratings) as number[];
    const outcome: FairOutcome = {
      game: 'racing',
      race: race.kind,
      ratings,
      order: JSON.parse(race.finish) as number[],
    };
    return { seedId: String(race.seed_id), nonce: race.nonce, race: race.kind, ratings, outcome };
  }

  private view(race: RaceRow, withMarkets: boolean) {
    const match = this.deps.snapshot.matchByKey(race.match_key);
    const markets: MarketView[] = withMarkets && match ? this.deps.snapshot.marketsOf(match.id) : [];
    const ratings = JSON.parse(race.ratings) as number[];
    const names = JSON.parse(race.runners) as string[];
    const marketOf = (kind: string) => markets.find((m) => m.kind === kind && m.status === 'open');
    const win = marketOf('gh_win');
    const place = marketOf('gh_place');
    return {
      race_id: Number(race.id),
      kind: race.kind,
      match_id: match?.id ?? null,
      off_at: race.off_at.toISOString(),
      status: race.status === 'open' ? ('open' as const) : ('finished' as const),
      runners: ratings.map((rating, i) => ({
        number: i + 1,
        name: names[i] ?? `#${String(i + 1)}`,
        rating,
        win: win?.prices[String(i + 1)] ?? null,
        place: place?.prices[String(i + 1)] ?? null,
      })),
      markets: markets
        .filter((m) => m.status === 'open')
        .map((m) => ({ market_id: m.id, kind: m.kind, line: m.line, prices: m.prices })),
      finish: race.finish === null ? null : (JSON.parse(race.finish) as number[]),
    };
  }

  /** Lists races made but not in the catalogue yet (bounded; a crash between the two steps is caught up). */
  private async listPending(): Promise<void> {
    for (const race of await repo.unlisted(this.ctx.db, LIST_PER_RUN)) await this.list(race);
  }

  /** Puts the race and its markets in the catalogue; false when the catalogue refused them. */
  private async list(race: RaceRow): Promise<boolean> {
    const ratings = JSON.parse(race.ratings) as number[];
    const label = race.kind === 'horse' ? 'Horse Race' : 'Greyhound Race';
    const off = race.off_at.toISOString().slice(11, 16);
    const report = await this.deps.catalog.apply([
      {
        type: 'fixture',
        key: race.match_key,
        sportId: SPORT_OF[race.kind],
        league: LEAGUE_OF[race.kind],
        home: `${label} ${off}`,
        away: '',
        kickoff: race.off_at,
        outright: true,
      },
      ...raceMarketEvents(race.match_key, ratings),
    ]);
    if (report.rejected.length > 0) {
      this.ctx.log.error({ race: String(race.id), rejected: report.rejected }, 'race listing rejected');
      return false;
    }
    await repo.markListed(this.ctx.db, String(race.id));
    return true;
  }

  /** Closes betting on races whose off is within the lead (once: a closed market is left as it is). */
  private async closeSoon(): Promise<void> {
    const soon = new Date(this.ctx.now().getTime() + CLOSE_BEFORE_MS);
    for (const race of await repo.upcoming(this.ctx.db, new Date(0), DUE_PER_RUN)) {
      if (race.off_at > soon) break;
      await this.close(race);
    }
  }

  private async close(race: RaceRow): Promise<void> {
    const match = this.deps.snapshot.matchByKey(race.match_key);
    if (match && !this.deps.snapshot.hasMarket(match.id, (m) => m.status === 'open')) return;
    await this.deps.catalog.apply([{ type: 'marketStatus', key: race.match_key, status: 'closed' }]);
  }
}

/** Names for a field: a rotation of the kind's pool chosen by the ratings (so a card looks varied). */
function runnerNames(kind: RaceKind, ratings: readonly number[]): string[] {
  const pool = NAMES[kind];
  const start = ratings.reduce((sum, rating) => sum + rating, 0) % pool.length;
  return Array.from({ length: RACE_RUNNERS[kind] }, (_, i) => pool[(start + i) % pool.length] as string);
}
