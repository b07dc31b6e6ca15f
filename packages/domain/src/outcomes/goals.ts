import { DomainError, assert } from '../errors';
import { wonOrLost, type Outcome } from '../outcome';
import { assertGoals, assertScore, type Score, type Team } from '../types';

/** Correct score options: '0-0' to '4-4' plus 'other' (product spec 9). */
export type CorrectScorePick = string;
export const CORRECT_SCORE_MAX_GOALS = 4;
export const CORRECT_SCORE_OTHER = 'other';

/** The 26 options in display order: 0-0, 0-1, ..., 4-4, other. */
export const CORRECT_SCORE_OPTIONS: readonly CorrectScorePick[] = buildCorrectScoreOptions();

function buildCorrectScoreOptions(): CorrectScorePick[] {
  const options: CorrectScorePick[] = [];
  for (let home = 0; home <= CORRECT_SCORE_MAX_GOALS; home += 1) {
    for (let away = 0; away <= CORRECT_SCORE_MAX_GOALS; away += 1) options.push(`${home}-${away}`);
  }
  options.push(CORRECT_SCORE_OTHER);
  return options;
}

/**
 * Correct score on the full-time score. 'other' ("AOS", any score not listed) wins when either team has more
 * than 4. The margin picks '5-0UP' / '0-5UP' (rules.md 2.4: a win by 5 or more) are accepted too; they are
 * separate selections and do not change what 'other' covers.
 */
export function correctScoreOutcome(score: Score, pick: CorrectScorePick): Outcome {
  assertScore(score, 'score');
  const listed = score.home <= CORRECT_SCORE_MAX_GOALS && score.away <= CORRECT_SCORE_MAX_GOALS;
  if (pick === CORRECT_SCORE_OTHER || pick === 'AOS') return wonOrLost(!listed);
  if (pick === '5-0UP') return wonOrLost(score.home - score.away >= 5);
  if (pick === '0-5UP') return wonOrLost(score.away - score.home >= 5);
  if (!CORRECT_SCORE_OPTIONS.includes(pick)) throw new DomainError('invalidBetTeam', { pick });
  return wonOrLost(pick === `${score.home}-${score.away}`);
}

/**
 * Total goals bands. rules.md 2.4 marks band boundaries book-specific; the platform uses the example set
 * 0-1, 2-3, 4-6, 7+ (product spec, issue 3).
 */
export type TotalGoalsBand = '0-1' | '2-3' | '4-6' | '7+';
export const TOTAL_GOALS_BANDS: readonly TotalGoalsBand[] = ['0-1', '2-3', '4-6', '7+'];

export function totalGoalsBandOf(goals: number): TotalGoalsBand {
  assertGoals(goals, 'goals');
  return goals <= 1 ? '0-1' : goals <= 3 ? '2-3' : goals <= 6 ? '4-6' : '7+';
}

/** Total goals band: 3 goals -> '2-3' wins. */
export function totalGoalsOutcome(goals: number, pick: TotalGoalsBand): Outcome {
  return wonOrLost(totalGoalsBandOf(goals) === pick);
}

/** Exact goals options '0' to '9' and '10+' (product spec 9). */
export type ExactGoalsPick = string;
export const EXACT_GOALS_TOP = 10;
export const EXACT_GOALS_OPTIONS: readonly ExactGoalsPick[] = [
  ...Array.from({ length: EXACT_GOALS_TOP }, (_, goals) => String(goals)),
  `${EXACT_GOALS_TOP}+`,
];

export function exactGoalsOf(goals: number): ExactGoalsPick {
  assertGoals(goals, 'goals');
  return goals >= EXACT_GOALS_TOP ? `${EXACT_GOALS_TOP}+` : String(goals);
}

export function exactGoalsOutcome(goals: number, pick: ExactGoalsPick): Outcome {
  if (!EXACT_GOALS_OPTIONS.includes(pick)) throw new DomainError('invalidBetTeam', { pick });
  return wonOrLost(exactGoalsOf(goals) === pick);
}

/** First goal / last goal: home first, home last, away first, away last, no goal (rules.md 2.4). */
export type FirstLastGoalPick = 'HF' | 'HL' | 'AF' | 'AL' | 'NG';
export const FIRST_LAST_GOAL_OPTIONS: readonly FirstLastGoalPick[] = ['HF', 'HL', 'AF', 'AL', 'NG'];

/**
 * Settles on the ordered scorers (own goals count for the team credited). Goals H, A, H -> HF and HL win;
 * no goal -> NG wins and the four others lose.
 */
export function firstLastGoalOutcome(scorers: readonly Team[], pick: FirstLastGoalPick): Outcome {
  assert(scorers.length <= MAX_GOALS_IN_MATCH, 'more goals than any match has');
  const first = scorers[0];
  const last = scorers[scorers.length - 1];
  if (pick === 'NG') return wonOrLost(first === undefined);
  const team: Team = pick[0] === 'H' ? 'home' : 'away';
  return wonOrLost((pick[1] === 'F' ? first : last) === team);
}

/** A sanity bound for goal lists; no sport settled here gets near it. */
export const MAX_GOALS_IN_MATCH = 1000;
