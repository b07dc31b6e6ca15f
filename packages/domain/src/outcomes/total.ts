import { DomainError } from '../errors';
import { outcomeFromHalves, type Outcome } from '../outcome';
import { assertGoals } from '../types';
import { halvesForQuarterMargin, lineQuarters, type Line } from './line';

export type TotalSide = 'over' | 'under';

/**
 * Over/under (rules.md 2.3): over has x = total - line, under is its mirror; quarter lines split like 2.2.
 * Live totals use the full-match total with the line applied to 0-0 (FB385, decision 0.4), so there is no live
 * variant. totalOutcome(3, '2.75', 'over') === 'won_half'.
 */
export function totalOutcome(totalGoals: number, line: Line, side: TotalSide): Outcome {
  assertGoals(totalGoals, 'totalGoals');
  const quarters = lineQuarters(line);
  if (quarters < 0) throw new DomainError('invalidOddsBall', { line: String(line) });
  const overX4 = totalGoals * 4 - quarters;
  return outcomeFromHalves(halvesForQuarterMargin(side === 'over' ? overX4 : -overX4));
}
