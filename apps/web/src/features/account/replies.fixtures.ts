import type {
  BetLegView,
  BetView,
  SettlementHistoryRow,
  StatementBetView,
  StatementDayRow,
  SystemCombinationRow,
} from '@sb/contract';
import type { AdjustmentRow } from './api/statement';

/**
 * Replies exactly as the server answers them (typed by the contract), for the account screens' tests.
 * Figures follow apps/server/test/statement.test.ts.
 */
const ok = { status: '1', statusdesc: 'success' } as const;

export const leg = (patch: Partial<BetLegView & { result: string | null }> = {}) => ({
  leg_no: 1,
  match_id: 41,
  sport_id: 1,
  league: 'Premier League',
  home: 'Arsenal',
  away: 'Chelsea',
  kickoff: '2026-11-22T08:00:00.000Z',
  market_id: 901,
  bet_type: 'BT_HDP',
  period: 'ft',
  line: '-0.5',
  choice: 'h',
  odds: '1.95',
  live: false,
  score_at_bet: null,
  outcome: 'won',
  result: '1-0',
  ...patch,
});

export const settledBet = (patch: Partial<StatementBetView> = {}): StatementBetView => ({
  bet_id: 7,
  ref_no: 'R0000007',
  trans_time: '2026-11-22T03:00:00.000Z',
  settled_at: '2026-11-22T10:00:00.000Z',
  kind: 'single',
  bet_type: 'BT_HDP',
  status: 'won',
  odds_type: '4',
  odds: '1.95',
  stake: '100.00',
  risk: '100.00',
  payout: '195.00',
  win_loss: '95.00',
  valid_turnover: '100.00',
  commission: '0.25',
  currency: 'MYR',
  fold_sizes: null,
  combinations: 1,
  reject_reason: null,
  resettled: false,
  legs: [leg()],
  ...patch,
});

export const parlayBet = (patch: Partial<StatementBetView> = {}): StatementBetView =>
  settledBet({
    bet_id: 8,
    ref_no: 'R0000008',
    kind: 'parlay',
    bet_type: 'BT_PARLAY',
    status: 'lost',
    odds: '3.803',
    stake: '10.00',
    risk: '10.00',
    payout: '0.00',
    win_loss: '-10.00',
    valid_turnover: '10.00',
    commission: '0.03',
    legs: [
      leg({ outcome: 'lost', result: '0-1' }),
      leg({ leg_no: 2, match_id: 42, home: 'Everton', away: 'Fulham', outcome: 'void', result: null }),
    ],
    ...patch,
  });

export const openBet = (patch: Partial<BetView> = {}): BetView => ({
  bet_id: 9,
  ref_no: 'R0000009',
  trans_time: '2026-11-22T04:00:00.000Z',
  kind: 'single',
  bet_type: 'BT_OU_1H',
  status: 'running',
  odds_type: '1',
  odds: '0.90',
  stake: '50.00',
  risk: '50.00',
  payout: null,
  max_payout: '95.00',
  win_loss: null,
  currency: 'MYR',
  fold_sizes: null,
  combinations: 1,
  reject_reason: null,
  legs: [openLeg({ bet_type: 'BT_OU_1H', period: '1h', line: '1.5', choice: 'o', odds: '0.90' })],
  ...patch,
});

/** A leg as the open lists send it (BetLegView: no result yet). */
export function openLeg(patch: Partial<BetLegView> = {}): BetLegView {
  const { result: _result, ...view } = leg({ outcome: null, ...patch });
  return view;
}

export const dailyStatementReply = (rows: StatementDayRow[]) => ({ ...ok, data: rows, currency: 'MYR' });

export const statementDay = (patch: Partial<StatementDayRow> = {}): StatementDayRow => ({
  transaction_date: '2026-11-22',
  opening_balance: '9945.63',
  closing_balance: '9916.00',
  turnover: '300.00',
  valid_turnover: '300.00',
  lottery: '0.00',
  tournament: '0.00',
  mini_game: '0.00',
  commission: '0.50',
  settled_amount: '15.00',
  adjustment: '-45.13',
  game_win_loss: '0.00',
  bets: 2,
  ...patch,
});

export const betPageReply = (bets: StatementBetView[], total = bets.length) => ({
  ...ok,
  data: bets,
  total,
  page: 1,
});

export const historyRow = (patch: Partial<SettlementHistoryRow> = {}): SettlementHistoryRow => ({
  ref_no: 'R0000007',
  bet_id: 7,
  movement: 'settle',
  time: '2026-11-22T10:00:00.000Z',
  bet_type: 'BT_HDP',
  stake: '100.00',
  payout: '195.00',
  win_loss: '95.00',
  commission: '0.25',
  status: 'won',
  resettled: false,
  ...patch,
});

export const systemTicket = (patch: Partial<StatementBetView> = {}): StatementBetView =>
  settledBet({
    bet_id: 12,
    ref_no: 'R0000012',
    kind: 'system',
    bet_type: 'BT_SYSPARLAY',
    status: 'won',
    odds: '1.000',
    stake: '10.00',
    risk: '40.00',
    payout: '115.05',
    win_loss: '75.05',
    fold_sizes: [2, 3],
    combinations: 4,
    legs: [
      leg({ home: 'Arsenal', away: 'Chelsea', result: '1-0' }),
      leg({ leg_no: 2, match_id: 42, home: 'Everton', away: 'Fulham', outcome: 'void', result: null }),
      leg({ leg_no: 3, match_id: 43, home: 'Leeds', away: 'Burnley', result: '2-0' }),
    ],
    ...patch,
  });

export const combination = (patch: Partial<SystemCombinationRow> = {}): SystemCombinationRow => ({
  combination_no: 1,
  fold: 2,
  bet_type: '2/3',
  leg_nos: [1, 2],
  matches: 'Arsenal - Chelsea / Everton - Fulham',
  odds: '3.803',
  stake: '10.00',
  payout: '19.50',
  win_loss: '9.50',
  status: 'won',
  ...patch,
});

export const combinationsReply = (rows: SystemCombinationRow[], ticketPayout: string | null) => ({
  ...ok,
  data: rows,
  bet_id: 12,
  ref_no: 'R0000012',
  unit_stake: '10.00',
  ticket_payout: ticketPayout,
});

export const adjustment = (patch: Partial<AdjustmentRow> = {}): AdjustmentRow => ({
  transfer_id: 'd1',
  kind: 'deposit',
  time: '2026-11-22T05:00:00.000Z',
  transaction_date: '2026-11-22',
  currency: 'MYR',
  amount: '10000.00',
  ...patch,
});

export { ok };
