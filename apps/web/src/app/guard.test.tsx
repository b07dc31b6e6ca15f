import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '../shared/api/client';
import { reactToError } from '../shared/api/errors';
import { queryClient } from '../shared/api/queryClient';
import { useSession } from '../shared/session/store';
import { useLayout } from '../shared/settings/store';
import { loginReply, mockFetch, signIn } from '../test/utils';
import { loginRedirect } from '../shared/paths';
import { routes } from './routes';
import { wireSession } from './wiring';

let unwire = () => {};
beforeEach(() => {
  unwire = wireSession();
});
afterEach(() => unwire());

function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const where = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('login guard', () => {
  it('builds the redirect query, none for home', () => {
    expect(loginRedirect('/info/betlist')).toBe('/?redirect=/info/betlist');
    expect(loginRedirect('/desktop', '?sport=1')).toBe('/?redirect=/desktop%3Fsport%3D1');
    expect(loginRedirect('/')).toBe('/');
  });

  it('sends a protected path home with ?redirect= and lands there after login', async () => {
    useLayout.setState({ tour: { done: true } });
    mockFetch({ '/api/userlogin': () => loginReply() });
    const router = renderApp('/info/betlist');
    // The matched branch's lazy screens load before the guard renders: slow on a cold, busy machine.
    await waitFor(() => expect(where(router)).toBe('/?redirect=/info/betlist'), { timeout: 5_000 });
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'demomyr' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Demo1234' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(where(router)).toBe('/info/betlist'), { timeout: 5_000 });
    expect(await screen.findByRole('heading', { name: 'Bet list' })).toBeTruthy();
  });

  it('guards every product route and the /info children', async () => {
    mockFetch({});
    for (const path of [
      '/desktop',
      '/casino',
      '/slots7',
      '/tournament2',
      '/info',
      '/info/settings',
      '/livetv',
    ]) {
      const router = renderApp(path);
      await waitFor(() => expect(where(router)).toBe(`/?redirect=${path}`));
    }
  });

  it('leaves home, /maintenance and unknown paths open', async () => {
    mockFetch({});
    const home = renderApp('/');
    await screen.findByTestId('login-username');
    expect(where(home)).toBe('/');
    const maintenance = renderApp('/maintenance');
    await screen.findByTestId('maintenance-page');
    expect(where(maintenance)).toBe('/maintenance');
    const unknown = renderApp('/no/such/page');
    await screen.findByTestId('not-found-page');
    expect(where(unknown)).toBe('/no/such/page');
  });

  it('redirects /info, /tournament2 and /highlight to their first child when logged in', async () => {
    signIn();
    useLayout.setState({ tour: { done: true } });
    mockFetch({});
    const info = renderApp('/info');
    await waitFor(() => expect(where(info)).toBe('/info/settings'));
    const tournament = renderApp('/tournament2');
    await waitFor(() => expect(where(tournament)).toBe('/tournament2/home'));
    const highlight = renderApp('/highlight');
    await waitFor(() => expect(where(highlight)).toBe('/highlight/home'));
  });

  it('returns home without a redirect and shows the dialog when the session expires', async () => {
    signIn();
    useLayout.setState({ tour: { done: true } });
    mockFetch({});
    const router = renderApp('/info/rules');
    await screen.findByRole('heading', { name: 'Betting rules' });
    act(() => reactToError(new ApiError('session_expired')));
    await waitFor(() => expect(where(router)).toBe('/'));
    expect(useSession.getState().account).toBeNull();
    expect(screen.getByTestId('dialog-text').textContent).toBe(
      'Session expired! Please login again to continue...',
    );
  });

  it('logs out from the header: the server ends the session, account and balance cleared, back home', async () => {
    signIn();
    useLayout.setState({ tour: { done: true } });
    const fetch = mockFetch({
      '/api/logout': () => ({ status: '1', statusdesc: 'success' }),
      '/api/userbalance': () => ({
        status: '1',
        statusdesc: 'success',
        balance: '88.50',
        account_balance: '88.50',
        outstanding_balance: '0',
        retrieve_profile: false,
      }),
    });
    const router = renderApp('/desktop');
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('MYR 88.50'));
    fireEvent.click(screen.getByTestId('logout-button'));
    await waitFor(() => expect(where(router)).toBe('/'));
    expect(useSession.getState().account).toBeNull();
    expect(localStorage.getItem('sb_account')).not.toContain('token-1');
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(queryClient.getQueryData(['balance', 'demomyr'])).toBeUndefined();
    expect(fetch.callsTo('/api/logout')).toEqual([{ account_id: 'demomyr', session_token: 'token-1' }]);
  });

  it('launches a session from ?token= and lands in the sportsbook', async () => {
    useLayout.setState({ tour: { done: true } });
    const fetch = mockFetch({ '/api/launch': () => loginReply() });
    const router = renderApp('/?token=abc123');
    await waitFor(() => expect(where(router)).toBe('/desktop'));
    expect(fetch.callsTo('/api/launch')[0]).toEqual({ token: 'abc123' });
    expect(useSession.getState().account?.info.account_id).toBe('demomyr');
  });

  it('shows products in the frame with a notice, or the upline switch-off message', async () => {
    signIn({
      features: { live_casino: false, lottery: true, mini_game: true, esports: true, tournament: true },
    });
    useLayout.setState({ tour: { done: true } });
    mockFetch({});
    renderApp('/casino');
    expect((await screen.findByTestId('product-disabled')).textContent).toBe(
      'Live casino is disabled for your account.',
    );
    expect(useSession.getState().account).not.toBeNull();
    renderApp('/livetv');
    expect(await screen.findByTestId('coming-soon')).toBeTruthy();
    expect(screen.getAllByTestId('header-balance').length).toBeGreaterThan(0);
  });
});
