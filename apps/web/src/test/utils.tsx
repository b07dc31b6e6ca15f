import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { LoginReply, MemberProfile, PlayerInfo } from '@sb/contract';
import { queryClient } from '../shared/api/queryClient';
import { DEFAULT_MEMBER_SETTINGS } from '../shared/settings/defaults';
import { useSession } from '../shared/session/store';

export type Handler = (body: Record<string, unknown>) => object | Promise<object>;

export interface FetchMock {
  calls: { path: string; body: Record<string, unknown> }[];
  callsTo: (path: string) => Record<string, unknown>[];
}

/**
 * Replaces fetch with the given call handlers (by path). Unknown calls answer like the server does for
 * calls it does not have yet: {status:'0', statusdesc:'not_found'}.
 */
export function mockFetch(handlers: Record<string, Handler>): FetchMock {
  const calls: FetchMock['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const handler = handlers[path];
      const reply = handler
        ? await handler(body)
        : { status: '0', statusdesc: 'not_found', message: 'Not found.' };
      return new Response(JSON.stringify(reply), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls, callsTo: (path) => calls.filter((call) => call.path === path).map((call) => call.body) };
}

export function profile(patch: Partial<PlayerInfo> = {}): MemberProfile {
  return {
    player_info: [
      {
        account_id: 'demomyr',
        session_token: 'token-1',
        operator_type: 1,
        parent_id: 'agent1',
        comm_type: 'A',
        nickname: '',
        has_secondary_account: false,
        member_type: 'cash',
        state: 'active',
        view_only: false,
        currency: 'MYR',
        brand: 'Demo',
        last_login: null,
        password_expiry: null,
        features: { live_casino: true, lottery: true, mini_game: true, esports: true, tournament: true },
        settings: { ...DEFAULT_MEMBER_SETTINGS },
        ...patch,
      },
    ],
    player_wallet: [
      {
        available_balance: '1000.00',
        cash_balance: '1000.00',
        frozen_balance: '0.00',
        currency_code: 'MYR',
        given_credit: '0.00',
        bet_credit: '0.00',
        outstanding: '0.00',
      },
    ],
    player_bet_limit: [],
  };
}

export const loginReply = (
  patch: Partial<PlayerInfo> = {},
): { status: '1'; statusdesc: 'success' } & LoginReply => ({
  status: '1',
  statusdesc: 'success',
  member_profile: profile(patch),
});

export const signIn = (patch: Partial<PlayerInfo> = {}) => useSession.getState().signIn(profile(patch));

/** Renders inside the app's query client and a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * A uxmenu reply as the server sends it: menu sports in the server's order, each
 * [sportId, name, live, today, early, parlay, outright].
 */
export const MENU_SPORTS: [number, string, number, number, number, number, number][] = [
  [1, 'Soccer', 3, 12, 40, 30, 2],
  [2, 'Basketball', 1, 5, 9, 8, 1],
  [4, 'Ice Hockey', 0, 2, 4, 3, 0],
  [5, 'Tennis', 2, 6, 3, 5, 0],
  [6, 'Volleyball', 0, 1, 2, 2, 0],
  [8, 'Baseball', 0, 3, 5, 4, 0],
  [18, 'Table Tennis', 4, 7, 1, 6, 0],
  [24, 'Handball', 0, 0, 2, 1, 0],
  [60, 'E-Sports', 1, 2, 3, 0, 0],
];
export const menuReply = (sports = MENU_SPORTS) => ({ status: '1', statusdesc: 'success', sports });
