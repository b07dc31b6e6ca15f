import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TradeForecastReply } from '@sb/contract';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { ForecastPanel } from './ForecastPanel';
import { RiskScreen } from './RiskScreen';

const reply = (book: string): TradeForecastReply & { status: string; statusdesc: string } => ({
  status: '1',
  statusdesc: 'success',
  match_id: 7,
  home: 'Desk FC',
  away: 'Ledger',
  state: 0,
  live: true,
  score: { home: 1, away: 0 },
  half_time: { home: 1, away: 0 },
  extra_goals: 6,
  bets: 3,
  excluded: 1,
  truncated: false,
  currencies: [
    {
      currency: 'MYR',
      bets: 3,
      stake: '250.00',
      rows: [
        {
          margin: 1,
          likely: { home: 1, away: 0 },
          book,
          worst: '-90.00',
          worst_score: { home: 2, away: 1 },
          best: '45.00',
          best_score: { home: 1, away: 0 },
          undecided: 0,
        },
        {
          margin: 0,
          likely: { home: 1, away: 1 },
          book: '128.00',
          worst: '-52.00',
          worst_score: { home: 2, away: 2 },
          best: '128.00',
          best_score: { home: 1, away: 1 },
          undecided: 0,
        },
      ],
      liabilities: [
        {
          kind: 'hdp',
          period: 'ft',
          line: '-0.75',
          selection: 'h',
          bets: 2,
          stake: '110.00',
          payout: '1233.03',
          book_if_wins: '-1123.03',
        },
      ],
    },
  ],
});

/** A stand-in for the browser's WebSocket: records what the app sends, lets the test push. */
class FakeSocket {
  static last: FakeSocket | null = null;
  sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.onclose?.({ code: 1000 });
  }
  push(message: object) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) }));
  }
}

const book = () => ({
  status: '1',
  statusdesc: 'success',
  truncated: false,
  data: [{ match_id: 7, home: 'Desk FC', away: 'Ledger', kickoff: '2026-11-24T12:00:00.000Z', markets: [] }],
});

describe('the forecast of one match', () => {
  it('shows the book per goal difference and the biggest liabilities', async () => {
    signedIn();
    const api = mockFetch({ '/bo/trade/forecast': () => reply('37.24') });
    renderScreen(<ForecastPanel matchId={7} link="offline" onClose={() => undefined} />);
    const table = await screen.findByTestId('bo-forecast-MYR');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('+1');
    expect(within(rows[1] as HTMLElement).getByText('37.24').className).toContain('win');
    expect(within(rows[1] as HTMLElement).getByText('-90.00').className).toContain('loss');
    expect(rows[2]?.textContent).toContain('1-1');
    expect(screen.getByTestId('bo-liabilities-MYR').textContent).toContain('-1,123.03');
    expect(screen.getByText('Score 1-0 · Half time 1-0')).toBeTruthy();
    expect(screen.getByText(/1 open bets cannot be valued/)).toBeTruthy();
    expect(api.callsTo('/bo/trade/forecast')[0]?.body).toEqual({ match_id: 7 });
    expect(screen.getByTestId('bo-forecast-link').textContent).toBe('Refreshing every 10 s');
  });

  it('refreshes the book and the open forecast from the desk’s WebSocket pushes', async () => {
    signedIn();
    let figure = '37.24';
    const api = mockFetch({ '/bo/liability': book, '/bo/trade/forecast': () => reply(figure) });
    vi.stubGlobal('WebSocket', FakeSocket);
    renderScreen(<RiskScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Forecast' }));
    await screen.findByTestId('bo-forecast-MYR');

    // The desk signs in to /ws with its back-office token and subscribes to the open match.
    const socket = FakeSocket.last;
    if (!socket) throw new Error('no socket');
    expect(socket.url).toMatch(/^ws:\/\/.*\/ws$/);
    act(() => socket.onopen?.());
    expect(socket.sent[0]).toEqual({ op: 'bo_auth', token: 'tok' });
    socket.push({ op: 'ready', version: 1 });
    expect(socket.sent[1]).toEqual({ op: 'sub', topics: ['match:7'] });
    await waitFor(() => expect(screen.getByTestId('bo-forecast-link').textContent).toBe('Live updates'));
    await waitFor(() => expect(api.callsTo('/bo/trade/forecast').length).toBeGreaterThanOrEqual(2));
    const settled = async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return [api.callsTo('/bo/trade/forecast').length, api.callsTo('/bo/liability').length];
    };
    const [forecasts, books] = await settled();

    // A bet on this match: the book and the forecast are read again; the new figure shows.
    figure = '-10.00';
    socket.push({ op: 'risk', reason: 'bet', match_ids: [7] });
    expect(await settled()).toEqual([(forecasts ?? 0) + 1, (books ?? 0) + 1]);
    expect((await screen.findByText('-10.00')).className).toContain('loss');
    // A bet on another match: the book only. A price move: nothing.
    socket.push({ op: 'risk', reason: 'bet', match_ids: [8] });
    expect(await settled()).toEqual([(forecasts ?? 0) + 1, (books ?? 0) + 2]);
    socket.push({ op: 'chg', c: { t: 'market', id: 7 } });
    expect(await settled()).toEqual([(forecasts ?? 0) + 1, (books ?? 0) + 2]);
    // A goal: the forecast.
    socket.push({ op: 'chg', c: { t: 'match', id: 7 } });
    expect(await settled()).toEqual([(forecasts ?? 0) + 2, (books ?? 0) + 3]);
  });

  it('opens from the desk for a typed match id, and closes', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/liability': () => ({ status: '1', statusdesc: 'success', truncated: false, data: [] }),
      '/bo/trade/forecast': (body) => ({ ...reply('1.00'), match_id: Number(body.match_id) }),
    });
    renderScreen(<RiskScreen />);
    const show = screen.getByRole('button', { name: 'Show forecast' }) as HTMLButtonElement;
    expect(show.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Match id'), { target: { value: '42' } });
    fireEvent.click(show);
    await screen.findByTestId('bo-forecast-MYR');
    expect(api.callsTo('/bo/trade/forecast')[0]?.body).toEqual({ match_id: 42 });
    fireEvent.click(within(screen.getByTestId('bo-forecast')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('bo-forecast')).toBeNull();
  });
});
