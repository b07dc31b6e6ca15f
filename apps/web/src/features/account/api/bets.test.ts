import { describe, expect, it } from 'vitest';
import {
  combination,
  historyRow,
  openBet,
  parlayBet,
  settledBet,
  statementDay,
  systemTicket,
} from '../replies.fixtures';
import { betTypeKey, choiceOf, statusKey, toBet, toCombination, toSettlement, toStatementDay } from './bets';
import { selectBetPage } from './statement';
import { selectCombinations } from './system-parlays';
import { selectOpenList } from './bet-lists';

describe('account replies mapped from the real server fields', () => {
  it('reads a dailystatement row: balances, turnover, settled amount as win/loss, adjustment', () => {
    expect(toStatementDay(statementDay())).toEqual({
      date: '2026-11-22',
      opening: '9945.63',
      closing: '9916.00',
      turnover: '300.00',
      validTurnover: '300.00',
      commission: '0.50',
      winLoss: '15.00',
      adjustment: '-45.13',
      games: '0.00',
      lottery: '0.00',
      miniGame: '0.00',
      tournament: '0.00',
      bets: 2,
    });
  });

  it('reads a settled bet (sportsbook) with its figures and its legs with results', () => {
    const bet = toBet(settledBet({ resettled: true }));
    expect(bet).toMatchObject({
      id: 7,
      refNo: 'R0000007',
      kind: 'single',
      status: 'won',
      stake: '100.00',
      payout: '195.00',
      winLoss: '95.00',
      validTurnover: '100.00',
      commission: '0.25',
      settledAt: '2026-11-22T10:00:00.000Z',
      resettled: true,
    });
    expect(bet.legs).toEqual([
      expect.objectContaining({
        no: 1,
        home: 'Arsenal',
        choice: 'h',
        line: '-0.5',
        outcome: 'won',
        result: '1-0',
      }),
    ]);
  });

  it('reads an open bet (BetView) without settlement figures', () => {
    const bet = toBet(openBet());
    expect(bet).toMatchObject({ status: 'running', validTurnover: null, commission: null, resettled: false });
    expect(bet.legs[0]).toMatchObject({ betType: 'BT_OU_1H', period: '1h', result: null, outcome: null });
    expect(selectOpenList({ bets: [openBet()], page: 1 }).bets).toHaveLength(1);
  });

  it('reads pages of bets, parlays with every leg, system tickets with folds', () => {
    const page = selectBetPage({ data: [parlayBet(), systemTicket()], total: 60, page: 2 });
    expect(page.total).toBe(60);
    expect(page.page).toBe(2);
    expect(page.bets[0]?.legs.map((l) => [l.outcome, l.result])).toEqual([
      ['lost', '0-1'],
      ['void', null],
    ]);
    expect(page.bets[1]).toMatchObject({ kind: 'system', foldSizes: [2, 3], combinations: 4, risk: '40.00' });
  });

  it('reads settlementhistory movements and keeps repeated movements of a bet apart', () => {
    const rows = [
      historyRow({ movement: 'settle', resettled: true }),
      historyRow({ movement: 'reversal', payout: '-195.00', win_loss: '-95.00', resettled: true }),
    ].map(toSettlement);
    expect(rows.map((r) => [r.movement, r.payout, r.winLoss, r.resettled])).toEqual([
      ['settle', '195.00', '95.00', true],
      ['reversal', '-195.00', '-95.00', true],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });

  it('reads betsysparlaybet combinations with the unit stake and the ticket payout beside', () => {
    expect(toCombination(combination({ payout: null, win_loss: null, status: 'running' }))).toEqual({
      no: 1,
      fold: 2,
      legNos: [1, 2],
      matches: 'Arsenal - Chelsea / Everton - Fulham',
      odds: '3.803',
      stake: '10.00',
      payout: null,
      winLoss: null,
      status: 'running',
    });
    const reply = selectCombinations({
      data: [combination()],
      bet_id: 12,
      ref_no: 'R0000012',
      unit_stake: '10.00',
      ticket_payout: '115.05',
    });
    expect(reply).toMatchObject({ unitStake: '10.00', ticketPayout: '115.05' });
  });

  it('names every server status, bet type and choice', () => {
    expect(['won_half', 'lost_half', 'refund', 'void', 'draw'].map(statusKey)).toEqual([
      'wonHalf',
      'loseHalf',
      'refund',
      'void',
      'draw',
    ]);
    expect(statusKey('unheard')).toBeNull();
    expect(betTypeKey('BT_OU_1H')).toEqual({ key: 'ou', firstHalf: true });
    expect(betTypeKey('BT_SYSPARLAY')).toEqual({ key: 'sysparlay', firstHalf: false });
    expect(choiceOf({ choice: 'a', home: 'H', away: 'A' })).toEqual({ team: 'A' });
    expect(choiceOf({ choice: 'o', home: 'H', away: 'A' })).toEqual({ key: 'over' });
    expect(choiceOf({ choice: '2:1', home: 'H', away: 'A' })).toEqual({ raw: '2:1' });
  });
});
