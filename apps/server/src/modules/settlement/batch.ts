import { resultChangeRecognised } from '@sb/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { isRetryableConflict } from '../../db/errors';
import type { Trx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { groupBy } from '../../lib/group-by';
import { MemberNotifier } from '../../push/member';
import { RiskNotifier } from '../../push/risk';
import { betRecords } from '../betting/service';
import { reportRecords, type SettledFigures } from '../statement/service';
import { ledgerBatch, MEMBER_AVAILABLE, MEMBER_OUTSTANDING, type BulkTransfer } from '../ledger/service';
import {
  Books,
  ReceivableNeeded,
  RECEIVABLE,
  levelShareTransfers,
  type BatchMoves,
} from '../ledger/bet-postings';
import { runningAgain, toBetRow, toLegRow, type Decision } from './decision';
import { betFigures, legOutcome, rebateOf } from './figures';
import { settlementRepository as repo, type LockedBet, type SettledBetUpdate } from './repository';
import { uplineShares, type ShareRow } from './shares';

/** Each upline level's ledger account for its part of its members' results. */

/**
 * One settlement batch, in its own transaction: the bets are locked, their legs decided with the domain library,
 * and every money movement (payout, rebate, reversal of an earlier settlement, the upline's parts) written
 * through the ledger's batch path. Each leg is stamped with what it was decided on, so a replayed job, a restart
 * after a crash, or the same result published twice settles nothing twice, and a corrected result re-decides
 * exactly the legs it changes. An operator's cancellation of one bet is the same kind of transaction.
 */
export class SettlementBatches {
  constructor(
    private readonly ctx: AppContext,
    private readonly myanmarCommission: string,
  ) {}

  /** Settles the bets `ids` of a match on a decision, then tells their members: answers what moved. */
  async settle(matchId: string, decision: Decision, ids: string[]): Promise<BatchMoves> {
    const batch = await this.inTransaction((trx) => this.settleBatch(trx, matchId, decision, ids));
    await this.pushAfter(batch, [matchId]);
    return batch;
  }

  private async settleBatch(
    trx: Trx,
    matchId: string,
    decision: Decision,
    ids: string[],
  ): Promise<BatchMoves> {
    const bets = await repo.lockBets(trx, ids);
    const legs = await repo.legsOf(
      trx,
      bets.map((bet) => bet.id),
    );
    const legsByBet = groupBy(legs, (leg) => leg.bet_id);
    const legUpdates: { betId: string; legNo: number; outcome: string; decidedOn: string }[] = [];
    const changed = new Set<string>();
    // A result changed more than 72 hours after a bet was settled is not recognised for it (rules.md E13):
    // its legs keep what they were settled on.
    const decidedAt = this.ctx.now().getTime();
    const frozen = new Set(
      bets
        .filter(
          (bet) =>
            bet.settled_at !== null &&
            !resultChangeRecognised({ settledAtMs: bet.settled_at.getTime(), changedAtMs: decidedAt }),
        )
        .map((bet) => bet.id),
    );
    for (const leg of legs) {
      if (leg.match_id !== matchId) continue;
      const decided = legOutcome(toLegRow(leg), decision.result, {
        firstHalfOnly: decision.firstHalfOnly,
        winners: decision.winners,
      });
      const outcome = frozen.has(leg.bet_id) ? leg.outcome : decided;
      if (outcome === null) continue;
      if (outcome !== leg.outcome) changed.add(leg.bet_id);
      leg.outcome = outcome;
      legUpdates.push({ betId: leg.bet_id, legNo: leg.leg_no, outcome, decidedOn: decision.key });
    }
    await repo.updateLegs(trx, legUpdates);

    const books = await this.openBooks(trx, bets);
    const transfers: BulkTransfer[] = [];
    const updates: SettledBetUpdate[] = [];
    const shares: ShareRow[] = [];
    const settled: SettledFigures[] = [];
    const now = this.ctx.now();
    for (const bet of bets) {
      const member = books.accounts.get(bet.account_pk);
      if (!member) throw new Error(`bet ${bet.ref_no}: member ${bet.account_pk} missing`);
      const figures = betFigures(toBetRow(bet, legsByBet.get(bet.id) ?? []), this.myanmarCommission);
      const rebate =
        figures && bet.odds_type !== 'MM' ? rebateOf(figures.validTurnover, member.commission_rate) : 0n;
      let gen = bet.settle_gen;
      let reservationId = bet.reservation_id;
      if (bet.settled_at !== null) {
        if (!changed.has(bet.id)) continue;
        if (
          figures &&
          figures.payout === bet.payout &&
          figures.status === bet.status &&
          rebate === bet.commission
        ) {
          continue;
        }
        gen += 1;
        reservationId = `reverse:${bet.ref_no}:${gen}`;
        transfers.push(books.reversal(bet, reservationId));
      }
      if (!figures) {
        if (gen !== bet.settle_gen) updates.push(runningAgain(bet, gen, reservationId));
        continue;
      }
      gen += 1;
      transfers.push(books.settlement(bet, gen, reservationId, figures, rebate));
      updates.push({
        id: bet.id,
        status: figures.status,
        payout: figures.payout,
        winLoss: figures.winLoss,
        validTurnover: figures.validTurnover,
        commission: rebate,
        houseCut: figures.houseCut,
        settledAt: now,
        settleGen: gen,
        reservationId,
      });
      const parts = uplineShares({
        betId: bet.id,
        gen,
        member,
        chain: books.chainOf(member),
        winLoss: figures.winLoss,
        validTurnover: figures.validTurnover,
      });
      shares.push(...parts);
      settled.push({
        memberPk: bet.account_pk,
        currency: bet.currency,
        settledAt: now,
        risk: bet.risk,
        validTurnover: figures.validTurnover,
        winLoss: figures.winLoss,
        commission: rebate,
        parts,
      });
    }
    // The members' accounts were locked by openBooks: the write need not lock them again.
    await ledgerBatch.write(trx, transfers, { accountsLocked: true });
    const reversed = bets.filter((bet) => bet.settled_at !== null && updates.some((u) => u.id === bet.id));
    await this.postShares(trx, `${matchId}:${decision.key}:${bets[0]?.id ?? ''}`, bets, shares, reversed);
    // The reports' daily sums: the reversed settlements out before the bets change, the new ones in after.
    await reportRecords.retract(
      trx,
      reversed.map((bet) => bet.id),
    );
    await repo.updateBets(trx, updates);
    await repo.insertShares(trx, shares);
    await reportRecords.record(trx, settled);
    return { moved: updates.length, members: books.finalBalances(transfers) };
  }

  /**
   * An operator cancels a bet: a running bet's stake is released, a settled bet's settlement reversed so
   * the member ends with the stake back. Either way one transfer, and the bet is void.
   */
  async cancelBet(refNo: string, reason: string): Promise<{ ref_no: string; bet_status: 'void' }> {
    const batch = await this.inTransaction(async (trx) => {
      const bet = await repo.lockBetByRef(trx, refNo);
      if (!bet) throw new AppError('betNotExists', { field: 'ref_no' });
      const books = await this.openBooks(trx, [bet]);
      const gen = bet.settle_gen + 1;
      const transfer =
        bet.settled_at === null
          ? books.release(bet, `cancel:${bet.ref_no}`)
          : books.reversal(bet, `cancel:${bet.ref_no}`, { refundStake: true });
      await ledgerBatch.write(trx, [transfer]);
      // A running bet cancelled no longer counts against its match or day: the member has that room again.
      if (bet.settled_at === null) await betRecords.releaseBetExposure(trx, bet.id);
      if (bet.settled_at !== null) {
        await this.postShares(trx, `cancel:${bet.ref_no}`, [bet], [], [bet]);
        // A cancelled bet leaves the win/loss report: its settlement out of the daily sums.
        await reportRecords.retract(trx, [bet.id]);
      }
      await repo.updateBets(trx, [{ ...runningAgain(bet, gen, bet.reservation_id), status: 'void' }]);
      await repo.markCancelled(trx, bet.id, this.ctx.now(), reason);
      return { moved: 1, members: books.finalBalances([transfer]) };
    });
    await this.pushAfter(batch, []);
    return { ref_no: refNo, bet_status: 'void' };
  }

  /**
   * The upline's parts in the ledger: per operator and currency, one transfer a batch from the house to each
   * level's 'upline_pl' account (its win/loss share plus its commission), less the parts of the settlements
   * this batch reversed. So the ledger holds what the reports show, at a few entries a batch, not a bet.
   */
  private async postShares(
    trx: Trx,
    batchKey: string,
    bets: LockedBet[],
    added: ShareRow[],
    reversed: LockedBet[],
  ): Promise<void> {
    const betById = new Map(bets.map((bet) => [bet.id, bet]));
    const parts = new Map<string, { operator: string; currency: string; byLevel: Map<string, bigint> }>();
    const old = await repo.sharesOf(
      trx,
      reversed.map((bet) => ({ betId: bet.id, gen: bet.settle_gen })),
    );
    const rows = [
      ...added.map((r) => ({
        betId: r.betId,
        accountPk: r.accountPk,
        level: r.level,
        amount: r.winLoss + r.commission,
      })),
      ...old.map((r) => ({
        betId: r.bet_id,
        accountPk: r.account_pk,
        level: r.level,
        amount: -(r.win_loss + r.commission),
      })),
    ];
    // Each bet's chain starts at its operator: the transfer of its parts is the operator's.
    const operatorOf = new Map(rows.filter((r) => r.level === 'operator').map((r) => [r.betId, r.accountPk]));
    for (const row of rows) {
      const bet = betById.get(row.betId);
      const operator = operatorOf.get(row.betId);
      if (!bet || !operator || row.amount === 0n) continue;
      const key = `${operator}|${bet.currency}`;
      let group = parts.get(key);
      if (!group) {
        group = { operator, currency: bet.currency, byLevel: new Map() };
        parts.set(key, group);
      }
      group.byLevel.set(row.accountPk, (group.byLevel.get(row.accountPk) ?? 0n) + row.amount);
    }
    const transfers = await levelShareTransfers(trx, batchKey, parts.values());
    await ledgerBatch.write(trx, transfers);
  }

  /**
   * Runs one batch transaction, again when it had to stop: a reversal needing a receivable account the
   * member never had (opened, then retried), or a deadlock with a concurrent writer (rolled back, retried).
   */
  private async inTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.ctx.db.transaction().execute(async (trx) => {
          // A batch reaches a thousand rows among millions, all in cache: priced so, the planner takes the
          // indexes rather than scanning tables whose size has nothing to do with the batch.
          await sql`set local random_page_cost = 1.1`.execute(trx);
          return work(trx);
        });
      } catch (error) {
        if (error instanceof ReceivableNeeded && attempt <= 20) {
          await this.ctx.db
            .transaction()
            .execute((trx) =>
              ledgerBatch.ensureMemberAccount(trx, error.ownerPk, RECEIVABLE, error.currency),
            );
          continue;
        }
        if (isRetryableConflict(error) && attempt <= 5) continue;
        throw error;
      }
    }
  }

  /** Locks the members' ledger accounts and knows their chains: the batch's books. */
  private async openBooks(trx: Trx, bets: LockedBet[]) {
    const memberPks = [...new Set(bets.map((bet) => bet.account_pk))];
    const everyone = new Map(
      (await repo.accountsOnPaths(trx, memberPks)).map((account) => [String(account.id), account]),
    );
    const accounts = new Map(
      memberPks.flatMap((pk) => {
        const account = everyone.get(pk);
        return account ? [[pk, account] as const] : [];
      }),
    );
    const locked = await ledgerBatch.lockMemberAccounts(trx, memberPks, [
      MEMBER_AVAILABLE,
      MEMBER_OUTSTANDING,
      RECEIVABLE,
    ]);
    return new Books(locked, accounts, everyone, await this.houses(trx, bets));
  }

  private async houses(trx: Trx, bets: LockedBet[]): Promise<Map<string, string>> {
    const houses = new Map<string, string>();
    for (const currency of new Set(bets.map((bet) => bet.currency))) {
      houses.set(currency, await ledgerBatch.houseAccount(trx, currency));
    }
    return houses;
  }

  /**
   * The batch's members told at once (each member's two pushes in order): on Redis the publishes of a batch
   * go out pipelined on one connection instead of one round trip after another. Bounded by the batch size.
   * The trading desks of the members' brands hear that the book on these matches moved (none named: any).
   */
  private async pushAfter(batch: BatchMoves, matchIds: string[]): Promise<void> {
    const notifier = new MemberNotifier(this.ctx);
    const risk = new RiskNotifier(this.ctx);
    const members = [...batch.members.values()];
    await Promise.all([
      ...members.map(async ({ account, available, outstanding }) => {
        await notifier.betsChanged(account, { available, outstanding });
      }),
      ...[...new Set(members.map(({ account }) => account.brand_id))].map((brand) =>
        risk.bets(brand, matchIds),
      ),
    ]);
  }
}
