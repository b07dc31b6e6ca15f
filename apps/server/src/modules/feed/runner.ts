import type { FeedEvent, MarketView, MatchView } from '../catalog/events';
import type { CatalogService } from '../catalog/service';
import type { MarketSnapshot } from '../catalog/snapshot';
import type { FeedAdapter, PlannedMatch, PlannedState } from './adapters/plan';
import { marketId } from './adapters/to-events';
import { mulberry32, type Rng } from './sports/random';

export interface RunnerOptions {
  tickMs: number;
  /** New fixtures per tick: a fresh book fills over a few minutes instead of one giant burst. */
  maxNewPerTick: number;
  /** Chance per tick that an open match is repriced (price movement). */
  repriceChance: number;
  /** After a goal, markets stay suspended this long before reopening at new prices. */
  goalSuspendMs: number;
  seed: number;
}

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  tickMs: 1000,
  maxNewPerTick: 25,
  repriceChance: 0.01,
  goalSuspendMs: 8000,
  seed: 7,
};

export interface TickReport {
  events: number;
  rejected: number;
  created: number;
}

/**
 * Drives feed adapters: each tick it compares every planned match with the catalogue (through this process's
 * snapshot) and sends only the difference: new fixtures with their markets, live clock and score, goals
 * (markets suspended, then repriced), period changes, price movement, full time and the result.
 */
export class FeedRunner {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running = false;
  private readonly rng: Rng;
  /** Matches waiting to reopen after a goal: key -> when. */
  private readonly reopenAt = new Map<string, number>();
  /** Last price version sent per plan (plans with their own price steps). Bounded by the plans in play. */
  private readonly priceVersions = new Map<string, number>();

  constructor(
    private readonly deps: {
      catalog: CatalogService;
      snapshot: MarketSnapshot;
      adapters: FeedAdapter[];
      now: () => number;
      log: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
    },
    private readonly options: RunnerOptions = DEFAULT_RUNNER_OPTIONS,
  ) {
    this.rng = mulberry32(options.seed);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.safeTick(), this.options.tickMs);
    this.timer.unref();
    void this.safeTick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // Let an in-flight tick finish so shutdown never cuts a batch in half.
    for (let i = 0; i < 200 && this.running; i += 1) await new Promise((r) => setTimeout(r, 25));
  }

  private async safeTick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.tick();
    } catch (error) {
      this.deps.log.error({ err: error }, 'feed tick failed');
    } finally {
      this.running = false;
    }
  }

  /** One pass over every adapter's plans; answers what was sent. */
  async tick(): Promise<TickReport> {
    const now = this.deps.now();
    const events: FeedEvent[] = [];
    let created = 0;
    const plans = this.deps.adapters.flatMap((adapter) => adapter.plansAround(now));
    plans.sort((a, b) => a.kickoff - b.kickoff);
    for (const plan of plans) {
      const held = this.deps.snapshot.matchByKey(plan.key);
      if (!held) {
        if (plan.endsAt <= now || created >= this.options.maxNewPerTick) continue;
        created += 1;
        events.push(...this.create(plan, now));
        continue;
      }
      if (held.state === 1 || held.state === 2) {
        this.priceVersions.delete(plan.key);
        continue;
      }
      events.push(...this.advance(plan, held, now));
    }
    if (events.length === 0) return { events: 0, rejected: 0, created };
    const report = await this.deps.catalog.apply(events);
    return { events: events.length, rejected: report.rejected.length, created };
  }

  private create(plan: PlannedMatch, now: number): FeedEvent[] {
    const state = plan.stateAt(now);
    const out: FeedEvent[] = [plan.fixture()];
    if (state.phase === 'live') out.push(liveEvent(plan.key, state));
    out.push(...this.marketsFor(plan, state, now, []));
    return out;
  }

  private advance(plan: PlannedMatch, held: MatchView, now: number): FeedEvent[] {
    const state = plan.stateAt(now);
    const out: FeedEvent[] = [];
    if (state.phase === 'done') {
      if (held.period !== 'ft') out.push(liveEvent(plan.key, { ...state, period: 'ft' }));
      out.push({
        type: 'result',
        key: plan.key,
        ht: state.halfTime ? { home: state.halfTime[0], away: state.halfTime[1] } : null,
        ft: plan.winners ? null : { home: state.score[0], away: state.score[1] },
        goals: state.goals,
        ...(plan.winners ? { winners: plan.winners() } : {}),
      });
      return out;
    }
    const heldMarkets = this.deps.snapshot.marketsOf(held.id);
    let reprice = this.rng() < this.options.repriceChance;
    if (plan.priceVersion) {
      const version = plan.priceVersion(now);
      if (this.priceVersions.get(plan.key) !== version) {
        this.priceVersions.set(plan.key, version);
        reprice = true;
      }
    }
    if (state.phase === 'live') {
      const scored = state.score[0] + state.score[1] > held.score[0] + held.score[1];
      const periodChanged = state.period !== held.period;
      if (periodChanged || scored || state.minute !== held.minute) {
        const goal = scored ? state.goals[state.goals.length - 1] : undefined;
        out.push(liveEvent(plan.key, state, goal));
      }
      if (scored && plan.suspendOnScore !== false) {
        // A goal: everything suspends at once, and reopens at new prices a few seconds later.
        out.push({ type: 'marketStatus', key: plan.key, status: 'suspended' });
        this.reopenAt.set(plan.key, now + this.options.goalSuspendMs);
        return out;
      }
      if (plan.suspendInPlay) {
        if (heldMarkets.some((m) => m.status === 'open'))
          out.push({ type: 'marketStatus', key: plan.key, status: 'suspended' });
        return out;
      }
      if (periodChanged || held.state === 500) reprice = true;
      // Live prices decay with the clock: reprice live matches far more often than pre-match ones.
      if (this.rng() < 0.05) reprice = true;
    }
    const reopen = this.reopenAt.get(plan.key);
    if (reopen !== undefined) {
      if (now < reopen) return out;
      this.reopenAt.delete(plan.key);
      reprice = true;
    }
    if (reprice) out.push(...this.marketsFor(plan, state, now, heldMarkets));
    return out;
  }

  /** The plan's markets now, sending only those that changed, and closing lines no longer offered. */
  private marketsFor(plan: PlannedMatch, state: PlannedState, now: number, held: MarketView[]): FeedEvent[] {
    const wanted = plan.marketsAt(now, state);
    const heldById = new Map(held.map((m) => [marketId(m), m]));
    const out: FeedEvent[] = [];
    const offered = new Set<string>();
    for (const event of wanted) {
      const id = marketId(event);
      offered.add(id);
      const current = heldById.get(id);
      if (current && current.status === 'open' && samePrices(current.prices, event.prices)) continue;
      out.push(event);
    }
    for (const [id, market] of heldById) {
      if (!offered.has(id) && market.status !== 'closed') {
        out.push({
          type: 'marketStatus',
          key: plan.key,
          status: 'closed',
          market: { kind: market.kind, period: market.period, line: market.line },
        });
      }
    }
    return out;
  }
}

function liveEvent(key: string, state: PlannedState, goal?: 'h' | 'a'): Extract<FeedEvent, { type: 'live' }> {
  return {
    type: 'live',
    key,
    period: state.period,
    minute: state.minute,
    home: state.score[0],
    away: state.score[1],
    ...(goal ? { goal } : {}),
  };
}

function samePrices(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(b);
  if (keys.length !== Object.keys(a).length) return false;
  // Stored prices read back normalised ('1.950' -> '1.95'); compare numerically exact via normalised text.
  return keys.every((key) => normalise(a[key]) === normalise(b[key]));
}

function normalise(price: string | undefined): string {
  if (price === undefined) return '';
  return price.includes('.') ? price.replace(/0+$/, '').replace(/\.$/, '') : price;
}
