import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WinLossRow } from '@sb/contract';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { WinLossScreen } from './WinLossScreen';

const row = (account_id: string, level: string, win: string): WinLossRow => ({
  account_id,
  level,
  currency: 'MYR',
  bets: 2,
  turnover: '200.00',
  valid_turnover: '200.00',
  member_win_loss: win,
  member_commission: '0.60',
  own_win_loss: '-10.00',
  own_commission: '0.00',
  downline_win_loss: '0.00',
  upline_win_loss: '0.00',
});

describe('win/loss report', () => {
  it('drills down from the caller to a downline and back', async () => {
    signedIn('demoop', 'operator');
    const api = mockFetch({
      '/bo/winloss': (body) => ({
        status: '1',
        statusdesc: 'success',
        account_id: body.account_id ?? 'demoop',
        level: 'operator',
        downlines: body.account_id ? [] : [row('demosh', 'shareholder', '100.00')],
        members: body.account_id ? [row('demomyr', 'member', '100.00')] : [],
        totals: [row('demoop', 'operator', '100.00')],
        total_downlines: 1,
        total_members: 0,
        page: 1,
      }),
    });
    renderScreen(<WinLossScreen />);
    fireEvent.click(await screen.findByTestId('bo-wl-open-demosh'));
    await waitFor(() => expect(screen.getByTestId('bo-wl-members').textContent).toContain('demomyr'));
    expect(api.callsTo('/bo/winloss').at(-1)?.body).toMatchObject({ account_id: 'demosh' });
    expect(screen.getByTestId('bo-wl-path').textContent).toContain('demoop› demosh');
    expect(screen.getByTestId('bo-wl-totals').textContent).toContain('-10.00');
    // A member row ends the drill-down at its settled tickets over the report's days.
    const tickets = screen.getByTestId('bo-wl-tickets-demomyr').getAttribute('href') ?? '';
    expect(tickets.startsWith('/reports/tickets?')).toBe(true);
    const search = new URLSearchParams(tickets.slice(tickets.indexOf('?')));
    expect([search.get('account_id'), search.get('date_kind'), search.get('status')]).toEqual([
      'demomyr',
      'settled',
      'settled',
    ]);
    expect(search.get('start')).toBe(api.callsTo('/bo/winloss').at(-1)?.body.start_date);
    fireEvent.click(screen.getByRole('button', { name: 'demoop' }));
    expect(await screen.findByTestId('bo-wl-open-demosh')).toBeTruthy();
  });
});

describe('win/loss per product', () => {
  it('asks for one product and splits the rows by product', async () => {
    signedIn('demoop', 'operator');
    const api = mockFetch({
      '/bo/winloss': (body) => ({
        status: '1',
        statusdesc: 'success',
        account_id: 'demoop',
        level: 'operator',
        downlines: [],
        members: [],
        totals: body.by_product
          ? [
              { ...row('demoop', 'operator', '-5.00'), product: 'casino' },
              { ...row('demoop', 'operator', '7.00'), product: 'games' },
            ]
          : [row('demoop', 'operator', '2.00')],
        total_downlines: 0,
        total_members: 0,
        page: 1,
      }),
    });
    renderScreen(<WinLossScreen />);
    await waitFor(() => expect(api.callsTo('/bo/winloss').length).toBeGreaterThan(0));
    expect(api.callsTo('/bo/winloss').at(-1)?.body.product).toBeUndefined();
    fireEvent.change(screen.getByTestId('bo-wl-product'), { target: { value: 'casino' } });
    await waitFor(() => expect(api.callsTo('/bo/winloss').at(-1)?.body).toMatchObject({ product: 'casino' }));
    fireEvent.click(screen.getByTestId('bo-wl-by-product'));
    await waitFor(() =>
      expect(api.callsTo('/bo/winloss').at(-1)?.body).toMatchObject({ product: 'casino', by_product: true }),
    );
    await waitFor(() => expect(screen.getByTestId('bo-wl-totals').textContent).toContain('Casino'));
    expect(screen.getByTestId('bo-wl-totals').textContent).toContain('Games');
    fireEvent.change(screen.getByTestId('bo-wl-product'), { target: { value: '' } });
    await waitFor(() => expect(api.callsTo('/bo/winloss').at(-1)?.body.product).toBeUndefined());
  });
});

describe('win/loss drill-down to game rounds', () => {
  it('links casino and games member rows to their rounds, sportsbook rows to their tickets', async () => {
    signedIn('demoag', 'agent');
    const api = mockFetch({
      '/bo/winloss': (body) => ({
        status: '1',
        statusdesc: 'success',
        account_id: 'demoag',
        level: 'agent',
        downlines: [],
        members: body.by_product
          ? [
              { ...row('demomyr', 'member', '-5.00'), product: 'casino' },
              { ...row('demomyr', 'member', '7.00'), product: 'games' },
              { ...row('demomyr', 'member', '1.00'), product: 'sportsbook' },
            ]
          : [row('demomyr', 'member', '3.00')],
        totals: [],
        total_downlines: 0,
        total_members: 1,
        page: 1,
      }),
    });
    renderScreen(<WinLossScreen />);
    const searchOf = (testId: string) => {
      const href = screen.getByTestId(testId).getAttribute('href') ?? '';
      return {
        path: href.slice(0, href.indexOf('?')),
        search: new URLSearchParams(href.slice(href.indexOf('?'))),
      };
    };
    // Every product together: the tickets, and the rounds of both game products beside them.
    await screen.findByTestId('bo-wl-tickets-demomyr');
    const both = searchOf('bo-wl-rounds-demomyr');
    expect(both.path).toBe('/reports/rounds');
    expect([both.search.get('account_id'), both.search.get('product')]).toEqual(['demomyr', null]);
    // One product: the member's name opens that product's rounds over the report's days.
    fireEvent.change(screen.getByTestId('bo-wl-product'), { target: { value: 'games' } });
    await waitFor(() => expect(searchOf('bo-wl-rounds-demomyr').search.get('product')).toBe('games'));
    const games = searchOf('bo-wl-rounds-demomyr');
    expect([games.path, games.search.get('product')]).toEqual(['/reports/rounds', 'games']);
    expect(games.search.get('start')).toBe(api.callsTo('/bo/winloss').at(-1)?.body.start_date);
    expect(games.search.get('end')).toBe(api.callsTo('/bo/winloss').at(-1)?.body.end_date);
    expect(screen.queryByTestId('bo-wl-tickets-demomyr')).toBeNull();
    // Split rows: each row its own product's drill-down.
    fireEvent.change(screen.getByTestId('bo-wl-product'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('bo-wl-by-product'));
    await screen.findByTestId('bo-wl-rounds-demomyr-casino');
    expect(searchOf('bo-wl-rounds-demomyr-casino').search.get('product')).toBe('casino');
    expect(searchOf('bo-wl-rounds-demomyr-games').search.get('product')).toBe('games');
    expect(searchOf('bo-wl-tickets-demomyr-sportsbook').path).toBe('/reports/tickets');
  });
});
