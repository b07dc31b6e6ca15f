import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { menuReply, mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { emptySlip, useSlip } from './betslip';
import { DesktopPage } from './DesktopPage';
import { marketReply } from './fixtures';
import { useMarkets } from './markets';

const bet = {
  bet_id: 501,
  ref_no: 'R501',
  trans_time: '2026-11-22 12:00:00',
  kind: 'single',
  bet_type: 'BT_HDP',
  status: 'running',
  odds_type: '1',
  odds: '0.90',
  stake: '100.00',
  risk: '100.00',
  payout: null,
  max_payout: '190.00',
  win_loss: null,
  currency: 'MYR',
  fold_sizes: null,
  combinations: 1,
  reject_reason: null,
  legs: [],
};

describe('sportsbook screen', () => {
  beforeEach(() => {
    useMarkets.getState().clear();
    useSlip.setState(emptySlip());
  });

  it('lists the leagues and matches with prices, negatives in red and suspended markets locked', async () => {
    signIn();
    const fetch = mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': () => marketReply() });
    renderWithProviders(<DesktopPage />);
    const table = await screen.findByTestId('market-table');
    expect(within(table).getByText('Premier League')).toBeTruthy();
    expect(screen.getByTestId('match-row-11').textContent).toContain('Arsenal');
    expect(screen.getByTestId('match-row-12').textContent).toContain('1-0');
    expect(screen.getByTestId('match-row-12').textContent).toContain("63'");
    expect(screen.getByTestId('price-101-h').textContent).toBe('0.85');
    expect(screen.getByTestId('price-101-a').className).toMatch(/negative/);
    expect(screen.getByTestId('price-201-h').tagName).toBe('SPAN');
    expect(fetch.callsTo('/cache/uxmarket')[0]).toMatchObject({
      sport_id: 1,
      menu: 'today',
      market_type: 'hdpou',
      odds_type: '1',
      page: 1,
    });
    fireEvent.click(screen.getByTestId('menu-tab-live'));
    await screen.findByTestId('market-table');
    expect(fetch.callsTo('/cache/uxmarket').at(-1)).toMatchObject({ menu: 'live' });
  });

  it('pages through the list', async () => {
    signIn();
    const fetch = mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': (body) => marketReply({ total: 15, page: Number(body.page) }),
    });
    renderWithProviders(<DesktopPage />);
    expect((await screen.findByTestId('market-page')).textContent).toBe('Page 1 of 2');
    fireEvent.click(screen.getByTestId('market-next'));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(fetch.callsTo('/cache/uxmarket').at(-1)).toMatchObject({ page: 2, page_size: 10 });
  });

  it('re-renders a ticked price', async () => {
    signIn();
    mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': () => marketReply() });
    renderWithProviders(<DesktopPage />);
    await screen.findByTestId('market-table');
    act(() =>
      useMarkets.getState().patch(
        {
          t: 'market',
          id: 11,
          market: { id: 101, matchId: 11, kind: 'hdp', status: 'open', prices: { h: '1.92' } },
        },
        'MY',
      ),
    );
    expect(screen.getByTestId('price-101-h').textContent).toBe('0.92');
    expect(screen.getByTestId('price-101-h').className).toMatch(/up/);
  });

  it('places a single, re-confirms a moved price with a new key and shows the bet in my bets', async () => {
    signIn();
    let placed = false;
    const fetch = mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => marketReply(),
      '/api/bet/betcheck': () => ({
        status: '1',
        statusdesc: 'success',
        odds: '0.85',
        min_stake: '10',
        max_stake: '5000',
        max_payout: '50000',
        live: false,
      }),
      '/api/bet/betsingle': (body) => {
        if (body.odds !== '0.90') {
          return {
            status: '0',
            statusdesc: 'oddsChanged',
            message: '',
            market_id: 101,
            selection: 'h',
            odds: '0.90',
          };
        }
        placed = true;
        return { status: '1', statusdesc: 'success', bet };
      },
      '/api/bet/betacceptlist': () => ({ status: '1', statusdesc: 'success', bets: placed ? [bet] : [] }),
      '/api/bet/pendingbetlist': () => ({ status: '1', statusdesc: 'success', bets: [] }),
    });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('price-101-h'));
    const slip = screen.getByTestId('betslip');
    expect(slip.textContent).toContain('Arsenal');
    expect(await within(slip).findByTestId('betslip-limits')).toBeTruthy();
    fireEvent.click(screen.getByTestId('betslip-quick-100'));
    expect((screen.getByTestId('betslip-stake') as HTMLInputElement).value).toBe('100');
    expect(screen.getByTestId('betslip-payout').textContent).toContain('185.00');
    const place = screen.getByTestId('betslip-place');
    fireEvent.click(place);
    fireEvent.click(place);
    const message = await screen.findByTestId('betslip-message');
    expect(await within(message).findByText(/from 0.85 to 0.90/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('betslip-confirm-odds'));
    expect((await screen.findByTestId('betslip-message')).textContent).toMatch(/R501/);
    const calls = fetch.callsTo('/api/bet/betsingle');
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({
      market_id: 101,
      selection: 'h',
      odds: '0.85',
      stake: '100',
      odds_type: '1',
    });
    expect(calls[1]?.idempotency_key).not.toBe(calls[0]?.idempotency_key);
    expect(await within(screen.getByTestId('mybets')).findByTestId('mybet-501')).toBeTruthy();
  });

  it('retries a failed placement with the same idempotency key and translates the error', async () => {
    signIn();
    const fetch = mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => marketReply(),
      '/api/bet/betsingle': () => ({ status: '0', statusdesc: 'betLowerMin', message: '' }),
    });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('price-102-o'));
    fireEvent.change(screen.getByTestId('betslip-stake'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('betslip-place'));
    const first = (await screen.findByTestId('betslip-message')).textContent;
    expect(first).not.toBe('betLowerMin');
    fireEvent.click(screen.getByTestId('betslip-place'));
    await screen.findByTestId('betslip-message');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const calls = fetch.callsTo('/api/bet/betsingle');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.idempotency_key).toBe(calls[0]?.idempotency_key);
  });

  it('checks the stake against the live limits before placing', async () => {
    signIn();
    mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => marketReply(),
      '/api/bet/betcheck': () => ({
        status: '1',
        statusdesc: 'success',
        odds: '0.85',
        min_stake: '10',
        max_stake: '500',
        max_payout: '50000',
        live: false,
      }),
    });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('price-101-h'));
    await screen.findByTestId('betslip-limits');
    fireEvent.change(screen.getByTestId('betslip-stake'), { target: { value: '5' } });
    expect(screen.getByTestId('betslip-stake-error').textContent).not.toBe('');
    expect((screen.getByTestId('betslip-place') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('betslip-stake'), { target: { value: '600' } });
    expect(screen.getByTestId('betslip-stake-error')).toBeTruthy();
    fireEvent.change(screen.getByTestId('betslip-stake'), { target: { value: '50' } });
    expect(screen.queryByTestId('betslip-stake-error')).toBeNull();
    expect((screen.getByTestId('betslip-place') as HTMLButtonElement).disabled).toBe(false);
  });

  it('builds a parlay with one pick per match', async () => {
    signIn();
    mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': () => marketReply() });
    renderWithProviders(<DesktopPage />);
    await screen.findByTestId('market-table');
    fireEvent.click(screen.getByTestId('betslip-tab-parlay'));
    fireEvent.click(screen.getByTestId('price-101-h'));
    fireEvent.click(screen.getByTestId('price-102-o'));
    expect(Object.keys(useSlip.getState().parlay)).toEqual(['11']);
    expect(useSlip.getState().parlay[11]?.marketId).toBe(102);
  });
});
