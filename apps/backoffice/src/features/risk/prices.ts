import { MARKET_KINDS, type CallRequest } from '@sb/contract';
import type { BoLiabilityMarket } from '@sb/contract';

type MarketKind = (typeof MARKET_KINDS)[number];
const PERIODS = ['ft', '1h', '2h'] as const;

/**
 * The price override of one market from the desk's inputs (selection -> decimal price): only the filled ones,
 * each as the contract takes odds (up to 5 digits and 3 decimals). Null when nothing valid is filled or the
 * market is not one the trading calls know.
 */
export function priceChange(
  matchId: number,
  market: Pick<BoLiabilityMarket, 'kind' | 'period' | 'line'>,
  inputs: Record<string, string>,
): CallRequest<'trade_price'> | null {
  if (!(MARKET_KINDS as readonly string[]).includes(market.kind)) return null;
  const period = (PERIODS as readonly string[]).includes(market.period)
    ? (market.period as (typeof PERIODS)[number])
    : null;
  if (!period) return null;
  const prices: Record<string, string> = {};
  for (const [selection, value] of Object.entries(inputs)) {
    const text = value.trim();
    if (!text) continue;
    if (!/^\d{1,5}(\.\d{1,3})?$/.test(text)) return null;
    prices[selection] = text;
  }
  if (Object.keys(prices).length === 0) return null;
  return {
    match_id: matchId,
    kind: market.kind as MarketKind,
    period,
    line: market.line === null ? '' : String(market.line),
    prices,
  };
}
