import { DomainError, assert } from '../errors';
import type { Outcome } from '../outcome';

export interface OutrightResult {
  /** Every competitor placed first; more than one is a dead heat. */
  readonly winners: readonly string[];
  /** Competitors that did not start: bets on them are void (rules.md E20). */
  readonly nonStarters?: readonly string[];
}

export interface OutrightOutcome {
  readonly outcome: Outcome;
  /** How many shared first place; 1 unless a dead heat. Settlement divides the winnings by it (E17). */
  readonly deadHeat: number;
}

/** A sanity bound on a field size. */
export const MAX_OUTRIGHT_WINNERS = 1000;

/** Outright winner with non-starters and dead heats (rules.md 2.4, E17, E20). */
export function outrightOutcome(selection: string, result: OutrightResult): OutrightOutcome {
  assert(result.winners.length <= MAX_OUTRIGHT_WINNERS, 'too many winners');
  if (result.nonStarters?.includes(selection) === true) return { outcome: 'void', deadHeat: 1 };
  if (result.winners.length === 0) throw new DomainError('invalidBets', { reason: 'noWinner' });
  if (!result.winners.includes(selection)) return { outcome: 'lost', deadHeat: 1 };
  return { outcome: 'won', deadHeat: new Set(result.winners).size };
}
