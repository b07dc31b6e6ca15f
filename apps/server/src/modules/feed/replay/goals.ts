import { sample, shuffled, type Rng } from '../sports/random';
import type { Score } from './football-data';

/**
 * Places a match's goals in time so that the real half-time and full-time scores are reached. The files carry
 * no goal minutes, so minutes are drawn (distinct, uniform within each half) from a seeded generator.
 */
export interface PlacedGoal {
  /** 1..45 first half, 46..90 second half. */
  readonly minute: number;
  readonly side: 'home' | 'away';
}

export interface GoalPlan {
  readonly goals: readonly PlacedGoal[];
  readonly halfTime: Score;
  /** True when the file had no half-time score and it follows from the drawn minutes. */
  readonly halfTimeDerived: boolean;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function placeIn(rng: Rng, home: number, away: number, from: number, to: number): PlacedGoal[] {
  const sides = shuffled(rng, [
    ...Array.from({ length: home }, () => 'home' as const),
    ...Array.from({ length: away }, () => 'away' as const),
  ]);
  const slots = range(from, to);
  // More goals than minutes cannot happen in football; if a file says so, minutes repeat rather than fail.
  const minutes =
    sides.length <= slots.length
      ? sample(rng, slots, sides.length)
      : sides.map((_, i) => slots[i % slots.length] ?? to);
  minutes.sort((a, b) => a - b);
  return sides.map((side, i) => ({ minute: minutes[i] ?? to, side }));
}

export function planGoals(rng: Rng, fullTime: Score, halfTime: Score | null): GoalPlan {
  const consistent =
    halfTime !== null && halfTime.home <= fullTime.home && halfTime.away <= fullTime.away ? halfTime : null;
  if (consistent) {
    const goals = [
      ...placeIn(rng, consistent.home, consistent.away, 1, 45),
      ...placeIn(rng, fullTime.home - consistent.home, fullTime.away - consistent.away, 46, 90),
    ];
    return { goals, halfTime: consistent, halfTimeDerived: false };
  }
  const goals = placeIn(rng, fullTime.home, fullTime.away, 1, 90);
  const first = goals.filter((g) => g.minute <= 45);
  return {
    goals,
    halfTime: {
      home: first.filter((g) => g.side === 'home').length,
      away: first.filter((g) => g.side === 'away').length,
    },
    halfTimeDerived: true,
  };
}
