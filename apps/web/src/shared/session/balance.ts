import { useQuery } from '@tanstack/react-query';
import type { BalanceReply } from '@sb/contract';
import { ApiError, isApiError, post } from '../api/client';
import { queryClient } from '../api/queryClient';
import { config } from '../config';
import { refreshProfile } from './profile';
import { usePushStatus } from './pushStatus';
import { useSession, type Account } from './store';

export type Balance = Pick<BalanceReply, 'balance' | 'account_balance' | 'outstanding_balance'>;

export const balanceKey = (accountId: string) => ['balance', accountId] as const;

let inflight: Promise<Balance> | null = null;

/**
 * The balance call. The server refuses parallel balance calls (requestPending), so a call in flight is
 * shared by everyone who asks: a push, a focus refetch and a click never make two calls at once.
 * Operator type 2 (virtual operators) uses vuserbalance.
 */
export function fetchBalance(): Promise<Balance> {
  if (inflight) return inflight;
  const info = useSession.getState().account?.info;
  if (!info) return Promise.reject(new ApiError('session_not_exists'));
  const call = info.operator_type === 2 ? 'vuserbalance' : 'userbalance';
  inflight = post<BalanceReply>(call, {
    account_id: info.account_id,
    session_token: info.session_token,
    parent_id: info.parent_id,
  })
    .then((reply) => {
      if (reply.retrieve_profile) void refreshProfile();
      return {
        balance: reply.balance,
        account_balance: reply.account_balance,
        outstanding_balance: reply.outstanding_balance,
      };
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

const fromWallet = (account: Account): Balance => ({
  balance: account.wallet.available_balance,
  account_balance: account.wallet.cash_balance,
  outstanding_balance: account.wallet.frozen_balance,
});

/** The header balance: pushed when the socket is up, polled slowly when it is not. */
export function useBalance() {
  const account = useSession((state) => state.account);
  const pushConnected = usePushStatus((state) => state.connected);
  const accountId = account?.info.account_id ?? '';
  return useQuery({
    queryKey: balanceKey(accountId),
    queryFn: async () => {
      try {
        return await fetchBalance();
      } catch (error) {
        // Another tab's call was in flight: keep what we show.
        const previous = queryClient.getQueryData<Balance>(balanceKey(accountId));
        if (isApiError(error) && error.code === 'requestPending' && previous) return previous;
        throw error;
      }
    },
    enabled: account !== null,
    placeholderData: account ? fromWallet(account) : undefined,
    staleTime: 10_000,
    refetchOnWindowFocus: true,
    refetchInterval: pushConnected ? false : config.balancePollMs,
  });
}

/** Ask for a fresh balance (shares a call in flight). */
export const refreshBalance = (): Promise<void> =>
  queryClient.refetchQueries({ queryKey: ['balance'] }, { cancelRefetch: false });
