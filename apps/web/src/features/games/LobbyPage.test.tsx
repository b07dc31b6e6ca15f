import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { GameView } from '@sb/contract';
import { queryClient } from '../../shared/api/queryClient';
import { useLayout } from '../../shared/settings/store';
import { mockFetch, signIn } from '../../test/utils';
import { routes } from '../../app/routes';
import { wireSession } from '../../app/wiring';

let unwire = () => {};
beforeEach(() => {
  unwire = wireSession();
  useLayout.setState({ tour: { done: true } });
  localStorage.clear();
});
afterEach(() => {
  unwire();
  cleanup();
  vi.restoreAllMocks();
});

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );

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
    const popup = { closed: false, location: { href: 'about:blank' }, focus: vi.fn(), close: vi.fn() };
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
});
