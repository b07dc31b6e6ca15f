import type { CallRequest } from '@sb/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type TypedCall } from '../../shared/api/client';
import { refreshBalance } from '../../shared/session/balance';
import { sessionBody, useSession } from '../../shared/session/store';

/** The spec's lobby refresh interval for tournaments (section 9: 60 s); room pushes refresh sooner. */
const REFRESH_MS = 60_000;

export type TypeFilter = 'T0' | 'T1' | 'T2' | 'T3';
export type StatusFilter = 'A' | '0' | '1' | '2' | '3' | '4' | '10';

const useLoggedIn = () => useSession((state) => state.account !== null);

/** A call's body without the session (added here). */
type Params<N extends TypedCall> = Omit<CallRequest<N>, 'account_id' | 'session_token'>;

function useRoomCall<N extends TypedCall>(name: N, params: Params<N>, enabled = true) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['tournament', name, params],
    queryFn: ({ signal }) => call(name, { ...sessionBody(), ...params } as CallRequest<N>, { signal }),
    enabled: loggedIn && enabled,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export const useRooms = (filter: {
  type_filter: TypeFilter;
  status: StatusFilter;
  search: string;
  mine: boolean;
}) => useRoomCall('roomlist', { ...filter, page_size: 50 });

export const useRoomInfo = (roomid: number) => useRoomCall('roominfo', { roomid });
export const useRoomRank = (roomid: number) => useRoomCall('roomrank', { roomid });
export const useMyPicks = (roomid: number) => useRoomCall('memberbetlist', { roomid });
export const useLeagues = () => useRoomCall('roomleaguelist', {});
export const useLeagueMatches = (leagueId: number | null) =>
  useRoomCall('roommatchlist', { league_id: leagueId ?? 0 }, leagueId !== null);
export const useFinishedRooms = () => useRoomCall('gameresult', { page_size: 50 });

/** A room write (create, picks, join): refreshes every tournament query and the balance after it. */
export function useRoomWrite<N extends 'roomcreate' | 'roomjoin' | 'roombet' | 'roombetplus'>(name: N) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: Params<N>) => call(name, { ...sessionBody(), ...params } as CallRequest<N>),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['tournament'] });
      void refreshBalance();
    },
  });
}
