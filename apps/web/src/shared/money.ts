import { Rational, fromMinorUnits, roundToMinor, sum } from '@sb/domain';

/**
 * Money arrives as decimal strings; table totals are summed with @sb/domain's exact decimals (Rational, no
 * floats) and rounded once to minor units, as the domain rounds money (rules.md 0.1). A blank or unreadable
 * cell (a field the row does not carry) counts as zero.
 */
const exact = (value: string): Rational => Rational.tryParse(value.trim()) ?? Rational.ZERO;

/** The exact sum of money strings, as a money string with 2 decimals ('0.10' + '0.20' = '0.30'). */
export function sumMoney(values: readonly string[]): string {
  return fromMinorUnits(roundToMinor(sum(values.map(exact))));
}

/** -1, 0 or 1 by sign, for colouring wins and losses. */
export const signOf = (value: string): -1 | 0 | 1 => exact(value).sign();
