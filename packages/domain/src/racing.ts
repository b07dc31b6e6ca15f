import { weightedPick, type FairStream } from './fair';

/**
 * Virtual racing (rules.md decision 13, codes GH_*): 6 greyhounds or 8 horses with integer ratings. A runner's
 * win chance is its rating's share of the field; the finishing order is drawn place by place from the runners
 * left, each by its rating (exactly the Harville model), so place, forecast and tricast chances follow Harville.
 * Prices are the fair price less the margin (12% by default), rounded down to the cent.
 */
export const RACE_KINDS = ['greyhound', 'horse'] as const;
export type RaceKind = (typeof RACE_KINDS)[number];
export const RACE_RUNNERS: Record<RaceKind, number> = { greyhound: 6, horse: 8 };
export const RACE_MARGIN_BPS = 1_200;
export const RACE_MIN_RATING = 1;
export const RACE_MAX_RATING = 1_000;
export const RACE_BET_TYPES = ['GH_WIN', 'GH_PLACE', 'GH_FORECAST', 'GH_TRICAST'] as const;
export type RaceBetType = (typeof RACE_BET_TYPES)[number];

function checkRatings(ratings: readonly number[]): void {
  if (ratings.length < 2 || ratings.length > 12) throw new RangeError('a race has 2 to 12 runners');
  for (const rating of ratings) {
    if (!Number.isInteger(rating) || rating < RACE_MIN_RATING || rating > RACE_MAX_RATING) {
      throw new RangeError(`rating ${rating}`);
    }
  }
}

/** How many places the place market pays: the first two in a field of up to 7, the first three of 8 or more. */
export const placesPaid = (runners: number): number => (runners >= 8 ? 3 : 2);

/** Each runner's win chance: its rating over the field's total. */
export function winChances(ratings: readonly number[]): number[] {
  checkRatings(ratings);
  const total = ratings.reduce((sum, rating) => sum + rating, 0);
  return ratings.map((rating) => rating / total);
}

/** Harville: the chance that the runners finish first, second, ... in `order` (indexes into the field). */
export function harvilleChance(ratings: readonly number[], order: readonly number[]): number {
  checkRatings(ratings);
  if (
    new Set(order).size !== order.length ||
    order.some((i) => !Number.isInteger(i) || i < 0 || i >= ratings.length)
  ) {
    throw new RangeError('an order names distinct runners of the field');
  }
  let left = ratings.reduce((sum, rating) => sum + rating, 0);
  let chance = 1;
  for (const runner of order) {
    const rating = ratings[runner] as number;
    chance *= rating / left;
    left -= rating;
  }
  return chance;
}

/** Each runner's chance to finish in the first `places` (Harville, summed over every order of the places). */
export function placeChances(ratings: readonly number[], places = placesPaid(ratings.length)): number[] {
  checkRatings(ratings);
  if (places < 1 || places > ratings.length || places > 3) throw new RangeError('places');
  const chances = new Array<number>(ratings.length).fill(0);
  const walk = (order: number[]): void => {
    if (order.length === places) {
      const chance = harvilleChance(ratings, order);
      for (const runner of order) chances[runner] = (chances[runner] as number) + chance;
      return;
    }
    for (let runner = 0; runner < ratings.length; runner += 1) {
      if (!order.includes(runner)) walk([...order, runner]);
    }
  };
  walk([]);
  return chances;
}

/** The decimal price in hundredths of an outcome with chance p: (1 - margin) / p, rounded down to the cent. */
export function racePriceHundredths(chance: number, marginBps = RACE_MARGIN_BPS): number {
  if (!(chance > 0) || chance > 1) throw new RangeError('chance');
  if (marginBps < 0 || marginBps >= 10_000) throw new RangeError('margin');
  // A hair of float error (1e-9 of a cent) is forgiven so a price exact in theory (0.88 / 0.5 = 1.76) stays exact.
  return Math.max(100, Math.floor((10_000 - marginBps) / 100 / chance + 1e-9));
}

export interface RaceMarkets {
  win: number[];
  place: number[];
  /** Forecast 'i-j' (first and second in order). */
  forecast: Record<string, number>;
  /** Tricast 'i-j-k' (first three in order). */
  tricast: Record<string, number>;
}

/** Every market's prices in hundredths for the field (runners numbered 1.. in the keys). */
export function raceMarkets(ratings: readonly number[], marginBps = RACE_MARGIN_BPS): RaceMarkets {
  const win = winChances(ratings).map((p) => racePriceHundredths(p, marginBps));
  const place = placeChances(ratings).map((p) => Math.max(101, racePriceHundredths(p, marginBps)));
  const forecast: Record<string, number> = {};
  const tricast: Record<string, number> = {};
  const n = ratings.length;
  for (let a = 0; a < n; a += 1) {
    for (let b = 0; b < n; b += 1) {
      if (b === a) continue;
      forecast[`${a + 1}-${b + 1}`] = racePriceHundredths(harvilleChance(ratings, [a, b]), marginBps);
      for (let c = 0; c < n; c += 1) {
        if (c === a || c === b) continue;
        tricast[`${a + 1}-${b + 1}-${c + 1}`] = racePriceHundredths(
          harvilleChance(ratings, [a, b, c]),
          marginBps,
        );
      }
    }
  }
  return { win, place, forecast, tricast };
}

/** The finishing order (runner numbers 1..n) drawn from the fair stream, place by place by rating. */
export function drawRace(stream: FairStream, ratings: readonly number[]): number[] {
  checkRatings(ratings);
  const left = ratings.map((rating, index) => ({ rating, runner: index + 1 }));
  const order: number[] = [];
  while (left.length > 0) {
    const pick = weightedPick(
      stream,
      left.map((entry) => entry.rating),
    );
    order.push((left[pick] as { runner: number }).runner);
    left.splice(pick, 1);
  }
  return order;
}

/** Ratings for a race from the fair stream: each runner 40-100. */
export function drawRatings(stream: FairStream, kind: RaceKind): number[] {
  return Array.from({ length: RACE_RUNNERS[kind] }, () => 40 + stream.below(61));
}

/** Whether a selection won given the finishing order (runner numbers): win '3', place '3', forecast '3-1', tricast '3-1-5'. */
export function raceWins(type: RaceBetType, selection: string, order: readonly number[]): boolean {
  const picks = selection.split('-').map(Number);
  const need = type === 'GH_FORECAST' ? 2 : type === 'GH_TRICAST' ? 3 : 1;
  if (picks.length !== need || picks.some((p) => !Number.isInteger(p) || p < 1 || p > order.length)) {
    throw new RangeError(`${type} selection ${selection}`);
  }
  if (new Set(picks).size !== picks.length) throw new RangeError('distinct runners');
  if (type === 'GH_PLACE') return order.slice(0, placesPaid(order.length)).includes(picks[0] as number);
  return picks.every((runner, i) => order[i] === runner);
}

/** The catalogue's market kind of each race bet type (the contract's MARKET_KINDS). */
export const RACE_MARKET_KIND: Record<RaceBetType, string> = {
  GH_WIN: 'gh_win',
  GH_PLACE: 'gh_place',
  GH_FORECAST: 'gh_fc',
  GH_TRICAST: 'gh_tc',
};
const RACE_TYPE_OF_KIND: Readonly<Record<string, RaceBetType>> = Object.fromEntries(
  Object.entries(RACE_MARKET_KIND).map(([type, kind]) => [kind, type as RaceBetType]),
);

/** The race bet type of a market kind, or null when the kind is not a race market. */
export const raceTypeOfKind = (kind: string): RaceBetType | null => RACE_TYPE_OF_KIND[kind] ?? null;

/**
 * A race leg's outcome given the stored finishing order (runner numbers as strings, the result's winners):
 * null while no order is stored, 'void' when the race did not complete or the selection names no runner of the
 * field (a data error must refund, never pay or take), otherwise 'won' or 'lost'.
 */
export function raceOutcome(
  kind: string,
  selection: string,
  finish: readonly string[],
  completed: boolean,
): 'won' | 'lost' | 'void' | null {
  const type = raceTypeOfKind(kind);
  if (type === null) throw new RangeError(`${kind} is not a race market`);
  if (!completed) return 'void';
  if (finish.length === 0) return null;
  const order = finish.map(Number);
  try {
    return raceWins(type, selection, order) ? 'won' : 'lost';
  } catch {
    return 'void';
  }
}

/** A race's fair round: ratings first, then the finishing order, from one stream (the verify call's recompute). */
export function raceRound(stream: FairStream, kind: RaceKind): { ratings: number[]; order: number[] } {
  const ratings = drawRatings(stream, kind);
  return { ratings, order: drawRace(stream, ratings) };
}
