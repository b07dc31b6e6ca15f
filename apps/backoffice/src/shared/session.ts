import type { AccountLevel, StaffPermission } from '@sb/contract';
import { create } from 'zustand';

/** The back office's own session (never the member app's): kept for the browser tab only. */
export interface BoSession {
  token: string | null;
  accountId: string | null;
  level: AccountLevel | null;
  /** The login that signed in: the account's, or its staff sub-account's. */
  login: string | null;
  /** A sub-account's rights; null for the account itself (it holds them all). */
  permissions: StaffPermission[] | null;
  /** Signed in without a second factor yet: only enrolment answers until it is done. */
  enrolRequired: boolean;
  signIn: (session: {
    token: string;
    account_id: string;
    level: AccountLevel;
    login?: string;
    permissions?: StaffPermission[] | null;
    enrol_required?: boolean;
  }) => void;
  completeEnrolment: () => void;
  signOut: () => void;
}

type Kept = Pick<BoSession, 'token' | 'accountId' | 'level' | 'login' | 'permissions' | 'enrolRequired'>;

const KEY = 'sb_bo_session';
const SIGNED_OUT: Kept = {
  token: null,
  accountId: null,
  level: null,
  login: null,
  permissions: null,
  enrolRequired: false,
};

function restored(): Kept {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw) {
      const kept = JSON.parse(raw) as Partial<Kept>;
      if (kept.token && kept.accountId && kept.level)
        return {
          token: kept.token,
          accountId: kept.accountId,
          level: kept.level,
          login: kept.login ?? kept.accountId,
          permissions: kept.permissions ?? null,
          enrolRequired: kept.enrolRequired === true,
        };
    }
  } catch {
    // storage unavailable or corrupt: start signed out
  }
  return SIGNED_OUT;
}

const keep = (state: Kept) => sessionStorage.setItem(KEY, JSON.stringify(state));

export const useSession = create<BoSession>((set, get) => ({
  ...restored(),
  signIn: ({ token, account_id, level, login, permissions, enrol_required }) => {
    const state: Kept = {
      token,
      accountId: account_id,
      level,
      login: login ?? account_id,
      permissions: permissions ?? null,
      enrolRequired: enrol_required === true,
    };
    keep(state);
    set(state);
  },
  completeEnrolment: () => {
    const { token, accountId, level, login, permissions } = get();
    const state: Kept = { token, accountId, level, login, permissions, enrolRequired: false };
    keep(state);
    set(state);
  },
  signOut: () => {
    sessionStorage.removeItem(KEY);
    set(SIGNED_OUT);
  },
}));

export const isOperator = (level: AccountLevel | null): boolean => level === 'operator';

/** Whether the signed-in login may use a screen needing this right (the server checks it again on every call). */
export const mayUse = (permissions: StaffPermission[] | null, permission: StaffPermission): boolean =>
  permissions === null || permissions.includes(permission);

/** A trusted device's token per login, kept on this browser (sent at sign-in instead of a code until revoked). */
const deviceKey = (login: string) => `sb_bo_device_${login.toLowerCase()}`;
export const trustedDevice = {
  get: (login: string): string | null => {
    try {
      return localStorage.getItem(deviceKey(login));
    } catch {
      return null;
    }
  },
  set: (login: string, token: string): void => {
    try {
      localStorage.setItem(deviceKey(login), token);
    } catch {
      // storage unavailable: the code is asked each time
    }
  },
  forget: (login: string): void => {
    try {
      localStorage.removeItem(deviceKey(login));
    } catch {
      // nothing kept
    }
  },
};
