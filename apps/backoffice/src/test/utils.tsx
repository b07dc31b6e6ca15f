import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AccountLevel, StaffPermission } from '@sb/contract';
import { queryClient } from '../shared/queryClient';
import { useSession } from '../shared/session';

export type Handler = (body: Record<string, unknown>) => object;

/** Replaces fetch with handlers by path; records each call's body and authorization header. */
export function mockFetch(handlers: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown>; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const headers = new Headers(init?.headers);
      calls.push({ path, body, auth: headers.get('authorization') });
      const handler = handlers[path];
      const reply = handler ? handler(body) : { status: '0', statusdesc: 'not_found', message: 'Not found.' };
      return new Response(JSON.stringify(reply), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return { calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export function signedIn(
  accountId = 'demoop',
  level: AccountLevel = 'operator',
  extra: { login?: string; permissions?: StaffPermission[] | null; enrolRequired?: boolean } = {},
): void {
  useSession.setState({
    token: 'tok',
    accountId,
    level,
    login: extra.login ?? accountId,
    permissions: extra.permissions ?? null,
    enrolRequired: extra.enrolRequired ?? false,
  });
}

export function renderScreen(ui: ReactElement, path = '/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
