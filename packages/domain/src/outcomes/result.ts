import { wonOrLost, type Outcome } from '../outcome';
import { assertGoals, assertScore, totalGoals, type Score, type Team } from '../types';

/** 1 = first-named (home) team, X = draw, 2 = second-named team (rules.md 2.4; regular time only). */
export type OneXTwoPick = '1' | 'X' | '2';
export type DoubleChancePick = '1X' | 'X2' | '12';
export type OddEvenPick = 'odd' | 'even';
export type HtFtOddEvenPick = 'OO' | 'OE' | 'EO' | 'EE';
/** Half-time result then full-time result, H/D/A each: 9 outcomes (rules.md 2.4). */
export type HtFtPick = 'HH' | 'HD' | 'HA' | 'DH' | 'DD' | 'DA' | 'AH' | 'AD' | 'AA';
export type BothOneNeitherPick = 'both' | 'one' | 'neither';

export const ONE_X_TWO_OPTIONS: readonly OneXTwoPick[] = ['1', 'X', '2'];
export const DOUBLE_CHANCE_OPTIONS: readonly DoubleChancePick[] = ['1X', 'X2', '12'];
export const HT_FT_OPTIONS: readonly HtFtPick[] = ['HH', 'HD', 'HA', 'DH', 'DD', 'DA', 'AH', 'AD', 'AA'];
export const HT_FT_ODD_EVEN_OPTIONS: readonly HtFtOddEvenPick[] = ['OO', 'OE', 'EO', 'EE'];

/** The 1X2 result of a score (use the half-time score for the first-half market). */
export function resultOf(score: Score): OneXTwoPick {
  assertScore(score, 'score');
  return score.home > score.away ? '1' : score.home < score.away ? '2' : 'X';
}

/** 1X2, full time or first half (pass that half's score). 2-1 -> '1' wins; 1-1 -> 'X'; 0-1 -> '2'. */
export function oneXTwoOutcome(score: Score, pick: OneXTwoPick): Outcome {
  return wonOrLost(resultOf(score) === pick);
}

/** Double chance: 1X, X2, 12 (at a neutral venue the first-named team is "home"). */
export function doubleChanceOutcome(score: Score, pick: DoubleChancePick): Outcome {
  return wonOrLost(pick.includes(resultOf(score)));
}

/** Draw no bet: a draw returns the stake (a push). */
export function drawNoBetOutcome(score: Score, pick: Team): Outcome {
  const result = resultOf(score);
  if (result === 'X') return 'draw';
  return wonOrLost((result === '1') === (pick === 'home'));
}

/**
 * Moneyline (two-way). A tie returns the stake as a push: the market offers no draw to lose to.
 * (Policy: rules.md does not cover moneyline ties; this is the common Asian-book rule.)
 */
export function moneylineOutcome(score: Score, pick: Team): Outcome {
  return drawNoBetOutcome(score, pick);
}

/** Odd/even on a goal count (total or one team's). 0 counts as even (BETKING, XYES 1.1.6). */
export function oddEvenOutcome(goals: number, pick: OddEvenPick): Outcome {
  assertGoals(goals, 'goals');
  return wonOrLost((goals % 2 === 0 ? 'even' : 'odd') === pick);
}

/** Half-time/full-time odd/even: HT 1-0, FT 2-0 -> 'OE'. */
export function htFtOddEvenOutcome(halfTime: Score, fullTime: Score, pick: HtFtOddEvenPick): Outcome {
  const letter = (score: Score): 'O' | 'E' => (totalGoals(score) % 2 === 0 ? 'E' : 'O');
  assertScore(halfTime, 'halfTime');
  assertScore(fullTime, 'fullTime');
  return wonOrLost(`${letter(halfTime)}${letter(fullTime)}` === pick);
}

/** HT/FT: HT 1-0, FT 1-1 -> 'HD' wins. */
export function htFtOutcome(halfTime: Score, fullTime: Score, pick: HtFtPick): Outcome {
  const letter = (score: Score): 'H' | 'D' | 'A' =>
    (({ '1': 'H', X: 'D', '2': 'A' }) as const)[resultOf(score)];
  return wonOrLost(`${letter(halfTime)}${letter(fullTime)}` === pick);
}

/** Both/One/Neither team to score (rules.md E8 names the market). */
export function bothOneNeitherOutcome(score: Score, pick: BothOneNeitherPick): Outcome {
  assertScore(score, 'score');
  const scoring = (score.home > 0 ? 1 : 0) + (score.away > 0 ? 1 : 0);
  return wonOrLost((['neither', 'one', 'both'] as const)[scoring] === pick);
}
