import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { MemberProfile, PlayerInfo, PlayerWallet, ShortBetLimit } from '@sb/contract';
import { storageKey } from '../storage';

/** The logged-in member: the first elements of the login reply's one-element lists. */
export interface Account {
  info: PlayerInfo;
  wallet: PlayerWallet;
  limits: ShortBetLimit[];
}

export interface SessionState {
  account: Account | null;
  /** SUSPEND or a suspended state: logged in, can look, cannot bet. */
  viewOnly: boolean;
  /** Why the session ended during this visit ('logout' or a session-invalid code); not persisted. */
  endReason: string | null;
  /** A call could not reach the server (requestFailed); cleared by the next answered call. */
  connectionFailed: boolean;
  signIn: (profile: MemberProfile) => void;
  updateProfile: (profile: MemberProfile) => void;
  patchInfo: (patch: Partial<PlayerInfo>) => void;
  setViewOnly: (viewOnly: boolean) => void;
  setConnectionFailed: (failed: boolean) => void;
  endSession: (reason: string) => void;
}

/** A login reply is only a success with the full profile (spec section 7). */
export const accountFromProfile = (profile: MemberProfile | undefined): Account | null => {
  const info = profile?.player_info?.[0];
  const wallet = profile?.player_wallet?.[0];
  if (!info || !wallet || !info.account_id || !info.session_token) return null;
  return { info, wallet, limits: Array.isArray(profile.player_bet_limit) ? profile.player_bet_limit : [] };
};

const isViewOnly = (info: PlayerInfo): boolean => info.view_only === true || info.state === 'suspended';

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      account: null,
      viewOnly: false,
      endReason: null,
      connectionFailed: false,
      signIn: (profile) => {
        const account = accountFromProfile(profile);
        if (account) set({ account, viewOnly: isViewOnly(account.info), endReason: null });
      },
      updateProfile: (profile) => {
        const account = accountFromProfile(profile);
        if (account) set((state) => ({ account, viewOnly: state.viewOnly || isViewOnly(account.info) }));
      },
      patchInfo: (patch) =>
        set((state) =>
          state.account ? { account: { ...state.account, info: { ...state.account.info, ...patch } } } : {},
        ),
      setViewOnly: (viewOnly) => set({ viewOnly }),
      setConnectionFailed: (connectionFailed) => set({ connectionFailed }),
      endSession: (reason) => set({ account: null, viewOnly: false, endReason: reason }),
    }),
    {
      name: storageKey('account'),
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ account: state.account, viewOnly: state.viewOnly }),
      version: 1,
    },
  ),
);

/** Credentials every member call carries. */
export const sessionBody = (): { account_id: string; session_token: string } => {
  const info = useSession.getState().account?.info;
  return { account_id: info?.account_id ?? '', session_token: info?.session_token ?? '' };
};
