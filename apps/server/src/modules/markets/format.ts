import { convertOdds, myanmarFromAsianHandicap, oddsFormatOfCode, TWO_WAY_KINDS } from '@sb/domain';
import { orderedSelections, type MarketView } from '../catalog/events';

/**
 * Converts stored decimal prices for display, memoised: the same few hundred distinct prices recur across
 * thousands of markets, and the exact conversion is not free.
 */
export class PriceFormatter {
  private readonly cache = new Map<string, string>();
  private static readonly MAX_CACHE = 50_000;

  price(decimal: string, oddsType: string): string {
    const format = oddsFormatOfCode(oddsType);
    if (!format || format === 'DEC') return decimal;
    const key = `${decimal}|${format}`;
    let converted = this.cache.get(key);
    if (converted === undefined) {
      converted = convertOdds(decimal, 'DEC', format, 2);
      if (this.cache.size >= PriceFormatter.MAX_CACHE) this.cache.clear();
      this.cache.set(key, converted);
    }
    return converted;
  }

  /** One odds tuple: [marketId, matchId, kind, period, line, open, main, key, price, ...]. */
  row(market: MarketView, oddsType: string): (string | number)[] {
    const head: (string | number)[] = [
      market.id,
      market.matchId,
      market.kind,
      market.period,
      market.line,
      market.status === 'open' ? 1 : 0,
      market.isMain ? 1 : 0,
    ];
    if (oddsType === '5' && (market.kind === 'hdp' || market.kind === 'ou')) {
      const myanmar = this.myanmar(market);
      if (myanmar) return [...head, 'mm', ...myanmar];
    }
    const display = oddsType === '5' ? '1' : oddsType;
    for (const [key, price] of orderedSelections(market.kind, market.prices)) {
      head.push(key, TWO_WAY_KINDS.has(market.kind) ? this.price(price, display) : price);
    }
    return head;
  }

  /** Myanmar view of a handicap or goals market (see myanmarView). */
  myanmar(market: MarketView): [number, number, string] | null {
    return myanmarView(market, (decimal) => this.price(decimal, '1'));
  }
}

/** Compares two decimal strings exactly (no floats): negative when a < b. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Myanmar view of a handicap or goals market (rules.md 4.5/4.6): ball and signed percentage for the favourite
 * (handicap: the side giving goals, or the shorter price on a level line; goals: over), or null when the
 * market has no Myanmar price.
 */
export function myanmarView(
  market: MarketView,
  toMalay: (decimal: string) => string,
): [number, number, string] | null {
  try {
    if (market.kind === 'ou') {
      const over = market.prices.o;
      if (!over) return null;
      const { line } = myanmarFromAsianHandicap(market.line, toMalay(over));
      return [line.ball, line.percent, 'o'];
    }
    if (market.kind !== 'hdp') return null;
    const home = market.prices.h;
    const away = market.prices.a;
    if (!home || !away) return null;
    const level = /^-?0(\.0+)?$/.test(market.line);
    const favourite = level
      ? compareDecimal(home, away) <= 0
        ? 'h'
        : 'a'
      : market.line.startsWith('-')
        ? 'h'
        : 'a';
    const price = favourite === 'h' ? home : away;
    const { line } = myanmarFromAsianHandicap(market.line.replace('-', ''), toMalay(price));
    return [line.ball, line.percent, favourite];
  } catch {
    return null;
  }
}
