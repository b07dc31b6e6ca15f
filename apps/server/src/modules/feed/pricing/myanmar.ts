import { malayFromDecimal, malayHundredths, parseCents, parseLine } from './price-format';
import type { Market, Period } from './types';

/**
 * Myanmar ("body") prices derived from an Asian handicap line and its Malay price, rules.md 4.5 (MM-GO), for
 * handicap and, by the same rule, for goals (4.6). The result is a ball (whole goals the favourite gives) and a
 * signed whole percentage from the favourite's side; the underdog reads the same line with the sign swapped.
 */
export interface MyanmarPrice {
  readonly ball: number;
  /** Signed whole percent, favourite's view: -10 means "1-10". */
  readonly percent: number;
}

export interface MyanmarHandicap extends MyanmarPrice {
  readonly favourite: 'home' | 'away';
}

/** Halves of a percent to a whole percent, half away from zero, so both sides mirror exactly. */
function roundHalfPercents(halfPercents: number): number {
  const whole = Math.floor((Math.abs(halfPercents) + 1) / 2);
  return halfPercents < 0 ? -whole : whole;
}

/**
 * The 4.5 rule with base = 1 - |M|, computed in half-percent units so .25/.75 lines (M/2) stay exact:
 * .00 -> -base (M > 0) or +base; .25 -> -M/2 - base or M/2 + base; .50 -> ball + 1 and M - base, or M + base;
 * .75 -> ball + 1 and M/2 - base, or -M/2 + base. `malay` is the favourite's Malay price ('0.90', '-0.85').
 */
export function myanmarFromMalay(absLine: string, malay: string): MyanmarPrice {
  const line = Math.abs(parseLine(absLine));
  const m = malayHundredths(malay);
  if (m === 0 || Math.abs(m) > 100) throw new RangeError(`Malay price out of range: ${malay}`);
  const quarters = Math.round(line * 4);
  let ball = Math.floor(quarters / 4);
  const base = 100 - Math.abs(m);
  let half: number; // price in half-percent units
  switch (quarters % 4) {
    case 0:
      half = m > 0 ? -2 * base : 2 * base;
      break;
    case 1:
      half = m > 0 ? -m - 2 * base : m + 2 * base;
      break;
    case 2:
      if (m > 0) ball += 1;
      half = m > 0 ? 2 * (m - base) : 2 * (m + base);
      break;
    default:
      ball += 1;
      half = m > 0 ? m - 2 * base : -m + 2 * base;
  }
  return { ball, percent: roundHalfPercents(half) + 0 };
}

/**
 * Myanmar handicap from the AH market: `line` is the home team's handicap, prices decimal. The favourite is
 * the side giving goals; on a level line, the side with the shorter price (home when equal). Which side's Malay
 * price MM-GO expects is not documented (rules.md 4.5): this platform uses the favourite's.
 */
export function myanmarFromHandicap(line: string, homePrice: string, awayPrice: string): MyanmarHandicap {
  const h = parseLine(line);
  const favourite: 'home' | 'away' =
    h < 0 ? 'home' : h > 0 ? 'away' : parseCents(homePrice) <= parseCents(awayPrice) ? 'home' : 'away';
  const price = favourite === 'home' ? homePrice : awayPrice;
  return { ...myanmarFromMalay(String(Math.abs(h)), malayFromDecimal(price)), favourite };
}

/**
 * Myanmar goals (over/under) by the same rule, Over taking the favourite's place (rules.md 4.6, inferred):
 * ball and percent are read from the Over side.
 */
export function myanmarFromTotal(line: string, overPrice: string): MyanmarPrice {
  return myanmarFromMalay(line, malayFromDecimal(overPrice));
}

/** Display form: '1+50', '=-30', '2D' (exact refund), 'D' for level ball at 0. */
export function formatMyanmar(p: MyanmarPrice): string {
  const ball = p.ball === 0 ? '=' : String(p.ball);
  if (p.percent === 0) return p.ball === 0 ? 'D' : `${ball}D`;
  return `${ball}${p.percent > 0 ? '+' : '-'}${Math.abs(p.percent)}`;
}

function mainPrices(markets: readonly Market[], kind: 'hdp' | 'ou', period: Period) {
  const m = markets.find((x) => x.kind === kind && x.period === period && x.main && x.line !== null);
  const [first, second] = m?.selections ?? [];
  if (!m || m.line === null || !first?.price || !second?.price) return null;
  return { line: m.line, first: first.price, second: second.price };
}

/**
 * Myanmar handicap and goals for a priced book, from its main handicap and main total lines (rules.md 0.7:
 * Myanmar prices are derived from the AH market). Null where the book has no such line.
 */
export function myanmarFromMarkets(
  markets: readonly Market[],
  period: Period = 'ft',
): { readonly handicap: MyanmarHandicap | null; readonly goals: MyanmarPrice | null } {
  const hdp = mainPrices(markets, 'hdp', period);
  const ou = mainPrices(markets, 'ou', period);
  return {
    handicap: hdp ? myanmarFromHandicap(hdp.line, hdp.first, hdp.second) : null,
    goals: ou ? myanmarFromTotal(ou.line, ou.first) : null,
  };
}
