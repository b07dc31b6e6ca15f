import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { OutstandingScreen } from './OutstandingScreen';

describe('outstanding bets', () => {
  it('lists open risk per member with amounts grouped', async () => {
    signedIn('demoag', 'agent');
    const api = mockFetch({
      '/bo/outstanding': () => ({
        status: '1',
        statusdesc: 'success',
        account_id: 'demoag',
        total: 1,
        page: 1,
        data: [
          {
            account_id: 'demomyr',
            currency: 'MYR',
            bets: 3,
            waiting: 1,
            outstanding: '12500.5',
            last_bet_at: '2026-11-24T02:00:00Z',
          },
        ],
      }),
    });
    renderScreen(<OutstandingScreen />);
    await waitFor(() => expect(screen.getByText('demomyr')).toBeTruthy());
    expect(screen.getByText('12,500.50')).toBeTruthy();
    expect(api.callsTo('/bo/outstanding')[0]?.body).toEqual({ page: 1, page_size: 200 });
  });
});
