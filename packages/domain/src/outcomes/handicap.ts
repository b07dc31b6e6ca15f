import { outcomeFromHalves, type Outcome } from '../outcome';
import { assertGoals, assertScore, scoreSince, type Score, type Team } from '../types';
import { halvesForQuarterMargin, lineQuarters, type Line } from './line';

/**
 * Asian handicap (rules.md 2.2, decision 0.4). The line is the handicap on the backed team; whole lines push on
 * x = 0, half lines cannot push, quarter lines split the stake over h - 0.25 and h + 0.25.
 * handicapOutcome(1, 0, '-0.75') === 'won_half'.
 */
export function handicapOutcome(backedGoals: number, opponentGoals: number, line: Line): Outcome {
  assertGoals(backedGoals, 'backedGoals');
  assertGoals(opponentGoals, 'opponentGoals');
  const x4 = (backedGoals - opponentGoals) * 4 + lineQuarters(line);
  return outcomeFromHalves(halvesForQuarterMargin(x4));
}

export interface LiveHandicapInput {
  /** Final goals of the backed team and of its opponent. */
  readonly backed: number;
  readonly opponent: number;
  /** The score when the bet was struck: goals before the bet are ignored (FUN88, FB385). */
  readonly backedAtBet: number;
  readonly opponentAtBet: number;
  readonly line: Line;
}

/** Live (in-running) handicap: settled on the final score minus the score at bet time (rules.md 2.2, E15). */
export function liveHandicapOutcome(input: LiveHandicapInput): Outcome {
  const counted = scoreSince(
    { home: input.backed, away: input.opponent },
    { home: input.backedAtBet, away: input.opponentAtBet },
  );
  return handicapOutcome(counted.home, counted.away, input.line);
}

/**
 * Handicap from a market's point of view: the market quotes the home team's line (away has the opposite line),
 * and a live bet counts only the goals after `scoreAtBet`.
 */
export function handicapOutcomeForSide(
  score: Score,
  side: Team,
  homeLine: Line,
  scoreAtBet?: Score,
): Outcome {
  assertScore(score, 'score');
  const counted = scoreAtBet === undefined ? score : scoreSince(score, scoreAtBet);
  const homeQuarters = lineQuarters(homeLine);
  const margin4 = (counted.home - counted.away) * 4 + homeQuarters;
  // The away backer's x is exactly the negation of the home backer's.
  return outcomeFromHalves(halvesForQuarterMargin(side === 'home' ? margin4 : -margin4));
}
