import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { CancelledScreen } from './CancelledScreen';
import { ticket } from './ticket-fixture';

describe('cancelled bets', () => {
  it('lists the cancelled bets of the days with when and why, and opens one', async () => {
    signedIn('demoop', 'operator');
    const api = mockFetch({
      '/bo/cancelled': () => ({
        status: '1',
        statusdesc: 'success',
        account_id: 'demoop',
        data: [
          ticket({
            ref_no: 'R00011',
            status: 'void',
            reject_reason: 'palpable error',
            cancelled_at: '2026-01-06T03:00:00.000Z',
            shares: [],
            upline_win_loss: null,
          }),
        ],
        total: 1,
        page: 1,
      }),
    });
    renderScreen(<CancelledScreen />);
    const table = await screen.findByTestId('bo-cx-results');
    expect(table.textContent).toContain('R00011');
    expect(table.textContent).toContain('Void');
    expect(table.textContent).toContain('palpable error');
    fireEvent.change(screen.getByTestId('bo-cx-start'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(api.callsTo('/bo/cancelled').at(-1)?.body).toMatchObject({ start_date: '2026-01-01' }),
    );
    fireEvent.click(screen.getByTestId('bo-ticket-open-R00011'));
    expect((await screen.findByTestId('bo-ticket-detail')).textContent).toContain('palpable error');
    expect(screen.getByText('No parts: the ticket is not settled.')).toBeTruthy();
  });
});
