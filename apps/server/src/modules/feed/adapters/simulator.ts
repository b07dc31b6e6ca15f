import type { FeedEvent } from '../../catalog/events';
import { priceEvent, priceSoccer, type EventPricingInput, type Market } from '../pricing';
import { OWN_RACING_SPORT_IDS, SPORTS, type SportDef } from '../sports/catalogue';
import { generateCompetitors, generateLeagues } from '../sports/generators';
import { sampleEventInput } from '../sports/profiles';
import { gaussian, randomInt, rngFor, type Rng } from '../sports/random';
import type { FeedAdapter, PlannedMatch, PlannedState } from './plan';
import { marketEvent } from './to-events';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How often a sport kicks off, how many at once, how far ahead it lists, and how long a match lasts. */
interface Cadence {
  intervalMin: number;
  perSlot: number;
  horizonMs: number;
  durationMin: number;
}

function cadenceOf(sport: SportDef): Cadence {
  if (sport.virtual) return { intervalMin: 5, perSlot: 1, horizonMs: 2 * HOUR, durationMin: 4 };
  if (sport.group === 'racing') return { intervalMin: 20, perSlot: 1, horizonMs: 4 * HOUR, durationMin: 3 };
  if (sport.group === 'efighting')
    return { intervalMin: 10, perSlot: 1, horizonMs: 3 * HOUR, durationMin: 5 };
  if (sport.group === 'esports')
    return { intervalMin: 120, perSlot: 1, horizonMs: 36 * HOUR, durationMin: 45 };
  if (sport.id === 1) return { intervalMin: 10, perSlot: 2, horizonMs: 48 * HOUR, durationMin: 105 };
  if (sport.id <= 10) return { intervalMin: 60, perSlot: 1, horizonMs: 48 * HOUR, durationMin: 120 };
  return { intervalMin: 240, perSlot: 1, horizonMs: 48 * HOUR, durationMin: 120 };
}

/** Soccer's real-time clock: 45 minutes, a 15-minute break, 45 minutes. */
function soccerClock(elapsedMin: number): { period: PlannedState['period']; minute: number } {
  if (elapsedMin < 45) return { period: '1h', minute: Math.floor(elapsedMin) };
  if (elapsedMin < 60) return { period: 'ht', minute: 45 };
  if (elapsedMin < 105) return { period: '2h', minute: Math.floor(elapsedMin - 15) };
  return { period: 'ft', minute: 90 };
}

interface Goal {
  minute: number;
  side: 'h' | 'a';
}

/** Goals of a match drawn once from its expectancies (Poisson arrivals, uniform minutes, deterministic). */
function drawGoals(rng: Rng, home: number, away: number, minutes = 90): Goal[] {
  const goals: Goal[] = [];
  for (const [side, rate] of [['h', home] as const, ['a', away] as const]) {
    // Knuth's Poisson sampler; the bound keeps a freak draw finite.
    let count = 0;
    let product = rng();
    const limit = Math.exp(-rate);
    while (product > limit && count < 15) {
      count += 1;
      product *= rng();
    }
    for (let i = 0; i < count; i += 1) goals.push({ minute: 1 + Math.floor(rng() * (minutes - 1)), side });
  }
  return goals.sort((a, b) => a.minute - b.minute || (a.side < b.side ? -1 : 1));
}

/**
 * The simulator: a realistic book for every sport, running on its own. Each match is a pure function of its
 * slot (sport, kick-off), so the same matches come back after a restart. Soccer is priced live with the
 * Poisson model from the live minute and score; spread and Poisson sports (basketball, hockey...) in play
 * from the time left; other sports are priced before kick-off and suspended in play.
 */
export class Simulator implements FeedAdapter {
  readonly name = 'simulator';
  private readonly cache = new Map<string, SimulatedMatch>();
  private readonly sports: SportDef[];

  constructor(
    private readonly seed = 1,
    sports: readonly SportDef[] = SPORTS,
    /** Caps how far ahead any sport lists (tests and small demos). */
    private readonly maxHorizonMs = Number.POSITIVE_INFINITY,
  ) {
    this.sports = sports.filter((s) => s.model !== 'number-game' && !OWN_RACING_SPORT_IDS.includes(s.id));
  }

  plansAround(nowMs: number): PlannedMatch[] {
    const plans: PlannedMatch[] = [];
    const wanted = new Set<string>();
    for (const sport of this.sports) {
      const cadence = cadenceOf(sport);
      const interval = cadence.intervalMin * MINUTE;
      const first = Math.floor((nowMs - (cadence.durationMin + 30) * MINUTE) / interval) + 1;
      const last = Math.floor((nowMs + Math.min(cadence.horizonMs, this.maxHorizonMs)) / interval);
      for (let slot = first; slot <= last; slot += 1) {
        for (let j = 0; j < cadence.perSlot; j += 1) {
          const key = `sim:${sport.id}:${slot}:${j}`;
          wanted.add(key);
          let plan = this.cache.get(key);
          if (!plan) {
            const made = this.plan(sport, cadence, key, slot * interval);
            if (!made) continue;
            plan = made;
            this.cache.set(key, plan);
          }
          plans.push(plan);
          // The first soccer match of each slot carries a corners child match (its own markets and result).
          if (plan.corners) {
            const childKey = `${key}:corners`;
            wanted.add(childKey);
            let child = this.cache.get(childKey);
            if (!child) {
              child = plan.corners();
              this.cache.set(childKey, child);
            }
            plans.push(child);
          }
        }
      }
    }
    // Forget plans that left the window: memory stays bounded.
    for (const key of this.cache.keys()) if (!wanted.has(key)) this.cache.delete(key);
    return plans;
  }

  private plan(sport: SportDef, cadence: Cadence, key: string, kickoff: number): SimulatedMatch | null {
    const rng = rngFor(this.seed, key);
    const sampled = sampleEventInput(sport, rng);
    if (!sampled) return null;
    const leagues = generateLeagues(sport, 8, this.seed);
    const league = leagues[randomInt(rng, 0, leagues.length - 1)];
    if (!league) return null;
    const teams = generateCompetitors(sport, league, 20, this.seed + league.order);
    // Outright fields are named after the league's competitors (the model numbers them '1'..'n').
    let input: EventPricingInput = sampled;
    if (sampled.model === 'outright') {
      const field = generateCompetitors(sport, league, sampled.competitors.length, this.seed + 7);
      input = {
        model: 'outright',
        competitors: sampled.competitors.map((c, i) => ({ key: field[i] ?? c.key, strength: c.strength })),
      };
    }
    const homeIndex = randomInt(rng, 0, teams.length - 1);
    const awayIndex = (homeIndex + randomInt(rng, 1, teams.length - 1)) % teams.length;
    const home = teams[homeIndex] ?? 'Home';
    const away = teams[awayIndex] ?? 'Away';
    const durationMs = cadence.durationMin * MINUTE;
    const soccer = input.model === 'soccer' ? input.input : null;
    const soccerLike = soccer !== null;
    const goals = soccer ? drawGoals(rng, soccer.home, soccer.away) : [];
    const finalScore = soccerLike ? tally(goals, 90) : otherFinalScore(input, rng);
    const fixture = (): Extract<FeedEvent, { type: 'fixture' }> => ({
      type: 'fixture',
      key,
      sportId: sport.id,
      league: { key: `sim:${league.key}`, name: league.name, order: league.order },
      home: input.model === 'outright' ? `${league.name} - ${sport.name}` : home,
      away: input.model === 'outright' ? '' : away,
      kickoff: new Date(kickoff),
      outright: input.model === 'outright',
    });

    const stateAt = (nowMs: number): PlannedState => {
      const elapsedMin = (nowMs - kickoff) / MINUTE;
      if (elapsedMin < 0)
        return { phase: 'pre', period: 'pre', minute: 0, score: [0, 0], goals: [], halfTime: null };
      if (nowMs >= kickoff + durationMs) {
        const halfTime = soccerLike ? tally(goals, 45) : null;
        return {
          phase: 'done',
          period: 'ft',
          minute: 90,
          score: finalScore,
          goals: sides(goals, 90),
          halfTime,
        };
      }
      if (soccerLike && cadence.durationMin >= 90) {
        const clock = soccerClock(elapsedMin);
        const upTo = clock.period === 'ht' ? 45 : clock.minute;
        return {
          phase: 'live',
          period: clock.period,
          minute: clock.minute,
          score: tally(goals, upTo),
          goals: sides(goals, upTo),
          halfTime: clock.period === '1h' ? null : tally(goals, 45),
        };
      }
      // Short and non-soccer events: the score moves in proportion to time played.
      const fraction = elapsedMin / cadence.durationMin;
      const score: [number, number] = [
        Math.floor(finalScore[0] * fraction),
        Math.floor(finalScore[1] * fraction),
      ];
      const minute = Math.floor(fraction * 90);
      return {
        phase: 'live',
        period: fraction < 0.5 ? '1h' : '2h',
        minute,
        score,
        goals: [],
        halfTime: null,
      };
    };

    const marketsAt = (_nowMs: number, state: PlannedState): Extract<FeedEvent, { type: 'market' }>[] => {
      let markets: Market[];
      if (soccer) {
        if (state.phase === 'live' && cadence.durationMin < 90) return [];
        const live =
          state.phase === 'live'
            ? {
                minute: state.minute,
                score: state.score,
                ...(state.halfTime ? { halfTimeScore: state.halfTime } : {}),
              }
            : undefined;
        markets = priceSoccer({ ...soccer, ...(live ? { live } : {}) }, { alternatives: 1 }).markets.filter(
          // First-half markets end at half time.
          (m) => state.phase !== 'live' || state.period === '1h' || m.period !== '1h',
        );
      } else if (state.phase === 'live') {
        markets = liveRestOfMatch(input, state, 1 - (_nowMs - kickoff) / durationMs) ?? [];
      } else {
        markets = priceEvent(input);
      }
      return markets.map((m) => marketEvent(key, m)).filter((e): e is NonNullable<typeof e> => e !== null);
    };

    const winners =
      input.model === 'outright'
        ? () => {
            const ranked = input.competitors.slice().sort((a, b) => b.strength - a.strength);
            // The favourite does not always win: a draw weighted towards strength.
            const pick = Math.min(
              ranked.length - 1,
              Math.floor(Math.abs(gaussian(rngFor(this.seed, key, 'winner'), 0, 1.2))),
            );
            return [ranked[pick]?.key ?? ''];
          }
        : undefined;

    const livePriced = soccerLike || input.model === 'spread' || input.model === 'poisson';
    const corners =
      soccer && sport.id === 1 && cadence.durationMin >= 90 && key.endsWith(':0')
        ? () => this.cornersPlan(key, kickoff, durationMs, fixture(), rngFor(this.seed, key, 'corners'))
        : undefined;
    return {
      key,
      kickoff,
      endsAt: kickoff + durationMs,
      fixture,
      stateAt,
      marketsAt,
      ...(winners ? { winners } : {}),
      ...(livePriced ? {} : { suspendInPlay: true }),
      // Points in basketball do not stop the market as a goal does.
      ...(input.model === 'spread' ? { suspendOnScore: false } : {}),
      ...(corners ? { corners } : {}),
    };
  }

  /**
   * A child match for the corners of a soccer match, as the books list them: the same teams and kick-off,
   * corners instead of goals, handicap and over/under priced with a Poisson model before and during play.
   */
  private cornersPlan(
    parentKey: string,
    kickoff: number,
    durationMs: number,
    parent: Extract<FeedEvent, { type: 'fixture' }>,
    rng: Rng,
  ): SimulatedMatch {
    const key = `${parentKey}:corners`;
    const rates = { home: 4 + rng() * 3, away: 3.5 + rng() * 2.5 };
    const corners = drawGoals(rng, rates.home, rates.away);
    const input: EventPricingInput = {
      model: 'poisson',
      input: { home: rates.home, away: rates.away, unit: 'goals', alternatives: 1 },
    };
    const stateAt = (nowMs: number): PlannedState => {
      const elapsedMin = (nowMs - kickoff) / MINUTE;
      if (elapsedMin < 0)
        return { phase: 'pre', period: 'pre', minute: 0, score: [0, 0], goals: [], halfTime: null };
      if (nowMs >= kickoff + durationMs) {
        return {
          phase: 'done',
          period: 'ft',
          minute: 90,
          score: tally(corners, 90),
          goals: [],
          halfTime: tally(corners, 45),
        };
      }
      const clock = soccerClock(elapsedMin);
      const upTo = clock.period === 'ht' ? 45 : clock.minute;
      return {
        phase: 'live',
        period: clock.period,
        minute: clock.minute,
        score: tally(corners, upTo),
        goals: [],
        halfTime: clock.period === '1h' ? null : tally(corners, 45),
      };
    };
    const marketsAt = (nowMs: number, state: PlannedState) => {
      const markets =
        state.phase === 'live'
          ? (liveRestOfMatch(input, state, 1 - (nowMs - kickoff) / durationMs) ?? [])
          : priceEvent(input).filter((m) => m.kind === 'hdp' || m.kind === 'ou');
      return markets.map((m) => marketEvent(key, m)).filter((e): e is NonNullable<typeof e> => e !== null);
    };
    return {
      key,
      kickoff,
      endsAt: kickoff + durationMs,
      fixture: () => ({
        ...parent,
        key,
        home: `${parent.home} (Corners)`,
        away: `${parent.away} (Corners)`,
        parentKey,
        childType: 'corners',
      }),
      stateAt,
      marketsAt,
      suspendOnScore: false,
    };
  }
}

/** A simulator plan, which for a soccer match may carry its corners child. */
interface SimulatedMatch extends PlannedMatch {
  corners?: () => SimulatedMatch;
}

/**
 * In-play prices for spread and Poisson sports: the rest of the match priced by the pre-match model scaled
 * to the time left. A live handicap counts only what is scored after the bet (as in soccer), so its line is
 * on the rest of the match; a total counts the whole match, so its line moves up by the score so far.
 * Moneylines and the rest are not offered in play. Null for models without live pricing.
 */
export function liveRestOfMatch(
  input: EventPricingInput,
  state: PlannedState,
  left: number,
): Market[] | null {
  if (left <= 0.02) return [];
  let rest: EventPricingInput;
  if (input.model === 'spread') {
    const i = input.input;
    rest = {
      model: 'spread',
      input: {
        ...i,
        homeMean: i.homeMean * left,
        awayMean: i.awayMean * left,
        marginSd: Math.max(0.5, i.marginSd * Math.sqrt(left)),
        totalSd: Math.max(0.5, i.totalSd * Math.sqrt(left)),
        threeWay: false,
        alternatives: 1,
      },
    };
  } else if (input.model === 'poisson') {
    const i = input.input;
    rest = {
      model: 'poisson',
      input: { ...i, home: i.home * left, away: i.away * left, threeWay: false, alternatives: 1 },
    };
  } else {
    return null;
  }
  const scored = state.score[0] + state.score[1];
  return priceEvent(rest)
    .filter((m) => (m.kind === 'hdp' || m.kind === 'ou') && m.period === 'ft')
    .map((m) => (m.kind === 'ou' && m.line !== null ? { ...m, line: String(Number(m.line) + scored) } : m));
}

function tally(goals: Goal[], upTo: number): [number, number] {
  let home = 0;
  let away = 0;
  for (const goal of goals) {
    if (goal.minute > upTo) break;
    if (goal.side === 'h') home += 1;
    else away += 1;
  }
  return [home, away];
}

function sides(goals: Goal[], upTo: number): ('h' | 'a')[] {
  return goals.filter((g) => g.minute <= upTo).map((g) => g.side);
}

/** A plausible final score for a non-soccer event, from its pricing input. */
function otherFinalScore(input: EventPricingInput, rng: Rng): [number, number] {
  switch (input.model) {
    case 'spread': {
      const margin = gaussian(rng, input.input.homeMean - input.input.awayMean, input.input.marginSd);
      const total = Math.max(
        2,
        gaussian(rng, input.input.homeMean + input.input.awayMean, input.input.totalSd),
      );
      const home = Math.max(0, Math.round((total + margin) / 2));
      const away = Math.max(0, Math.round((total - margin) / 2));
      return home === away ? [home + 1, away] : [home, away];
    }
    case 'poisson':
      return [poisson(rng, input.input.home), poisson(rng, input.input.away)];
    case 'rally':
      return rng() < 0.55 ? [2, randomInt(rng, 0, 1)] : [randomInt(rng, 0, 1), 2];
    case 'two-way':
      return rng() < input.homeWin ? [1, 0] : [0, 1];
    case 'three-way': {
      const r = rng();
      return r < input.homeWin ? [1, 0] : r < input.homeWin + input.draw ? [0, 0] : [0, 1];
    }
    default:
      return [0, 0];
  }
}

function poisson(rng: Rng, rate: number): number {
  let count = 0;
  let product = rng();
  const limit = Math.exp(-rate);
  while (product > limit && count < 30) {
    count += 1;
    product *= rng();
  }
  return count;
}
