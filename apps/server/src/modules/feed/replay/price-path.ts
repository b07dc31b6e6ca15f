import type { HandicapPrices, MarketPrices, ThreeWayPrices, TotalPrices } from './football-data';

/**
 * Pre-match prices moving from the opening to the closing columns. Prices move linearly; the ends are the
 * file's exact strings. A handicap whose line changed (AHh != AHCh) cannot move linearly across lines: it keeps
 * the opening line for the first half of the path and switches to the closing line for the second.
 */

/** Linear interpolation of two decimal strings, to the nearest cent, never below 1.01. */
export function lerpPrice(from: string, to: string, t: number): string {
  if (t <= 0) return from;
  if (t >= 1) return to;
  const cents = Math.round((Number(from) + (Number(to) - Number(from)) * t) * 100);
  const c = Math.max(101, cents);
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
}

function threeWay(a: ThreeWayPrices | null, b: ThreeWayPrices | null, t: number): ThreeWayPrices | null {
  if (!a || !b) return a ?? b;
  const end = t < 0.5 ? a : b;
  return {
    home: lerpPrice(a.home, b.home, t),
    draw: lerpPrice(a.draw, b.draw, t),
    away: lerpPrice(a.away, b.away, t),
    source: end.source,
  };
}

function handicap(a: HandicapPrices | null, b: HandicapPrices | null, t: number): HandicapPrices | null {
  if (!a || !b) return a ?? b;
  if (a.line !== b.line) return t < 0.5 ? a : b;
  return {
    line: a.line,
    home: lerpPrice(a.home, b.home, t),
    away: lerpPrice(a.away, b.away, t),
    source: (t < 0.5 ? a : b).source,
  };
}

function total(a: TotalPrices | null, b: TotalPrices | null, t: number): TotalPrices | null {
  if (!a || !b) return a ?? b;
  return {
    line: a.line,
    over: lerpPrice(a.over, b.over, t),
    under: lerpPrice(a.under, b.under, t),
    source: (t < 0.5 ? a : b).source,
  };
}

/** Prices at fraction t of the way from opening (0) to closing (1). */
export function pricesAt(opening: MarketPrices, closing: MarketPrices, t: number): MarketPrices {
  return {
    oneXTwo: threeWay(opening.oneXTwo, closing.oneXTwo, t),
    handicap: handicap(opening.handicap, closing.handicap, t),
    total: total(opening.total, closing.total, t),
  };
}
