import type { FeedEvent, MarketKind } from '../../catalog/events';
import type { Market } from '../pricing';

/** Pricing keys are descriptive ('home', 'over', 'X'); the catalogue's are the books' short codes. */
const KEY_MAP: Record<string, string> = {
  home: 'h',
  away: 'a',
  over: 'o',
  under: 'u',
  odd: 'o',
  even: 'e',
  draw: 'x',
};

export function catalogueKey(kind: MarketKind, key: string): string {
  if (kind === 'outright') return key;
  return KEY_MAP[key] ?? key.toLowerCase();
}

/** A priced market as a catalogue 'market' event; null when fewer than two selections carry a price. */
export function marketEvent(matchKey: string, market: Market): Extract<FeedEvent, { type: 'market' }> | null {
  const kind = market.kind as MarketKind;
  const prices: Record<string, string> = {};
  let priced = 0;
  for (const selection of market.selections) {
    if (selection.price === null) continue;
    prices[catalogueKey(kind, selection.key)] = selection.price;
    priced += 1;
  }
  if (priced < 2) return null;
  return {
    type: 'market',
    key: matchKey,
    kind,
    period: market.period,
    line: market.line ?? '',
    prices,
    status: 'open',
    isMain: market.main,
  };
}

/** Identity of a market within its match, for diffing what is offered now against what was offered. */
export const marketId = (m: { kind: string; period: string; line: string }) =>
  `${m.kind}|${m.period}|${m.line}`;
