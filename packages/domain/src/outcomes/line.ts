import { Rational } from '../decimal';
import { DomainError } from '../errors';

/**
 * A handicap or totals line: a multiple of 0.25 goals, as a decimal string ('-0.75') or a number. Multiples of
 * 0.25 are exact binary fractions, so a number is safe here; anything else is refused rather than rounded.
 */
export type Line = string | number;

/** Lines beyond this many goals do not exist in any market; the bound also caps later loops. */
export const MAX_LINE_GOALS = 500;

/** The line in quarter goals: '-0.75' -> -3, 2.25 -> 9. Throws 'invalidOddsBall' on a non-quarter line. */
export function lineQuarters(line: Line): number {
  let quarters: number | null = null;
  if (typeof line === 'number') {
    if (Number.isFinite(line) && Number.isInteger(line * 4)) quarters = line * 4;
  } else {
    const value = Rational.tryParse(line);
    const scaled = value?.mul(Rational.int(4));
    if (scaled !== undefined && scaled.isInteger()) quarters = Number(scaled.num);
  }
  if (quarters === null || Math.abs(quarters) > MAX_LINE_GOALS * 4) {
    throw new DomainError('invalidOddsBall', { line: String(line) });
  }
  return quarters === 0 ? 0 : quarters; // no -0
}

/** Whether a line is a quarter line (split stake: ±0.25, ±0.75, ...). */
export function isQuarterLine(line: Line): boolean {
  return Math.abs(lineQuarters(line)) % 2 === 1;
}

/**
 * The two half-stake lines of a quarter line (rules.md 2.2: h - 0.25 and h + 0.25), or the line itself twice.
 * Returned as decimal strings.
 */
export function splitLine(line: Line): readonly [string, string] {
  const quarters = lineQuarters(line);
  if (Math.abs(quarters) % 2 === 0) return [quartersToText(quarters), quartersToText(quarters)];
  return [quartersToText(quarters - 1), quartersToText(quarters + 1)];
}

export function quartersToText(quarters: number): string {
  return Rational.of(BigInt(quarters), 4n).toString();
}

/**
 * r in halves for "margin plus line" x given in quarter goals, the one formula of rules.md 2.2:
 * r = (sign(x - 0.25) + sign(x + 0.25)) / 2, i.e. in quarters sign(x4 - 1) + sign(x4 + 1).
 */
export function halvesForQuarterMargin(x4: number): -2 | -1 | 0 | 1 | 2 {
  return (Math.sign(x4 - 1) + Math.sign(x4 + 1)) as -2 | -1 | 0 | 1 | 2;
}
