import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BoTicket } from '@sb/contract';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { ticket } from './ticket-fixture';
import { TicketsScreen } from './TicketsScreen';

const reply = (data: BoTicket[], total = data.length) => ({
  status: '1',
  statusdesc: 'success',
  account_id: 'demoma',
  data,
  total,
  page: 1,
});

describe('ticket search', () => {
  it('sends the filters, lists the tickets and opens one with its legs and each level’s part', async () => {
    signedIn('demoma', 'master');
    const api = mockFetch({ '/bo/tickets': () => reply([ticket()]) });
    renderScreen(<TicketsScreen />);
    await screen.findByTestId('bo-tk-results');
    fireEvent.change(screen.getByTestId('bo-tk-account'), { target: { value: ' demomyr ' } });
    fireEvent.change(screen.getByTestId('bo-tk-match'), { target: { value: '42' } });
    fireEvent.change(screen.getByTestId('bo-tk-status'), { target: { value: 'lost' } });
    fireEvent.change(screen.getByTestId('bo-tk-date-kind'), { target: { value: 'settled' } });
    fireEvent.change(screen.getByTestId('bo-tk-start'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('bo-tk-end'), { target: { value: '2026-01-07' } });
    fireEvent.click(screen.getByTestId('bo-tk-search'));
    await waitFor(() =>
      expect(api.callsTo('/bo/tickets').at(-1)?.body).toEqual({
        page: 1,
        page_size: 50,
        date_kind: 'settled',
        account_id: 'demomyr',
        match_id: 42,
        status: 'lost',
        start_date: '2026-01-01',
        end_date: '2026-01-07',
      }),
    );
    const table = screen.getByTestId('bo-tk-results');
    expect(table.textContent).toContain('R00007');
    expect(table.textContent).toContain('Lions – Tigers: h');
    expect(table.textContent).toContain('-100.00');
    fireEvent.click(screen.getByTestId('bo-ticket-open-R00007'));
    const detail = await screen.findByTestId('bo-ticket-detail');
    expect(screen.getByTestId('bo-ticket-legs').textContent).toContain('Premier League · #42');
    const shares = screen.getByTestId('bo-ticket-shares').textContent ?? '';
    for (const text of ['demomyr', '-100.00', 'demoma', '10.00', 'demoag', '20.00', 'Upline W/L', '70.00'])
      expect(shares).toContain(text);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(detail.isConnected).toBe(false);
  });

  it('searches a ref_no without dates; a match id that is no number is not sent', async () => {
    signedIn('demoop', 'operator');
    const api = mockFetch({ '/bo/tickets': () => reply([]) });
    renderScreen(<TicketsScreen />);
    await screen.findByTestId('bo-tk-results');
    fireEvent.change(screen.getByTestId('bo-tk-ref'), { target: { value: 'R00009' } });
    fireEvent.change(screen.getByTestId('bo-tk-start'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('bo-tk-end'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('bo-tk-search'));
    await waitFor(() =>
      expect(api.callsTo('/bo/tickets').at(-1)?.body).toEqual({
        page: 1,
        page_size: 50,
        date_kind: 'placed',
        ref_no: 'R00009',
      }),
    );
    const calls = api.callsTo('/bo/tickets').length;
    fireEvent.change(screen.getByTestId('bo-tk-match'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('bo-tk-search'));
    expect(await screen.findByText('The match ID must be a whole number.')).toBeTruthy();
    expect(api.callsTo('/bo/tickets').length).toBe(calls);
  });

  it('opens on the member and days of a win/loss drill-down, and pages', async () => {
    signedIn('demoop', 'operator');
    const api = mockFetch({ '/bo/tickets': (body) => reply([ticket({ bet_id: Number(body.page) })], 120) });
    renderScreen(
      <TicketsScreen />,
      '/reports/tickets?account_id=demomyr&start=2026-01-01&end=2026-01-07&date_kind=settled&status=settled',
    );
    await screen.findByTestId('bo-tk-results');
    expect(api.callsTo('/bo/tickets')[0]?.body).toMatchObject({
      account_id: 'demomyr',
      date_kind: 'settled',
      status: 'settled',
      start_date: '2026-01-01',
      end_date: '2026-01-07',
    });
    expect(screen.getByTestId('bo-tk-total').textContent).toContain('120');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo('/bo/tickets').at(-1)?.body).toMatchObject({ page: 2 }));
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    signedIn('demoag', 'agent');
    mockFetch({
      '/bo/tickets': () => ({ status: '0', statusdesc: 'forbiddenAccess', message: 'No.' }),
    });
    renderScreen(<TicketsScreen />);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'forbiddenAccess',
    );
  });
});
