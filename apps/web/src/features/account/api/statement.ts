import type { CallReply } from '@sb/contract';
import { PAGE_SIZE, useAccountCall, type DayRange } from './request';
import { toBet, toStatementDay, type Bet } from './bets';

/** dailystatement: a row per betting day of the range (at most 93 days). */
export const selectStatement = (reply: CallReply<'dailystatement'>) => ({
  days: reply.data.map(toStatementDay),
  // A member always has its currency (only upline accounts have none).
  currency: reply.currency ?? '',
});

export const useDailyStatement = (range: DayRange) =>
  useAccountCall('dailystatement', range, selectStatement);

export interface BetPage {
  bets: Bet[];
  total: number;
  page: number;
}

/** A page of settled or cancelled bets with their figures and legs (sportsbook, cancelledbetlist, betsysparlay). */
export const selectBetPage = (reply: CallReply<'sportsbook'>): BetPage => ({
  bets: reply.data.map(toBet),
  total: reply.total,
  page: reply.page,
});

/** sportsbook: the bets settled on one betting day (working_date), with their legs. */
export const useSettledBets = (workingDate: string, page: number) =>
  useAccountCall('sportsbook', { working_date: workingDate, page, page_size: PAGE_SIZE }, selectBetPage);

/** parlaybetdetails: one parlay or system ticket, any state, with its legs and their outcomes. */
export const selectParlayDetails = (reply: CallReply<'parlaybetdetails'>) => toBet(reply.bet);

export const useParlayDetails = (betId: number) =>
  useAccountCall('parlaybetdetails', { bet_id: betId }, selectParlayDetails);

/** adjustment: deposits, withdrawals and adjustments in the range, newest first (amount signed). */
export type AdjustmentRow = CallReply<'adjustment'>['data'][number];
/**
 * The upline's credit line is not the member's money and the statement leaves it out, so credit changes
 * are left out here too: what remains adds up to the day's adjustment column.
 */
const CREDIT_KINDS = new Set(['credit_given', 'credit_taken']);

export const selectAdjustments = (reply: CallReply<'adjustment'>) =>
  reply.data
    .filter((row) => !CREDIT_KINDS.has(row.kind))
    .map((row) => ({ id: row.transfer_id, kind: row.kind, time: row.time, amount: row.amount }));

export const useDayAdjustments = (workingDate: string) =>
  useAccountCall(
    'adjustment',
    { working_date: workingDate, page: 1, page_size: PAGE_SIZE },
    selectAdjustments,
  );
