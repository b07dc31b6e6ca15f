/**
 * Money on the wire is an integer of 1/100000 of the currency (3.56 = 356000). The simulator keeps every
 * amount as a bigint of those units; the platform refuses amounts that are not whole cents, so every stake
 * and win here is a multiple of UNITS_PER_CENT.
 */
export const UNITS_PER_CURRENCY = 100_000n;
export const UNITS_PER_CENT = 1_000n;

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** "12.5" -> 1250000n; null when the text is not a non-negative amount with at most two decimals. */
export function unitsFromDecimal(text: string): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = BigInt(match[1] ?? '0');
  const cents = BigInt((match[2] ?? '').padEnd(2, '0'));
  return whole * UNITS_PER_CURRENCY + cents * UNITS_PER_CENT;
}

/** 1250000n -> "12.50" (rounded down to the cent, which is exact for every amount the simulator makes). */
export function formatUnits(units: bigint): string {
  const negative = units < 0n;
  const cents = (negative ? -units : units) / UNITS_PER_CENT;
  const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** A wire integer to units; null when it is not a safe non-negative integer. */
export function unitsFromWire(value: unknown): bigint | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return null;
  return BigInt(value);
}

export function unitsToWire(units: bigint): number {
  return Number(units);
}
