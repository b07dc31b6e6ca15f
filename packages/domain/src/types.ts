import { assert } from './errors';

export type Team = 'home' | 'away';

/** Goals in regular time (extra time and penalties are excluded unless a market says otherwise: rules.md E11). */
export interface Score {
  readonly home: number;
  readonly away: number;
}

/** The part of a match a market settles on. */
export type Period = 'FT' | '1H' | '2H';

/** A goal count must be a non-negative safe integer; anything else is a caller bug. */
export function assertGoals(goals: number, what: string): void {
  assert(Number.isSafeInteger(goals) && goals >= 0, `${what} must be a non-negative integer, got ${goals}`);
}

export function assertScore(score: Score, what: string): void {
  assertGoals(score.home, `${what}.home`);
  assertGoals(score.away, `${what}.away`);
}

export function totalGoals(score: Score): number {
  return score.home + score.away;
}

/** The goals scored between two moments (later minus earlier); negative differences are a caller bug. */
export function scoreSince(later: Score, earlier: Score): Score {
  const since = { home: later.home - earlier.home, away: later.away - earlier.away };
  assert(since.home >= 0 && since.away >= 0, 'a later score cannot be lower than an earlier one');
  return since;
}
