import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { gmt8Day } from '../../shared/format';
import { mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { BetListPage } from './betlist/BetListPage';
import { ResultsPage, toResult, type ResultReplyRow } from './results/ResultsPage';
import { StatementPage } from './statement/StatementPage';
import { SysParlayPage } from './sysparlay/SysParlayPage';
import {
  adjustment,
  betPageReply,
  combination,
  combinationsReply,
  dailyStatementReply,
  historyRow,
  ok,
  openBet,
  parlayBet,
  settledBet,
  statementDay,
  systemTicket,
} from './replies.fixtures';

const session = { account_id: 'demomyr', session_token: 'token-1' };
const text = (element: HTMLElement) => element.textContent ?? '';

describe('StatementPage (dailystatement, sportsbook, parlaybetdetails)', () => {
  it('asks for the range by start_date and end_date and shows each day from the reply fields', async () => {
    signIn();
    const fetch = mockFetch({
      '/api/dailystatement': () =>
        dailyStatementReply([
          statementDay({
            transaction_date: '2026-11-21',
            opening_balance: '0.00',
            closing_balance: '9945.63',
            settled_amount: '-55.00',
            commission: '0.63',
            adjustment: '10000.00',
            turnover: '200.00',
            valid_turnover: '150.00',
          }),
          statementDay(),
        ]),
    });
    renderWithProviders(<StatementPage />, { route: '/info/statement' });
    const today = await screen.findByTestId('statement-day-2026-11-22');
    expect(fetch.callsTo('/api/dailystatement')[0]).toEqual({
      ...session,
      start_date: gmt8Day(-6),
      end_date: gmt8Day(0),
    });
    const cell = (row: HTMLElement, key: string) => text(within(row).getByTestId(`day-${key}`));
    expect(cell(today, 'opening')).toBe('9,945.63');
    expect(cell(today, 'turnover')).toBe('300.00');
    expect(cell(today, 'validTurnover')).toBe('300.00');
    expect(cell(today, 'winLoss')).toBe('15.00');
    expect(cell(today, 'commission')).toBe('0.50');
    expect(cell(today, 'adjustment')).toBe('-45.13');
    expect(cell(today, 'closing')).toBe('9,916.00');
    // Newest first; the total opens at the first day and closes at the last.
    const rows = within(screen.getByTestId('statement-table')).getAllByRole('row');
    expect(text(rows[1] as HTMLElement)).toContain('9,945.63');
    const total = rows[rows.length - 1] as HTMLElement;
    expect(text(total)).toContain('MYR');
    expect(text(total)).toContain('0.00');
    expect(text(total)).toContain('-40.00');
    expect(text(total)).toContain('9,954.87');
  });

  it("shows the day's provider games, 4D, mini games and tournament lines, and the row adds up", async () => {
    signIn();
    mockFetch({
      '/api/dailystatement': () =>
        dailyStatementReply([
          statementDay({
            opening_balance: '1000.00',
            settled_amount: '15.00',
            commission: '0.50',
            adjustment: '0.00',
            game_win_loss: '-12.50',
            lottery: '3.00',
            mini_game: '-1.00',
            tournament: '5.00',
            closing_balance: '1010.00',
          }),
        ]),
    });
    renderWithProviders(<StatementPage />, { route: '/info/statement' });
    const day = await screen.findByTestId('statement-day-2026-11-22');
    const cell = (key: string) => text(within(day).getByTestId(`day-${key}`));
    expect(cell('games')).toBe('-12.50');
    expect(cell('lottery')).toBe('3.00');
    expect(cell('miniGame')).toBe('-1.00');
    expect(cell('tournament')).toBe('5.00');
    const headers = within(screen.getByTestId('statement-table'))
      .getAllByRole('columnheader')
      .map((th) => text(th));
    expect(headers).toEqual(
      expect.arrayContaining(['Casino & games', '4D Lottery', 'Mini Games', 'Tournament']),
    );
    // opening + win/loss + commission + adjustment + games + 4D + mini games + tournament = closing
    const parts = [
      'opening',
      'winLoss',
      'commission',
      'adjustment',
      'games',
      'lottery',
      'miniGame',
      'tournament',
    ];
    const sum = parts.reduce(
      (total, key) => total + Math.round(Number(cell(key).replace(/,/g, '')) * 100),
      0,
    );
    expect(sum).toBe(Math.round(Number(cell('closing').replace(/,/g, '')) * 100));
  });

  it('opens a day: its settled bets by working_date, a parlay’s legs from parlaybetdetails', async () => {
    signIn();
    const fetch = mockFetch({
      '/api/dailystatement': () => dailyStatementReply([statementDay()]),
      '/api/sportsbook': () => betPageReply([settledBet({ resettled: true }), parlayBet()]),
      '/api/parlaybetdetails': () => ({ ...ok, bet: parlayBet() }),
      '/api/adjustment': () => ({
        ...ok,
        data: [
          adjustment({ transfer_id: 'w1', kind: 'withdraw', amount: '-45.13' }),
          adjustment({ transfer_id: 'c1', kind: 'credit_given', amount: '5000.00' }),
        ],
        total: 2,
        page: 1,
      }),
    });
    renderWithProviders(<StatementPage />, { route: '/info/statement' });
    fireEvent.click(await screen.findByTestId('statement-open-2026-11-22'));
    const single = await screen.findByTestId('bet-R0000007');
    expect(fetch.callsTo('/api/sportsbook')[0]).toEqual({
      ...session,
      working_date: '2026-11-22',
      page: 1,
      page_size: 50,
    });
    expect(text(single)).toContain('Arsenal – Chelsea');
    expect(text(single)).toContain('Arsenal -0.5 @ 1.95');
    expect(text(single)).toContain('Result 1-0 · Won');
    expect(text(single)).toContain('95.00');
    expect(text(single)).toContain('0.25');
    expect(text(single)).toContain('Resettled');
    const parlay = screen.getByTestId('bet-R0000008');
    expect(text(parlay)).toContain('Mix parlay');
    expect(text(parlay)).toContain('2 matches');
    fireEvent.click(within(parlay).getByTestId('bet-legs-8'));
    await within(parlay).findByTestId('leg-2');
    expect(fetch.callsTo('/api/parlaybetdetails')[0]).toEqual({ ...session, bet_id: 8 });
    expect(text(within(parlay).getByTestId('leg-1'))).toContain('Result 0-1 · Lost');
    expect(text(within(parlay).getByTestId('leg-2'))).toContain('Everton – Fulham');
    expect(text(within(parlay).getByTestId('leg-2'))).toContain('Void');
    // Totals of the day: win/loss 95 - 10, commission 0.25 + 0.03.
    const rows = within(screen.getByTestId('bet-table')).getAllByRole('row');
    const total = text(rows[rows.length - 1] as HTMLElement);
    expect(total).toContain('MYR 85.00');
    expect(total).toContain('MYR 0.28');
    // The day's withdrawal explains its adjustment column; the upline's credit line is not the member's money.
    const adjustments = await screen.findByTestId('statement-adjustments');
    expect(fetch.callsTo('/api/adjustment')[0]).toEqual({
      ...session,
      working_date: '2026-11-22',
      page: 1,
      page_size: 50,
    });
    expect(text(adjustments)).toContain('Withdrawal');
    expect(text(adjustments)).toContain('MYR -45.13');
    expect(text(adjustments)).not.toContain('5,000.00');
  });
});

describe('BetListPage (open lists, settlementhistory, cancelledbetlist)', () => {
  it('lists running bets from the bets field with their pick and bet type', async () => {
    signIn();
    const fetch = mockFetch({ '/api/bet/betacceptlist': () => ({ ...ok, bets: [openBet()], page: 1 }) });
    renderWithProviders(<BetListPage />);
    const row = await screen.findByTestId('bet-R0000009');
    expect(fetch.callsTo('/api/bet/betacceptlist')[0]).toEqual({ ...session, page: 1, page_size: 50 });
    expect(text(row)).toContain('Over/Under (first half)');
    expect(text(row)).toContain('Over 1.5 @ 0.90');
    expect(text(row)).toContain('Running');
  });

  it('shows a rejected bet with its reason', async () => {
    signIn();
    mockFetch({
      '/api/bet/betacceptlist': () => ({ ...ok, bets: [], page: 1 }),
      '/api/bet/betrejectlist': () => ({
        ...ok,
        bets: [openBet({ status: 'rejected', reject_reason: 'goal' })],
        page: 1,
      }),
    });
    renderWithProviders(<BetListPage />);
    expect(await screen.findByText('You have no running bets.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('betlist-tab-void'));
    const row = await screen.findByTestId('bet-R0000009');
    expect(text(row)).toContain('Rejected');
    expect(text(row)).toContain('Rejected: a goal was scored');
  });

  it('settled tab: settlementhistory by range, the match named from the settled bets of the range', async () => {
    signIn();
    const fetch = mockFetch({
      '/api/bet/betacceptlist': () => ({ ...ok, bets: [], page: 1 }),
      '/api/settlementhistory': () => ({
        ...ok,
        data: [
          historyRow({ resettled: true }),
          historyRow({ movement: 'reversal', payout: '-195.00', win_loss: '-95.00', commission: '-0.25' }),
        ],
        total: 2,
        page: 1,
      }),
      '/api/sportsbook': () => betPageReply([settledBet()]),
    });
    renderWithProviders(<BetListPage />);
    fireEvent.click(screen.getByTestId('betlist-tab-settled'));
    const table = await screen.findByTestId('settled-table');
    const range = { start_date: gmt8Day(-6), end_date: gmt8Day(0) };
    expect(fetch.callsTo('/api/settlementhistory')[0]).toEqual({
      ...session,
      ...range,
      page: 1,
      page_size: 50,
    });
    await waitFor(() => expect(text(table)).toContain('Arsenal – Chelsea'));
    const rows = within(table).getAllByTestId('settled-R0000007');
    expect(rows).toHaveLength(2);
    expect(text(rows[0] as HTMLElement)).toContain('Settled');
    expect(text(rows[0] as HTMLElement)).toContain('Resettled');
    expect(text(rows[1] as HTMLElement)).toContain('Reversed (resettled)');
    expect(text(rows[1] as HTMLElement)).toContain('-195.00');
  });

  it('cancelled tab: cancelledbetlist by range', async () => {
    signIn();
    const fetch = mockFetch({
      '/api/bet/betacceptlist': () => ({ ...ok, bets: [], page: 1 }),
      '/api/cancelledbetlist': () =>
        betPageReply([
          settledBet({ status: 'void', payout: null, win_loss: null, reject_reason: 'Abandoned' }),
        ]),
    });
    renderWithProviders(<BetListPage />);
    fireEvent.click(screen.getByTestId('betlist-tab-cancelled'));
    const row = await screen.findByTestId('bet-R0000007');
    expect(fetch.callsTo('/api/cancelledbetlist')[0]).toMatchObject({ start_date: gmt8Day(-6), page: 1 });
    expect(text(row)).toContain('Void');
    expect(text(row)).toContain('Abandoned');
  });
});

describe('SysParlayPage (betsysparlay, betsysparlaymatch, betsysparlaybet)', () => {
  it('lists tickets and opens their matches and combinations with stake and return', async () => {
    signIn();
    const fetch = mockFetch({
      '/api/betsysparlay': () => betPageReply([systemTicket()]),
      '/api/betsysparlaymatch': () => ({ ...ok, data: systemTicket().legs, bet_id: 12, ref_no: 'R0000012' }),
      '/api/betsysparlaybet': () =>
        combinationsReply(
          [
            combination(),
            combination({ combination_no: 2, leg_nos: [1, 3], payout: '38.03', win_loss: '28.03' }),
            combination({ combination_no: 3, leg_nos: [2, 3] }),
            combination({
              combination_no: 4,
              fold: 3,
              leg_nos: [1, 2, 3],
              payout: '38.03',
              win_loss: '28.03',
            }),
          ],
          '115.05',
        ),
    });
    renderWithProviders(<SysParlayPage />);
    const ticket = await screen.findByTestId('ticket-R0000012');
    expect(fetch.callsTo('/api/betsysparlay')[0]).toEqual({ ...session, page: 1, page_size: 50 });
    expect(text(ticket)).toContain('2 of 3, 3 of 3');
    expect(text(ticket)).toContain('3 matches, 4 bets');
    expect(text(ticket)).toContain('10.00 per bet');
    expect(text(ticket)).toContain('MYR 40.00');
    expect(text(ticket)).toContain('115.05');
    fireEvent.click(within(ticket).getByTestId('ticket-open-R0000012'));
    const combos = await within(ticket).findByTestId('combinations-R0000012');
    expect(fetch.callsTo('/api/betsysparlaymatch')[0]).toEqual({ ...session, bet_id: 12 });
    expect(fetch.callsTo('/api/betsysparlaybet')[0]).toEqual({ ...session, bet_id: 12 });
    await within(ticket).findByTestId('leg-3');
    expect(text(within(ticket).getByTestId('leg-2'))).toContain('Void');
    const rows = within(combos).getAllByTestId('combination');
    expect(rows.map((row) => within(row).getAllByRole('cell').map(text))).toEqual([
      ['1', '2 of 3Arsenal - Chelsea / Everton - Fulham', '3.803', '10.00', '19.50', '9.50', 'Won'],
      ['2', '2 of 3Arsenal - Chelsea / Everton - Fulham', '3.803', '10.00', '38.03', '28.03', 'Won'],
      ['3', '2 of 3Arsenal - Chelsea / Everton - Fulham', '3.803', '10.00', '19.50', '9.50', 'Won'],
      ['4', '3 of 3Arsenal - Chelsea / Everton - Fulham', '3.803', '10.00', '38.03', '28.03', 'Won'],
    ]);
    // The ticket's return, rounded once, beside the combinations' stake total.
    expect(text(combos)).toContain('MYR 40.00');
    expect(text(combos)).toContain('MYR 115.05');
  });

  it('says so when the member has no system parlays', async () => {
    signIn();
    mockFetch({ '/api/betsysparlay': () => betPageReply([]) });
    renderWithProviders(<SysParlayPage />);
    expect(await screen.findByText('You have no system parlays yet.')).toBeTruthy();
  });
});

describe('ResultsPage (matchresult)', () => {
  const row = (patch: Partial<ResultReplyRow> = {}): ResultReplyRow => ({
    match_id: 41,
    sport_id: 1,
    league_id: 3,
    league_name: 'Premier League',
    home: 'Arsenal',
    away: 'Chelsea',
    kickoff: '2026-11-22T08:00:00.000Z',
    state: 1,
    state_detail: '',
    ht_home: 1,
    ht_away: 0,
    ft_home: 3,
    ft_away: 1,
    ...patch,
  });

  it('reads the results field: league, kick-off, half-time and full-time scores, state', () => {
    expect(toResult(row())).toEqual({
      id: 41,
      league: 'Premier League',
      time: '2026-11-22T08:00:00.000Z',
      home: 'Arsenal',
      away: 'Chelsea',
      halfTime: '1 - 0',
      fullTime: '3 - 1',
      state: '1',
    });
    const cancelled = toResult(row({ state: 2, ht_home: null, ht_away: null, ft_home: null, ft_away: null }));
    expect(cancelled).toMatchObject({ halfTime: '', fullTime: '', state: '2' });
  });

  it('asks for the betting day and the sport', async () => {
    signIn();
    const fetch = mockFetch({ '/api/matchresult': () => ({ ...ok, results: [row()] }) });
    renderWithProviders(<ResultsPage />);
    await screen.findByTestId('results-list');
    expect(fetch.callsTo('/api/matchresult')[0]).toMatchObject({ date: gmt8Day(0), sport_id: 1 });
  });
});
