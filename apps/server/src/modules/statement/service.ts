import {
  BET_TYPE_CODES,
  type BetStatus,
  type SettlementHistoryRow,
  type StatementBetView,
  type StatementDayRow,
  type StatementRangeRequest,
  type SystemCombinationRow,
  type WinLossRow,
} from '@sb/contract';
import {
  Rational,
  bettingDay,
  legDecimalOdds,
  legFactor,
  minorToRational,
  parseOutcome,
  roundToMinor,
  systemCombinations,
  type OddsFormat,
} from '@sb/domain';
import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { formatMinor } from '../../lib/money';
import type { AccountService } from '../account/service';
import type { UplineService } from '../upline/service';
import {
  EXPOSURE_ROWS_MAX,
  statementRepository as repo,
  type BalanceScope,
  type BetFilter,
  type BetRow,
  type LegRow,
  type MovementRow,
  type WinLossSum,
} from './repository';
import { BUCKETS, MAX_RANGE_DAYS, classify, dayName, dayNumberOf, dayStart, type DayRange } from './days';

const CREDIT_IN = new Set(['deposit', 'credit_given', 'adjustment_in']);

type Paging = { page: number; page_size: number };

/**
 * The member's statements and the upline's reports. Balances come from the ledger (so every figure is
 * exact and a day's opening is the previous day's closing by construction); bet figures from what
 * settlement recorded on the bets; the upline's parts from bet_shares of each bet's standing settlement.
 *
 * The statement balance is the member's own money: available + outstanding (a stake moves money between
 * the two, so it changes nothing until the bet settles) + receivable (what a resettlement took back beyond
 * the balance, negative). For a credit member the upline's credit line is left out, so the balance is the
 * net position (the profile's cash balance). Each row then adds up:
 * closing = opening + settled_amount + commission + adjustment.
 */
export class StatementService {
  constructor(
    private readonly ctx: AppContext,
    private readonly accounts: AccountService,
    private readonly upline: UplineService,
  ) {}

  // ---- member calls ----

  async dailyStatement(input: StatementRangeRequest) {
    const member = await this.member(input);
    const range = this.range(input);
    const today = this.today();
    const last = Math.min(range.last, today);
    const scope = scopeOf(member);
    const rows: StatementDayRow[] = [];
    if (range.first > last) return { data: rows, currency: member.currency };
    const window = { from: dayStart(range.first), to: dayStart(last + 1) };
    const [opening, moves, settled] = await Promise.all([
      repo.balanceBefore(this.ctx.db, scope, window.from),
      repo.movementSums(this.ctx.db, scope, window, BUCKETS),
      repo.settledSums(this.ctx.db, String(member.id), window, BUCKETS),
    ]);
    const movesByDay = groupBy(moves, (move) => move.day);
    const settledByDay = new Map(settled.map((row) => [row.day, row]));
    let balance = opening;
    for (let day = range.first; day <= last; day += 1) {
      const figures = classify(movesByDay.get(day) ?? []);
      const bets = settledByDay.get(day);
      const closing = balance + figures.settled + figures.commission + figures.adjustment;
      rows.push({
        transaction_date: dayName(day),
        opening_balance: formatMinor(balance),
        closing_balance: formatMinor(closing),
        turnover: formatMinor(bets?.turnover ?? 0n),
        valid_turnover: formatMinor(bets?.validTurnover ?? 0n),
        commission: formatMinor(figures.commission),
        settled_amount: formatMinor(figures.settled),
        adjustment: formatMinor(figures.adjustment),
        bets: bets?.bets ?? 0,
      });
      balance = closing;
    }
    return { data: rows, currency: member.currency };
  }

  /** Every settlement posted, reversed (resettlement) or cancelled in the range, newest first. */
  async settlementHistory(input: StatementRangeRequest) {
    const member = await this.member(input);
    const window = this.window(this.range(input));
    const { rows, total } = await repo.settlementMovements(
      this.ctx.db,
      scopeOf(member),
      window,
      pageOf(input),
    );
    const legs = await repo.legs(
      this.ctx.db,
      rows.map((row) => row.bet_id),
    );
    const legsByBet = groupBy(legs, (leg) => leg.bet_id);
    return {
      data: rows.map((row) => historyRow(row, legsByBet.get(row.bet_id) ?? [])),
      total,
      page: input.page,
    };
  }

  /** Settled bets in the range (by settlement time) with their figures and legs. */
  async sportsbook(input: StatementRangeRequest) {
    const member = await this.member(input);
    return this.betList(member, { kind: 'settled', ...this.window(this.range(input)) }, input);
  }

  /** Void, cancelled and rejected bets in the range. */
  async cancelledBets(input: StatementRangeRequest) {
    const member = await this.member(input);
    return this.betList(member, { kind: 'cancelled', ...this.window(this.range(input)) }, input);
  }

  /** System parlay tickets, all or placed in the range. */
  async systemParlays(input: StatementRangeRequest) {
    const member = await this.member(input);
    const range = this.range(input, false);
    return this.betList(member, { kind: 'system', ...(range ? this.window(range) : {}) }, input);
  }

  /** Win/loss per product over the range: the sportsbook (the only product settled on this platform). */
  async platformWinLose(input: StatementRangeRequest) {
    const member = await this.member(input);
    const window = this.window(this.range(input));
    const days = await repo.settledSums(this.ctx.db, String(member.id), window, BUCKETS);
    const sum = (pick: (d: (typeof days)[number]) => bigint) => days.reduce((acc, d) => acc + pick(d), 0n);
    const winLoss = sum((d) => d.winLoss);
    const commission = sum((d) => d.commission);
    return {
      data: [
        {
          product: 'sportsbook',
          bets: days.reduce((acc, d) => acc + d.bets, 0),
          turnover: formatMinor(sum((d) => d.turnover)),
          valid_turnover: formatMinor(sum((d) => d.validTurnover)),
          win_loss: formatMinor(winLoss),
          commission: formatMinor(commission),
          total: formatMinor(winLoss + commission),
        },
      ],
      currency: member.currency,
    };
  }

  /** One parlay or system ticket of the member's, any state, with its legs and their outcomes. */
  async parlayDetails(input: { account_id: string; session_token: string; bet_id: number }) {
    const member = await this.member(input);
    const bet = await this.ownBet(member, input.bet_id, ['parlay', 'system']);
    return { bet };
  }

  /** The matches (legs) of one system ticket. */
  async systemParlayMatches(input: { account_id: string; session_token: string; bet_id: number }) {
    const member = await this.member(input);
    const bet = await this.ownBet(member, input.bet_id, ['system']);
    return { data: bet.legs, bet_id: bet.bet_id, ref_no: bet.ref_no };
  }

  /**
   * The combinations of one system ticket, each staked with the unit stake: its legs, its odds (product of
   * the legs' decimal odds), and once its legs are decided its return (unit x product of leg factors,
   * rounded half-up per combination). The ticket's own payout is rounded once over all combinations
   * (domain rule), so the combinations' returns can differ from it by a cent or so: it is given beside.
   */
  async systemParlayBets(input: { account_id: string; session_token: string; bet_id: number }) {
    const member = await this.member(input);
    const [row] = (
      await repo.bets(this.ctx.db, String(member.id), { kind: 'ids', ids: [String(input.bet_id)] }, PAGE_ONE)
    ).rows;
    if (!row || row.kind !== 'system') throw new AppError('betNotExists', { field: 'bet_id' });
    const legs = await repo.legs(this.ctx.db, [row.id]);
    const combinations = systemCombinations(legs.length, row.fold_sizes ?? []);
    const data = combinations.map((indexes, i) => combinationRow(row, legs, indexes, i + 1));
    return {
      data,
      bet_id: Number(row.id),
      ref_no: row.ref_no,
      unit_stake: formatMinor(row.stake),
      ticket_payout: row.payout === null ? null : formatMinor(row.payout),
    };
  }

  /** Deposits, withdrawals, credit changes and adjustments in the range, newest first. */
  async adjustments(input: StatementRangeRequest) {
    const member = await this.member(input);
    const window = this.window(this.range(input));
    const { rows, total } = await repo.adjustments(this.ctx.db, String(member.id), window, pageOf(input));
    return {
      data: rows.map((row) => ({
        transfer_id: row.transfer_id,
        kind: row.kind,
        time: row.created_at.toISOString(),
        transaction_date: bettingDay(row.created_at.getTime()),
        currency: row.currency,
        amount: formatMinor(CREDIT_IN.has(row.kind) ? row.amount : -row.amount),
      })),
      total,
      page: input.page,
    };
  }

  // ---- upline reports ----

  /** Win/loss of settled bets in the range under the caller (or one of its downline): per direct downline, per member. */
  async winLoss(
    caller: AccountRow,
    input: Paging & { working_date?: string; start_date?: string; end_date?: string; account_id?: string },
  ) {
    const root = await this.reportRoot(caller, input.account_id);
    const window = this.window(this.range(input));
    const at = { id: String(root.id), path: root.path, depth: root.path.split('/').filter(Boolean).length };
    const [downlines, members, totals] = await Promise.all([
      repo.winLoss(this.ctx.db, at, window, 'downline', pageOf(input)),
      repo.winLoss(this.ctx.db, at, window, 'member', pageOf(input)),
      repo.winLoss(this.ctx.db, at, window, 'all', { limit: 100, offset: 0 }),
    ]);
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
    const byMatch = new Map<string, object[]>();
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

  // ---- internals ----

  private async member(input: { account_id: string; session_token: string }): Promise<AccountRow> {
    const session = await this.accounts.requireSession(input);
    return session.account;
  }

  private today(): number {
    return dayNumberOf(bettingDay(this.ctx.now().getTime()), 'date');
  }

  /** The day or range asked for; with `required`, start and end dates must be there (or a working date). */
  private range(input: {
    working_date?: string | undefined;
    start_date?: string | undefined;
    end_date?: string | undefined;
  }): DayRange;
  private range(
    input: {
      working_date?: string | undefined;
      start_date?: string | undefined;
      end_date?: string | undefined;
    },
    required: false,
  ): DayRange | null;
  private range(
    input: {
      working_date?: string | undefined;
      start_date?: string | undefined;
      end_date?: string | undefined;
    },
    required = true,
  ): DayRange | null {
    if (input.working_date) {
      const day = dayNumberOf(input.working_date, 'working_date');
      return { first: day, last: day };
    }
    if (!required && !input.start_date && !input.end_date) return null;
    if (!input.start_date) throw new AppError('start_date_required', { field: 'start_date' });
    if (!input.end_date) throw new AppError('end_date_required', { field: 'end_date' });
    const first = dayNumberOf(input.start_date, 'start_date');
    const last = dayNumberOf(input.end_date, 'end_date');
    if (last < first || last - first + 1 > MAX_RANGE_DAYS)
      throw new AppError('invalid_date', { field: 'end_date' });
    return { first, last };
  }

  private window(range: DayRange): { from: Date; to: Date } {
    return { from: dayStart(range.first), to: dayStart(range.last + 1) };
  }

  private async betList(member: AccountRow, filter: BetFilter, paging: Paging) {
    const { rows, total } = await repo.bets(this.ctx.db, String(member.id), filter, pageOf(paging));
    return { data: await this.views(rows), total, page: paging.page };
  }

  private async ownBet(member: AccountRow, betId: number, kinds: string[]): Promise<StatementBetView> {
    const { rows } = await repo.bets(
      this.ctx.db,
      String(member.id),
      { kind: 'ids', ids: [String(betId)] },
      PAGE_ONE,
    );
    const [bet] = await this.views(rows.filter((row) => kinds.includes(row.kind)));
    if (!bet) throw new AppError('betNotExists', { field: 'bet_id' });
    return bet;
  }

  private async views(rows: BetRow[]): Promise<StatementBetView[]> {
    const legs = await repo.legs(
      this.ctx.db,
      rows.map((row) => row.id),
    );
    const legsByBet = groupBy(legs, (leg) => leg.bet_id);
    return rows.map((row) => betView(row, legsByBet.get(row.id) ?? []));
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

const PAGE_ONE = { limit: 1, offset: 0 };

function pageOf(paging: Paging): { limit: number; offset: number } {
  return { limit: paging.page_size, offset: (paging.page - 1) * paging.page_size };
}

function scopeOf(member: AccountRow): BalanceScope {
  return { memberPk: String(member.id), excludeCredit: member.member_type === 'credit' };
}

function historyRow(row: MovementRow, legs: LegRow[]): SettlementHistoryRow {
  const isSettle = row.kind === 'settle';
  const reversedPayout = row.reversed_payout ?? 0n;
  const reversedCommission = row.amount - reversedPayout;
  return {
    ref_no: row.ref_no,
    bet_id: Number(row.bet_id),
    movement: row.kind as SettlementHistoryRow['movement'],
    time: row.created_at.toISOString(),
    bet_type: betTypeOf(row.bet_kind, legs),
    stake: formatMinor(row.stake),
    payout: formatMinor(isSettle ? row.amount : -reversedPayout),
    win_loss: formatMinor(isSettle ? row.delta - (row.commission ?? 0n) : row.delta + reversedCommission),
    commission: formatMinor(isSettle ? (row.commission ?? 0n) : -reversedCommission),
    status: row.status as BetStatus,
    resettled: row.settle_gen > 1,
  };
}

function betTypeOf(kind: string, legs: { kind: string; period: string }[]): string {
  if (kind === 'parlay') return 'BT_PARLAY';
  if (kind === 'system') return 'BT_SYSPARLAY';
  const leg = legs[0];
  if (!leg) return 'BT_SINGLE';
  const base = BET_TYPE_CODES[leg.kind as keyof typeof BET_TYPE_CODES] ?? `BT_${leg.kind.toUpperCase()}`;
  return leg.period === '1h' ? `${base}_1H` : base;
}

const money = (value: bigint | null) => (value === null ? null : formatMinor(value));

function betView(row: BetRow, legs: LegRow[]): StatementBetView {
  return {
    bet_id: Number(row.id),
    ref_no: row.ref_no,
    trans_time: row.created_at.toISOString(),
    settled_at: row.settled_at ? row.settled_at.toISOString() : null,
    kind: row.kind as StatementBetView['kind'],
    bet_type: betTypeOf(row.kind, legs),
    status: row.status as BetStatus,
    odds_type: row.odds_type,
    odds: row.odds,
    stake: formatMinor(row.stake),
    risk: formatMinor(row.risk),
    payout: money(row.payout),
    win_loss: money(row.win_loss),
    valid_turnover: money(row.valid_turnover),
    commission: money(row.commission),
    currency: row.currency,
    fold_sizes: row.fold_sizes,
    combinations: row.combinations,
    reject_reason: row.reject_reason,
    resettled: row.settle_gen > 1,
    legs: legs.map(legView),
  };
}

function legView(leg: LegRow): StatementBetView['legs'][number] {
  const score = (home: number | null, away: number | null) =>
    home === null || away === null ? null : `${home}-${away}`;
  const result = leg.period === '1h' ? score(leg.ht_home, leg.ht_away) : score(leg.ft_home, leg.ft_away);
  return {
    leg_no: leg.leg_no,
    match_id: Number(leg.match_id),
    sport_id: leg.sport_id,
    league: leg.league,
    home: leg.home,
    away: leg.away,
    kickoff: leg.kickoff.toISOString(),
    market_id: Number(leg.market_id),
    bet_type: betTypeOf('single', [leg]),
    period: leg.period,
    line: leg.line,
    choice: leg.selection,
    odds: leg.odds,
    live: leg.live,
    score_at_bet: leg.home_score === null ? null : `${leg.home_score}-${leg.away_score}`,
    outcome: leg.outcome,
    result,
  };
}

function combinationRow(bet: BetRow, legs: LegRow[], indexes: number[], no: number): SystemCombinationRow {
  const chosen = indexes.map((i) => legs[i]).filter((leg): leg is LegRow => leg !== undefined);
  const prices = chosen.map((leg) => ({ format: leg.format as OddsFormat, price: leg.odds }));
  const odds = prices.reduce((acc, price) => acc.mul(legDecimalOdds(price)), Rational.ONE);
  const outcomes = chosen.map((leg) => (leg.outcome === null ? null : parseOutcome(leg.outcome)));
  const base = {
    combination_no: no,
    fold: chosen.length,
    bet_type: `${chosen.length}/${legs.length}`,
    leg_nos: chosen.map((leg) => leg.leg_no),
    matches: chosen.map((leg) => `${leg.home} - ${leg.away}`).join(' / '),
    odds: odds.toFixed(3),
    stake: formatMinor(bet.stake),
  };
  const decided = outcomes.every((o) => o !== null);
  if (!decided && !outcomes.includes('lost')) {
    return { ...base, payout: null, win_loss: null, status: 'running' };
  }
  const factor = chosen.reduce(
    (acc, leg, i) =>
      acc.mul(
        legFactor({ format: leg.format as OddsFormat, price: leg.odds, outcome: outcomes[i] ?? 'lost' }),
      ),
    Rational.ONE,
  );
  const payout = roundToMinor(minorToRational(bet.stake).mul(factor));
  const status: SystemCombinationRow['status'] = outcomes.every((o) => o === 'void')
    ? 'void'
    : payout === 0n
      ? 'lost'
      : payout === bet.stake
        ? 'draw'
        : payout > bet.stake
          ? 'won'
          : 'lost_half';
  return { ...base, payout: formatMinor(payout), win_loss: formatMinor(payout - bet.stake), status };
}

function winLossRow(row: WinLossSum, names: Map<string, { account_id: string; level: string }>): WinLossRow {
  const account = names.get(row.group_pk);
  return {
    account_id: account?.account_id ?? row.group_pk,
    level: account?.level ?? '',
    currency: row.currency,
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

function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
