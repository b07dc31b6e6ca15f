/**
 * Prices and lines as exact decimal strings. Models work in floating point (probabilities), but what leaves
 * this module is a string a member can be held to: two decimals, rounded down so rounding never gives away
 * value, never below 1.01.
 */

export const MIN_PRICE_CENTS = 101;

/** Guards floor() against binary noise: 1.95 computed as 1.9499999999999 must still floor to 1.95. */
const FLOOR_EPSILON = 1e-7;

/** Integer hundredths as '1.95'. */
export function centsToString(cents: number): string {
  const whole = Math.floor(cents / 100);
  const frac = cents % 100;
  return `${whole}.${frac < 10 ? '0' : ''}${frac}`;
}

/** Decimal odds (any float) to a 2-dp string, rounded down, clamped to [1.01, maxPrice]. */
export function formatDecimalPrice(decimal: number, maxPrice: number): string {
  const maxCents = Math.floor(maxPrice * 100 + FLOOR_EPSILON);
  if (!Number.isFinite(decimal) || decimal * 100 >= maxCents) return centsToString(maxCents);
  const cents = Math.floor(decimal * 100 + FLOOR_EPSILON);
  return centsToString(Math.max(MIN_PRICE_CENTS, cents));
}

/** Price for a probability that already carries the margin (price = 1 / q). */
export function priceFromProbability(q: number, maxPrice: number): string {
  return formatDecimalPrice(q > 0 ? 1 / q : Number.POSITIVE_INFINITY, maxPrice);
}

const DECIMAL_RE = /^(\d+)(?:\.(\d{1,2}))?$/;

/** '1.95' -> 195. Rejects anything that is not a plain decimal with at most 2 places. */
export function parseCents(price: string): number {
  const m = DECIMAL_RE.exec(price);
  if (!m || m[1] === undefined) throw new RangeError(`not a 2-dp decimal price: ${price}`);
  const frac = (m[2] ?? '').padEnd(2, '0');
  return Number(m[1]) * 100 + Number(frac);
}

/**
 * Malay odds from a decimal price, exact to 2 dp (rules.md 1.1): D <= 2 gives D - 1; D > 2 gives -1/(D - 1)
 * rounded half away from zero (C15: 2.10 -> -0.91, 2.05 -> -0.95, 4.00 -> -0.33). Integer arithmetic only.
 */
export function malayFromDecimal(price: string): string {
  const cents = parseCents(price);
  if (cents <= 100) throw new RangeError(`decimal price must exceed 1: ${price}`);
  if (cents <= 200) return centsToString(cents - 100);
  const d = cents - 100;
  const hundredths = Math.floor((2 * 10000 + d) / (2 * d));
  return `-${centsToString(hundredths)}`;
}

/** Malay string to a signed number of hundredths: '-0.91' -> -91. */
export function malayHundredths(malay: string): number {
  const negative = malay.startsWith('-');
  const cents = parseCents(negative ? malay.slice(1) : malay);
  return negative ? -cents : cents;
}

/** A line in quarter steps as a string: -0.25 -> '-0.25', 2.5 -> '2.5', 0 -> '0', -1 -> '-1'. */
export function formatLine(line: number): string {
  const quarters = Math.round(line * 4);
  return String(quarters / 4 + 0); // + 0 turns -0 into 0
}

/** '-0.25' -> -0.25; rejects lines that are not quarter steps. */
export function parseLine(line: string): number {
  const value = Number(line);
  if (line.trim() === '' || !Number.isFinite(value) || Math.round(value * 4) !== value * 4) {
    throw new RangeError(`not a quarter-step line: ${line}`);
  }
  return value + 0;
}
