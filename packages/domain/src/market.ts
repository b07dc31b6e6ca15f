import { DomainError, assert } from './errors';
import type { Outcome } from './outcome';
import {
  correctScoreOutcome,
  exactGoalsOutcome,
  firstLastGoalOutcome,
  totalGoalsOutcome,
} from './outcomes/goals';
import type { CorrectScorePick, ExactGoalsPick, FirstLastGoalPick, TotalGoalsBand } from './outcomes/goals';
import { handicapOutcomeForSide } from './outcomes/handicap';
import { lineQuarters, type Line } from './outcomes/line';
import {
  bothOneNeitherOutcome,
  doubleChanceOutcome,
  drawNoBetOutcome,
  htFtOddEvenOutcome,
  htFtOutcome,
  moneylineOutcome,
  oddEvenOutcome,
  oneXTwoOutcome,
} from './outcomes/result';
import type {
  BothOneNeitherPick,
  DoubleChancePick,
  HtFtOddEvenPick,
  HtFtPick,
  OddEvenPick,
  OneXTwoPick,
} from './outcomes/result';
import { totalOutcome, type TotalSide } from './outcomes/total';
import { assertScore, scoreSince, totalGoals, type Period, type Score, type Team } from './types';

/**
 * One selection on a match market. Handicap lines are the home team's (the away line is its negation), as the
 * market headers quote them. `period` picks the score the market settles on.
 */
export type Selection = { readonly period: Period } & (
  | { readonly market: 'handicap'; readonly side: Team; readonly homeLine: Line; readonly scoreAtBet?: Score }
  | { readonly market: 'total'; readonly side: TotalSide; readonly line: Line }
  | { readonly market: '1x2'; readonly pick: OneXTwoPick }
  | { readonly market: 'double_chance'; readonly pick: DoubleChancePick }
  | { readonly market: 'draw_no_bet'; readonly pick: Team }
  | { readonly market: 'moneyline'; readonly pick: Team }
  | { readonly market: 'odd_even'; readonly pick: OddEvenPick; readonly team?: Team }
  | { readonly market: 'ht_ft_odd_even'; readonly pick: HtFtOddEvenPick }
  | { readonly market: 'ht_ft'; readonly pick: HtFtPick }
  | { readonly market: 'correct_score'; readonly pick: CorrectScorePick }
  | { readonly market: 'total_goals'; readonly pick: TotalGoalsBand }
  | { readonly market: 'exact_goals'; readonly pick: ExactGoalsPick }
  | { readonly market: 'first_last_goal'; readonly pick: FirstLastGoalPick }
  | { readonly market: 'both_one_neither'; readonly pick: BothOneNeitherPick }
);

/**
 * Match state for settlement (product spec 4 "match states"; rules.md section 5):
 * - completed: settle normally;
 * - cancelled: every market void (refund);
 * - cancelled_1h / cancelled_2h: that half's result is cancelled, so every market whose period includes it is void
 *   (1H: 1H and FT; 2H: 2H and FT); the other half's markets stand;
 * - postponed: not completed in time, void (E1);
 * - abandoned_1h: 1H markets void (E3), 2H markets void (E5), FT void unless already determined (E1, E6, E7);
 * - abandoned_2h: 1H markets stand on the HT score (E4), 2H void (E5), FT void unless determined;
 * - abandoned: stopped at an unrecorded time: abandoned_2h when a half-time score is given, else abandoned_1h.
 */
export type MatchStatus =
  | 'completed'
  | 'cancelled'
  | 'cancelled_1h'
  | 'cancelled_2h'
  | 'postponed'
  | 'abandoned'
  | 'abandoned_1h'
  | 'abandoned_2h';

export interface Goal {
  readonly team: Team;
  readonly half: 1 | 2;
}

export interface MatchResult {
  readonly status: MatchStatus;
  /** The score at half time; required once the first half has ended. */
  readonly halfTime?: Score;
  /** The final score, or the score when the match stopped. */
  readonly fullTime: Score;
  /** The goals in order; required by first/last goal markets. */
  readonly goals?: readonly Goal[];
}

/** Settles a selection against a match result, applying the void rules of rules.md section 5. */
export function selectionOutcome(selection: Selection, result: MatchResult): Outcome {
  assertScore(result.fullTime, 'fullTime');
  if (result.halfTime !== undefined) assertScore(result.halfTime, 'halfTime');
  switch (result.status) {
    case 'completed':
      return settleOn(selection, result);
    case 'cancelled':
    case 'postponed':
      return 'void';
    case 'cancelled_1h':
      return selection.period === '2H' ? settleOn(selection, result) : 'void';
    case 'cancelled_2h':
      return selection.period === '1H' ? settleOn(selection, result) : 'void';
    case 'abandoned':
      return abandoned(selection, result, result.halfTime === undefined ? 1 : 2);
    case 'abandoned_1h':
      return abandoned(selection, result, 1);
    case 'abandoned_2h':
      return abandoned(selection, result, 2);
  }
}

function abandoned(selection: Selection, result: MatchResult, half: 1 | 2): Outcome {
  // E5: a second-half market cannot be settled before the second half ends.
  if (selection.period === '2H') return 'void';
  if (selection.period === '1H') {
    // E3: abandoned during the first half voids every 1H bet; E4: after it, 1H bets stand on the HT score.
    return half === 1 ? 'void' : settleOn(selection, result);
  }
  // E1, E6, E7: a full-time market stands only when no further goal could change it.
  return determinedOutcome(selection, result, half) ?? 'void';
}

/**
 * The outcome when it no longer depends on goals that were never played, else null. It tries every
 * continuation of up to `bound` more goals per team in both orders; the bound exceeds every threshold a market
 * has (lines, 10+ exact goals, 4-goal correct scores, the current margin), so a market constant over all of
 * them is constant for ever.
 */
export function determinedOutcome(selection: Selection, result: MatchResult, half: 1 | 2): Outcome | null {
  const stoppedAt = result.fullTime;
  const lineGoals = 'homeLine' in selection ? Math.abs(lineQuarters(selection.homeLine)) / 4 : 0;
  const totalLine = 'line' in selection ? lineQuarters(selection.line) / 4 : 0;
  const bound = Math.ceil(12 + lineGoals + totalLine + totalGoals(stoppedAt));
  assert(bound <= MAX_CONTINUATION_GOALS, 'continuation bound too large');
  // The half-time score is unknown when the match stopped in the first half: HT/FT markets cannot be settled.
  const halfTime = half === 2 ? result.halfTime : undefined;
  let seen: Outcome | null = null;
  for (let home = 0; home <= bound; home += 1) {
    for (let away = 0; away <= bound; away += 1) {
      for (const homeFirst of [true, false]) {
        const extra: Goal[] = [];
        const pushGoals = (team: Team, count: number): void => {
          for (let i = 0; i < count; i += 1) extra.push({ team, half: 2 });
        };
        if (homeFirst) {
          pushGoals('home', home);
          pushGoals('away', away);
        } else {
          pushGoals('away', away);
          pushGoals('home', home);
        }
        const continued: MatchResult = {
          status: 'completed',
          fullTime: { home: stoppedAt.home + home, away: stoppedAt.away + away },
          ...(halfTime === undefined ? {} : { halfTime }),
          ...(result.goals === undefined ? {} : { goals: [...result.goals, ...extra] }),
        };
        const outcome =
          needsHalfTime(selection) && halfTime === undefined ? null : settleOn(selection, continued);
        if (outcome === null || (seen !== null && outcome !== seen)) return null;
        seen = outcome;
      }
    }
  }
  return seen;
}

const MAX_CONTINUATION_GOALS = 1100;

function needsHalfTime(selection: Selection): boolean {
  return selection.market === 'ht_ft' || selection.market === 'ht_ft_odd_even';
}

function periodScore(period: Period, result: MatchResult): Score {
  if (period === 'FT') return result.fullTime;
  const halfTime = result.halfTime;
  if (halfTime === undefined) throw new DomainError('result_required', { period });
  return period === '1H' ? halfTime : scoreSince(result.fullTime, halfTime);
}

/** Goals before the bet do not count for a live handicap: count from the later of period start and bet time. */
function countedScore(period: Period, result: MatchResult, scoreAtBet: Score): Score {
  const periodStart = period === '2H' ? (result.halfTime ?? { home: 0, away: 0 }) : { home: 0, away: 0 };
  const periodEnd = period === '1H' ? periodScore('1H', result) : result.fullTime;
  const from = {
    home: Math.max(periodStart.home, scoreAtBet.home),
    away: Math.max(periodStart.away, scoreAtBet.away),
  };
  return scoreSince(periodEnd, from);
}

function settleOn(selection: Selection, result: MatchResult): Outcome {
  const score = periodScore(selection.period, result);
  switch (selection.market) {
    case 'handicap':
      return selection.scoreAtBet === undefined
        ? handicapOutcomeForSide(score, selection.side, selection.homeLine)
        : handicapOutcomeForSide(
            countedScore(selection.period, result, selection.scoreAtBet),
            selection.side,
            selection.homeLine,
          );
    case 'total':
      return totalOutcome(totalGoals(score), selection.line, selection.side);
    case '1x2':
      return oneXTwoOutcome(score, selection.pick);
    case 'double_chance':
      return doubleChanceOutcome(score, selection.pick);
    case 'draw_no_bet':
      return drawNoBetOutcome(score, selection.pick);
    case 'moneyline':
      return moneylineOutcome(score, selection.pick);
    case 'odd_even':
      return oddEvenOutcome(
        selection.team === undefined ? totalGoals(score) : score[selection.team],
        selection.pick,
      );
    case 'ht_ft_odd_even':
      return htFtOddEvenOutcome(periodScore('1H', result), result.fullTime, selection.pick);
    case 'ht_ft':
      return htFtOutcome(periodScore('1H', result), result.fullTime, selection.pick);
    case 'correct_score':
      return correctScoreOutcome(score, selection.pick);
    case 'total_goals':
      return totalGoalsOutcome(totalGoals(score), selection.pick);
    case 'exact_goals':
      return exactGoalsOutcome(totalGoals(score), selection.pick);
    case 'first_last_goal':
      return firstLastGoalOutcome(goalsIn(selection.period, result), selection.pick);
    case 'both_one_neither':
      return bothOneNeitherOutcome(score, selection.pick);
  }
}

function goalsIn(period: Period, result: MatchResult): Team[] {
  if (result.goals === undefined) throw new DomainError('result_required', { field: 'goals' });
  const wanted = period === '1H' ? [1] : period === '2H' ? [2] : [1, 2];
  const scorers = result.goals.filter((goal) => wanted.includes(goal.half)).map((goal) => goal.team);
  return scorers;
}
