import type {
  BoLiabilityMarket,
  AccountLevel,
  BoRoundsReply,
  BoTicketsReply,
  boCancelledRequest,
  boRoundsRequest,
  boTicketsRequest,
  WinLossRow,
} from '@sb/contract';
import { UPLINE_LEVELS, type UplineLevel } from '@sb/contract';
import type { Product } from '@sb/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { groupBy } from '../../lib/group-by';
import { formatMinor } from '../../lib/money';
import type { UplineService } from '../upline/service';
import { requestedRange, windowOf } from './days';
import {
  EXPOSURE_ROWS_MAX,
  statementRepository as repo,
  type TicketFilter,
  type WinLossSum,
} from './repository';
import { roundReportRepository, type ListedRound } from './rounds-repository';
import { pageOf, statementBetView, type Paging } from './service';

/**
 * The back office's reports over the caller's downline: win/loss with each level's share, open risk per member,
 * and the trading desk's liability per match and selection. Read from what settlement recorded (bets,
 * bet_shares) and from the running bets; limited to the caller's own downline.
 */
export class UplineReports {
  constructor(
    private readonly ctx: AppContext,
    private readonly upline: UplineService,
  ) {}

  /** Win/loss of settled bets in the range under the caller (or one of its downline): per direct downline, per member. */
  async winLoss(
    caller: AccountRow,
    input: Paging & {
      working_date?: string;
      start_date?: string;
      end_date?: string;
      account_id?: string;
      product?: Product | undefined;
      by_product?: boolean | undefined;
    },
  ) {
    const root = await this.reportRoot(caller, input.account_id);
    // Whole betting days: read from the daily pre-aggregate settlement keeps (the same sums as the bets').
    const days = requestedRange(input);
    const at = {
      id: String(root.id),
      path: root.path,
      depth: root.path.split('/').filter(Boolean).length,
      level: root.level,
    };
    const {
      downline: downlines,
      member: members,
      all: totals,
    } = await repo.winLossDays(
      this.ctx.db,
      at,
      days,
      {
        downline: pageOf(input),
        member: pageOf(input),
        all: { limit: 100, offset: 0 },
      },
      { only: input.product, split: input.by_product === true },
    );
    const names = await this.names([...downlines.rows, ...members.rows].map((row) => row.group_pk));
    return {
      account_id: root.account_id,
      level: root.level,
      downlines: downlines.rows.map((row) => winLossRow(row, names)),
      members: members.rows.map((row) => winLossRow(row, names)),
      totals: totals.rows.map((row) => winLossRow(row, new Map([[String(root.id), root]]))),
      total_downlines: downlines.total,
      total_members: members.total,
      page: input.page,
    };
  }

  /** Open risk (running and waiting bets) per member under the caller (or one of its downline). */
  async outstanding(caller: AccountRow, input: Paging & { account_id?: string }) {
    const root = await this.reportRoot(caller, input.account_id);
    const { rows, total } = await repo.outstanding(
      this.ctx.db,
      { id: String(root.id), path: root.path },
      pageOf(input),
    );
    return {
      account_id: root.account_id,
      data: rows.map((row) => ({
        account_id: row.account_id,
        currency: row.currency,
        bets: row.bets,
        waiting: row.waiting,
        outstanding: formatMinor(row.outstanding),
        last_bet_at: row.last_bet_at.toISOString(),
      })),
      total,
      page: input.page,
    };
  }

  /**
   * The trading view: per match, market and currency, what the book makes or loses if each selection wins,
   * from the running bets under the caller. Singles are exact: the book keeps every stake at risk on the
   * market and pays the potential payout of the winning selection's bets (a quarter line's half win is
   * counted as a full win: the worst case). Parlays and system tickets are approximated by their open legs:
   * each open leg carries the ticket's potential net win (potential payout - risk) as exposure on its
   * selection, as if every other leg won: an upper bound, shown apart and not netted with the singles.
   */
  async liability(caller: AccountRow, input: { match_id?: number | undefined }) {
    const exposure = await repo.exposure(
      this.ctx.db,
      { id: String(caller.id), path: caller.path },
      input.match_id === undefined ? undefined : String(input.match_id),
    );
    const selections = await repo.marketsOf(this.ctx.db, [...new Set(exposure.map((row) => row.market_id))]);
    const matches = new Map<string, { match_id: number; home: string; away: string; kickoff: string }>();
    const keysByMarket = new Map<string, string[]>();
    for (const row of selections) {
      const matchId = String(row.match_id);
      if (!matches.has(matchId))
        matches.set(matchId, {
          match_id: Number(matchId),
          home: row.home,
          away: row.away,
          kickoff: row.kickoff.toISOString(),
        });
      const keys = keysByMarket.get(String(row.market_id)) ?? [];
      keys.push(row.key);
      keysByMarket.set(String(row.market_id), keys);
    }
    const markets = groupBy(exposure, (row) => `${row.match_id}|${row.market_id}|${row.currency}`);
    const byMatch = new Map<string, BoLiabilityMarket[]>();
    for (const rows of markets.values()) {
      const first = rows[0];
      if (!first) continue;
      const singles = rows.filter((row) => row.bet_kind === 'single');
      const stakeOnMarket = singles.reduce((acc, row) => acc + row.risk, 0n);
      const keys = new Set([...(keysByMarket.get(first.market_id) ?? []), ...rows.map((r) => r.selection)]);
      const outcomes = [...keys].map((key) => {
        const mine = singles.filter((row) => row.selection === key);
        const tickets = rows.filter((row) => row.bet_kind !== 'single' && row.selection === key);
        const payout = mine.reduce((acc, row) => acc + row.potential_payout, 0n);
        return {
          selection: key,
          bets: mine.reduce((acc, row) => acc + row.bets, 0),
          stake: formatMinor(mine.reduce((acc, row) => acc + row.risk, 0n)),
          payout_if_wins: formatMinor(payout),
          book_if_wins: formatMinor(stakeOnMarket - payout),
          parlay_bets: tickets.reduce((acc, row) => acc + row.bets, 0),
          parlay_exposure: formatMinor(
            tickets.reduce((acc, row) => acc + row.potential_payout - row.risk, 0n),
          ),
        };
      });
      const list = byMatch.get(first.match_id) ?? [];
      list.push({
        market_id: Number(first.market_id),
        kind: first.market_kind,
        period: first.period,
        line: first.line,
        currency: first.currency,
        stake: formatMinor(stakeOnMarket),
        outcomes,
      });
      byMatch.set(first.match_id, list);
    }
    return {
      // Bounded: when the cap was reached the view is incomplete and says so (narrow it with match_id).
      truncated: exposure.length >= EXPOSURE_ROWS_MAX,
      data: [...byMatch.entries()].map(([matchId, list]) => ({
        ...(matches.get(matchId) ?? { match_id: Number(matchId) }),
        markets: list,
      })),
    };
  }

  /**
   * The ticket search under the caller (or one of its downline, or one member): each ticket with its legs, its
   * figures and each level's part, so a drill-down from win/loss ends at the ticket. Dates are betting days of
   * placement or of settlement; they may be left out when a ref_no or a match names the tickets.
   */
  async tickets(caller: AccountRow, input: z.output<typeof boTicketsRequest>): Promise<BoTicketsReply> {
    // The account first: another branch's member is refused whatever else the request says.
    const root = await this.reportRoot(caller, input.account_id);
    const named = input.ref_no !== undefined || input.match_id !== undefined;
    const days = named ? requestedRange(input, false) : requestedRange(input);
    return this.ticketPage(caller, root, input, {
      dates: input.date_kind,
      range: days ? windowOf(days) : null,
      refNo: input.ref_no,
      matchId: input.match_id,
      status: input.status,
    });
  }

  /**
   * Cancelled bets under the caller (the agent site's Cancelled Bets report): void, refunded or rejected, and
   * those the operator cancelled after taking them, by the betting day they were cancelled on.
   */
  async cancelled(caller: AccountRow, input: z.output<typeof boCancelledRequest>): Promise<BoTicketsReply> {
    const root = await this.reportRoot(caller, input.account_id);
    return this.ticketPage(caller, root, input, {
      dates: 'cancelled',
      range: windowOf(requestedRange(input)),
    });
  }

  /**
   * The counted casino and games rounds of a member (or of every member under a downline account) in a range of
   * days, newest first, with the caller's own part of each: the drill-down from a win/loss member row for the
   * products that have no ticket. Another branch's account is refused as the ticket search refuses it.
   */
  async rounds(caller: AccountRow, input: z.output<typeof boRoundsRequest>): Promise<BoRoundsReply> {
    const root = await this.reportRoot(caller, input.account_id);
    const days = requestedRange(input);
    const level = (UPLINE_LEVELS as readonly string[]).includes(caller.level)
      ? (caller.level as UplineLevel)
      : null;
    const { rows, total } = await roundReportRepository.listed(
      this.ctx.db,
      { path: root.path },
      { days, product: input.product },
      level,
      pageOf(input),
    );
    return { account_id: root.account_id, data: rows.map(roundView), total, page: input.page };
  }

  // ---- internals ----

  private async ticketPage(
    caller: AccountRow,
    root: AccountRow,
    paging: Paging,
    filter: TicketFilter,
  ): Promise<BoTicketsReply> {
    const { rows, total } = await repo.tickets(this.ctx.db, { path: root.path }, filter, pageOf(paging));
    const ids = rows.map((row) => row.id);
    const [legs, shares] = await Promise.all([
      repo.legs(this.ctx.db, ids),
      repo.ticketShares(
        this.ctx.db,
        rows.map((row) => ({ id: row.id, gen: row.settle_gen })),
      ),
    ]);
    const legsByBet = groupBy(legs, (leg) => leg.bet_id);
    const sharesByBet = groupBy(shares, (share) => share.bet_id);
    return {
      account_id: root.account_id,
      data: rows.map((row) => {
        const parts = sharesByBet.get(row.id) ?? [];
        // The caller sees its own level and those below it one by one, the levels above it together.
        const mine = parts.filter((part) => part.path.startsWith(caller.path));
        const above = parts.filter((part) => !part.path.startsWith(caller.path));
        const standing = row.settled_at !== null && row.cancelled_at === null;
        return {
          ...statementBetView(row, legsByBet.get(row.id) ?? []),
          account_id: row.member_id,
          cancelled_at: row.cancelled_at ? row.cancelled_at.toISOString() : null,
          shares: mine.map((part) => ({
            account_id: part.account_id,
            level: part.level as AccountLevel,
            win_loss: formatMinor(part.win_loss),
            commission: formatMinor(part.commission),
          })),
          upline_win_loss: standing
            ? formatMinor(above.reduce((sum, part) => sum + part.win_loss, 0n))
            : null,
        };
      }),
      total,
      page: paging.page,
    };
  }

  /** The account a report looks under: the caller, or one of its downline (never beside or above it). */
  private async reportRoot(caller: AccountRow, accountId: string | undefined): Promise<AccountRow> {
    if (!accountId || accountId.toLowerCase() === caller.account_id.toLowerCase()) return caller;
    return this.upline.downlineAccount(caller, accountId);
  }

  private async names(pks: string[]) {
    const rows = await repo.accountsByPk(this.ctx.db, [...new Set(pks)]);
    return new Map(rows.map((row) => [String(row.id), row]));
  }
}

function winLossRow(row: WinLossSum, names: Map<string, { account_id: string; level: string }>): WinLossRow {
  const account = names.get(row.group_pk);
  return {
    account_id: account?.account_id ?? row.group_pk,
    level: account?.level ?? '',
    currency: row.currency,
    ...(row.product ? { product: row.product } : {}),
    bets: row.bets,
    turnover: formatMinor(row.turnover),
    valid_turnover: formatMinor(row.valid_turnover),
    member_win_loss: formatMinor(row.member_win_loss),
    member_commission: formatMinor(row.member_commission),
    own_win_loss: formatMinor(row.own_win_loss),
    own_commission: formatMinor(row.own_commission),
    downline_win_loss: formatMinor(row.downline_win_loss),
    upline_win_loss: formatMinor(row.upline_win_loss),
  };
}

function roundView(row: ListedRound): BoRoundsReply['data'][number] {
  const game =
    row.source === 'provider'
      ? (row.game_code ?? '')
      : row.source === 'minigame'
        ? (row.minigame ?? '')
        : '4D';
  return {
    product: row.product,
    source: row.source,
    game,
    game_name: row.source === 'provider' ? row.game_name : null,
    round: row.source === 'provider' ? (row.provider_round ?? row.round_pk) : row.round_pk,
    draw_id: row.draw_id === null ? null : Number(row.draw_id),
    draw_at: row.draw_at ? row.draw_at.toISOString() : null,
    account_id: row.account_id,
    currency: row.currency,
    finished_at: row.finished_at.toISOString(),
    stake: formatMinor(row.turnover),
    // The member's result is what came back less the stake (game-rounds.ts), so this is what came back.
    win: formatMinor(row.turnover + row.win_loss),
    member_win_loss: formatMinor(row.win_loss),
    member_commission: formatMinor(row.commission),
    own_win_loss: formatMinor(row.own_win_loss),
    own_commission: formatMinor(row.own_commission),
  };
}
