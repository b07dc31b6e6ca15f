import {
  type BetStatus,
  type SettlementHistoryRow,
  type StatementBetView,
  type StatementDayRow,
  type StatementRangeRequest,
  type SystemCombinationRow,
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
import type { Executor } from '../../db/types';
import type { Db } from '../../db/database';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { formatMinor } from '../../lib/money';
import type { AccountService } from '../account/service';
import type { LotteryService } from '../lottery/service';
import type { MinigameService } from '../minigame/service';
import { betReply, betTypeOf, legReply } from '../betting/service';
import {
  statementRepository as repo,
  type BalanceScope,
  type BetFilter,
  type BetRow,
  type LegRow,
  type MovementRow,
} from './repository';
import { groupBy } from '../../lib/group-by';
import { countFinishedRounds } from './game-rounds';
import { reportDayChanges, type SettledFigures } from './report-rows';
import { BUCKETS, classify, dayName, dayNumberOf, dayStart, requestedRange, windowOf } from './days';
import { displayTransferId } from '../ledger/service';

const CREDIT_IN = new Set(['deposit', 'credit_given', 'adjustment_in']);

/**
 * The daily win/loss pre-aggregate (report_days, report_day_shares) the back office's win/loss reads, published
 * for settlement to keep in step: it takes a bet's standing settlement back before it changes the bet
 * (resettlement, back to running, cancellation) and adds the new one after, inside the batch's transaction.
 * Why in the batch rather than a catch-up job: the report is then exact the moment the batch commits (no lag,
 * no watermark), a resettlement moves a bet from its old day to its new one in the same transaction that
 * changes it (a job would have to find the old day afterwards), and a crash leaves nothing half counted. The
 * cost is two grouped statements a batch, on rows of the batch's members, whose ledger accounts the batch has
 * already locked (so two batches never wait on each other's rows here). The new settlements are added from the
 * figures the batch has in memory (one row per day, member and currency); only a taken-back settlement, which is
 * rare, is read back from the bets. `rebuild` recomputes it all from the bets (`npm run reports:rebuild`: a
 * repair, and the bench's seeded bets); the tests compare the kept rows with a rebuild.
 */
export const reportRecords = {
  retract: (trx: Executor, betIds: string[]) => repo.takeBackReportDays(trx, betIds),
  record: (trx: Executor, settled: readonly SettledFigures[]) =>
    repo.addReportDayChanges(trx, reportDayChanges(settled)),
  rebuild: (db: AppContext['db']) => db.transaction().execute((trx) => repo.rebuildReportDays(trx)),
};

/**
 * The game rounds' side of the report (game-rounds.ts): the background job that counts finished provider rounds
 * (casino), mini-game rounds and 4D tickets (games) into report_days in bounded batches.
 */
export const gameReports = {
  countDue: (db: Db) => countFinishedRounds(db),
};

export type Paging = { page: number; page_size: number };

/**
 * The member's statements (the upline's reports are in reports.ts). Balances come from the ledger (so every figure is
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
    private readonly products: { lottery: LotteryService; minigame: MinigameService },
  ) {}

  // ---- member calls ----

  async dailyStatement(input: StatementRangeRequest) {
    const member = await this.member(input);
    const range = requestedRange(input);
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
      const closing =
        balance +
        figures.settled +
        figures.commission +
        figures.adjustment +
        figures.games +
        figures.lottery +
        figures.miniGame +
        figures.tournament;
      rows.push({
        transaction_date: dayName(day),
        opening_balance: formatMinor(balance),
        closing_balance: formatMinor(closing),
        turnover: formatMinor(bets?.turnover ?? 0n),
        valid_turnover: formatMinor(bets?.validTurnover ?? 0n),
        commission: formatMinor(figures.commission),
        settled_amount: formatMinor(figures.settled),
        adjustment: formatMinor(figures.adjustment),
        game_win_loss: formatMinor(figures.games),
        lottery: formatMinor(figures.lottery),
        mini_game: formatMinor(figures.miniGame),
        tournament: formatMinor(figures.tournament),
        bets: bets?.bets ?? 0,
      });
      balance = closing;
    }
    return { data: rows, currency: member.currency };
  }

  /** Every settlement posted, reversed (resettlement) or cancelled in the range, newest first. */
  async settlementHistory(input: StatementRangeRequest) {
    const member = await this.member(input);
    const window = windowOf(requestedRange(input));
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
    return this.betList(member, { kind: 'settled', ...windowOf(requestedRange(input)) }, input);
  }

  /** Void, cancelled and rejected bets in the range. */
  async cancelledBets(input: StatementRangeRequest) {
    const member = await this.member(input);
    return this.betList(member, { kind: 'cancelled', ...windowOf(requestedRange(input)) }, input);
  }

  /** System parlay tickets, all or placed in the range. */
  async systemParlays(input: StatementRangeRequest) {
    const member = await this.member(input);
    const range = requestedRange(input, false);
    return this.betList(member, { kind: 'system', ...(range ? windowOf(range) : {}) }, input);
  }

  /**
   * Win/loss per product over the range: the sportsbook, one row per provider-game product the member played
   * (bets less rollbacks are the turnover, valid turnover is the amount staked, no commission), the 4D lottery
   * and the mini games.
   */
  async platformWinLose(input: StatementRangeRequest) {
    const member = await this.member(input);
    const window = windowOf(requestedRange(input));
    const [days, games] = await Promise.all([
      repo.settledSums(this.ctx.db, String(member.id), window, BUCKETS),
      repo.gameSums(this.ctx.db, String(member.id), window),
    ]);
    const sum = (pick: (d: (typeof days)[number]) => bigint) => days.reduce((acc, d) => acc + pick(d), 0n);
    const winLoss = sum((d) => d.winLoss);
    const commission = sum((d) => d.commission);
    const lottery = await this.products.lottery.settledSums(String(member.id), window);
    const miniGames = await this.products.minigame.settledSums(String(member.id), window);
    const ownLine = (product: string, bets: number, stake: bigint, result: bigint) => ({
      product,
      bets,
      turnover: formatMinor(stake),
      // Valid turnover of own games is the amount staked (decision 12), no commission.
      valid_turnover: formatMinor(stake),
      win_loss: formatMinor(result),
      commission: '0.00',
      total: formatMinor(result),
    });
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
        ...games.map((row) => ({
          product: row.product,
          bets: row.bets,
          turnover: formatMinor(row.turnover),
          valid_turnover: formatMinor(row.turnover),
          win_loss: formatMinor(row.winLoss),
          commission: formatMinor(0n),
          total: formatMinor(row.winLoss),
        })),
        ownLine('lottery', lottery.tickets, lottery.stake, lottery.winLoss),
        ownLine(
          'mini_game',
          miniGames.reduce((acc, g) => acc + g.rounds, 0),
          miniGames.reduce((acc, g) => acc + g.stake, 0n),
          miniGames.reduce((acc, g) => acc + g.winLoss, 0n),
        ),
      ],
      currency: member.currency,
    };
  }

  /** The member's 4D tickets settled in the range (spec report `lottery`). */
  async lottery(input: StatementRangeRequest) {
    const member = await this.member(input);
    const window = windowOf(requestedRange(input));
    const page = pageOf(input);
    return { ...(await this.products.lottery.report(member, 'settled', window, page)), page: input.page };
  }

  /** The member's 4D tickets cancelled in the range (spec `cancelledbetlistlottery`). */
  async cancelledLottery(input: StatementRangeRequest) {
    const member = await this.member(input);
    const window = windowOf(requestedRange(input));
    const page = pageOf(input);
    return { ...(await this.products.lottery.report(member, 'cancelled', window, page)), page: input.page };
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
    const window = windowOf(requestedRange(input));
    const { rows, total } = await repo.adjustments(this.ctx.db, String(member.id), window, pageOf(input));
    return {
      data: rows.map((row) => ({
        transfer_id: displayTransferId(row.transfer_id),
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

  // ---- internals ----

  private async member(input: { account_id: string; session_token: string }): Promise<AccountRow> {
    const session = await this.accounts.requireSession(input);
    return session.account;
  }

  private today(): number {
    return dayNumberOf(bettingDay(this.ctx.now().getTime()), 'date');
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
    return rows.map((row) => statementBetView(row, legsByBet.get(row.id) ?? []));
  }
}

const PAGE_ONE = { limit: 1, offset: 0 };

export function pageOf(paging: Paging): { limit: number; offset: number } {
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

const money = (value: bigint | null) => (value === null ? null : formatMinor(value));

/** A bet as the statements show it: the one bet reply (betting's views) with the settlement's figures. */
export function statementBetView(row: BetRow, legs: LegRow[]): StatementBetView {
  return {
    ...betReply(row, legs),
    settled_at: row.settled_at ? row.settled_at.toISOString() : null,
    valid_turnover: money(row.valid_turnover),
    commission: money(row.commission),
    resettled: row.settle_gen > 1,
    legs: legs.map(legView),
  };
}

function legView(leg: LegRow): StatementBetView['legs'][number] {
  const score = (home: number | null, away: number | null) =>
    home === null || away === null ? null : `${home}-${away}`;
  const result = leg.period === '1h' ? score(leg.ht_home, leg.ht_away) : score(leg.ft_home, leg.ft_away);
  return { ...legReply(leg), result };
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

/** Betting-day arithmetic the game reports share with the statements. */
/** The statement calls' date rules, for the other reports that take dates the same way (games). */
export { requestedRange, windowOf } from './days';
export type { SettledFigures } from './report-rows';
