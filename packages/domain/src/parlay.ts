import { Rational } from './decimal';
import { assert } from './errors';
import { fromMinorUnits, minorToRational, parseStake, roundToMinor } from './money';
import { decimalOddsOf, parseOdds, type OddsFormat } from './odds';
import type { Outcome } from './outcome';
import { MAX_DEAD_HEAT } from './settlement';

/** Mix parlay size limits (product spec 9, decision 0.5). */
export const MIN_PARLAY_LEGS = 2;
export const MIN_LIVE_PARLAY_LEGS = 3;
export const MAX_PARLAY_LEGS = 12;

export interface ParlayPrice {
  readonly format: OddsFormat;
  readonly price: string;
}

export interface ParlayLeg extends ParlayPrice {
  readonly outcome: Outcome;
  /** Winners sharing a dead heat on this leg (E17); 1 when none. */
  readonly deadHeat?: number;
}

/**
 * A leg's decimal odds: a parlay is staked on risk, so a negative MY/ID leg enters as 1 + 1/|odds| (decision 0.5),
 * computed exactly from the price as struck.
 */
export function legDecimalOdds(leg: ParlayPrice): Rational {
  return decimalOddsOf(parseOdds(leg.price, leg.format), leg.format);
}

/**
 * The per-leg factor of rules.md 3.1: won D; won half 1 + (D - 1)/2; push/void 1; lost half 0.5; lost 0.
 * A dead-heat win counts 1 + (D - 1)/n, the single's E17 rule applied to the leg.
 */
export function legFactor(leg: ParlayLeg): Rational {
  const deadHeat = leg.deadHeat ?? 1;
  assert(Number.isSafeInteger(deadHeat) && deadHeat >= 1 && deadHeat <= MAX_DEAD_HEAT, 'bad dead heat');
  assert(deadHeat === 1 || leg.outcome === 'won', 'a dead heat only divides a win');
  const profit = legDecimalOdds(leg).sub(Rational.ONE);
  switch (leg.outcome) {
    case 'won':
      return Rational.ONE.add(profit.div(Rational.int(deadHeat)));
    case 'won_half':
      return Rational.ONE.add(profit.div(Rational.int(2)));
    case 'draw':
    case 'void':
      return Rational.ONE;
    case 'lost_half':
      return Rational.of(1n, 2n);
    case 'lost':
      return Rational.ZERO;
  }
}

/** The parlay's combined decimal odds: the product of the legs' decimal odds. */
export function parlayOdds(legs: readonly ParlayPrice[]): Rational {
  assertLegCount(legs.length);
  let odds = Rational.ONE;
  for (const leg of legs) odds = odds.mul(legDecimalOdds(leg));
  return odds;
}

/** Product of the leg factors of settled legs. */
export function parlayFactor(legs: readonly ParlayLeg[]): Rational {
  assertLegCount(legs.length);
  let factor = Rational.ONE;
  for (const leg of legs) factor = factor.mul(legFactor(leg));
  return factor;
}

/**
 * Mix parlay settlement (rules.md 3.1): return = stake x product of leg factors, rounded half-up once;
 * win/loss = return - stake. One leg is allowed here (it settles like the single on the same risk); the 2-leg
 * minimum is a placement rule (checkParlayLegs).
 */
export function parlayPayoutMinor(
  stakeMinor: bigint,
  legs: readonly ParlayLeg[],
): { payoutMinor: bigint; winLossMinor: bigint } {
  assert(stakeMinor > 0n, 'stake must be positive');
  const payoutMinor = roundToMinor(minorToRational(stakeMinor).mul(parlayFactor(legs)));
  return { payoutMinor, winLossMinor: payoutMinor - stakeMinor };
}

/** parlayPayout('100', legs) -> { payout: '1634.69', winLoss: '1534.69' } for P1. */
export function parlayPayout(stake: string, legs: readonly ParlayLeg[]): { payout: string; winLoss: string } {
  const minor = parlayPayoutMinor(parseStake(stake), legs);
  return { payout: fromMinorUnits(minor.payoutMinor), winLoss: fromMinorUnits(minor.winLossMinor) };
}

function assertLegCount(count: number): void {
  assert(count >= 1 && count <= MAX_PARLAY_LEGS, `a parlay has 1 to ${MAX_PARLAY_LEGS} legs, got ${count}`);
}
