import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient } from '../../shared/api/queryClient';
import { useLayout } from '../../shared/settings/store';
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

const draw = {
  draw_id: 7,
  house: 'dragon',
  draw_at: new Date(Date.now() + 3_600_000).toISOString(),
  cutoff_at: new Date(Date.now() + 2_700_000).toISOString(),
  special: false,
  status: 'open',
  result: null,
  seed_hash: null,
  nonce: null,
};

describe('/w4d', { timeout: 30_000 }, () => {
  it('buys a box ticket from the number pad: the cost is the unit stake per ordering', async () => {
    signIn({});
    const fetch = mockFetch({
      '/api/lotterydraws': () => ({
        status: '1',
        upcoming: [draw],
        recent: [],
        server_time: new Date().toISOString(),
      }),
      '/api/lotterybuy': () => ({ status: '1', ticket: { ticket_id: 1 } }),
      '/api/lotterytickets': () => ({ status: '1', data: [] }),
    });
    renderAt('/w4d');
    await screen.findByTestId('lottery-draw', {}, { timeout: 15_000 });
    for (const digit of ['1', '1', '2', '3']) fireEvent.click(screen.getByTestId(`pad-${digit}`));
    fireEvent.click(screen.getByTestId('mode-box'));
    // 1123 has 12 orderings: 12.00 for 1.00 each.
    expect(screen.getByTestId('lottery-cost').textContent).toContain('12.00');
    fireEvent.click(screen.getByTestId('lottery-buy'));
    await screen.findByTestId('lottery-tab-tickets');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch.callsTo('/api/lotterybuy')[0]).toMatchObject({
      draw_id: 7,
      number: '1123',
      mode: 'box',
      bet_type: 'LOT_BIG',
    });
  });

  it("shows the upline's switch-off without logging out", async () => {
    signIn({
      features: { live_casino: true, lottery: false, mini_game: false, esports: true, tournament: true },
    });
    mockFetch({});
    renderAt('/w4d');
    expect((await screen.findByTestId('product-disabled', {}, { timeout: 15_000 })).textContent).toBe(
      'Lottery is disabled for your account.',
    );
    cleanup();
    renderAt('/minigame');
    expect((await screen.findByTestId('minigame-page', {}, { timeout: 15_000 })).textContent).toContain(
      'Mini game is disabled for your account.',
    );
  });
});
