import { Rational } from './decimal';
import { assert } from './errors';

/**
 * How a selection resolved (product spec 4 "bet outcomes"; rules.md 2.1 r in {+1, +1/2, 0, -1/2, -1}).
 * 'draw' is a push (the stake comes back because the result landed on the line); 'void' is a refund (the bet
 * is cancelled). Both return the amount at risk; they differ only in how the statement labels them.
 */
export type Outcome = 'won' | 'won_half' | 'draw' | 'lost_half' | 'lost' | 'void';

export const OUTCOMES: readonly Outcome[] = ['won', 'won_half', 'draw', 'lost_half', 'lost', 'void'];

/** The spec's "refund" is our 'void'. */
export const REFUND: Outcome = 'void';

/**
 * Other spellings seen in the spec, the issue and feeds, mapped to ours. Input only: `parseOutcome` accepts them,
 * nothing in this library returns them.
 */
export const OUTCOME_ALIASES: Readonly<Record<string, Outcome>> = {
  refund: 'void',
  cancelled: 'void',
  push: 'draw',
  lose_half: 'lost_half',
  'lose half': 'lost_half',
  'lost half': 'lost_half',
  lose: 'lost',
  win: 'won',
  'won half': 'won_half',
};

export function parseOutcome(value: string): Outcome | null {
  if ((OUTCOMES as readonly string[]).includes(value)) return value as Outcome;
  return Object.hasOwn(OUTCOME_ALIASES, value) ? (OUTCOME_ALIASES[value] ?? null) : null;
}

/** r of rules.md 2.1: +1, +1/2, 0, -1/2, -1 (void counts as 0). */
export function outcomeFactor(outcome: Outcome): Rational {
  return Rational.of(BigInt(outcomeHalves(outcome)), 2n);
}

/** r in halves, -2..2, so outcomes can be averaged and compared as integers. */
export function outcomeHalves(outcome: Outcome): -2 | -1 | 0 | 1 | 2 {
  switch (outcome) {
    case 'won':
      return 2;
    case 'won_half':
      return 1;
    case 'draw':
    case 'void':
      return 0;
    case 'lost_half':
      return -1;
    case 'lost':
      return -2;
  }
}

/** The outcome for r given in halves; 0 is a push ('draw'), not a void. */
export function outcomeFromHalves(halves: number): Outcome {
  assert(Number.isInteger(halves) && halves >= -2 && halves <= 2, `halves out of range: ${halves}`);
  return (['lost', 'lost_half', 'draw', 'won_half', 'won'] as const)[halves + 2] as Outcome;
}

/** A win-or-lose market (1X2, correct score, ...) has no halves and no push. */
export function wonOrLost(won: boolean): Outcome {
  return won ? 'won' : 'lost';
}
