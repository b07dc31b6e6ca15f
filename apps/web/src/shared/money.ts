/**
 * Exact sums of decimal strings (money arrives as strings): BigInt in units of 10^-scale, never floats.
 * Local until @sb/domain publishes its decimal helpers.
 */
const SCALE = 4;

const toUnits = (value: string): bigint | null => {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction.slice(0, SCALE).padEnd(SCALE, '0'));
  return sign === '-' ? -units : units;
};

export function sumDecimal(values: readonly string[], digits = 2): string {
  let total = 0n;
  for (const value of values) total += toUnits(value) ?? 0n;
  const negative = total < 0n;
  const text = (negative ? -total : total).toString().padStart(SCALE + 1, '0');
  const whole = text.slice(0, -SCALE);
  const fraction = text.slice(-SCALE, -SCALE + digits || undefined);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/** -1, 0 or 1 by sign, for colouring wins and losses. */
export const signOf = (value: string): number => {
  const units = toUnits(value);
  return units === null || units === 0n ? 0 : units > 0n ? 1 : -1;
};
