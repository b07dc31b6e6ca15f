import { DomainError, assert } from './errors';

/**
 * Exact rational numbers on bigint. Odds conversions produce repeating decimals (1 / 0.96 = 1.041666...), so a
 * fixed number of decimal places is not enough: we keep numerator and denominator and round only where a rule
 * says to (money once at the end, display prices when shown). No binary floating point ever touches a value.
 */
export class Rational {
  /** Always in lowest terms with a positive denominator, so equal values have equal fields. */
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    this.num = num;
    this.den = den;
  }

  static readonly ZERO = new Rational(0n, 1n);
  static readonly ONE = new Rational(1n, 1n);

  static of(num: bigint, den: bigint = 1n): Rational {
    if (den === 0n) throw new DomainError('divisionByZero');
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    const divisor = gcd(num < 0n ? -num : num, den);
    return new Rational(num / divisor, den / divisor);
  }

  /** A safe integer (goal counts, leg counts). Non-integers are refused: they would be floats. */
  static int(value: number): Rational {
    assert(Number.isSafeInteger(value), `Rational.int needs a safe integer, got ${value}`);
    return new Rational(BigInt(value), 1n);
  }

  /**
   * Parses a plain decimal string: optional sign, digits, optional fraction ('-0.96', '1.5', '+2', '100').
   * Exponents, spaces, '.5' and '5.' are refused so that what is stored is exactly what was typed.
   */
  static parse(text: string): Rational {
    const parsed = Rational.tryParse(text);
    if (parsed === null) throw new DomainError('invalidDecimal', { value: text });
    return parsed;
  }

  static tryParse(text: string): Rational | null {
    // The length bound keeps a hostile input from building a huge bigint.
    if (text.length === 0 || text.length > MAX_DECIMAL_TEXT) return null;
    const match = DECIMAL_PATTERN.exec(text);
    if (match === null) return null;
    const [, sign = '', whole = '', fraction = ''] = match;
    const digits = BigInt(whole + fraction);
    return Rational.of(sign === '-' ? -digits : digits, 10n ** BigInt(fraction.length));
  }

  add(other: Rational): Rational {
    return Rational.of(this.num * other.den + other.num * this.den, this.den * other.den);
  }

  sub(other: Rational): Rational {
    return Rational.of(this.num * other.den - other.num * this.den, this.den * other.den);
  }

  mul(other: Rational): Rational {
    return Rational.of(this.num * other.num, this.den * other.den);
  }

  div(other: Rational): Rational {
    if (other.num === 0n) throw new DomainError('divisionByZero');
    return Rational.of(this.num * other.den, this.den * other.num);
  }

  neg(): Rational {
    return new Rational(-this.num, this.den);
  }

  abs(): Rational {
    return this.num < 0n ? this.neg() : this;
  }

  /** 1 / this. */
  inverse(): Rational {
    return Rational.ONE.div(this);
  }

  sign(): -1 | 0 | 1 {
    return this.num > 0n ? 1 : this.num < 0n ? -1 : 0;
  }

  cmp(other: Rational): -1 | 0 | 1 {
    const left = this.num * other.den;
    const right = other.num * this.den;
    return left > right ? 1 : left < right ? -1 : 0;
  }

  eq(other: Rational): boolean {
    return this.num === other.num && this.den === other.den;
  }

  lt(other: Rational): boolean {
    return this.cmp(other) < 0;
  }

  lte(other: Rational): boolean {
    return this.cmp(other) <= 0;
  }

  gt(other: Rational): boolean {
    return this.cmp(other) > 0;
  }

  gte(other: Rational): boolean {
    return this.cmp(other) >= 0;
  }

  isZero(): boolean {
    return this.num === 0n;
  }

  isInteger(): boolean {
    return this.den === 1n;
  }

  /**
   * The value times 10^places, rounded to an integer half away from zero (1.005 -> 101 at 2 places,
   * -0.125 -> -13). Half away from zero is the book's rule for prices; for the non-negative money amounts we
   * round (payouts, risks) it is the same as half-up.
   */
  scaled(places: number): bigint {
    assert(Number.isSafeInteger(places) && places >= 0 && places <= MAX_PLACES, `bad places ${places}`);
    const magnitude = (this.num < 0n ? -this.num : this.num) * 10n ** BigInt(places);
    let quotient = magnitude / this.den;
    const remainder = magnitude % this.den;
    if (remainder * 2n >= this.den) quotient += 1n;
    return this.num < 0n ? -quotient : quotient;
  }

  /** The value rounded half away from zero to exactly `places` decimals, e.g. '-0.67', '2.000'. */
  toFixed(places: number): string {
    return formatScaled(this.scaled(places), places);
  }

  /** The value rounded down (towards negative infinity) to `places` decimals, as a scaled integer. */
  floorScaled(places: number): bigint {
    assert(Number.isSafeInteger(places) && places >= 0 && places <= MAX_PLACES, `bad places ${places}`);
    const scaledNum = this.num * 10n ** BigInt(places);
    const quotient = scaledNum / this.den; // bigint division truncates towards zero
    return scaledNum < 0n && quotient * this.den !== scaledNum ? quotient - 1n : quotient;
  }

  /** Whether the value has a finite decimal expansion (the denominator is 2^a 5^b). */
  isTerminating(): boolean {
    let den = this.den;
    for (let i = 0; i < MAX_FACTOR_STEPS && den % 2n === 0n; i += 1) den /= 2n;
    for (let i = 0; i < MAX_FACTOR_STEPS && den % 5n === 0n; i += 1) den /= 5n;
    return den === 1n;
  }

  /** The exact decimal text with no trailing zeros ('0.4', '-1', '0'). Only for terminating values. */
  toString(): string {
    assert(this.isTerminating(), `Rational ${this.num}/${this.den} has no finite decimal expansion`);
    for (let places = 0; places <= MAX_PLACES; places += 1) {
      const scaled = this.num * 10n ** BigInt(places);
      if (scaled % this.den === 0n) return formatScaled(scaled / this.den, places);
    }
    throw new DomainError('assertion', { message: 'decimal expansion longer than MAX_PLACES' });
  }
}

/** Formats an integer that carries `places` implied decimals: (-5n, 2) -> '-0.05'. */
export function formatScaled(scaled: bigint, places: number): string {
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  const text = places === 0 ? whole : `${whole}.${fraction}`;
  return negative ? `-${text}` : text;
}

/** Shorthand for Rational.parse. */
export function dec(text: string): Rational {
  return Rational.parse(text);
}

/** Sum of a list, with the list bounded by its own length. */
export function sum(values: readonly Rational[]): Rational {
  let total = Rational.ZERO;
  for (const value of values) total = total.add(value);
  return total;
}

function gcd(a: bigint, b: bigint): bigint {
  // Euclid terminates in O(log) steps for any bigint pair; gcd(0, d) = d keeps 0/d normalised to 0/1.
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

const DECIMAL_PATTERN = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const MAX_DECIMAL_TEXT = 40;
const MAX_PLACES = 40;
const MAX_FACTOR_STEPS = 256;
