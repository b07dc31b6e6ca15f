import { Rational, formatScaled } from './decimal';
import { DomainError } from './errors';

/**
 * Money crosses the API as decimal strings ('100', '19.60') and lives in code as bigint minor units.
 * Every supported currency (CNY, IDR, THB, MYR, USD, SGD, MMK) is kept to 2 decimals (rules.md 0.1), so a minor
 * unit is always 1/100.
 */
export const MONEY_PLACES = 2;
const MINOR_PER_UNIT = 100n;

/** An amount of at most 2 decimals, optionally signed. */
const MONEY_PATTERN = /^-?\d{1,15}(?:\.\d{1,2})?$/;

/** Parses '19.6' to 1960n. Throws on anything that is not an amount of at most 2 decimals. */
export function toMinorUnits(amount: string): bigint {
  const minor = tryToMinorUnits(amount);
  if (minor === null) throw new DomainError('invalid_amount', { value: amount });
  return minor;
}

export function tryToMinorUnits(amount: string): bigint | null {
  if (!MONEY_PATTERN.test(amount)) return null;
  return Rational.parse(amount).scaled(MONEY_PLACES);
}

/** Formats 1960n as '19.60'. */
export function fromMinorUnits(minor: bigint): string {
  return formatScaled(minor, MONEY_PLACES);
}

/** An exact amount as a Rational of major units. */
export function moneyToRational(amount: string): Rational {
  return Rational.of(toMinorUnits(amount), MINOR_PER_UNIT);
}

export function minorToRational(minor: bigint): Rational {
  return Rational.of(minor, MINOR_PER_UNIT);
}

/**
 * The one rounding step of rules.md 0.1: an exact amount to minor units, half-up. Money we round is never negative
 * (payouts, risks), where half-up and half away from zero agree.
 */
export function roundToMinor(amount: Rational): bigint {
  return amount.scaled(MONEY_PLACES);
}

/** Parses a positive stake. Throws on zero, negative or more than 2 decimals. */
export function parseStake(stake: string): bigint {
  const minor = toMinorUnits(stake);
  if (minor <= 0n) throw new DomainError('invalidBetAmount', { value: stake });
  return minor;
}
