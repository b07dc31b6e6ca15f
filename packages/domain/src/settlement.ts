import { Rational } from './decimal';
import { assert } from './errors';
import { fromMinorUnits, minorToRational, parseStake, roundToMinor } from './money';
import { parseOdds, type OddsFormat } from './odds';
import type { Outcome } from './outcome';
import { exposureOf } from './stake';

export interface SingleBet {
  readonly format: OddsFormat;
  /** The price the bet was struck at, exactly as offered. */
  readonly price: string;
  /** The typed stake (for negative MY/ID: the amount to win). */
  readonly stake: string;
  readonly outcome: Outcome;
  /** Winners sharing a dead heat (rules.md E17); 1 when none. */
  readonly deadHeat?: number;
}

export interface SingleSettlementMinor {
  readonly riskMinor: bigint;
  readonly payoutMinor: bigint;
  readonly winLossMinor: bigint;
}

export interface SingleSettlement {
  readonly risk: string;
  readonly payout: string;
  readonly winLoss: string;
}

/** Bound on dead-heat divisors; a dead heat between more runners than this is a data error. */
export const MAX_DEAD_HEAT = 1000;

/**
 * Settles a single in the format it was struck in (rules.md 2.1, 1.5, 0.1):
 * net = r x W for r > 0, r x R for r < 0, 0 for a push or void; payout = R + net, rounded half-up once;
 * win/loss = payout - R. The risk R is the debit made at placement (whole cents), so a push or void returns
 * exactly what was taken. A dead-heat win pays W / n (E17: stake + stake x (D - 1) / n).
 */
export function settleSingleMinor(bet: SingleBet): SingleSettlementMinor {
  const deadHeat = bet.deadHeat ?? 1;
  assert(Number.isSafeInteger(deadHeat) && deadHeat >= 1 && deadHeat <= MAX_DEAD_HEAT, 'bad dead heat');
  assert(deadHeat === 1 || bet.outcome === 'won', 'a dead heat only divides a win');
  const exposure = exposureOf(bet.format, parseOdds(bet.price, bet.format), parseStake(bet.stake));
  const risk = minorToRational(exposure.riskMinor);
  const net = netFor(bet.outcome, risk, exposure.win.div(Rational.int(deadHeat)));
  const payoutMinor = roundToMinor(risk.add(net));
  assert(payoutMinor >= 0n, 'a payout is never negative');
  return { riskMinor: exposure.riskMinor, payoutMinor, winLossMinor: payoutMinor - exposure.riskMinor };
}

/** settleSingleMinor with money as strings: { risk: '80.00', payout: '180.00', winLoss: '100.00' }. */
export function settleSingle(bet: SingleBet): SingleSettlement {
  const minor = settleSingleMinor(bet);
  return {
    risk: fromMinorUnits(minor.riskMinor),
    payout: fromMinorUnits(minor.payoutMinor),
    winLoss: fromMinorUnits(minor.winLossMinor),
  };
}

function netFor(outcome: Outcome, risk: Rational, win: Rational): Rational {
  const half = Rational.of(1n, 2n);
  switch (outcome) {
    case 'won':
      return win;
    case 'won_half':
      return win.mul(half);
    case 'draw':
    case 'void':
      return Rational.ZERO;
    case 'lost_half':
      return risk.mul(half).neg();
    case 'lost':
      return risk.neg();
  }
}

/**
 * Sportradar's VoidFactor (rules.md E19): that fraction of the stake is refunded and the rest settled as
 * won or lost. With the factors feeds send (0, 0.5, 1) it maps onto our outcomes: won + 0.5 = won_half.
 */
export function outcomeWithVoidFactor(result: 'won' | 'lost', voidFactor: '0' | '0.5' | '1'): Outcome {
  if (voidFactor === '1') return 'void';
  if (voidFactor === '0.5') return result === 'won' ? 'won_half' : 'lost_half';
  return result;
}
