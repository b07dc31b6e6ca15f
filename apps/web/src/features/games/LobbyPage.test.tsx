import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { GameView } from '@sb/contract';
import { queryClient } from '../../shared/api/queryClient';
import { useLayout } from '../../shared/settings/store';
import { mockFetch, signIn } from '../../test/utils';
import { routes } from '../../app/routes';
import { closeHelpWindows } from '../../shared/popups';
import { logout } from '../../shared/session/logout';
import { wireSession } from '../../app/wiring';

let unwire = () => {};
beforeEach(() => {
  unwire = wireSession();
  useLayout.setState({ tour: { done: true } });
  localStorage.clear();
});
afterEach(() => {
  // Game windows are the app's for its whole life: each test starts with none open.
  closeHelpWindows();
  unwire();
  cleanup();
  vi.restoreAllMocks();
});

const renderAt = (path: string) => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

/** A pop-up window as the lobby sees it: the test closes it like the member would. */
const fakePopup = () => ({
  closed: false,
  location: { href: 'about:blank' },
  focus: vi.fn(),
  close: vi.fn(function (this: { closed: boolean }) {
    this.closed = true;
  }),
});

const balanceReply = (balance: string) => ({
  status: '1',
  balance,
  account_balance: balance,
  outstanding_balance: '0.00',
});

const game = (code: string, name: string, provider: string, patch: Partial<GameView> = {}): GameView => ({
  game_code: code,
  name,
  provider,
  provider_name: provider === 'rl' ? 'Reel Lab' : 'Jade Games',
  product: 'slots',
  category: 'video_slots',
  thumbnail: '',
  hot: false,
  new: false,
  maintenance: false,
  platforms: ['desktop', 'mobile'],
  ...patch,
});

const list = {
  status: '1',
  providers: [
    { code: 'rl', name: 'Reel Lab', game_count: 2 },
    { code: 'jg', name: 'Jade Games', game_count: 2 },
  ],
  games: [
    game('rl_lucky_lanterns', 'Lucky Lanterns', 'rl', { hot: true }),
    game('rl_gold_rush', 'Gold Rush', 'rl', { category: 'classic' }),
    game('jg_dragon_pearl', 'Dragon Pearl', 'jg', { new: true }),
    game('jg_closed', 'Closed Temple', 'jg', { maintenance: true }),
  ],
};

const tiles = () => screen.queryAllByTestId('game-tile').map((tile) => tile.getAttribute('data-game'));

describe('game lobbies', { timeout: 30_000 }, () => {
  it('/slots lists every studio; /slots2 opens on the second; search, category and favourites filter', async () => {
    signIn({});
    const fetch = mockFetch({ '/api/GameList': () => list });
    renderAt('/slots');
    await screen.findAllByTestId('game-tile', {}, { timeout: 15_000 });
    expect(fetch.callsTo('/api/GameList')[0]).toMatchObject({ product: 'slots' });
    expect(tiles()).toEqual(['rl_lucky_lanterns', 'rl_gold_rush', 'jg_dragon_pearl', 'jg_closed']);
    fireEvent.change(screen.getByTestId('game-search'), { target: { value: 'drag' } });
    expect(tiles()).toEqual(['jg_dragon_pearl']);
    fireEvent.change(screen.getByTestId('game-search'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('game-category'), { target: { value: 'classic' } });
    expect(tiles()).toEqual(['rl_gold_rush']);
    fireEvent.change(screen.getByTestId('game-category'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('favourite-jg_dragon_pearl'));
    fireEvent.click(screen.getByTestId('view-favourites'));
    expect(tiles()).toEqual(['jg_dragon_pearl']);
    // A game in maintenance cannot be launched.
    fireEvent.click(screen.getByTestId('view-all'));
    expect((screen.getByTestId('play-jg_closed') as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    renderAt('/slots2');
    await screen.findAllByTestId('game-tile', {}, { timeout: 15_000 });
    expect(tiles()).toEqual(['jg_dragon_pearl', 'jg_closed']);
    // Favourites are kept per member in this browser.
    fireEvent.click(screen.getByTestId('view-favourites'));
    expect(tiles()).toEqual(['jg_dragon_pearl']);
  });

  it('launches in a pop-up opened within the click, remembers the game as recently played', async () => {
    signIn({});
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const fetch = mockFetch({
      '/api/GameList': () => list,
      '/api/launchslotgame': () => ({ status: '1', url: 'http://127.0.0.1:7000/play/rl_gold_rush?token=t' }),
    });
    renderAt('/slots');
    await screen.findAllByTestId('game-tile', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('play-rl_gold_rush'));
    expect(open).toHaveBeenCalledWith('about:blank', 'sb_game_rl_gold_rush', expect.any(String));
    await waitFor(() => expect(popup.location.href).toBe('http://127.0.0.1:7000/play/rl_gold_rush?token=t'));
    expect(fetch.callsTo('/api/launchslotgame')[0]).toMatchObject({
      game_code: 'rl_gold_rush',
      mode: 'real',
    });
    fireEvent.click(screen.getByTestId('view-recent'));
    expect(tiles()).toEqual(['rl_gold_rush']);
  });

  it('a switched-off product shows its message in place and keeps the member signed in', async () => {
    signIn({
      features: { live_casino: true, lottery: true, mini_game: true, esports: true, tournament: true },
    });
    vi.spyOn(window, 'open').mockReturnValue(null);
    mockFetch({
      '/api/GameList': () => ({ ...list, games: list.games.map((g) => ({ ...g, product: 'live_casino' })) }),
      '/api/LaunchGame': () => ({ status: '0', statusdesc: 'liveCasinoDisabled' }),
    });
    renderAt('/casino');
    await screen.findAllByTestId('game-tile', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('play-rl_lucky_lanterns'));
    const alert = await screen.findByTestId('launch-error');
    expect(alert.textContent).toBe('Live casino is disabled for your account.');
    expect(within(screen.getByTestId('game-lobby')).getAllByTestId('game-tile').length).toBe(4);
  });

  it('each route is its own lobby: a studio chosen on /slots does not follow to /slots2', async () => {
    signIn({});
    mockFetch({ '/api/GameList': () => list });
    const router = renderAt('/slots');
    await screen.findAllByTestId('game-tile', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('provider-rl'));
    fireEvent.change(screen.getByTestId('game-search'), { target: { value: 'gold' } });
    expect(tiles()).toEqual(['rl_gold_rush']);
    await act(() => router.navigate('/slots2'));
    await waitFor(() => expect(tiles()).toEqual(['jg_dragon_pearl', 'jg_closed']));
    expect(screen.getByTestId('provider-jg').getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('game-search') as HTMLInputElement).value).toBe('');
  });

  it('demo plays in fun mode without joining the recently played', async () => {
    signIn({});
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const fetch = mockFetch({
      '/api/GameList': () => list,
      '/api/launchslotgame': () => ({
        status: '1',
        url: 'http://127.0.0.1:7000/play/jg_dragon_pearl?lang=en',
      }),
    });
    renderAt('/slots');
    await screen.findAllByTestId('game-tile', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('demo-jg_dragon_pearl'));
    await waitFor(() =>
      expect(popup.location.href).toBe('http://127.0.0.1:7000/play/jg_dragon_pearl?lang=en'),
    );
    expect(fetch.callsTo('/api/launchslotgame')[0]).toMatchObject({
      account_id: 'demomyr',
      session_token: 'token-1',
      game_code: 'jg_dragon_pearl',
      mode: 'fun',
      lang: 'en',
    });
    fireEvent.click(screen.getByTestId('view-recent'));
    expect(tiles()).toEqual([]);
    expect(screen.getByTestId('no-games').textContent).toBe('Games you play appear here.');
  });

  it('reads the balance again when the game window closes, and closes the game on logout', async () => {
    signIn({});
    let balance = '1000.00';
    const games = [fakePopup(), fakePopup()];
    vi.spyOn(window, 'open')
      .mockReturnValueOnce(games[0] as unknown as Window)
      .mockReturnValueOnce(games[1] as unknown as Window);
    const fetch = mockFetch({
      '/api/GameList': () => list,
      '/api/launchslotgame': (body) => ({
        status: '1',
        url: `http://sim.test/play/${String(body.game_code)}`,
      }),
      '/api/userbalance': () => balanceReply(balance),
    });
    renderAt('/slots');
    await screen.findAllByTestId('game-tile', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('play-rl_gold_rush'));
    await waitFor(() => expect(games[0]?.location.href).toBe('http://sim.test/play/rl_gold_rush'));
    const header = () => screen.getAllByTestId('header-balance')[0]?.textContent ?? '';
    await waitFor(() => expect(header()).toMatch(/1,000\.00/));
    const asked = fetch.callsTo('/api/userbalance').length;

    // The member plays, then closes the game: within the watch interval the balance is read again.
    balance = '987.50';
    games[0]?.close();
    await waitFor(() => expect(fetch.callsTo('/api/userbalance').length).toBeGreaterThan(asked), {
      timeout: 3_000,
    });
    await waitFor(() => expect(header()).toMatch(/987\.50/));

    // A second game is still open at logout: it closes with the session.
    fireEvent.click(screen.getByTestId('play-rl_lucky_lanterns'));
    await waitFor(() => expect(games[1]?.location.href).toBe('http://sim.test/play/rl_lucky_lanterns'));
    act(() => logout());
    expect(games[1]?.close).toHaveBeenCalled();
    expect(games[1]?.closed).toBe(true);
  });

  it('a refused launch closes the window it opened, and the tile keeps working', async () => {
    signIn({});
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    mockFetch({
      '/api/GameList': () => list,
      '/api/launchslotgame': () => ({ status: '0', statusdesc: 'game_maintenance' }),
    });
    renderAt('/slots');
    await screen.findAllByTestId('game-tile', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('play-rl_gold_rush'));
    expect((await screen.findByTestId('launch-error')).textContent).toBe('Game is under maintenance.');
    expect(popup.close).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('view-recent'));
    expect(tiles()).toEqual([]);
  });

  it('live casino switched off for the member: the lobby says so, asks nothing and keeps the session', async () => {
    signIn({
      features: { live_casino: false, lottery: true, mini_game: true, esports: true, tournament: true },
    });
    const fetch = mockFetch({ '/api/GameList': () => list });
    renderAt('/casino');
    expect((await screen.findByTestId('product-disabled')).textContent).toBe(
      'Live casino is disabled for your account.',
    );
    expect(fetch.callsTo('/api/LaunchGame')).toEqual([]);
    expect(screen.queryAllByTestId('game-tile')).toEqual([]);
    expect(screen.getByTestId('account-menu')).toBeTruthy();
  });

  it('the game report: from the account menu, per product, with the range and pages', async () => {
    signIn({});
    const row = (n: number) => ({
      round_id: `r${n}`,
      game_code: 'gt_baccarat_a',
      game_name: 'Baccarat A',
      provider: 'gt',
      product: 'live_casino',
      stake: '10.00',
      win: n % 2 ? '19.50' : '0.00',
      net: n % 2 ? '9.50' : '-10.00',
      bet_time: '2026-11-20T04:00:00.000Z',
      settle_time: '2026-11-20T04:00:20.000Z',
      status: 'closed',
    });
    const fetch = mockFetch({
      '/api/GameList': () => list,
      '/api/slots': () => ({
        status: '1',
        rows: [],
        total: { stake: '0.00', win: '0.00', net: '0.00' },
        page: 1,
        page_size: 20,
        total_rows: 0,
      }),
      '/api/livecasino': (body) => {
        const page = Number(body.page);
        return {
          status: '1',
          rows: Array.from({ length: page === 1 ? 20 : 5 }, (_, i) => row((page - 1) * 20 + i)),
          total: { stake: '250.00', win: '253.50', net: '3.50' },
          page,
          page_size: 20,
          total_rows: 25,
        };
      },
    });
    const router = renderAt('/slots');
    await screen.findAllByTestId('game-tile', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('account-menu'));
    fireEvent.click(screen.getByTestId('nav-menu-gamereport'));
    await screen.findByTestId('game-report', {}, { timeout: 15_000 });
    expect(router.state.location.pathname).toBe('/info/gamereport');
    expect((await screen.findByRole('status')).textContent).toBe('No rounds in these days.');
    expect(fetch.callsTo('/api/slots')[0]).toMatchObject({ product: 'slots', page: 1, page_size: 20 });

    fireEvent.change(screen.getByTestId('game-report-product'), { target: { value: 'live_casino' } });
    await waitFor(() => expect(screen.getAllByTestId('game-round')).toHaveLength(20));
    expect(screen.getByTestId('rounds-total-net').textContent).toMatch(/3\.50/);
    const first = fetch.callsTo('/api/livecasino')[0];
    expect(first).toMatchObject({ product: 'live_casino', page: 1 });
    expect(first?.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    fireEvent.click(within(screen.getByTestId('game-rounds-pager')).getByText('Next'));
    await waitFor(() => expect(screen.getAllByTestId('game-round')).toHaveLength(5));
    expect(fetch.callsTo('/api/livecasino').at(-1)).toMatchObject({ page: 2 });

    fireEvent.change(screen.getByTestId('game-rounds-start'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(fetch.callsTo('/api/livecasino').at(-1)).toMatchObject({ start_date: '2026-11-01', page: 1 }),
    );
  });

  it("a lobby's own rounds tab lists that product's rounds and links to the full report", async () => {
    signIn({});
    const fetch = mockFetch({
      '/api/GameList': () => list,
      '/api/slots': () => ({
        status: '1',
        rows: [
          {
            round_id: 'x1',
            game_code: 'rl_gold_rush',
            game_name: 'Gold Rush',
            provider: 'rl',
            product: 'fishing',
            stake: '1.00',
            win: '0.00',
            net: '-1.00',
            bet_time: '2026-11-20T04:00:00.000Z',
            settle_time: null,
            status: 'open',
          },
        ],
        total: { stake: '1.00', win: '0.00', net: '-1.00' },
        page: 1,
        page_size: 20,
        total_rows: 1,
      }),
    });
    renderAt('/fishing?tab=rounds');
    await screen.findAllByTestId('game-round', {}, { timeout: 15_000 });
    expect(fetch.callsTo('/api/slots')[0]).toMatchObject({ product: 'fishing' });
    expect(screen.getByTestId('round-net').textContent).toMatch(/-1\.00/);
    expect(screen.getByTestId('open-game-report').getAttribute('href')).toBe(
      '/info/gamereport?product=fishing',
    );
  });
});
