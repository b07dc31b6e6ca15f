import { useQuery } from '@tanstack/react-query';
import type { RaceView } from '@sb/contract';
import { call } from '../../shared/api/client';
import { sessionBody, useSession } from '../../shared/session/store';
import type { SlipPick } from './betslip';

export type { RaceView };
export type RaceMarketKind = 'gh_win' | 'gh_place' | 'gh_fc' | 'gh_tc';

/** The race card: refreshed every few seconds (races run every few minutes and close before the off). */
export function useRaceCard() {
  const loggedIn = useSession((state) => state.account !== null);
  return useQuery({
    queryKey: ['account', 'racing', 'card'],
    queryFn: ({ signal }) => call('racecard', sessionBody(), { signal }),
    enabled: loggedIn,
    refetchInterval: 5_000,
  });
}

/** The market a selection is priced in: tricasts have one market per leader (line = the runner first). */
export function raceMarketOf(race: RaceView, kind: RaceMarketKind, selection: string) {
  const line = kind === 'gh_tc' ? (selection.split('-')[0] ?? '') : '';
  return race.markets.find((market) => market.kind === kind && market.line === line);
}

/** A race's selection as a slip pick (decimal prices: race markets are not two-way), or null when not offered. */
export function racePick(
  race: RaceView,
  kind: RaceMarketKind,
  selection: string,
  raceName: string,
): SlipPick | null {
  const market = raceMarketOf(race, kind, selection);
  const odds = market?.prices[selection];
  if (!market || !odds || race.match_id === null) return null;
  const names = selection
    .split('-')
    .map((n) => race.runners.find((r) => String(r.number) === n))
    .map((r) => (r ? `${String(r.number)}. ${r.name}` : '?'));
  return {
    marketId: market.market_id,
    matchId: race.match_id,
    selection,
    odds,
    format: 'DEC',
    kind,
    period: 'ft',
    line: '',
    home: raceName,
    away: names.join(' → '),
  };
}

/**
 * Where each runner ends in the race view: the finishing order as a lane's share of the track. The winner
 * reaches the post, each place behind it a stride shorter, so the animation ends on the drawn order.
 */
export function finishingShares(finish: readonly number[]): Map<number, number> {
  const shares = new Map<number, number>();
  finish.forEach((runner, place) => shares.set(runner, 1 - place * 0.06));
  return shares;
}
