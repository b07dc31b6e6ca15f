import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { DashboardScreen } from './DashboardScreen';
import { bookDayToday } from './today';

describe('dashboard', () => {
  it('shows the downline count, today’s win/loss per currency and open bets', async () => {
    signedIn('demoag', 'agent');
    const api = mockFetch({
      '/bo/memberlist': () => ({ status: '1', statusdesc: 'success', total: 12, page: 1, members: [] }),
      '/bo/winloss': () => ({
        status: '1',
        statusdesc: 'success',
        account_id: 'demoag',
        level: 'agent',
        downlines: [],
        members: [],
        totals: [
          {
            account_id: 'demoag',
            level: 'agent',
            currency: 'MYR',
            bets: 3,
            turnover: '1500.00',
            valid_turnover: '1500.00',
            member_win_loss: '-200.00',
            member_commission: '4.50',
            own_win_loss: '40.00',
            own_commission: '0.90',
            downline_win_loss: '0.00',
            upline_win_loss: '160.00',
          },
        ],
        total_downlines: 0,
        total_members: 0,
        page: 1,
      }),
      '/bo/outstanding': () => ({
        status: '1',
        statusdesc: 'success',
        account_id: 'demoag',
        total: 2,
        page: 1,
        data: [
          {
            account_id: 'm1',
            currency: 'MYR',
            bets: 2,
            waiting: 0,
            outstanding: '50.00',
            last_bet_at: '2026-11-24T01:00:00Z',
          },
          {
            account_id: 'm2',
            currency: 'MYR',
            bets: 5,
            waiting: 1,
            outstanding: '80.00',
            last_bet_at: '2026-11-24T02:00:00Z',
          },
        ],
      }),
    });
    renderScreen(<DashboardScreen />);
    await waitFor(() => expect(screen.getByTestId('bo-dash-downline').textContent).toContain('12'));
    expect((await screen.findByText("Today's win/loss (MYR)")).parentElement?.textContent).toContain('40.00');
    expect((await screen.findByText('7')).parentElement?.textContent).toContain('Open bets');
    const today = bookDayToday();
    expect(api.callsTo('/bo/winloss')[0]?.body).toEqual({ start_date: today, end_date: today });
  });
});
