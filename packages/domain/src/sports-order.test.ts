import { describe, expect, it } from 'vitest';
import { defaultSportsOrder, sortMatches, sportsOrder } from './sports-order';

const sports = [
  { id: 1, name: 'Soccer' },
  { id: 2, name: 'Basketball' },
  { id: 3, name: 'tennis' },
  { id: 4, name: 'Badminton' },
  { id: 5, name: 'Cricket' },
];
const defaults = { general: [1, 2], bdt: [5, 1, 99] };

describe('sports order (product spec 4)', () => {
  it('puts the default list first, then the rest alphabetically (case-insensitive)', () => {
    expect(defaultSportsOrder(sports, defaults, 'MYR')).toEqual([1, 2, 4, 5, 3]);
  });

  it('uses the BDT list for BDT members and skips ids not offered', () => {
    expect(defaultSportsOrder(sports, defaults, 'BDT')).toEqual([5, 1, 4, 2, 3]);
  });

  it('keeps a custom order with the right count, replaces one whose count differs', () => {
    expect(sportsOrder({ sports, defaults, currency: 'MYR', custom: [3, 2, 1, 5, 4] })).toEqual([
      3, 2, 1, 5, 4,
    ]);
    expect(sportsOrder({ sports, defaults, currency: 'MYR', custom: [3, 2, 1] })).toEqual([1, 2, 4, 5, 3]);
    expect(sportsOrder({ sports, defaults, currency: 'MYR' })).toEqual([1, 2, 4, 5, 3]);
  });

  it('also replaces a custom order that repeats a sport or names one not offered', () => {
    expect(sportsOrder({ sports, defaults, currency: 'MYR', custom: [3, 3, 1, 5, 4] })).toEqual([
      1, 2, 4, 5, 3,
    ]);
    expect(sportsOrder({ sports, defaults, currency: 'MYR', custom: [9, 2, 1, 5, 4] })).toEqual([
      1, 2, 4, 5, 3,
    ]);
  });
});

describe('match ordering (product spec 3)', () => {
  const matches = [
    { id: 30, kickoffMs: 2000, leagueId: 7 },
    { id: 10, kickoffMs: 3000, leagueId: 5 },
    { id: 20, kickoffMs: 2000, leagueId: 5 },
    { id: 40, kickoffMs: 1000, leagueId: 9 },
  ];

  it('orders by time then id', () => {
    expect(sortMatches(matches, { by: 'time', marketType: 1 }).map((m) => m.id)).toEqual([40, 20, 30, 10]);
  });

  it('orders by id only for market type 3', () => {
    expect(sortMatches(matches, { by: 'time', marketType: 3 }).map((m) => m.id)).toEqual([10, 20, 30, 40]);
  });

  it('orders by league order, then time, unknown leagues last', () => {
    expect(
      sortMatches(matches, { by: 'league', marketType: 2, leagueOrder: [7, 5] }).map((m) => m.id),
    ).toEqual([30, 20, 10, 40]);
  });

  it('does not mutate its input', () => {
    const copy = [...matches];
    sortMatches(matches, { by: 'time', marketType: 1 });
    expect(matches).toEqual(copy);
  });
});
