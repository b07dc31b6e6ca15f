import type { AccountLevel } from '@sb/contract';
import { create } from 'zustand';

/** The back office's own session (never the member app's): kept for the browser tab only. */
export interface BoSession {
  token: string | null;
  accountId: string | null;
  level: AccountLevel | null;
  signIn: (session: { token: string; account_id: string; level: AccountLevel }) => void;
  signOut: () => void;
}

const KEY = 'sb_bo_session';

function restored(): Pick<BoSession, 'token' | 'accountId' | 'level'> {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw) {
      const kept = JSON.parse(raw) as { token?: string; accountId?: string; level?: AccountLevel };
      if (kept.token && kept.accountId && kept.level)
        return { token: kept.token, accountId: kept.accountId, level: kept.level };
    }
  } catch {
    // storage unavailable or corrupt: start signed out
  }
  return { token: null, accountId: null, level: null };
}

export const useSession = create<BoSession>((set) => ({
  ...restored(),
  signIn: ({ token, account_id, level }) => {
    sessionStorage.setItem(KEY, JSON.stringify({ token, accountId: account_id, level }));
    set({ token, accountId: account_id, level });
  },
  signOut: () => {
    sessionStorage.removeItem(KEY);
    set({ token: null, accountId: null, level: null });
  },
}));

export const isOperator = (level: AccountLevel | null): boolean => level === 'operator';
