import { describe, expect, it } from 'vitest';
import { FairStream } from './fair';
import {
  RACE_RUNNERS,
  drawRace,
  drawRatings,
  harvilleChance,
  placeChances,
  placesPaid,
  raceMarkets,
  raceOutcome,
  raceRound,
  raceTypeOfKind,
  racePriceHundredths,
  raceWins,
  winChances,
} from './racing';
import { recomputeRound } from './own-games';

const greyhounds = [100, 80, 60, 50, 40, 30];
const horses = [90, 85, 70, 65, 60, 50, 45, 35];
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('racing: win chances from ratings and Harville (decision 13)', () => {
  it('win chances are the ratings over the field and sum to 1', () => {
    expect(winChances([1, 3])).toEqual([0.25, 0.75]);
    expect(sum(winChances(greyhounds))).toBeCloseTo(1, 12);
  });

  it.each([
    [[1, 1, 2], [2, 0], (2 / 4) * (1 / 2)],
    [[1, 1, 2], [0, 1, 2], (1 / 4) * (1 / 3) * 1],
    [[10, 20, 30, 40], [3, 2], 0.4 * (30 / 60)],
  ])('Harville chance of %j finishing %j is %d', (ratings, order, chance) => {
    expect(harvilleChance(ratings, order)).toBeCloseTo(chance, 14);
  });

  it.each([
    ['greyhound', greyhounds],
    ['horse', horses],
  ] as const)(
    '%s: forecasts and tricasts each sum to 1, place chances to the places paid',
    (_kind, ratings) => {
      const n = ratings.length;
      let forecasts = 0;
      let tricasts = 0;
      for (let a = 0; a < n; a += 1) {
        for (let b = 0; b < n; b += 1) {
          if (b === a) continue;
          forecasts += harvilleChance(ratings, [a, b]);
          for (let c = 0; c < n; c += 1)
            if (c !== a && c !== b) tricasts += harvilleChance(ratings, [a, b, c]);
        }
      }
      expect(forecasts).toBeCloseTo(1, 12);
      expect(tricasts).toBeCloseTo(1, 12);
      expect(sum(placeChances(ratings))).toBeCloseTo(placesPaid(n), 12);
      // Place chance is at least the win chance, and ordered like the ratings.
      const win = winChances(ratings);
      placeChances(ratings).forEach((p, i) => expect(p).toBeGreaterThanOrEqual(win[i] as number));
    },
  );

  it('places paid: two for 6 greyhounds, three for 8 horses', () => {
    expect(placesPaid(RACE_RUNNERS.greyhound)).toBe(2);
    expect(placesPaid(RACE_RUNNERS.horse)).toBe(3);
  });
});

describe('racing prices: fair less 12%, RTP by exact enumeration of the finishing orders', () => {
  it.each([
    [0.5, 176],
    [0.25, 352],
    [1 / 3, 264],
    [0.01, 8800],
  ])('chance %d prices at %i hundredths', (chance, price) => {
    expect(racePriceHundredths(chance)).toBe(price);
  });

  it.each([
    ['greyhound', greyhounds],
    ['horse', horses],
  ] as const)('%s: every selection of every market returns at most 88% and above 87%', (_kind, ratings) => {
    const markets = raceMarkets(ratings);
    const win = winChances(ratings);
    const place = placeChances(ratings);
    markets.win.forEach((price, i) => {
      const rtp = ((win[i] as number) * price) / 100;
      expect(rtp).toBeLessThanOrEqual(0.88 + 1e-9);
      expect(rtp).toBeGreaterThan(0.87);
    });
    markets.place.forEach((price, i) => {
      const rtp = ((place[i] as number) * price) / 100;
      expect(rtp).toBeLessThanOrEqual(Math.max(0.88, (place[i] as number) * 1.01)); // a 1.01 floor on a near-certain place
    });
    for (const [key, price] of Object.entries(markets.tricast)) {
      const order = key.split('-').map((r) => Number(r) - 1);
      const rtp = (harvilleChance(ratings, order) * price) / 100;
      expect(rtp).toBeLessThanOrEqual(0.88 + 1e-9);
      expect(rtp).toBeGreaterThan(0.85);
    }
    expect(Object.keys(markets.forecast)).toHaveLength(ratings.length * (ratings.length - 1));
  });
});

describe('racing draws and results', () => {
  it.each([
    ['GH_WIN', '3', true],
    ['GH_WIN', '1', false],
    ['GH_PLACE', '1', true],
    ['GH_PLACE', '5', false],
    ['GH_FORECAST', '3-1', true],
    ['GH_FORECAST', '1-3', false],
    ['GH_TRICAST', '3-1-6', true],
    ['GH_TRICAST', '3-1-2', false],
  ] as const)('%s %s against 3-1-6-2-4-5 wins: %s', (type, selection, wins) => {
    expect(raceWins(type, selection, [3, 1, 6, 2, 4, 5])).toBe(wins);
  });

  it('rejects a malformed selection', () => {
    expect(() => raceWins('GH_FORECAST', '3', [3, 1, 6, 2, 4, 5])).toThrow(RangeError);
    expect(() => raceWins('GH_TRICAST', '3-3-1', [3, 1, 6, 2, 4, 5])).toThrow(RangeError);
    expect(() => winChances([0, 10])).toThrow(RangeError);
  });

  it('the fair stream draws every runner once, the same order for the same seeds', () => {
    const ratings = drawRatings(new FairStream('s', 'c', 1), 'horse');
    expect(ratings).toHaveLength(8);
    ratings.forEach((r) => expect(r >= 40 && r <= 100).toBe(true));
    const order = drawRace(new FairStream('s', 'c', 2), ratings);
    expect([...order].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(drawRace(new FairStream('s', 'c', 2), ratings)).toEqual(order);
  });

  it('winners follow the win chances: chi-square over 12,000 fair races under the 99.9% bound (5 df)', () => {
    const counts = new Array<number>(greyhounds.length).fill(0);
    const races = 12_000;
    for (let nonce = 0; nonce < races; nonce += 1) {
      const winner = drawRace(new FairStream('race-seed', 'c', nonce), greyhounds)[0] as number;
      counts[winner - 1] = (counts[winner - 1] as number) + 1;
    }
    const chances = winChances(greyhounds);
    const chi = counts.reduce(
      (acc, c, i) => acc + (c - races * (chances[i] as number)) ** 2 / (races * (chances[i] as number)),
      0,
    );
    expect(chi).toBeLessThan(20.52); // chi-square 0.999 quantile, 5 degrees of freedom
  });
});

describe('racing: settlement of each race market kind (raceOutcome)', () => {
  const finish = ['3', '1', '5', '2', '4', '6'];
  const horseFinish = ['8', '2', '6', '1', '3', '4', '5', '7'];
  it.each([
    ['gh_win', '3', finish, 'won'],
    ['gh_win', '1', finish, 'lost'],
    ['gh_place', '3', finish, 'won'],
    ['gh_place', '1', finish, 'won'],
    ['gh_place', '5', finish, 'lost'],
    ['gh_place', '6', horseFinish, 'won'],
    ['gh_place', '1', horseFinish, 'lost'],
    ['gh_fc', '3-1', finish, 'won'],
    ['gh_fc', '1-3', finish, 'lost'],
    ['gh_fc', '3-5', finish, 'lost'],
    ['gh_tc', '3-1-5', finish, 'won'],
    ['gh_tc', '3-5-1', finish, 'lost'],
    ['gh_tc', '8-2-6', horseFinish, 'won'],
    ['gh_win', '9', finish, 'void'],
    ['gh_fc', '3-3', finish, 'void'],
    ['gh_tc', '3-1', finish, 'void'],
  ] as const)('%s %s on %j is %s', (kind, selection, order, outcome) => {
    expect(raceOutcome(kind, selection, order, true)).toBe(outcome);
  });

  it('a race that did not complete voids every kind; no order yet decides nothing', () => {
    for (const kind of ['gh_win', 'gh_place', 'gh_fc', 'gh_tc']) {
      expect(raceOutcome(kind, '1', finish, false)).toBe('void');
      expect(raceOutcome(kind, '1', [], true)).toBeNull();
    }
    expect(() => raceOutcome('hdp', '1', finish, true)).toThrow(RangeError);
    expect(raceTypeOfKind('gh_tc')).toBe('GH_TRICAST');
    expect(raceTypeOfKind('ou')).toBeNull();
  });

  it('raceRound draws the ratings then the order from one stream, as the verify call recomputes it', () => {
    const round = raceRound(new FairStream('seed', 'client', 7), 'horse');
    const stream = new FairStream('seed', 'client', 7);
    const ratings = drawRatings(stream, 'horse');
    expect(round).toEqual({ ratings, order: drawRace(stream, ratings) });
    expect(
      recomputeRound({ game: 'racing', race: 'horse', serverSeed: 'seed', clientSeed: 'client', nonce: 7 }),
    ).toEqual({ game: 'racing', race: 'horse', ...round });
  });
});
