import {
  convertOdds,
  formatMyanmarLine,
  myanmarOddsChangeDecision,
  parseMyanmarLine,
  type MyanmarLine,
  type MyanmarSide,
} from '@sb/domain';
import type { MmoPick } from '@sb/contract';
import { AppError } from '../../lib/app-error';
import type { MarketView, MatchView } from '../catalog/events';
import type { MarketSnapshot } from '../catalog/snapshot';
import { myanmarView } from '../markets/format';
import { resolveMarket } from './pricing';

export interface ResolvedMyanmarPick {
  match: MatchView;
  market: MarketView;
  selection: string;
  side: MyanmarSide;
  /** 'h' or 'a' (handicap) or 'o' (goals): whose line the percentage is written for. */
  favourite: string;
  current: MyanmarLine;
}

/** A Myanmar pick against the snapshot: handicap or goals markets only, with the line as the books show it now. */
export function resolveMyanmarPick(
  snapshot: MarketSnapshot,
  pick: { market_id: number; selection: string },
): ResolvedMyanmarPick {
  const { market, match } = resolveMarket(snapshot, pick.market_id);
  if (market.kind !== 'hdp' && market.kind !== 'ou') throw new AppError('invalidBetType');
  const sides = market.kind === 'hdp' ? ['h', 'a'] : ['o', 'u'];
  if (!sides.includes(pick.selection)) throw new AppError('invalidBetTeam', { field: 'selection' });
  const view = myanmarView(market, (decimal) => convertOdds(decimal, 'DEC', 'MY', 2));
  if (!view) throw new AppError('oddsIsUpdating');
  const [ball, percent, favourite] = view;
  const side: MyanmarSide = pick.selection === favourite ? 'favourite' : 'underdog';
  return { match, market, selection: pick.selection, side, favourite, current: { ball, percent } };
}

/** The line the member saw against the current one, under their accept-odds settings. */
export function strikeMyanmar(
  pick: ResolvedMyanmarPick,
  offered: MmoPick['line'],
  policy: { acceptBetterOdds: boolean; acceptAnyOdds: boolean },
): string {
  let line: MyanmarLine;
  try {
    line = parseMyanmarLine(offered);
  } catch {
    throw new AppError('invalidOddsBall', { field: 'line' });
  }
  const decision = myanmarOddsChangeDecision({
    ...policy,
    side: pick.side,
    offered: line,
    current: pick.current,
  });
  if (decision.action === 'reconfirm') {
    throw new AppError('oddsChanged', {
      extra: { market_id: pick.market.id, selection: pick.selection, line: formatMyanmarLine(pick.current) },
    });
  }
  return formatMyanmarLine(pick.current);
}
