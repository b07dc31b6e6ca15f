import { Rational } from './decimal';
import { fromMinorUnits, minorToRational, parseStake, roundToMinor } from './money';
import { parseOdds, type OddsFormat } from './odds';

/**
 * What a single stake risks and can win (rules.md 1.2, decision 0.3). For positive prices the typed stake is at
 * risk and wins stake x profit-per-unit. For negative MY/ID the typed stake is the amount to win and the risk
 * (the debit) is stake x |odds|: MY -0.96 on 10 risks 9.60 to win 10.
 */
export interface Exposure {
  /** The amount debited, in minor units: rounded half-up once, because a debit must be whole cents. */
  readonly riskMinor: bigint;
  /** The exact profit if the bet wins in full (not rounded; settlement rounds the payout once). */
  readonly win: Rational;
}

export function exposureOf(format: OddsFormat, price: Rational, stakeMinor: bigint): Exposure {
  const stake = minorToRational(stakeMinor);
  if (price.sign() < 0) {
    // Only MY and ID can be negative (checkOdds refuses negative HK and DEC).
    return { riskMinor: roundToMinor(stake.mul(price.abs())), win: stake };
  }
  const profitPerUnit = format === 'DEC' ? price.sub(Rational.ONE) : price;
  return { riskMinor: stakeMinor, win: stake.mul(profitPerUnit) };
}

/**
 * Risk and win for a stake at a price, as money strings (win rounded half-up for display).
 * riskAndWin({ format: 'ID', price: '-1.96', stake: '10' }) -> { risk: '19.60', win: '10.00' }.
 */
export function riskAndWin(input: { format: OddsFormat; price: string; stake: string }): {
  risk: string;
  win: string;
} {
  const exposure = exposureOf(input.format, parseOdds(input.price, input.format), parseStake(input.stake));
  return { risk: fromMinorUnits(exposure.riskMinor), win: fromMinorUnits(roundToMinor(exposure.win)) };
}
