import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { RiskScreen } from './RiskScreen';

const book = () => ({
  status: '1',
  statusdesc: 'success',
  truncated: false,
  data: [
    {
      match_id: 7,
      home: 'Desk FC',
      away: 'Ledger',
      kickoff: '2026-11-24T12:00:00.000Z',
      markets: [
        {
          market_id: 70,
          kind: 'hdp',
          period: 'ft',
          line: '-0.5',
          currency: 'MYR',
          stake: '100.00',
          outcomes: [
            {
              selection: 'h',
              bets: 1,
              stake: '100.00',
              payout_if_wins: '190.00',
              book_if_wins: '-90.00',
              parlay_bets: 0,
              parlay_exposure: '0.00',
            },
            {
              selection: 'a',
              bets: 0,
              stake: '0.00',
              payout_if_wins: '0.00',
              book_if_wins: '100.00',
              parlay_bets: 0,
              parlay_exposure: '0.00',
            },
          ],
        },
      ],
    },
  ],
});

describe('risk and trading desk', () => {
  it('is the operator’s only', () => {
    signedIn('demoag', 'agent');
    const api = mockFetch({ '/bo/liability': book });
    renderScreen(<RiskScreen />);
    expect(screen.getByText('Only the operator sees this screen.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the book per selection and enters a result only after the confirm step', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/liability': book,
      '/bo/trade/result': () => ({ status: '1', statusdesc: 'success' }),
      '/bo/trade/marketstatus': () => ({ status: '1', statusdesc: 'success' }),
    });
    renderScreen(<RiskScreen />);
    expect((await screen.findByText('-90.00')).className).toContain('loss');
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(api.callsTo('/bo/trade/marketstatus')[0]?.body).toEqual({ match_id: 7, status: 'suspended' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Enter result' }));
    const dialog = screen.getByRole('dialog');
    const review = within(dialog).getByRole('button', { name: 'Review' }) as HTMLButtonElement;
    expect(review.disabled).toBe(true);
    const [home, away, htHome, htAway] = Array.from(dialog.querySelectorAll('input'));
    if (!home || !away || !htHome || !htAway) throw new Error('four score fields');
    fireEvent.change(home, { target: { value: '2' } });
    fireEvent.change(away, { target: { value: '1' } });
    // A half-time score above full time is refused before any call.
    fireEvent.change(htHome, { target: { value: '3' } });
    fireEvent.change(htAway, { target: { value: '0' } });
    expect(within(dialog).getByText('Enter both half-time goals, neither above full time.')).toBeTruthy();
    expect(review.disabled).toBe(true);
    fireEvent.change(htHome, { target: { value: '1' } });
    fireEvent.click(review);
    // The review says what will be settled; nothing is sent until it is confirmed.
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Match #7: full time 2-1, half time 1-0. Every open bet on it is settled on this result.',
    );
    expect(api.callsTo('/bo/trade/result')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(api.callsTo('/bo/trade/result')).toHaveLength(1));
    expect(api.callsTo('/bo/trade/result')[0]?.body).toEqual({
      match_id: 7,
      ht: { home: 1, away: 0 },
      ft: { home: 2, away: 1 },
    });
  });

  it('enters a full-time result alone, saying first-half bets stay open', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/liability': book,
      '/bo/trade/result': () => ({ status: '1', statusdesc: 'success' }),
    });
    renderScreen(<RiskScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enter result' }));
    const dialog = screen.getByRole('dialog');
    const [home, away] = Array.from(dialog.querySelectorAll('input'));
    if (!home || !away) throw new Error('score fields');
    fireEvent.change(home, { target: { value: '0' } });
    fireEvent.change(away, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('first-half bets stay open');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(api.callsTo('/bo/trade/result')[0]?.body).toEqual({ match_id: 7, ft: { home: 0, away: 0 } }),
    );
    await screen.findByText('Saved.');
  });

  it('cancels a ticket only when confirmed', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/liability': book,
      '/bo/trade/cancelbet': () => ({ status: '1', statusdesc: 'success' }),
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderScreen(<RiskScreen />);
    fireEvent.change(screen.getByLabelText('Ticket ref no'), { target: { value: 'R123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel bet' }));
    expect(api.callsTo('/bo/trade/cancelbet')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel bet' }));
    await waitFor(() => expect(api.callsTo('/bo/trade/cancelbet')[0]?.body).toEqual({ ref_no: 'R123' }));
    confirm.mockRestore();
  });

  it('sets a daily payout cap and lists the caps', async () => {
    signedIn();
    let caps = [{ sport_id: 0, currency: 'MYR', cap: '100000.00' }];
    const api = mockFetch({
      '/bo/liability': book,
      '/bo/trade/payoutcaps': () => ({ status: '1', statusdesc: 'success', caps }),
      '/bo/trade/setpayoutcap': (body) => {
        caps = [
          ...caps,
          { sport_id: Number(body.sport_id), currency: String(body.currency), cap: String(body.cap) },
        ];
        return { status: '1', statusdesc: 'success' };
      },
    });
    renderScreen(<RiskScreen />);
    await waitFor(() => expect(screen.getByTestId('bo-caps').textContent).toContain('100,000.00'));
    fireEvent.change(screen.getByTestId('bo-cap-sport'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('bo-cap-amount'), { target: { value: '50000' } });
    fireEvent.click(screen.getByTestId('bo-cap-save'));
    await waitFor(() => expect(screen.getByTestId('bo-caps').textContent).toContain('50,000.00'));
    expect(api.callsTo('/bo/trade/setpayoutcap')[0]?.body).toEqual({
      sport_id: 1,
      currency: 'MYR',
      cap: '50000',
    });
  });

  it('overrides a price through the batch call', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/liability': book,
      '/bo/trade/prices': () => ({ status: '1', statusdesc: 'success', applied: 1, rejected: [] }),
    });
    renderScreen(<RiskScreen />);
    fireEvent.change(await screen.findByLabelText('Price h'), { target: { value: '1.85' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set prices' }));
    await waitFor(() => expect(api.callsTo('/bo/trade/prices')).toHaveLength(1));
    expect(api.callsTo('/bo/trade/prices')[0]?.body).toEqual({
      changes: [{ match_id: 7, kind: 'hdp', period: 'ft', line: '-0.5', prices: { h: '1.85' } }],
    });
  });
});
