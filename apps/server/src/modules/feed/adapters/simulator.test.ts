import { describe, expect, it } from 'vitest';
import type { PlannedState } from './plan';
import { liveRestOfMatch } from './simulator';

const live = (score: [number, number]): PlannedState => ({
  phase: 'live',
  period: '2h',
  minute: 60,
  score,
  goals: [],
  halfTime: null,
});

describe('in-play pricing of spread and Poisson sports', () => {
  const basketball = {
    model: 'spread' as const,
    input: { homeMean: 112, awayMean: 106, marginSd: 12, totalSd: 18 },
  };

  it('offers the handicap on the rest of the game and the total on the whole game', () => {
    const markets = liveRestOfMatch(basketball, live([60, 50]), 0.5) ?? [];
    expect(new Set(markets.map((m) => m.kind))).toEqual(new Set(['hdp', 'ou']));
    const total = markets.find((m) => m.kind === 'ou' && m.main);
    // 110 scored, about 109 still to come.
    expect(Number(total?.line)).toBeGreaterThan(200);
    expect(Number(total?.line)).toBeLessThan(235);
    const handicap = markets.find((m) => m.kind === 'hdp' && m.main);
    // The home side is expected to outscore by about 3 in the half left: a small handicap, not the 10 it leads by.
    expect(Math.abs(Number(handicap?.line))).toBeLessThan(8);
    for (const market of markets) {
      const sum = market.selections.reduce((s, x) => s + x.prob, 0);
      expect(sum).toBeCloseTo(1, 6);
    }
  });

  it('a finished clock offers nothing; models without live pricing answer null', () => {
    expect(liveRestOfMatch(basketball, live([100, 90]), 0.01)).toEqual([]);
    expect(liveRestOfMatch({ model: 'two-way', homeWin: 0.6 }, live([1, 0]), 0.5)).toBeNull();
    const hockey = { model: 'poisson' as const, input: { home: 3.1, away: 2.6 } };
    const markets = liveRestOfMatch(hockey, live([2, 1]), 0.4) ?? [];
    expect(markets.length).toBeGreaterThan(0);
    expect(markets.every((m) => m.kind === 'hdp' || m.kind === 'ou')).toBe(true);
  });
});
