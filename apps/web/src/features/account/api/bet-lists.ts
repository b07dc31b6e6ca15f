import type { BetView, SettlementHistoryRow } from '@sb/contract';
import { PAGE_SIZE, useAccountCall, type DayRange } from './request';
import { toBet, toSettlement, type Bet, type Settlement } from './bets';
import { selectBetPage } from './statement';

export type OpenListCall = 'betacceptlist' | 'pendingbetlist' | 'betrejectlist';

/** The open lists (/api/bet/betacceptlist, pendingbetlist, betrejectlist) answer { bets, page }, no total. */
export const selectOpenList = (reply: { bets: BetView[]; page: number }): { bets: Bet[]; page: number } => ({
  bets: reply.bets.map(toBet),
  page: reply.page,
});

export const useOpenBets = (call: OpenListCall, page: number) =>
  useAccountCall(call, { page, page_size: PAGE_SIZE }, selectOpenList);

/** settlementhistory: every settlement, reversal and cancellation in the range, newest first. */
export const selectHistory = (reply: {
  data: SettlementHistoryRow[];
  total: number;
  page: number;
}): { rows: Settlement[]; total: number; page: number } => ({
  rows: reply.data.map(toSettlement),
  total: reply.total,
  page: reply.page,
});

export const useSettlementHistory = (range: DayRange, page: number) =>
  useAccountCall('settlementhistory', { ...range, page, page_size: PAGE_SIZE }, selectHistory);

/** sportsbook over a range: the settled bets whose matches the history rows name. */
export const useSettledInRange = (range: DayRange, page: number) =>
  useAccountCall('sportsbook', { ...range, page, page_size: PAGE_SIZE }, selectBetPage);

/** cancelledbetlist: void, cancelled and rejected bets in the range. */
export const useCancelledBets = (range: DayRange, page: number) =>
  useAccountCall('cancelledbetlist', { ...range, page, page_size: PAGE_SIZE }, selectBetPage);
