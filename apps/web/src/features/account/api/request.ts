import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallReply, CallRequest } from '@sb/contract';
import { call, type TypedCall } from '../../../shared/api/client';
import { sessionBody, useSession } from '../../../shared/session/store';

export const useLoggedIn = () => useSession((state) => state.account !== null);

/** Rows per page of the account lists (the server allows 1 to 200, default 50). */
export const PAGE_SIZE = 50;

export type { DayRange } from '../../../shared/ui/DateRange';

/**
 * One account call with the session and its parameters; `select` maps the typed reply. Keyed under
 * ['account'], so the member's bet and balance pushes (which invalidate ['account']) refresh it; the
 * previous page stays on screen while the next one loads (no layout jump).
 */
export function useAccountCall<N extends TypedCall, T>(
  name: N,
  params: Omit<CallRequest<N>, 'account_id' | 'session_token'>,
  select: (reply: CallReply<N>) => T,
  options: { enabled?: boolean } = {},
) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: ['account', name, params],
    queryFn: ({ signal }): Promise<CallReply<N>> =>
      call(name, { ...sessionBody(), ...params } as CallRequest<N>, { signal }),
    select,
    enabled: loggedIn && options.enabled !== false,
    placeholderData: keepPreviousData,
  });
}
