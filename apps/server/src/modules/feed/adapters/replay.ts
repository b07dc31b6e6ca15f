import type { FeedEvent } from '../../catalog/events';
import { priceSoccer, type Market } from '../pricing';
import type { MarketPrices } from '../replay/football-data';
import type { ReplayEvent, ReplayMatch, ReplaySchedule } from '../replay/schedule';
import type { FeedAdapter, PlannedMatch, PlannedState } from './plan';
import { marketEvent } from './to-events';

const MINUTE = 60_000;
/** Finished matches stay in the plan this long, so a restart still posts their results. */
const KEEP_AFTER_MS = 2 * 60 * MINUTE;

const DIVISIONS: Record<string, string> = {
  E0: 'England - Premier League',
  SP1: 'Spain - La Liga',
  D1: 'Germany - Bundesliga',
  I1: 'Italy - Serie A',
  F1: 'France - Ligue 1',
};

/**
 * Replays a real season (football-data.co.uk layout) as a feed: real teams, shifted kick-offs, the real
 * Asian handicap, over/under 2.5 and 1X2 prices moving from opening to closing, goals that reach the real
 * half-time and full-time scores, and the real result. The other markets and in-play prices come from the
 * pricing model fitted to the real prices.
 */
export class ReplayAdapter implements FeedAdapter {
  readonly name = 'replay';
  private readonly plans: ReplayPlan[];

  constructor(schedule: ReplaySchedule, source = 'replay') {
    this.plans = schedule.matches.map((match) => replayPlan(match, schedule.speed, source));
  }

  plansAround(nowMs: number): PlannedMatch[] {
    return this.plans.filter((plan) => plan.publishAt <= nowMs && plan.endsAt + KEEP_AFTER_MS >= nowMs);
  }
}

interface ReplayPlan extends PlannedMatch {
  publishAt: number;
}

function replayPlan(match: ReplayMatch, speed: number, source: string): ReplayPlan {
  const key = `${source}:${match.key}`;
  const kickoff = match.kickOff.getTime();
  const at = (event: ReplayEvent) => event.at.getTime();
  const fixtureAt = at(match.events[0] ?? { type: 'fixture', at: match.kickOff });
  const resultEvent = match.events.find((e) => e.type === 'result');
  const fullTimeEvent = match.events.find((e) => e.type === 'fulltime');
  const endsAt = resultEvent ? at(resultEvent) : kickoff + (110 * MINUTE) / speed;
  const priceSteps = match.events.filter(
    (e): e is Extract<ReplayEvent, { type: 'prices' }> => e.type === 'prices',
  );
  const latestPrices = (nowMs: number) => {
    let latest = priceSteps[0];
    for (const step of priceSteps) if (at(step) <= nowMs) latest = step;
    return latest;
  };

  const stateAt = (nowMs: number): PlannedState => {
    if (nowMs < kickoff)
      return { phase: 'pre', period: 'pre', minute: 0, score: [0, 0], goals: [], halfTime: null };
    const goals: ('h' | 'a')[] = [];
    let score: [number, number] = [0, 0];
    let halfTime: [number, number] | null = null;
    for (const event of match.events) {
      if (at(event) > nowMs) break;
      if (event.type === 'goal') {
        goals.push(event.side === 'home' ? 'h' : 'a');
        score = [event.score.home, event.score.away];
      }
      if (event.type === 'halftime') halfTime = [event.score.home, event.score.away];
    }
    if (resultEvent && nowMs >= at(resultEvent)) {
      const ft = resultEvent.type === 'result' ? resultEvent.fullTime : { home: score[0], away: score[1] };
      const ht = resultEvent.type === 'result' ? resultEvent.halfTime : null;
      return {
        phase: 'done',
        period: 'ft',
        minute: 90,
        score: [ft.home, ft.away],
        goals,
        halfTime: ht ? [ht.home, ht.away] : halfTime,
      };
    }
    const played = ((nowMs - kickoff) * speed) / MINUTE;
    const clock =
      fullTimeEvent && nowMs >= at(fullTimeEvent)
        ? { period: 'ft' as const, minute: 90 }
        : played < 45
          ? { period: '1h' as const, minute: Math.floor(played) }
          : played < 60
            ? { period: 'ht' as const, minute: 45 }
            : { period: '2h' as const, minute: Math.min(90, Math.floor(played - 15)) };
    return { phase: 'live', period: clock.period, minute: clock.minute, score, goals, halfTime };
  };

  const marketsAt = (nowMs: number, state: PlannedState): Extract<FeedEvent, { type: 'market' }>[] => {
    const step = latestPrices(nowMs);
    const expectancy = step?.expectancy ?? null;
    const markets: Extract<FeedEvent, { type: 'market' }>[] = [];
    if (state.phase === 'pre' && step) markets.push(...realMarkets(key, step.prices));
    if (!expectancy || state.period === 'ft') return markets;
    const live =
      state.phase === 'live'
        ? {
            minute: state.minute,
            score: state.score,
            ...(state.halfTime ? { halfTimeScore: state.halfTime } : {}),
          }
        : undefined;
    const modelled: readonly Market[] = priceSoccer(
      { home: expectancy.home, away: expectancy.away, ...(live ? { live } : {}) },
      { alternatives: 1 },
    ).markets;
    const taken = new Set(markets.map((m) => `${m.kind}|${m.period}`));
    for (const market of modelled) {
      // Before kick-off the real main lines stand in for the modelled ones.
      if (taken.has(`${market.kind}|${market.period}`)) continue;
      if (state.phase === 'live' && state.period !== '1h' && market.period === '1h') continue;
      const event = marketEvent(key, market);
      if (event) markets.push(event);
    }
    return markets;
  };

  return {
    key,
    kickoff,
    endsAt,
    publishAt: fixtureAt,
    fixture: () => ({
      type: 'fixture',
      key,
      sportId: 1,
      league: {
        key: `${source}:${match.division}`,
        name: DIVISIONS[match.division] ?? match.division,
        order: 1,
      },
      home: match.home,
      away: match.away,
      kickoff: match.kickOff,
    }),
    stateAt,
    marketsAt,
    priceVersion: (nowMs: number) => latestPrices(nowMs)?.step ?? 0,
  };
}

/** The file's own prices as the main markets: Asian handicap (home line), over/under 2.5 and 1X2. */
function realMarkets(key: string, prices: MarketPrices): Extract<FeedEvent, { type: 'market' }>[] {
  const out: Extract<FeedEvent, { type: 'market' }>[] = [];
  const base = { type: 'market' as const, key, period: 'ft' as const, status: 'open' as const, isMain: true };
  if (prices.handicap) {
    out.push({
      ...base,
      kind: 'hdp',
      line: normaliseLine(prices.handicap.line),
      prices: { h: prices.handicap.home, a: prices.handicap.away },
    });
  }
  if (prices.total) {
    out.push({
      ...base,
      kind: 'ou',
      line: normaliseLine(prices.total.line),
      prices: { o: prices.total.over, u: prices.total.under },
    });
  }
  if (prices.oneXTwo) {
    out.push({
      ...base,
      kind: '1x2',
      line: '',
      prices: { '1': prices.oneXTwo.home, x: prices.oneXTwo.draw, '2': prices.oneXTwo.away },
    });
  }
  return out;
}

/** '-0.50' -> '-0.5', '0.00' -> '0', '2.50' -> '2.5': one spelling per line so markets keep one identity. */
export function normaliseLine(line: string): string {
  if (!line.includes('.')) return line === '-0' ? '0' : line;
  const trimmed = line.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}
