import { scoreMatrix, type ScoreMatrix } from './score-matrix';

export type Score = readonly [home: number, away: number];

export interface SoccerLive {
  /** Minutes played, 0..90 (stoppage time counts as 45 or 90). */
  readonly minute: number;
  readonly score: Score;
  /** Needed for half-time/full-time once the first half is over. */
  readonly halfTimeScore?: Score;
}

export interface SoccerInput {
  /** Full-match goal expectancies (pre-match view). */
  readonly home: number;
  readonly away: number;
  readonly live?: SoccerLive;
  /** Dixon-Coles rho for the pre-match full-time matrix; 0 (default) is independent Poisson. */
  readonly rho?: number;
  /** Share of goals expected in the first half: about 45% in top leagues (second halves are livelier). */
  readonly firstHalfShare?: number;
  readonly maxGoals?: number;
}

/** The matrices every soccer market is read from. */
export interface SoccerModel {
  /** Goals still to come until full time; offset = score now. */
  readonly fullTime: ScoreMatrix;
  /** Goals still to come in the first half (offset = score now); null once the first half is over. */
  readonly firstHalf: ScoreMatrix | null;
  /** Second-half goals still to come, offset 0. */
  readonly secondHalf: ScoreMatrix;
  /** Half-time score once known (live, second half). */
  readonly halfTimeScore: Score | null;
  readonly remaining: { readonly home: number; readonly away: number };
  readonly score: Score;
  readonly minute: number;
}

export const DEFAULT_FIRST_HALF_SHARE = 0.45;

/**
 * Fraction of each half's expectancy still to come at `minute`. Goals arrive at a constant rate within a half,
 * so the remaining expectancy scales with the time left in it.
 */
export function halfFractionsLeft(minute: number): { first: number; second: number } {
  const t = Math.min(90, Math.max(0, minute));
  return t < 45 ? { first: (45 - t) / 45, second: 1 } : { first: 0, second: (90 - t) / 45 };
}

function checkInput(input: SoccerInput): void {
  for (const v of [input.home, input.away]) {
    if (!(v >= 0) || !Number.isFinite(v)) throw new RangeError(`bad goal expectancy: ${v}`);
  }
  const share = input.firstHalfShare ?? DEFAULT_FIRST_HALF_SHARE;
  if (!(share > 0 && share < 1)) throw new RangeError(`first-half share must be in (0, 1): ${share}`);
  if (input.live) {
    const { minute, score } = input.live;
    if (!(minute >= 0) || !Number.isFinite(minute)) throw new RangeError(`bad minute: ${minute}`);
    if (!score.every((g) => Number.isInteger(g) && g >= 0)) throw new RangeError('bad score');
  }
}

export function soccerModel(input: SoccerInput): SoccerModel {
  checkInput(input);
  const share = input.firstHalfShare ?? DEFAULT_FIRST_HALF_SHARE;
  const maxGoals = input.maxGoals ?? 10;
  const minute = Math.min(90, input.live?.minute ?? 0);
  const score: Score = input.live?.score ?? [0, 0];
  const left = halfFractionsLeft(minute);
  const first = { home: input.home * share * left.first, away: input.away * share * left.first };
  const second = {
    home: input.home * (1 - share) * left.second,
    away: input.away * (1 - share) * left.second,
  };
  const remaining = { home: first.home + second.home, away: first.away + second.away };
  // Dixon-Coles describes whole-match low scores; once play has started the remaining goals are plain Poisson.
  const preMatch = minute === 0 && score[0] === 0 && score[1] === 0;
  const rho = preMatch ? (input.rho ?? 0) : 0;
  const halfTimeScore = minute >= 45 ? (input.live?.halfTimeScore ?? null) : null;
  return {
    fullTime: scoreMatrix(remaining.home, remaining.away, { maxGoals, rho, offset: score }),
    firstHalf: minute < 45 ? scoreMatrix(first.home, first.away, { maxGoals, offset: score }) : null,
    secondHalf: scoreMatrix(second.home, second.away, { maxGoals }),
    halfTimeScore,
    remaining,
    score,
    minute,
  };
}
