import { DEFAULT_MYANMAR_COMMISSION, resultChangeRecognised, type MatchResult } from '@sb/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { MemberNotifier } from '../../push/member';
import { betRepository } from '../betting/repository';
import { bulkLedger, type BulkEntry, type BulkTransfer, type LockedAccount } from '../wallet/bulk';
import { MEMBER_AVAILABLE, MEMBER_OUTSTANDING, type Trx } from '../wallet/service';
import { betFigures, legOutcome, rebateOf, type BetFigures, type BetRow } from './figures';
import {
  settlementRepository as repo,
  type LockedBet,
  type SettledBetUpdate,
  type StoredLegRow,
} from './repository';
import { toMatchResult } from './selection';
import { uplineShares, type ShareRow } from './shares';

const RECEIVABLE = 'receivable';
/** Each upline level's ledger account for its part of its members' results. */
const UPLINE_PL = 'upline_pl';

export interface SettlementOptions {
  /** Bets per transaction: bounded work, so a match with 100,000 bets is many short transactions. */
  batchSize: number;
  /** How long a process holds a job before another may take it over (it renews per batch). */
  leaseMs: number;
  myanmarCommission: string;
  /**
   * Batches of one job in flight at once on PostgreSQL (PGlite has one connection: always one). Two keep the
   * database busy while this process works out the next batch; batches hold disjoint bets and lock ledger
   * accounts in id order, so they never deadlock, at worst one waits for a member the other holds.
   */
  lanes: number;
}

export const DEFAULT_SETTLEMENT_OPTIONS: SettlementOptions = {
  batchSize: 1_000,
  leaseMs: 30_000,
  myanmarCommission: DEFAULT_MYANMAR_COMMISSION,
  lanes: 2,
};

interface Decision {
  result: MatchResult;
  winners: string[];
  /** What the outcomes are decided on: a leg stamped with another key is decided again. */
  key: string;
  firstHalfOnly: boolean;
}

/** What one batch changed, for the pushes after its commit. */
interface BatchMoves {
  moved: number;
  members: Map<string, { account: AccountRow; available: bigint; outstanding: bigint }>;
}

/**
 * Settles bets when their matches are decided. Jobs come from the settlement queue (written with the
 * result, so none is lost); each job walks the match's bets in id order in bounded transactions. Inside a
 * transaction the bets are locked, their legs decided with the domain library, and every money movement
 * (payout, rebate, reversal of an earlier settlement) written through the ledger set-wise. Each leg is
 * stamped with what it was decided on, so a replayed job, a restart after a crash, or the same result
 * published twice settles nothing twice, and a corrected result re-decides exactly the legs it changes.
 */
export class SettlementService {
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: SettlementOptions = DEFAULT_SETTLEMENT_OPTIONS,
  ) {}

  /** True while a run is under way or waiting: the timer skips its tick then. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** Resolves when no run is under way (shutdown waits for the batch in hand). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  /** Works through the due jobs, after any run already under way in this process (runs never overlap). */
  runDue(): Promise<{ jobs: number; bets: number }> {
    this.pending += 1;
    const run = this.queue.then(() => this.drain());
    this.queue = run
      .catch(() => undefined)
      .finally(() => {
        this.pending -= 1;
      });
    return run;
  }

  private async drain(): Promise<{ jobs: number; bets: number }> {
    const total = { jobs: 0, bets: 0 };
    for (;;) {
      const now = this.ctx.now();
      const job = await repo.leaseNext(this.ctx.db, now, new Date(now.getTime() + this.options.leaseMs));
      if (!job) return total;
      total.bets += await this.runJob(job.id, job.match_id);
      total.jobs += 1;
    }
  }

  private async runJob(jobId: string, matchId: string): Promise<number> {
    const match = await repo.matchWithResult(this.ctx.db, matchId);
    const decision = match ? decisionOf(match) : null;
    let moved = 0;
    if (decision) {
      const lanes = this.ctx.dbKind === 'pglite' ? 1 : Math.max(1, this.options.lanes);
      // At most `lanes` batches in flight; the cursor moves on as soon as a batch's ids are known.
      const inFlight: Promise<number>[] = [];
      const takeOldest = async () => {
        const oldest = inFlight.shift();
        if (oldest) moved += await oldest;
      };
      try {
        let after = '0';
        for (;;) {
          const ids = await repo.nextBetIds(this.ctx.db, {
            matchId,
            decidedOn: decision.key,
            after,
            limit: this.options.batchSize,
          });
          if (ids.length === 0) break;
          after = ids[ids.length - 1] ?? after;
          const batch = this.runBatch(jobId, matchId, decision, ids);
          // Awaited below in order; this only keeps a failure from being unhandled while an earlier one runs.
          batch.catch(() => undefined);
          inFlight.push(batch);
          if (inFlight.length >= lanes) await takeOldest();
        }
        while (inFlight.length > 0) await takeOldest();
      } catch (error) {
        await Promise.allSettled(inFlight);
        throw error;
      }
    }
    await repo.finish(this.ctx.db, jobId, this.ctx.now());
    if (moved > 0) this.ctx.log.info({ matchId, bets: moved }, 'settled');
    return moved;
  }

  /** One batch in its own transaction, then its pushes and the job's lease renewed: answers the bets moved. */
  private async runBatch(jobId: string, matchId: string, decision: Decision, ids: string[]): Promise<number> {
    const batch = await this.inTransaction((trx) => this.settleBatch(trx, matchId, decision, ids));
    await this.pushAfter(batch);
    const until = new Date(this.ctx.now().getTime() + this.options.leaseMs);
    await repo.renewLease(this.ctx.db, jobId, until, batch.moved);
    return batch.moved;
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
    const now = this.ctx.now();
    for (const bet of bets) {
      const member = books.accounts.get(bet.account_pk);
      if (!member) throw new Error(`bet ${bet.ref_no}: member ${bet.account_pk} missing`);
      const figures = betFigures(toBetRow(bet, legsByBet.get(bet.id) ?? []), this.options.myanmarCommission);
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
      shares.push(
        ...uplineShares({
          betId: bet.id,
          gen,
          member,
          chain: books.chainOf(member),
          winLoss: figures.winLoss,
          validTurnover: figures.validTurnover,
        }),
      );
    }
    // The members' accounts were locked by openBooks: the write need not lock them again.
    await bulkLedger.write(trx, transfers, { accountsLocked: true });
    const reversed = bets.filter((bet) => bet.settled_at !== null && updates.some((u) => u.id === bet.id));
    await this.postShares(trx, `${matchId}:${decision.key}:${bets[0]?.id ?? ''}`, bets, shares, reversed);
    await repo.updateBets(trx, updates);
    await repo.insertShares(trx, shares);
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
      await bulkLedger.write(trx, [transfer]);
      // A running bet cancelled no longer counts against its match or day: the member has that room again.
      if (bet.settled_at === null) await betRepository.releaseBetExposure(trx, bet.id);
      if (bet.settled_at !== null) await this.postShares(trx, `cancel:${bet.ref_no}`, [bet], [], [bet]);
      await repo.updateBets(trx, [{ ...runningAgain(bet, gen, bet.reservation_id), status: 'void' }]);
      await repo.markCancelled(trx, bet.id, this.ctx.now(), reason);
      return { moved: 1, members: books.finalBalances([transfer]) };
    });
    await this.pushAfter(batch);
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
    const transfers: BulkTransfer[] = [];
    for (const group of [...parts.values()].sort((a, b) => (a.operator < b.operator ? -1 : 1))) {
      const entries: BulkEntry[] = [];
      let total = 0n;
      // Opened (and so locked) in id order: two batches in flight never wait on each other crosswise.
      const levels = [...group.byLevel].sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1));
      const accounts = await bulkLedger.memberAccounts(
        trx,
        levels.filter(([, amount]) => amount !== 0n).map(([pk]) => pk),
        UPLINE_PL,
        group.currency,
      );
      for (const [accountPk, amount] of levels) {
        const account = accounts.get(accountPk);
        if (amount === 0n || !account) continue;
        entries.push({ accountId: account, amount, kept: true });
        total += amount;
      }
      if (entries.length === 0) continue;
      entries.push({
        accountId: await bulkLedger.houseAccount(trx, group.currency),
        amount: -total,
        kept: false,
      });
      transfers.push({
        transferId: `shares:${batchKey}:${group.operator}:${group.currency}`,
        kind: 'share',
        ownerPk: group.operator,
        currency: group.currency,
        amount: total < 0n ? -total : total,
        ref: batchKey,
        entries,
      });
    }
    await bulkLedger.write(trx, transfers);
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
            .execute((trx) => bulkLedger.ensureMemberAccount(trx, error.ownerPk, RECEIVABLE, error.currency));
          continue;
        }
        if (isRetryable(error) && attempt <= 5) continue;
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
    const locked = await bulkLedger.lockMemberAccounts(trx, memberPks, [
      MEMBER_AVAILABLE,
      MEMBER_OUTSTANDING,
      RECEIVABLE,
    ]);
    return new Books(locked, accounts, everyone, await this.houses(trx, bets));
  }

  private async houses(trx: Trx, bets: LockedBet[]): Promise<Map<string, string>> {
    const houses = new Map<string, string>();
    for (const currency of new Set(bets.map((bet) => bet.currency))) {
      houses.set(currency, await bulkLedger.houseAccount(trx, currency));
    }
    return houses;
  }

  /**
   * The batch's members told at once (each member's two pushes in order): on Redis the publishes of a batch
   * go out pipelined on one connection instead of one round trip after another. Bounded by the batch size.
   */
  private async pushAfter(batch: BatchMoves): Promise<void> {
    const notifier = new MemberNotifier(this.ctx);
    await Promise.all(
      [...batch.members.values()].map(async ({ account, available, outstanding }) => {
        await notifier.send(account.account_id, { op: 'bet' });
        await notifier.balance(account, { available, outstanding });
      }),
    );
  }
}

/** The ledger side of a batch: member accounts (locked), house accounts, and the transfers built on them. */
class Books {
  private readonly byKey = new Map<string, LockedAccount>();
  /** Each member's available balance as the batch's transfers so far would leave it. */
  private readonly running = new Map<string, bigint>();

  constructor(
    locked: LockedAccount[],
    readonly accounts: Map<string, AccountRow>,
    private readonly everyone: Map<string, AccountRow>,
    private readonly houses: Map<string, string>,
  ) {
    for (const account of locked) {
      this.byKey.set(`${account.ownerPk}|${account.kind}|${account.currency}`, account);
      if (account.kind === MEMBER_AVAILABLE)
        this.running.set(`${account.ownerPk}|${account.currency}`, account.balance);
    }
  }

  chainOf(member: AccountRow): AccountRow[] {
    return member.path
      .split('/')
      .filter(Boolean)
      .map((pk) => this.everyone.get(pk))
      .filter((account): account is AccountRow => account !== undefined && account.level !== 'member');
  }

  /**
   * Posts the reservation in one transfer: the stake leaves the outstanding account, the payout and the
   * rebate reach the available one, the house takes the difference. Its amount is the payout; the rebate
   * is what the member was credited beyond it (the statements read it so).
   */
  settlement(
    bet: LockedBet,
    gen: number,
    reservationId: string,
    figures: BetFigures,
    rebate: bigint,
  ): BulkTransfer {
    this.spend(bet, -(figures.payout + rebate));
    return {
      transferId: `settle:${bet.ref_no}:${gen}`,
      kind: 'settle',
      ownerPk: bet.account_pk,
      currency: bet.currency,
      amount: figures.payout,
      ref: bet.ref_no,
      entries: [
        { accountId: this.account(bet, MEMBER_OUTSTANDING), amount: -bet.risk, kept: true },
        { accountId: this.account(bet, MEMBER_AVAILABLE), amount: figures.payout + rebate, kept: true },
        { accountId: this.house(bet.currency), amount: bet.risk - figures.payout - rebate, kept: false },
      ],
      closes: { reservationId, state: figures.payout === bet.risk ? 'voided' : 'posted' },
    };
  }

  /**
   * Reverses a settlement with a new transfer: the payout and rebate come back from the member, and the
   * stake is put back at risk (a new reservation), or, cancelling, returned to the member. Money the member
   * no longer has is carried on their receivable account rather than breaking the balance guard.
   */
  reversal(bet: LockedBet, transferId: string, options: { refundStake?: boolean } = {}): BulkTransfer {
    const paid = (bet.payout ?? 0n) + (bet.commission ?? 0n);
    const takeBack = options.refundStake ? paid - bet.risk : paid;
    const entries: BulkEntry[] = [
      { accountId: this.house(bet.currency), amount: paid - bet.risk, kept: false },
    ];
    if (!options.refundStake) {
      entries.push({ accountId: this.account(bet, MEMBER_OUTSTANDING), amount: bet.risk, kept: true });
    }
    entries.push(...this.debitMember(bet, takeBack));
    return {
      transferId,
      kind: options.refundStake ? 'cancel' : 'reversal',
      ownerPk: bet.account_pk,
      currency: bet.currency,
      amount: paid,
      ref: bet.ref_no,
      entries,
      ...(options.refundStake ? {} : { opens: bet.risk }),
    };
  }

  /** Releases a running bet's reservation untouched. */
  release(bet: LockedBet, transferId: string): BulkTransfer {
    this.spend(bet, -bet.risk);
    return {
      transferId,
      kind: 'cancel',
      ownerPk: bet.account_pk,
      currency: bet.currency,
      amount: bet.risk,
      ref: bet.ref_no,
      entries: [
        { accountId: this.account(bet, MEMBER_OUTSTANDING), amount: -bet.risk, kept: true },
        { accountId: this.account(bet, MEMBER_AVAILABLE), amount: bet.risk, kept: true },
      ],
      closes: { reservationId: bet.reservation_id, state: 'voided' },
    };
  }

  /** Each member's balances after the batch's transfers, for the balance push. */
  finalBalances(transfers: BulkTransfer[]): BatchMoves['members'] {
    const delta = new Map<string, bigint>();
    for (const transfer of transfers) {
      for (const entry of transfer.entries) {
        if (entry.kept) delta.set(entry.accountId, (delta.get(entry.accountId) ?? 0n) + entry.amount);
      }
    }
    const members: BatchMoves['members'] = new Map();
    for (const transfer of transfers) {
      const account = this.accounts.get(transfer.ownerPk);
      if (!account || members.has(transfer.ownerPk)) continue;
      const balanceOf = (kind: string) => {
        const locked = this.byKey.get(`${transfer.ownerPk}|${kind}|${transfer.currency}`);
        return locked ? locked.balance + (delta.get(locked.id) ?? 0n) : 0n;
      };
      members.set(transfer.ownerPk, {
        account,
        available: balanceOf(MEMBER_AVAILABLE),
        outstanding: balanceOf(MEMBER_OUTSTANDING),
      });
    }
    return members;
  }

  private debitMember(bet: LockedBet, amount: bigint): BulkEntry[] {
    if (amount <= 0n) {
      this.spend(bet, amount);
      return [{ accountId: this.account(bet, MEMBER_AVAILABLE), amount: -amount, kept: true }];
    }
    const key = `${bet.account_pk}|${bet.currency}`;
    const have = this.running.get(key) ?? 0n;
    const fromAvailable = have >= amount ? amount : have > 0n ? have : 0n;
    this.running.set(key, have - fromAvailable);
    const entries: BulkEntry[] = [
      { accountId: this.account(bet, MEMBER_AVAILABLE), amount: -fromAvailable, kept: true },
    ];
    if (fromAvailable < amount) {
      entries.push({ accountId: this.receivable(bet), amount: -(amount - fromAvailable), kept: true });
    }
    return entries;
  }

  private spend(bet: LockedBet, amount: bigint): void {
    const key = `${bet.account_pk}|${bet.currency}`;
    this.running.set(key, (this.running.get(key) ?? 0n) - amount);
  }

  private account(bet: LockedBet, kind: string): string {
    const account = this.byKey.get(`${bet.account_pk}|${kind}|${bet.currency}`);
    if (!account) throw new AppError('wallet_not_exists');
    return account.id;
  }

  private receivable(bet: LockedBet): string {
    const known = this.byKey.get(`${bet.account_pk}|${RECEIVABLE}|${bet.currency}`);
    if (known) return known.id;
    throw new ReceivableNeeded(bet.account_pk, bet.currency);
  }

  private house(currency: string): string {
    const id = this.houses.get(currency);
    if (!id) throw new Error(`no house account for ${currency}`);
    return id;
  }
}

/** Thrown when a reversal needs a receivable the member never had: opened, then the batch is retried. */
class ReceivableNeeded extends Error {
  constructor(
    readonly ownerPk: string,
    readonly currency: string,
  ) {
    super(`receivable account needed for ${ownerPk}/${currency}`);
  }
}

/** Deadlocks and serialization failures: the transaction was rolled back whole and can run again. */
function isRetryable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

function runningAgain(bet: LockedBet, gen: number, reservationId: string): SettledBetUpdate {
  return {
    id: bet.id,
    status: 'running',
    payout: null,
    winLoss: null,
    validTurnover: null,
    commission: null,
    houseCut: null,
    settledAt: null,
    settleGen: gen,
    reservationId,
  };
}

/** What decides this match's legs now: its full result, its cancellation, or a half-time result. */
function decisionOf(match: NonNullable<Awaited<ReturnType<typeof repo.matchWithResult>>>): Decision | null {
  const ht: [number, number] | null =
    match.ht_home === null || match.ht_away === null ? null : [match.ht_home, match.ht_away];
  const ft: [number, number] | null =
    match.ft_home === null || match.ft_away === null ? null : [match.ft_home, match.ft_away];
  const goals = (match.goals ?? []) as ('h' | 'a')[];
  const winners = (match.winners ?? []) as string[];
  const version = match.version ?? 0;
  if (match.state === 1 || match.state === 2) {
    const key = `${match.state}:${match.state_detail ?? ''}:${version}`;
    const result = toMatchResult({ state: match.state, detail: match.state_detail }, { ht, ft, goals });
    if (result) return { result, winners, key, firstHalfOnly: false };
    // An outright has winners and no score.
    return winners.length > 0
      ? {
          result: { status: 'completed', fullTime: { home: 0, away: 0 } },
          winners,
          key,
          firstHalfOnly: false,
        }
      : null;
  }
  if (!ht) return null;
  const half = { home: ht[0], away: ht[1] };
  return {
    result: { status: 'completed', fullTime: half, halfTime: half },
    winners: [],
    key: `h:${version}`,
    firstHalfOnly: true,
  };
}

function toLegRow(leg: StoredLegRow) {
  return {
    kind: leg.kind,
    period: leg.period,
    line: leg.line,
    selection: leg.selection,
    homeScore: leg.home_score,
    awayScore: leg.away_score,
    format: leg.format,
    odds: leg.odds,
    mmFavourite: leg.mm_favourite,
    outcome: leg.outcome,
  };
}

function toBetRow(bet: LockedBet, legs: StoredLegRow[]): BetRow {
  return {
    kind: bet.kind,
    oddsType: bet.odds_type,
    odds: bet.odds,
    stake: bet.stake,
    risk: bet.risk,
    foldSizes: bet.fold_sizes,
    legs: legs.map(toLegRow),
  };
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
