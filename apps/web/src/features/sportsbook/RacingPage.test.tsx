import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { RaceView } from '@sb/contract';
import { mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { emptySlip, useSlip } from './betslip';
import { RacingPage } from './RacingPage';

const runners = [
  { number: 1, name: 'Swift Arrow', rating: 90, win: '2.93', place: '1.55' },
  { number: 2, name: 'Night Comet', rating: 70, win: '3.77', place: '1.89' },
  { number: 3, name: 'Silver Dash', rating: 60, win: '4.40', place: '2.10' },
  { number: 4, name: 'Red Rocket', rating: 50, win: '5.28', place: '2.41' },
  { number: 5, name: 'Blue Flash', rating: 45, win: '5.86', place: '2.62' },
  { number: 6, name: 'Lucky Streak', rating: 40, win: '6.60', place: '2.88' },
];

const upcoming: RaceView = {
  race_id: 12,
  kind: 'greyhound',
  match_id: 900,
  off_at: new Date(Date.now() + 120_000).toISOString(),
  status: 'open',
  runners,
  markets: [
    {
      market_id: 31,
      kind: 'gh_win',
      line: '',
      prices: Object.fromEntries(runners.map((r) => [String(r.number), r.win])),
    },
    {
      market_id: 32,
      kind: 'gh_place',
      line: '',
      prices: Object.fromEntries(runners.map((r) => [String(r.number), r.place])),
    },
    { market_id: 33, kind: 'gh_fc', line: '', prices: { '1-2': '11.20', '2-1': '12.80' } },
    { market_id: 34, kind: 'gh_tc', line: '1', prices: { '1-2-3': '48.10' } },
  ],
  finish: null,
};

const finished: RaceView = {
  ...upcoming,
  race_id: 11,
  match_id: 899,
  off_at: new Date(Date.now() - 60_000).toISOString(),
  status: 'finished',
  markets: [],
  runners: runners.map((r) => ({ ...r, win: null, place: null })),
  finish: [3, 1, 6, 2, 5, 4],
};

const card = () => ({
  status: '1',
  statusdesc: 'success',
  server_time: new Date().toISOString(),
  upcoming: [upcoming],
  recent: [finished],
});

describe('virtual racing screen', () => {
  beforeEach(() => useSlip.setState(emptySlip()));

  it('shows the next race with runners, ratings and prices and puts win, forecast and tricast on the slip', async () => {
    signIn();
    mockFetch({
      '/api/racecard': card,
      '/api/bet/betcheck': () => ({
        status: '1',
        statusdesc: 'success',
        odds: '2.93',
        min_stake: '5',
        max_stake: '2000',
        max_payout: '50000',
        live: false,
      }),
    });
    renderWithProviders(<RacingPage />);
    const raceCard = await screen.findByTestId('race-card');
    expect(within(raceCard).getByTestId('runner-1').textContent).toContain('Swift Arrow');
    expect(within(raceCard).getByTestId('runner-1').textContent).toContain('90');
    expect(screen.getByTestId('race-gh_place-4').textContent).toBe('2.41');

    fireEvent.click(screen.getByTestId('race-gh_win-1'));
    const slip = await screen.findByTestId('betslip');
    expect(slip.textContent).toContain('1. Swift Arrow');
    expect(useSlip.getState().single).toMatchObject({
      marketId: 31,
      selection: '1',
      odds: '2.93',
      format: 'DEC',
    });

    // Forecast 1-2 and tricast 1-2-3 from the pickers (defaults 1, 2, 3); the same runner twice is refused.
    fireEvent.click(screen.getByTestId('race-gh_fc-1-2'));
    expect(useSlip.getState().single).toMatchObject({ marketId: 33, selection: '1-2', odds: '11.20' });
    fireEvent.click(screen.getByTestId('race-gh_tc-1-2-3'));
    expect(useSlip.getState().single).toMatchObject({ marketId: 34, selection: '1-2-3', odds: '48.10' });
    fireEvent.change(screen.getByTestId('race-combo-2'), { target: { value: '1' } });
    expect(screen.queryByTestId('race-gh_fc-1-1')).toBeNull();
  });

  it('runs a finished race again to its drawn order and lists the result', async () => {
    signIn();
    mockFetch({ '/api/racecard': card });
    renderWithProviders(<RacingPage />);
    const replay = await screen.findByTestId('race-replay');
    const end = (runner: number) =>
      within(replay)
        .getByTestId(`race-token-${String(runner)}`)
        .style.getPropertyValue('--end');
    // The winner reaches furthest, then each place a stride behind.
    expect(end(3)).toBe('90%');
    expect(end(1)).toBe('85%');
    expect(end(4)).toBe('63%');
    const order = within(replay).getByTestId('race-result').querySelectorAll('li');
    expect([...order].map((li) => li.textContent)).toEqual([
      '3. Silver Dash',
      '1. Swift Arrow',
      '6. Lucky Streak',
      '2. Night Comet',
      '5. Blue Flash',
      '4. Red Rocket',
    ]);
    expect(screen.getByTestId('race-recent-11').textContent).toContain('3 - 1 - 6');
  });
});
