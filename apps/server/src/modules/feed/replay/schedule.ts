import { fitExpectancies } from '../pricing/fit';
import { rngFor } from '../sports/random';
import type { MarketPrices, Score } from './football-data';
import { planGoals } from './goals';
import { pricesAt } from './price-path';

/**
 * Turns a real season into the timeline a feed emits. Time choice: the season is shifted so its first kick-off
 * is at `startAt`, and every real gap between kick-offs is divided by `speed` (a match lasts 105/speed minutes
 * including the break). Real seasons have long idle stretches (weekdays, international breaks); `maxIdleMs`
 * caps any gap between consecutive kick-offs after scaling, so a demo keeps matches coming. Simultaneous
 * kick-offs stay simultaneous and the order never changes. Output is plain data; nothing here reads a clock.
 */

export interface ReplayFixture {
  readonly division?: string;
  readonly kickOff: Date;
  readonly home: string;
  readonly away: string;
  readonly fullTime: Score;
  readonly halfTime: Score | null;
  readonly opening?: MarketPrices;
  readonly closing?: MarketPrices;
}

export interface ReplayOptions {
  readonly startAt: Date;
  /** Time compression, > 0: 1 is real time, 60 plays an hour per minute. */
  readonly speed: number;
  /** Seed for goal minutes; the same seed gives the same timeline. Default 1. */
  readonly seed?: number;
  /** Price updates between publication and kick-off (opening first, closing last). Default 6. */
  readonly priceSteps?: number;
  /** How long before kick-off a fixture is published, in real time (divided by speed). Default 48 h. */
  readonly publishLeadMs?: number;
  /** Longest idle gap between consecutive kick-offs on the replay clock; default: none (real gaps). */
  readonly maxIdleMs?: number;
  /** Fit goal expectancies to every price step (for pricing the other markets). Default true. */
  readonly fit?: boolean;
}

export type Expectancy = { readonly home: number; readonly away: number };

export type ReplayEvent =
  | { readonly type: 'fixture'; readonly at: Date }
  | {
      readonly type: 'prices';
      readonly at: Date;
      readonly step: number;
      readonly steps: number;
      readonly prices: MarketPrices;
      readonly expectancy: Expectancy | null;
    }
  | { readonly type: 'kickoff'; readonly at: Date }
  | {
      readonly type: 'goal';
      readonly at: Date;
      readonly minute: number;
      readonly side: 'home' | 'away';
      readonly score: Score;
    }
  | { readonly type: 'halftime'; readonly at: Date; readonly score: Score; readonly derived: boolean }
  | { readonly type: 'secondhalf'; readonly at: Date }
  | { readonly type: 'fulltime'; readonly at: Date; readonly score: Score }
  | {
      readonly type: 'result';
      readonly at: Date;
      readonly fullTime: Score;
      readonly halfTime: Score;
      readonly result: 'H' | 'D' | 'A';
    };

export interface ReplayMatch {
  /** Stable id from division, real date and teams. */
  readonly key: string;
  readonly index: number;
  readonly division: string;
  readonly home: string;
  readonly away: string;
  readonly realKickOff: Date;
  readonly kickOff: Date;
  /** In time order. */
  readonly events: readonly ReplayEvent[];
}

export interface ReplaySchedule {
  readonly startAt: Date;
  readonly speed: number;
  readonly matches: readonly ReplayMatch[];
}

const MINUTE = 60_000;
const HALF_TIME_BREAK_MIN = 15;
const RESULT_AFTER_MIN = 2;
const MAX_PRICE_STEPS = 100;

function checkOptions(o: ReplayOptions): void {
  if (!Number.isFinite(o.startAt.getTime())) throw new RangeError('startAt is not a valid date');
  if (!(o.speed > 0) || !Number.isFinite(o.speed))
    throw new RangeError(`speed must be a positive number: ${o.speed}`);
  const steps = o.priceSteps ?? 6;
  if (!Number.isInteger(steps) || steps < 1 || steps > MAX_PRICE_STEPS) {
    throw new RangeError(`priceSteps must be 1..${MAX_PRICE_STEPS}`);
  }
  if (o.maxIdleMs !== undefined && !(o.maxIdleMs >= 0)) throw new RangeError('maxIdleMs must be >= 0');
  if (o.publishLeadMs !== undefined && !(o.publishLeadMs >= 0))
    throw new RangeError('publishLeadMs must be >= 0');
}

function fitOf(prices: MarketPrices): Expectancy | null {
  const x = prices.oneXTwo;
  const t = prices.total;
  if (!x && !t) return null;
  try {
    const fit = fitExpectancies({
      ...(x ? { oneXTwo: x } : {}),
      ...(t ? { overUnder25: { over: t.over, under: t.under } } : {}),
    });
    return { home: fit.home, away: fit.away };
  } catch {
    return null; // a price set no model reproduces (e.g. a 1.005 favourite) just goes without expectancies
  }
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function letter(s: Score): 'H' | 'D' | 'A' {
  return s.home > s.away ? 'H' : s.home === s.away ? 'D' : 'A';
}

function matchEvents(f: ReplayFixture, key: string, kickOff: number, o: ReplayOptions): ReplayEvent[] {
  const speed = o.speed;
  const at = (ms: number) => new Date(Math.round(ms));
  const clock = (matchMinute: number) => kickOff + (matchMinute * MINUTE) / speed;
  const steps = o.priceSteps ?? 6;
  const publishAt = kickOff - (o.publishLeadMs ?? 48 * 60 * MINUTE) / speed;
  const events: ReplayEvent[] = [{ type: 'fixture', at: at(publishAt) }];
  const empty: MarketPrices = { oneXTwo: null, handicap: null, total: null };
  for (let step = 0; step < steps; step += 1) {
    const t = steps === 1 ? 1 : step / (steps - 1);
    const prices = pricesAt(f.opening ?? empty, f.closing ?? empty, t);
    events.push({
      type: 'prices',
      at: at(publishAt + ((kickOff - publishAt) * step) / steps),
      step,
      steps,
      prices,
      expectancy: o.fit === false ? null : fitOf(prices),
    });
  }
  events.push({ type: 'kickoff', at: at(kickOff) });
  const plan = planGoals(rngFor(o.seed ?? 1, key), f.fullTime, f.halfTime);
  const score = { home: 0, away: 0 };
  const goalEvent = (g: (typeof plan.goals)[number]): ReplayEvent => {
    score[g.side] += 1;
    const matchMinute = g.minute <= 45 ? g.minute : g.minute + HALF_TIME_BREAK_MIN;
    return { type: 'goal', at: at(clock(matchMinute)), minute: g.minute, side: g.side, score: { ...score } };
  };
  events.push(...plan.goals.filter((g) => g.minute <= 45).map(goalEvent));
  events.push({ type: 'halftime', at: at(clock(45)), score: plan.halfTime, derived: plan.halfTimeDerived });
  events.push({ type: 'secondhalf', at: at(clock(45 + HALF_TIME_BREAK_MIN)) });
  events.push(...plan.goals.filter((g) => g.minute > 45).map(goalEvent));
  const end = 90 + HALF_TIME_BREAK_MIN;
  events.push({ type: 'fulltime', at: at(clock(end)), score: f.fullTime });
  events.push({
    type: 'result',
    at: at(clock(end + RESULT_AFTER_MIN)),
    fullTime: f.fullTime,
    halfTime: plan.halfTime,
    result: letter(f.fullTime),
  });
  return events;
}

export function replaySchedule(rows: readonly ReplayFixture[], options: ReplayOptions): ReplaySchedule {
  checkOptions(options);
  const ordered = rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => a.row.kickOff.getTime() - b.row.kickOff.getTime() || a.i - b.i);
  const matches: ReplayMatch[] = [];
  const seen = new Map<string, number>();
  let shifted = options.startAt.getTime();
  let previousReal: number | null = null;
  for (const [index, { row }] of ordered.entries()) {
    const real = row.kickOff.getTime();
    if (previousReal !== null) {
      const gap = (real - previousReal) / options.speed;
      shifted += options.maxIdleMs === undefined ? gap : Math.min(gap, options.maxIdleMs);
    }
    previousReal = real;
    const division = row.division ?? '';
    const base = `${slug(division) || 'x'}-${row.kickOff.toISOString().slice(0, 10)}-${slug(row.home)}-${slug(row.away)}`;
    const dup = seen.get(base) ?? 0;
    seen.set(base, dup + 1);
    const key = dup === 0 ? base : `${base}-${dup + 1}`;
    matches.push({
      key,
      index,
      division,
      home: row.home,
      away: row.away,
      realKickOff: row.kickOff,
      kickOff: new Date(Math.round(shifted)),
      events: matchEvents(row, key, shifted, options),
    });
  }
  return { startAt: options.startAt, speed: options.speed, matches };
}

/** Every event of the schedule in time order (ties: match order, then the match's own order). */
export function mergedEvents(
  schedule: ReplaySchedule,
): { readonly match: ReplayMatch; readonly event: ReplayEvent }[] {
  const all = schedule.matches.flatMap((match) => match.events.map((event, n) => ({ match, event, n })));
  all.sort(
    (a, b) => a.event.at.getTime() - b.event.at.getTime() || a.match.index - b.match.index || a.n - b.n,
  );
  return all.map(({ match, event }) => ({ match, event }));
}
