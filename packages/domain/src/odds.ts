import { Rational } from './decimal';
import { DomainError, assert } from './errors';

/**
 * Odds formats (rules.md 1.1, product spec 1). Myanmar odds are not a price but a ball plus a signed percentage,
 * so they live in myanmar.ts; this module covers the four price formats.
 */
export type OddsFormat = 'MY' | 'HK' | 'ID' | 'DEC';
/** Every odds type a member can choose; 'MM' is Myanmar. */
export type OddsType = OddsFormat | 'MM';

export const ODDS_FORMATS: readonly OddsFormat[] = ['MY', 'HK', 'ID', 'DEC'];

/** The spec's numeric odds-type codes: 1 MY, 2 HK, 3 ID, 4 DEC, 5 Myanmar. MY is the default. */
export const ODDS_TYPE_CODES: Readonly<Record<OddsType, number>> = { MY: 1, HK: 2, ID: 3, DEC: 4, MM: 5 };
export const DEFAULT_ODDS_TYPE: OddsType = 'MY';
/** Prices are shown with 2 decimals, 3 where the book's market carries 3 (rules.md 0.2). */
export const DEFAULT_ODDS_DECIMALS = 2;

export function oddsTypeFromCode(code: number): OddsType | null {
  for (const type of Object.keys(ODDS_TYPE_CODES) as OddsType[]) {
    if (ODDS_TYPE_CODES[type] === code) return type;
  }
  return null;
}

/** A price format by its odds-type code as a request carries it ('1'..'4'); undefined for Myanmar ('5') or junk. */
export function oddsFormatOfCode(code: string): OddsFormat | undefined {
  return FORMAT_OF_CODE.get(code);
}
/** A map, not a search: the market lists convert every price through this. */
const FORMAT_OF_CODE: ReadonlyMap<string, OddsFormat> = new Map(
  ODDS_FORMATS.map((format) => [String(ODDS_TYPE_CODES[format]), format]),
);

/**
 * Market kinds whose prices are quoted in the member's odds type (two-way prices: handicap, over/under, odd/even,
 * moneyline). 1X2, correct score and the other many-way kinds are always decimal.
 */
export const TWO_WAY_KINDS: ReadonlySet<string> = new Set(['hdp', 'ou', 'oe', 'ml']);

/** The format a market kind's prices are quoted in for a member whose odds format is `format`. */
export function priceFormatOf(kind: string, format: OddsFormat): OddsFormat {
  return TWO_WAY_KINDS.has(kind) ? format : 'DEC';
}

export function isOddsFormat(value: unknown): value is OddsFormat {
  return value === 'MY' || value === 'HK' || value === 'ID' || value === 'DEC';
}

export type OddsCheck =
  | { readonly ok: true; readonly value: Rational }
  | {
      readonly ok: false;
      readonly code: 'invalidOdds';
      readonly reason: 'notADecimal' | 'outOfRange' | 'tooManyDecimals';
    };

/**
 * Checks a price against its format's valid range (rules.md 1.1, vectors C14 and C16):
 * MY -1 <= M <= 1 and M != 0 (+1.00 and -1.00 are both even money); ID |I| >= 1; HK > 0; DEC > 1.
 * `maxDecimals`, when given, refuses prices with more decimals than the book quotes.
 */
export function checkOdds(price: string, format: OddsFormat, maxDecimals?: number): OddsCheck {
  // 1. A plain decimal string: a price is stored exactly as offered, never as a float.
  const value = Rational.tryParse(price);
  if (value === null) return { ok: false, code: 'invalidOdds', reason: 'notADecimal' };
  // 2. The book's precision, when the caller enforces one.
  if (maxDecimals !== undefined && decimalsOf(price) > maxDecimals) {
    return { ok: false, code: 'invalidOdds', reason: 'tooManyDecimals' };
  }
  // 3. The format's range.
  if (!inRange(value, format)) return { ok: false, code: 'invalidOdds', reason: 'outOfRange' };
  return { ok: true, value };
}

/** Parses a price that must be valid; an invalid one is a caller bug (it should have been checked). */
export function parseOdds(price: string, format: OddsFormat): Rational {
  const check = checkOdds(price, format);
  if (!check.ok) throw new DomainError('invalidOdds', { price, format, reason: check.reason });
  return check.value;
}

function inRange(value: Rational, format: OddsFormat): boolean {
  switch (format) {
    case 'DEC':
      return value.gt(Rational.ONE);
    case 'HK':
      return value.sign() > 0;
    case 'MY':
      return !value.isZero() && value.abs().lte(Rational.ONE);
    case 'ID':
      return value.abs().gte(Rational.ONE);
  }
}

function decimalsOf(price: string): number {
  const dot = price.indexOf('.');
  return dot < 0 ? 0 : price.length - dot - 1;
}

/**
 * The exact decimal odds D of a valid price (rules.md 1.1 "to decimal"): HK D = H + 1; MY and ID positive
 * D = 1 + p, negative D = 1 + 1/|p|. Exact, so MY -0.96 gives 49/24, not a rounded 2.04.
 */
export function decimalOddsOf(value: Rational, format: OddsFormat): Rational {
  assert(inRange(value, format), `price out of range for ${format}`);
  switch (format) {
    case 'DEC':
      return value;
    case 'HK':
      return Rational.ONE.add(value);
    case 'MY':
    case 'ID':
      return value.sign() > 0 ? Rational.ONE.add(value) : Rational.ONE.add(value.abs().inverse());
  }
}

/** decimalOddsOf on a price string. */
export function toDecimalOdds(price: string, format: OddsFormat): Rational {
  return decimalOddsOf(parseOdds(price, format), format);
}

/**
 * The exact price in `format` for decimal odds D (rules.md 1.1 "from decimal"). Boundaries as in 1.1:
 * MY is positive up to and including D = 2 (so D = 2 is +1.00), ID is positive from D = 2 (so D = 2 is +1.00).
 */
export function fromDecimalOdds(decimalOdds: Rational, format: OddsFormat): Rational {
  assert(decimalOdds.gt(Rational.ONE), 'decimal odds must be greater than 1');
  const profit = decimalOdds.sub(Rational.ONE);
  const two = Rational.int(2);
  switch (format) {
    case 'DEC':
      return decimalOdds;
    case 'HK':
      return profit;
    case 'MY':
      return decimalOdds.lte(two) ? profit : profit.inverse().neg();
    case 'ID':
      return decimalOdds.gte(two) ? profit : profit.inverse().neg();
  }
}

/**
 * Converts a price between formats with exact arithmetic, rounding once, half away from zero, to `decimals`
 * places: convertOdds('2.50', 'DEC', 'MY', 2) === '-0.67'.
 */
export function convertOdds(price: string, from: OddsFormat, to: OddsFormat, decimals: number): string {
  return fromDecimalOdds(toDecimalOdds(price, from), to).toFixed(decimals);
}

/** A valid price shown with the book's precision: formatOdds('-0.9', 'MY') === '-0.90'. */
export function formatOdds(
  price: string,
  format: OddsFormat,
  decimals: number = DEFAULT_ODDS_DECIMALS,
): string {
  return parseOdds(price, format).toFixed(decimals);
}

/**
 * A price quoted in one format, shown in the member's chosen odds type, e.g. a DEC feed price shown in MY.
 * Converting for display only: settlement always uses the price the bet was struck at (rules.md 1.5).
 */
export function displayOdds(
  price: string,
  quotedIn: OddsFormat,
  shownIn: OddsFormat,
  decimals: number = DEFAULT_ODDS_DECIMALS,
): string {
  return convertOdds(price, quotedIn, shownIn, decimals);
}

/** Negative MY/ID prices are shown in red. */
export function isNegativeOdds(price: string, format: OddsFormat): boolean {
  return parseOdds(price, format).sign() < 0;
}

/**
 * Which price pays the bettor more: compared on exact decimal odds, so "better" is right for negative MY/ID too
 * (MY -0.80 = 2.25 beats MY -0.90 = 2.11; MY -0.90 beats MY +0.90 = 1.90). Returns 1 when `a` is better.
 */
export function compareOdds(a: string, b: string, format: OddsFormat): -1 | 0 | 1 {
  return toDecimalOdds(a, format).cmp(toDecimalOdds(b, format));
}
