import { useQuery } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import type { CallName } from '../../shared/api/calls';
import { pick, rowsOf } from '../../shared/api/rows';
import { sessionBody, useSession } from '../../shared/session/store';

/** A bet as the lists show it (spec section 3: stake, odds, payout, status, ref_no, bet_id, trans_time...). */
export interface Bet {
  id: string;
  refNo: string;
  time: string;
  sport: string;
  league: string;
  event: string;
  choice: string;
  betType: string;
  odds: string;
  stake: string;
  payout: string;
  winLoss: string;
  status: string;
}

/** Legs of a bet row, when the server sends them (a single's match details live on its one leg). */
const legsOf = (row: object): object[] => {
  const legs = (row as { legs?: unknown }).legs;
  return Array.isArray(legs)
    ? legs.filter((leg): leg is object => typeof leg === 'object' && leg !== null)
    : [];
};

export const toBet = (row: object, index: number): Bet => {
  const legs = legsOf(row);
  const single = legs.length === 1 ? legs[0] : undefined;
  const source = single ?? row;
  const home = pick(source, 'home', 'home_name', 'home_team');
  const away = pick(source, 'away', 'away_name', 'away_team');
  const parlayEvent = legs.map((leg) => `${pick(leg, 'home')} – ${pick(leg, 'away')}`).join(' / ');
  return {
    id: pick(row, 'bet_id', 'id') || String(index),
    refNo: pick(row, 'ref_no', 'refno', 'bet_id'),
    time: pick(row, 'trans_time', 'transaction_time', 'bet_time', 'created_at'),
    sport: pick(source, 'sports_name', 'sport_name', 'sports_type'),
    league: pick(source, 'league_name', 'league'),
    event: home && away ? `${home} – ${away}` : parlayEvent || pick(row, 'match', 'event', 'match_name'),
    choice: pick(source, 'choice', 'selection', 'bet_team'),
    betType: pick(row, 'bet_type', 'bettype', 'type'),
    odds: pick(row, 'odds', 'price'),
    stake: pick(row, 'stake', 'bet_amount', 'amount'),
    payout: pick(row, 'payout', 'max_payout', 'est_payout'),
    winLoss: pick(row, 'win_loss', 'winlose', 'settled_amount'),
    status: pick(row, 'status', 'bet_status'),
  };
};

export const useLoggedIn = () => useSession((state) => state.account !== null);

/** A list call with the session plus filters, mapped row by row. */
export function useListCall<T>(
  call: CallName,
  params: Record<string, string | number>,
  map: (row: object, index: number) => T,
) {
  return useQuery({
    queryKey: ['account', call, params],
    queryFn: async () => rowsOf<object>(await post(call, { ...sessionBody(), ...params })).map(map),
    enabled: useLoggedIn(),
  });
}

/** Translation key for a bet status as the server names it (accepted, running, won half...). */
export function statusKey(status: string): string | null {
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+(\w)/g, (_, letter: string) => letter.toUpperCase());
  return key in STATUS_KEYS ? key : null;
}

export const STATUS_KEYS = {
  accepted: 1,
  running: 1,
  waiting: 1,
  pending: 1,
  void: 1,
  rejected: 1,
  won: 1,
  wonHalf: 1,
  lost: 1,
  loseHalf: 1,
  draw: 1,
  refund: 1,
  abandoned: 1,
} as const;
