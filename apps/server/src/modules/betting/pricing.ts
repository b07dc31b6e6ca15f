import {
  checkOdds,
  drawPriceKey,
  convertOdds,
  oddsChangeDecision,
  oddsFormatOfCode,
  priceFormatOf,
  type OddsFormat,
} from '@sb/domain';
import { AppError } from '../../lib/app-error';
import type { MarketView, MatchView } from '../catalog/events';
import type { MarketSnapshot } from '../catalog/snapshot';

export interface ResolvedPick {
  match: MatchView;
  market: MarketView;
  selection: string;
  /** The format this pick is struck in. */
  format: OddsFormat;
  /** The price now, in that format (what the member is shown). */
  current: string;
  /** The stored decimal price now. */
  decimal: string;
}

/**
 * A pick against this process's snapshot, with the spec's codes in a fixed order: unknown market (340),
 * match gone (318), finished (308), suspended match (311), suspended market (odds updating), unknown side (313),
 * and the price the member sent checked for its format.
 */
export function resolvePick(
  snapshot: MarketSnapshot,
  pick: { market_id: number; selection: string; odds: string },
  oddsType: string,
): ResolvedPick {
  const { market, match } = resolveMarket(snapshot, pick.market_id);
  // A keno pick is priced by its count of numbers; every other selection by itself.
  const key = drawPriceKey(market.kind, pick.selection);
  const decimal = key === null ? undefined : market.prices[key];
  if (decimal === undefined) throw new AppError('invalidBetTeam', { field: 'selection' });
  // Two-way markets are priced in the member's odds type; the others always decimal (as the lists show them).
  const format: OddsFormat = priceFormatOf(market.kind, oddsFormatOfCode(oddsType) ?? 'MY');
  if (!checkOdds(pick.odds, format).ok) throw new AppError('invalidOdds', { field: 'odds' });
  const current =
    format === 'DEC' ? convertOdds(decimal, 'DEC', 'DEC', 2) : convertOdds(decimal, 'DEC', format, 2);
  return { match, market, selection: pick.selection, format, current, decimal };
}

/** The market and its match, open for betting, or the spec's code for why not (in this order). */
export function resolveMarket(
  snapshot: MarketSnapshot,
  marketId: number,
): { market: MarketView; match: MatchView } {
  const market = snapshot.marketById(marketId);
  if (!market) throw new AppError('invalidBet', { field: 'market_id' });
  const match = snapshot.matches.get(market.matchId);
  if (!match) throw new AppError('matchHide');
  if (match.state === 1 || match.state === 2) throw new AppError('matchNotActive');
  if (match.state === 5) throw new AppError('matchNotAllowBet');
  if (market.status !== 'open') throw new AppError('oddsIsUpdating');
  return { market, match };
}

/**
 * The member's price against the current one: unchanged, or changed and accepted by their settings (the bet is
 * then struck at the current price), or refused with the new price for re-confirmation.
 */
export function strikePrice(
  pick: ResolvedPick,
  offered: string,
  policy: { acceptBetterOdds: boolean; acceptAnyOdds: boolean },
): string {
  const decision = oddsChangeDecision({ ...policy, format: pick.format, offered, current: pick.current });
  if (decision.action === 'reconfirm') {
    throw new AppError('oddsChanged', {
      extra: { market_id: pick.market.id, selection: pick.selection, odds: pick.current },
    });
  }
  return pick.current;
}
