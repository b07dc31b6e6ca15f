/**
 * Limits, caps and defaults are written once in MYR and scaled to each member's currency. How many units of a
 * currency roughly match one MYR, as a whole-number ratio (exact). IDR and MMK are counted in the books'
 * thousands ("K" units, as their members see amounts), so their limits read like MYR's.
 */
const MYR_SCALE = {
  MYR: { num: 1n, den: 1n },
  SGD: { num: 3n, den: 10n },
  USD: { num: 1n, den: 4n },
  CNY: { num: 3n, den: 2n },
  THB: { num: 8n, den: 1n },
  IDR: { num: 1n, den: 1n },
  MMK: { num: 1n, den: 1n },
} as const satisfies Record<string, { num: bigint; den: bigint }>;

export type ScaledCurrency = keyof typeof MYR_SCALE;

/**
 * MYR minor units in `currency`, rounded down to whole currency units (5.00, not 4.97), at least 1.00. A
 * currency without a ratio is taken as MYR.
 */
export function scaleFromMyr(minor: bigint, currency: string): bigint {
  const { num, den } = MYR_SCALE[currency as ScaledCurrency] ?? MYR_SCALE.MYR;
  const whole = ((minor * num) / den / 100n) * 100n;
  return whole > 0n ? whole : 100n;
}
