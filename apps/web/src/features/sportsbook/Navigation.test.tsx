import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MatchTuple, OddsTuple } from '@sb/contract';
import { queryClient } from '../../shared/api/queryClient';
import { useLayout } from '../../shared/settings/store';
import { menuReply, mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { emptySlip, useSlip } from './betslip';
import { DesktopPage } from './DesktopPage';
import { marketReply } from './fixtures';
import { useMarkets } from './markets';
import { useScreen } from './nav';

const ok = { status: '1', statusdesc: 'success' };
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(`sb_${key}`) ?? 'null');
const lastList = (fetch: ReturnType<typeof mockFetch>) => fetch.callsTo('/cache/uxmarket').at(-1);

/** A third pre-match match (13) with a handicap market, for parlays of three. */
const third: MatchTuple = [
  13,
  7,
  'Wolves',
  'Fulham',
  0,
  0,
  0,
  0,
  Date.UTC(2026, 10, 22, 14, 0),
  '',
  0,
  0,
  0,
  0,
  0,
  2,
];
const thirdOdds: OddsTuple = [301, 13, 'hdp', 'ft', '0', 1, 1, 'h', '0.95', 'a', '0.95'];
const fourth: MatchTuple = [
  14,
  7,
  'Spurs',
  'Burnley',
  0,
  0,
  0,
  0,
  Date.UTC(2026, 10, 22, 15, 0),
  '',
  0,
  0,
  0,
  0,
  0,
  2,
];
const fourthOdds: OddsTuple = [401, 14, 'ou', 'ft', '2.5', 1, 1, 'o', '0.80', 'u', '-0.90'];
const threeMatches = () =>
  marketReply({
    matches: [...marketReply().matches, third, fourth],
    odds: [...marketReply().odds, thirdOdds, fourthOdds],
    total: 4,
  });

describe('sportsbook navigation', () => {
  beforeEach(() => {
    useMarkets.getState().clear();
    useSlip.setState(emptySlip());
    useScreen.setState({ timeFilter: 0, liveOnly: false, page: 1, expanded: null, liveCentre: null });
  });

  it('switches menu tabs and market types, keeping them as menu1 and menu3, and drops the slip on a type change', async () => {
    signIn();
    const fetch = mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': () => marketReply() });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('price-101-h'));
    expect(useSlip.getState().single).not.toBeNull();
    fireEvent.change(screen.getByTestId('market-type'), { target: { value: 'cs' } });
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ market_type: 'cs', menu: 'today' }));
    expect(stored('menu3')).toBe('cs');
    expect(useSlip.getState().single).toBeNull();
    fireEvent.click(screen.getByTestId('menu-tab-outright'));
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ market_type: 'outright', menu: 'outright' }));
    expect(stored('menu1')).toBe('outright');
    expect(screen.queryByTestId('market-type')).toBeNull();
    fireEvent.click(screen.getByTestId('menu-tab-parlay'));
    // Correct score is not a parlay kind: the parlay tab shows handicap and over/under.
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ market_type: 'hdpou', menu: 'parlay' }));
  });

  it('shows the time filter only for today on soccer in the all menu and sends its mode', async () => {
    signIn();
    const fetch = mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': () => marketReply() });
    renderWithProviders(<DesktopPage />);
    fireEvent.change(await screen.findByTestId('time-filter'), { target: { value: '9' } });
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ time_filter: 9 }));
    fireEvent.click(screen.getByTestId('menu-tab-early'));
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ menu: 'early', time_filter: 0 }));
    expect(screen.queryByTestId('time-filter')).toBeNull();
    expect(screen.getByTestId('early-day-1').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByTestId('menu-tab-today'));
    fireEvent.click(screen.getByTestId('menu-sport-2-select'));
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ sport_id: 2, time_filter: 0 }));
    expect(screen.queryByTestId('time-filter')).toBeNull();
    expect(stored('menu2')).toBe(2);
  });

  it('asks the server for the early day chosen (selected_days), from page 1, and keeps the choice', async () => {
    signIn();
    useScreen.setState({ page: 3 });
    const fetch = mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': () => marketReply() });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('menu-tab-early'));
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ menu: 'early', selected_days: '1' }));
    fireEvent.click(screen.getByTestId('early-day-3'));
    await waitFor(() =>
      expect(lastList(fetch)).toMatchObject({ menu: 'early', selected_days: '3', page: 1 }),
    );
    expect(screen.getByTestId('early-day-3').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('early-day-1').getAttribute('aria-pressed')).toBe('false');
    expect(stored('selectedDays')).toBe('3');
    // The server's answer is the day's list: every row it sends is shown, none filtered again here.
    expect(await screen.findByTestId('match-row-11')).toBeTruthy();
    // Other tabs ask for every date; the early tab keeps the chosen day.
    fireEvent.click(screen.getByTestId('menu-tab-today'));
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ menu: 'today', selected_days: '1' }));
    fireEvent.click(screen.getByTestId('menu-tab-early'));
    expect((await screen.findByTestId('early-day-3')).getAttribute('aria-pressed')).toBe('true');
    expect(fetch.callsTo('/cache/uxmarket').filter((body) => body.selected_days === '3')).toHaveLength(1);
  });

  it("follows the page type setting: double line adds each match's alternative lines, single line the main only", async () => {
    signIn();
    const alternates = () =>
      marketReply({
        odds: [
          ...marketReply().odds,
          [105, 11, 'hdp', 'ft', '-0.5', 1, 0, 'h', '0.99', 'a', '0.87'],
          [106, 11, 'ou', 'ft', '2.75', 1, 0, 'o', '-0.92', 'u', '0.80'],
        ],
      });
    mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': alternates });
    // The spec's default page type is '2', double line.
    expect(useLayout.getState().pageDisplay.pageType).toBe('2');
    renderWithProviders(<DesktopPage />);
    const second = await screen.findByTestId('alternate-row-11');
    expect(within(second).getByTestId('price-105-h').textContent).toContain('0.99');
    expect(within(second).getByTestId('price-106-o').textContent).toContain('-0.92');
    // Only matches with another line get a second row.
    expect(screen.queryByTestId('alternate-row-12')).toBeNull();
    // An alternative price goes to the slip like a main one.
    fireEvent.click(within(second).getByTestId('price-105-h'));
    expect(useSlip.getState().single).toMatchObject({ marketId: 105 });
    act(() => useLayout.getState().setPageDisplay({ pageType: '1' }));
    expect(screen.queryByTestId('alternate-row-11')).toBeNull();
    expect(screen.getByTestId('price-101-h')).toBeTruthy();
    act(() => useLayout.getState().setPageDisplay({ pageType: '2' }));
    expect(await screen.findByTestId('alternate-row-11')).toBeTruthy();
  });

  it('closes the league panel unapplied on a press outside it or on Escape', async () => {
    signIn();
    const fetch = mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => marketReply(),
      '/api/eventlist': () => ({ ...ok, events: [[8, 'La Liga', 1, 5]] }),
    });
    renderWithProviders(<DesktopPage />);
    const toggle = await screen.findByTestId('league-filter');
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByTestId('league-option-8'));
    // A press inside the panel keeps it open.
    fireEvent.mouseDown(screen.getByTestId('league-panel'));
    expect(screen.getByTestId('league-panel')).toBeTruthy();
    fireEvent.mouseDown(screen.getByTestId('market-search'));
    expect(screen.queryByTestId('league-panel')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(await screen.findByTestId('league-panel')).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByTestId('league-panel')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    // Nothing was applied.
    expect(stored('selectedLeagues')).toEqual([]);
    expect(
      fetch
        .callsTo('/cache/uxmarket')
        .every((body) => (body as { leagues?: number[] }).leagues?.length === 0),
    ).toBe(true);
  });

  it('filters by league until reset, by search text and live only, sorted and sized as chosen', async () => {
    signIn();
    const fetch = mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => marketReply(),
      '/api/eventlist': () => ({
        ...ok,
        events: [
          [7, 'Premier League', 1, 2],
          [8, 'La Liga', 1, 5],
        ],
      }),
    });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('league-filter'));
    fireEvent.click(await screen.findByTestId('league-option-8'));
    fireEvent.click(screen.getByTestId('league-apply'));
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ leagues: [8] }));
    expect(screen.getByTestId('league-filtered').textContent).toBe('Filtered');
    expect(stored('selectedLeagues')).toEqual(['8']);
    fireEvent.click(screen.getByTestId('league-reset'));
    // The unfiltered list is the first one again (still fresh in the cache).
    expect(screen.queryByTestId('league-filtered')).toBeNull();
    expect(stored('selectedLeagues')).toEqual([]);
    fireEvent.change(screen.getByTestId('market-search'), { target: { value: 'arse' } });
    await waitFor(() => expect(lastList(fetch)).toMatchObject({ search: 'arse' }));
    fireEvent.click(screen.getByTestId('live-only'));
    fireEvent.change(screen.getByTestId('market-sort'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('page-size'), { target: { value: '50' } });
    await waitFor(() =>
      expect(lastList(fetch)).toMatchObject({ live_only: true, sort: '2', page_size: 50, page: 1 }),
    );
    expect(useLayout.getState().pageDisplay).toMatchObject({ eventSorting: '2', pageSize: '50' });
  });

  it('stars a match into the favourites and lists them by id', async () => {
    signIn();
    const fetch = mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => marketReply(),
      '/cache/uxmatch2': () => marketReply({ matches: [marketReply().matches[0]!] }),
    });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('favourite-11'));
    expect(stored('favourites')).toEqual(['m11']);
    fireEvent.click(screen.getByTestId('menu-favourites'));
    await waitFor(() => expect(screen.queryByTestId('match-row-12')).toBeNull());
    expect(screen.getByTestId('match-row-11')).toBeTruthy();
    expect(fetch.callsTo('/cache/uxmatch2').at(-1)).toMatchObject({ match_ids: [11] });
    expect(stored('menu0')).toBe('fav');
  });

  it('drops a match that ends from the list and its league when it is the last one', async () => {
    signIn();
    mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': () => marketReply() });
    renderWithProviders(<DesktopPage />);
    await screen.findByTestId('match-row-12');
    act(() => useMarkets.getState().patch({ t: 'match', id: 12, seq: 20, match: { state: 1 } }, 'MY'));
    expect(screen.queryByTestId('match-row-12')).toBeNull();
    expect(screen.getByTestId('match-row-11')).toBeTruthy();
    act(() => useMarkets.getState().patch({ t: 'match', id: 11, seq: 9, match: { state: 2 } }, 'MY'));
    expect(screen.queryByTestId('league-7')).toBeNull();
  });

  it('opens the live centre of a live match with its score, minute, red cards and markets', async () => {
    signIn();
    mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => marketReply(),
      '/cache/uxmatch': () =>
        marketReply({ matches: [marketReply().matches[1]!], odds: [marketReply().odds[4]!] }),
    });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('open-live-12'));
    const centre = await screen.findByTestId('live-centre');
    expect(within(centre).getByTestId('live-score').textContent).toBe('1 - 0');
    expect(within(centre).getByTestId('live-clock').textContent).toContain('Second half');
    expect(within(centre).getByTestId('live-clock').textContent).toContain("63'");
    expect(within(centre).getByTestId('live-red-home').textContent).toBe('1');
    expect(await within(centre).findByTestId('match-markets-12')).toBeTruthy();
    act(() =>
      useMarkets
        .getState()
        .patch({ t: 'match', id: 12, seq: 30, match: { score: [2, 0], minute: 70 } }, 'MY'),
    );
    expect(within(centre).getByTestId('live-score').textContent).toBe('2 - 0');
    expect(within(centre).queryByTestId('score-map')).toBeNull();
    act(() => useLayout.getState().setPageDisplay({ showScoreMap: 'true' }));
    expect(within(centre).getByTestId('score-map').textContent).toContain('2');
    expect(within(centre).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('70');
    fireEvent.click(screen.getByTestId('live-centre-close'));
    expect(screen.queryByTestId('live-centre')).toBeNull();
  });

  it('places a system parlay of three legs as four doubles and a treble at a unit stake', async () => {
    signIn();
    const fetch = mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => threeMatches(),
      '/api/bet/betcheckmultispecial': () => ({
        ...ok,
        min_stake: '1',
        max_stake: '1000',
        max_payout: '100000',
      }),
      '/api/bet/betsysparlay': () => ({ ...ok, bet: { bet_id: 9, ref_no: 'S9', status: 'running' } }),
      '/api/bet/betacceptlist': () => ({ ...ok, bets: [] }),
      '/api/bet/pendingbetlist': () => ({ ...ok, bets: [] }),
    });
    renderWithProviders(<DesktopPage />);
    await screen.findByTestId('match-row-13');
    fireEvent.click(screen.getByTestId('betslip-tab-system'));
    fireEvent.click(screen.getByTestId('price-101-h'));
    fireEvent.click(screen.getByTestId('price-301-a'));
    fireEvent.click(screen.getByTestId('price-401-o'));
    // 103 is match 11's 1X2: it replaces 101 (one leg per match).
    fireEvent.click(screen.getByTestId('price-103-x'));
    expect(Object.keys(useSlip.getState().parlay)).toEqual(['11', '13', '14']);
    expect(screen.getByTestId('betslip-combinations').textContent).toContain('4 bets');
    fireEvent.click(screen.getByTestId('betslip-fold-3'));
    expect(screen.getByTestId('betslip-combinations').textContent).toContain('3 bets');
    fireEvent.click(screen.getByTestId('betslip-fold-3'));
    fireEvent.change(screen.getByTestId('betslip-stake'), { target: { value: '10' } });
    expect(screen.getByTestId('betslip-total-stake').textContent).toContain('40.00');
    fireEvent.click(screen.getByTestId('betslip-place'));
    expect((await screen.findByTestId('betslip-message')).textContent).toContain('S9');
    expect(fetch.callsTo('/api/bet/betsysparlay')[0]).toMatchObject({
      fold_sizes: [2, 3],
      stake: '10',
      picks: [
        { market_id: 103, selection: 'x', odds: '3.30' },
        { market_id: 301, selection: 'a', odds: '0.95' },
        { market_id: 401, selection: 'o', odds: '0.80' },
      ],
    });
    expect(fetch.callsTo('/api/bet/betsysparlay')[0]?.idempotency_key).toEqual(expect.any(String));
  });

  it('shows Myanmar lines to an MMK member and places a Myanmar single with the line', async () => {
    signIn({ currency: 'MMK' });
    useLayout.getState().setPageDisplay({ oddsType: '5' });
    const mmReply = marketReply({
      odds: [
        [101, 11, 'hdp', 'ft', '-0.25', 1, 1, 'mm', 1, 50, 'h'],
        [102, 11, 'ou', 'ft', '2.5', 1, 1, 'mm', 2, -20, 'o'],
      ],
    });
    const fetch = mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => mmReply,
      '/api/bet/betmmoclick': () => ({
        ...ok,
        line: '1+50',
        min_stake: '1000',
        max_stake: '500000',
        max_payout: '5000000',
      }),
      '/api/bet/betsinglemmo': () => ({ ...ok, bet: { bet_id: 7, ref_no: 'M7', status: 'running' } }),
      '/api/bet/betacceptlist': () => ({ ...ok, bets: [] }),
      '/api/bet/pendingbetlist': () => ({ ...ok, bets: [] }),
    });
    renderWithProviders(<DesktopPage />);
    expect((await screen.findByTestId('mm-101-h')).textContent).toBe('1+50');
    expect(screen.getByTestId('mm-101-a').textContent).toBe('1-50');
    expect(lastList(fetch)).toMatchObject({ odds_type: '5' });
    fireEvent.click(screen.getByTestId('mm-101-a'));
    expect(useSlip.getState().tab).toBe('mmSingle');
    await screen.findByTestId('betslip-limits');
    fireEvent.change(screen.getByTestId('betslip-stake'), { target: { value: '5000' } });
    expect(screen.getByTestId('betslip-payout').textContent).toContain('9,750');
    fireEvent.click(screen.getByTestId('betslip-place'));
    expect((await screen.findByTestId('betslip-message')).textContent).toContain('M7');
    expect(fetch.callsTo('/api/bet/betmmoclick')[0]).toMatchObject({
      market_id: 101,
      selection: 'a',
      line: '1+50',
    });
    expect(fetch.callsTo('/api/bet/betsinglemmo')[0]).toMatchObject({
      market_id: 101,
      selection: 'a',
      line: '1+50',
      stake: '5000',
    });
  });

  it('shows a price that moved after it was picked and takes it on request', async () => {
    signIn();
    mockFetch({ '/cache/uxmenu': () => menuReply(), '/cache/uxmarket': () => marketReply() });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('price-101-h'));
    expect(screen.queryByTestId('betslip-moved-101')).toBeNull();
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
    expect(screen.getByTestId('betslip-moved-101').textContent).toBe('Take 0.92');
    fireEvent.click(screen.getByTestId('betslip-moved-101'));
    expect(useSlip.getState().single?.odds).toBe('0.92');
    expect(screen.queryByTestId('betslip-moved-101')).toBeNull();
  });

  it('places a single at once with quick bet on, at the quick-bet amount', async () => {
    signIn();
    useLayout.getState().setBetting({ quickBet: 'true', quickBetAmount: '25' });
    const fetch = mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => marketReply(),
      '/api/bet/betsingle': () => ({ ...ok, bet: { bet_id: 3, ref_no: 'Q3', status: 'running' } }),
      '/api/bet/betacceptlist': () => ({ ...ok, bets: [] }),
      '/api/bet/pendingbetlist': () => ({ ...ok, bets: [] }),
    });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('price-102-o'));
    expect((await screen.findByTestId('betslip-message')).textContent).toContain('Q3');
    expect(fetch.callsTo('/api/bet/betsingle')).toHaveLength(1);
    expect(fetch.callsTo('/api/bet/betsingle')[0]).toMatchObject({
      market_id: 102,
      selection: 'o',
      stake: '25',
    });
  });

  it('shows a live bet waiting, then rejected once it leaves the waiting list without running', async () => {
    signIn();
    const waitingBet = {
      bet_id: 8,
      ref_no: 'L8',
      status: 'waiting',
      kind: 'single',
      legs: [],
      odds: '0.90',
      stake: '10.00',
      currency: 'MYR',
    };
    let pending: object[] = [];
    mockFetch({
      '/cache/uxmenu': () => menuReply(),
      '/cache/uxmarket': () => marketReply(),
      '/api/bet/betsingle': () => {
        pending = [waitingBet];
        return { ...ok, bet: waitingBet };
      },
      '/api/bet/betacceptlist': () => ({ ...ok, bets: [] }),
      '/api/bet/pendingbetlist': () => ({ ...ok, bets: pending }),
    });
    renderWithProviders(<DesktopPage />);
    fireEvent.click(await screen.findByTestId('price-101-h'));
    fireEvent.change(screen.getByTestId('betslip-stake'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('betslip-place'));
    const status = await screen.findByTestId('betslip-placed-status');
    expect(status.getAttribute('data-status')).toBe('waiting');
    await waitFor(() => expect(screen.getByTestId('mybets').textContent).toContain('Waiting'));
    pending = [];
    await act(() => queryClient.invalidateQueries({ queryKey: ['account'] }));
    await waitFor(() =>
      expect(screen.getByTestId('betslip-placed-status').getAttribute('data-status')).toBe('rejected'),
    );
  });
});
