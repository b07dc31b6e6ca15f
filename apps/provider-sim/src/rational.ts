/** Exact fractions over bigint, for RTPs and probabilities. Always reduced, denominator positive. */
export interface Rational {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function rational(num: bigint, den: bigint): Rational {
  if (den === 0n) throw new RangeError('zero denominator');
  const sign = den < 0n ? -1n : 1n;
  const divisor = gcd(num, den) || 1n;
  return { num: (sign * num) / divisor, den: (sign * den) / divisor };
}

export function equals(a: Rational, b: Rational): boolean {
  return a.num * b.den === b.num * a.den;
}

/** "96.50": the fraction as a percentage with two decimals, rounded half up. */
export function toPercent(value: Rational): string {
  const hundredths = (value.num * 10_000n * 2n + value.den) / (2n * value.den);
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

export function toNumber(value: Rational): number {
  return Number(value.num) / Number(value.den);
}
