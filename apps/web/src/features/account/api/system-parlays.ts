import type { BetLegView, SystemCombinationRow } from '@sb/contract';
import { PAGE_SIZE, useAccountCall } from './request';
import { toCombination, toLeg } from './bets';
import { selectBetPage } from './statement';

/** betsysparlay: the member's system parlay tickets, newest first (no range: all of them). */
export const useSystemTickets = (page: number) =>
  useAccountCall('betsysparlay', { page, page_size: PAGE_SIZE }, selectBetPage);

/** betsysparlaymatch: the matches (legs) of one ticket with their outcomes and results. */
export const selectTicketMatches = (reply: {
  data: (BetLegView & { result: string | null })[];
  bet_id: number;
  ref_no: string;
}) => reply.data.map(toLeg);

export const useTicketMatches = (betId: number) =>
  useAccountCall('betsysparlaymatch', { bet_id: betId }, selectTicketMatches);

/**
 * betsysparlaybet: every combination at the unit stake with its return; the ticket's own payout is rounded
 * once over all combinations (domain rule), so it is shown beside their sum.
 */
export const selectCombinations = (reply: {
  data: SystemCombinationRow[];
  bet_id: number;
  ref_no: string;
  unit_stake: string;
  ticket_payout: string | null;
}) => ({
  combinations: reply.data.map(toCombination),
  unitStake: reply.unit_stake,
  ticketPayout: reply.ticket_payout,
});

export const useTicketCombinations = (betId: number) =>
  useAccountCall('betsysparlaybet', { bet_id: betId }, selectCombinations);
