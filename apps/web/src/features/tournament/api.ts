import type { RoomInfoView, RoomPickView, RoomRankRow, RoomView } from '@sb/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '../../shared/api/client';
import type { CallName } from '../../shared/api/calls';
import { refreshBalance } from '../../shared/session/balance';
import { sessionBody, useSession } from '../../shared/session/store';

/** The spec's lobby refresh interval for tournaments (section 9: 60 s); room pushes refresh sooner. */
const REFRESH_MS = 60_000;

export type TypeFilter = 'T0' | 'T1' | 'T2' | 'T3';
export type StatusFilter = 'A' | '0' | '1' | '2' | '3' | '4' | '10';

const useLoggedIn = () => useSession((state) => state.account !== null);

function useRoomCall<R extends object>(call: CallName, params: object, enabled = true) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['tournament', call, params],
    queryFn: ({ signal }) => post<R>(call, { ...sessionBody(), ...params }, { signal }),
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
}) => useRoomCall<{ rooms: RoomView[]; total_rows: number }>('roomlist', { ...filter, page_size: 50 });

export const useRoomInfo = (roomid: number) => useRoomCall<{ room: RoomInfoView }>('roominfo', { roomid });
export const useRoomRank = (roomid: number) =>
  useRoomCall<{ ranks: RoomRankRow[]; final: boolean }>('roomrank', { roomid });
export const useMyPicks = (roomid: number) =>
  useRoomCall<{ picks: RoomPickView[] }>('memberbetlist', { roomid });
export const useLeagues = () =>
  useRoomCall<{ leagues: { league_id: number; name: string; matches: number }[] }>('roomleaguelist', {});
export const useLeagueMatches = (leagueId: number | null) =>
  useRoomCall<{ matches: RoomInfoView['matches'] }>(
    'roommatchlist',
    { league_id: leagueId ?? 0 },
    leagueId !== null,
  );
export const useFinishedRooms = () =>
  useRoomCall<{
    rooms: {
      roomid: number;
      rank: number | null;
      prize: string;
      points: string;
      status: string;
      refund: string;
      currency: string;
    }[];
  }>('gameresult', { page_size: 50 });

/** A room write (create, picks, join): refreshes every tournament query and the balance after it. */
export function useRoomWrite<R extends object>(call: CallName) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: object) => post<R>(call, { ...sessionBody(), ...params }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['tournament'] });
      void refreshBalance();
    },
  });
}
