import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
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
  queryClient.clear();
});
afterEach(() => unwire());

const row = (patch: Record<string, unknown>) => ({
  sport_id: 162,
  league_id: 1,
  league_name: 'Keno',
  home: 'Keno',
  kickoff: '2026-11-26T13:45:00.000Z',
  state: 1,
  state_detail: '',
  ht_home: null,
  ht_away: null,
  ft_home: null,
  ft_away: null,
  ...patch,
});
const KENO_BALLS = [3, 17, 22, 41, 80, 5, 9, 12, 33, 44, 50, 51, 60, 61, 62, 70, 71, 72, 79, 1];
const NUMBER_BALLS = [40, ...Array.from({ length: 74 }, (_, i) => (i < 39 ? i + 1 : i + 2))];

const renderAt = (path: string) =>
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </QueryClientProvider>,
  );

describe('/ngresult', { timeout: 30_000 }, () => {
  it("lists the day's draws newest first with their balls and each market's result; filters by game", async () => {
    signIn({});
    const fetch = mockFetch({
      '/api/ngresult': () => ({
        status: '1',
        statusdesc: 'success',
        results: [
          row({
            match_id: 11,
            away: '#20261126-2145',
            game: 'keno',
            balls: KENO_BALLS,
            outcomes: { sum: '843', size: 'big', parity: 'odd', side: 'down' },
          }),
          row({
            match_id: 12,
            sport_id: 161,
            home: 'Number Game',
            away: '#20261126-2150',
            kickoff: '2026-11-26T13:50:00.000Z',
            game: 'numbers',
            balls: NUMBER_BALLS,
            outcomes: { d1: 'over', d2: 'even', d3: '3', d4: 'first', d5: 'over', d6: '40' },
          }),
          row({ match_id: 13, away: '#20261126-2155', kickoff: '2026-11-26T13:55:00.000Z', state: 0 }),
        ],
      }),
    });
    renderAt('/ngresult');
    await screen.findByTestId('ngresult-page', {}, { timeout: 15_000 });
    const draws = await screen.findAllByTestId('ng-draw', {}, { timeout: 15_000 });
    expect(draws).toHaveLength(3);
    // Newest first: the draw not made yet, then the number game, then keno.
    expect(draws[0]?.textContent).toContain('Not drawn yet');
    expect(draws[1]?.textContent).toContain('Number Game');
    const numbers = within(draws[1]!);
    expect(within(numbers.getByTestId('ng-balls')).getAllByRole('listitem')).toHaveLength(75);
    const numberOutcomes = numbers.getByTestId('ng-outcomes').textContent ?? '';
    expect(numberOutcomes).toContain('Range (1st ball)31-45');
    expect(numberOutcomes).toContain('First vs last ballFirst ball');
    const keno = within(draws[2]!);
    expect(
      within(keno.getByTestId('ng-balls'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(KENO_BALLS.map(String));
    expect(keno.getByTestId('ng-outcomes').textContent).toBe('Sum843Big/SmallBigOdd/EvenOddUp/DownDown');
    // Every drawn draw has its verify control for its game and round (the match id); a draw not made yet none.
    expect(keno.getByTestId('verify-keno-11')).toBeTruthy();
    expect(numbers.getByTestId('verify-numbers-12')).toBeTruthy();
    expect(within(draws[0]!).queryByTestId('verify-round-run')).toBeNull();
    expect(fetch.callsTo('/api/ngresult')[0]).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    // The member's pick typed in: its numbers drawn in each keno draw are counted with the table's prize.
    fireEvent.change(screen.getByTestId('ngresult-numbers'), { target: { value: '3 17 45' } });
    expect(keno.getByTestId('ng-hits').textContent).toBe('2 of 3 hit · pays ×2.07');
    expect(within(draws[1]!).queryByTestId('ng-hits')).toBeNull();
    fireEvent.change(screen.getByTestId('ngresult-numbers'), { target: { value: '3 3' } });
    expect(keno.queryByTestId('ng-hits')).toBeNull();

    fireEvent.change(screen.getByTestId('ngresult-game'), { target: { value: 'numbers' } });
    expect(screen.getAllByTestId('ng-draw')).toHaveLength(1);
  });

  it('says so when the day has no draws', async () => {
    signIn({});
    mockFetch({ '/api/ngresult': () => ({ status: '1', statusdesc: 'success', results: [] }) });
    renderAt('/ngresult');
    expect((await screen.findByTestId('empty-state', {}, { timeout: 15_000 })).textContent).toBe(
      'No draws on this day.',
    );
  });
});
