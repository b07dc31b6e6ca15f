import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
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
    const confirm = screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const [home, away] = Array.from(dialog.querySelectorAll('input'));
    if (!home || !away) throw new Error('two score fields');
    fireEvent.change(home, { target: { value: '2' } });
    fireEvent.change(away, { target: { value: '1' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('/bo/trade/result')).toHaveLength(1));
    expect(api.callsTo('/bo/trade/result')[0]?.body).toEqual({ match_id: 7, ft: { home: 2, away: 1 } });
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
