import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../../shared/api/queryClient';
import { useLayout } from '../../shared/settings/store';
import { useSession } from '../../shared/session/store';
import { mockFetch, signIn } from '../../test/utils';
import { routes } from '../../app/routes';
import { wireSession } from '../../app/wiring';

let unwire = () => {};
beforeEach(() => {
  unwire = wireSession();
  useLayout.setState({ tour: { done: true } });
});
afterEach(() => unwire());

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );

describe('/tournament2', { timeout: 30_000 }, () => {
  it('shows the upline’s switch-off message, asks nothing and keeps the member signed in', async () => {
    signIn({
      features: { live_casino: true, lottery: true, mini_game: true, esports: true, tournament: false },
    });
    const fetch = mockFetch({});
    renderAt('/tournament2/home');
    expect((await screen.findByTestId('product-disabled', {}, { timeout: 15_000 })).textContent).toMatch(
      /\S/,
    );
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(fetch.callsTo('/tournament/roomlist')).toHaveLength(0);
    expect(useSession.getState().account).not.toBeNull();
  });

  it('lists the open rooms in the lobby', async () => {
    signIn({});
    mockFetch({
      '/tournament/roomlist': () => ({
        status: '1',
        rooms: [
          {
            roomid: 12,
            type: 1,
            status: 'A',
            owner: 'demomyr',
            currency: 'MYR',
            rate: '10.00',
            players: 4,
            room_limit: 10,
            pool: '36.00',
            last_join_time: new Date(Date.now() + 3_600_000).toISOString(),
            joined: false,
          },
        ],
        total_rows: 1,
      }),
    });
    renderAt('/tournament2/home');
    const card = await screen.findByText(/Room 12/, {}, { timeout: 15_000 });
    expect(card.closest('a')?.getAttribute('href')).toBe('/tournament2/room/12');
  });
});
