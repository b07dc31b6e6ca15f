import type { Executor, Trx } from '../../db/types';
import { AppError } from '../../lib/app-error';
import { memberMovesFragment, type MemberMovesFragment } from './fragments';
import { HOUSE_ACCOUNTS, type HouseAccountKind, type TransferKind } from './kinds';
import { ledgerRepository as repo } from './repository';
import { assertSystemTransferId, storedTransferId, type TransferIdInput } from './transfer-ids';

/** Ledger account kinds. Member money sits in available and outstanding; the house and cash are roll-ups. */
export const MEMBER_AVAILABLE = 'available';
export const MEMBER_OUTSTANDING = 'outstanding';
const HOUSE = HOUSE_ACCOUNTS.house;
const CASH = HOUSE_ACCOUNTS.cash;
const CREDIT_LINE = 'credit_line';

export type CreditKind = 'deposit' | 'credit_given' | 'adjustment_in';
export type DebitKind = 'withdraw' | 'credit_taken' | 'adjustment_out';

export interface TransferResult {
  transferId: string;
  /** True when this transfer id was already recorded: nothing moved this time. */
  replayed: boolean;
}

export interface MemberBalances {
  available: bigint;
  outstanding: bigint;
}

interface Leg {
  accountId: string;
  amount: bigint;
  /** False for roll-up accounts (house, cash): entries only, so no hot balance row. */
  kept: boolean;
}

/** A movement between a member's available balance and a house roll-up account (games, tournaments). */
export interface MemberMove {
  transferId: string;
  kind: TransferKind;
  direction: 'in' | 'out';
  ownerPk: string;
  currency: string;
  amount: bigint;
  account: HouseAccountKind;
  ref?: string;
}

/** A credit or debit between a member and its upline side (cash, the upline's credit line or the house). */
interface UplineMovement<K> {
  /** A caller's own id ({callerPk, id}) is stored in the callers' namespace (see transfer-ids.ts). */
  transferId: TransferIdInput;
  ownerPk: string;
  currency: string;
  amount: bigint;
  kind: K;
  uplinePk?: string;
  ref?: string;
}

/** Most account ids a process remembers (a few per member: far more than one process's active members). */
const ACCOUNT_IDS_KEPT = 200_000;

/** The one spelling of an account's key in the table of remembered ids. */
const accountKey = (ownerPk: string, kind: string, currency: string) => `${ownerPk}|${kind}|${currency}`;

/**
 * Double-entry ledger. Every movement is a transfer with a caller-chosen unique id (the idempotency key)
 * whose entries sum to zero. All methods run inside the caller's transaction so money moves atomically
 * with the caller's own writes (a bet row, a settlement mark), and a refusal rolls both back.
 */
export class LedgerService {
  /**
   * Ledger account ids by owner, kind and currency. An account's id never changes once opened, so each
   * process remembers it instead of looking it up on every stake (at most ACCOUNT_IDS_KEPT, then started again).
   */
  private readonly accountIds = new Map<string, string>();

  /** Opens a member's accounts (idempotent). */
  async openMemberAccounts(trx: Trx, ownerPk: string, currency: string): Promise<void> {
    for (const kind of [MEMBER_AVAILABLE, MEMBER_OUTSTANDING]) {
      await repo.ensureAccount(trx, { ownerPk, kind, currency }, { allowNegative: false, rollup: false });
    }
  }

  /** Stake: available -> outstanding. Refused with insufficient_balance if available would go below zero. */
  async reserve(
    trx: Trx,
    input: { transferId: string; ownerPk: string; currency: string; amount: bigint; ref?: string },
  ): Promise<TransferResult> {
    assertPositive(input.amount);
    assertSystemTransferId(input.transferId);
    const header = { kind: 'stake', amount: input.amount, ownerPk: input.ownerPk, currency: input.currency };
    const transferPk = await this.begin(trx, input.transferId, header, input.ref, 'duplicate_debit_record');
    if (transferPk === null) return { transferId: input.transferId, replayed: true };
    const available = await this.memberAccount(trx, input.ownerPk, MEMBER_AVAILABLE, input.currency);
    const outstanding = await this.memberAccount(trx, input.ownerPk, MEMBER_OUTSTANDING, input.currency);
    await this.move(trx, transferPk, [
      { accountId: available, amount: -input.amount, kept: true },
      { accountId: outstanding, amount: input.amount, kept: true },
    ]);
    await repo.insertReservation(trx, {
      transferPk,
      ownerPk: input.ownerPk,
      currency: input.currency,
      amount: input.amount,
    });
    return { transferId: input.transferId, replayed: false };
  }

  /** Settles a reservation: the stake goes to the house and the payout (possibly 0) back to available. */
  async post(
    trx: Trx,
    input: { transferId: string; reservationId: string; payout: bigint; ref?: string },
  ): Promise<TransferResult> {
    if (input.payout < 0n) throw new RangeError('payout must not be negative');
    return this.close(trx, input.transferId, input.reservationId, 'posted', input.payout, input.ref);
  }

  /** Releases a reservation untouched: outstanding -> available. */
  async void(
    trx: Trx,
    input: { transferId: string; reservationId: string; ref?: string },
  ): Promise<TransferResult> {
    return this.close(trx, input.transferId, input.reservationId, 'voided', null, input.ref);
  }

  /**
   * Money in: a deposit (from cash), credit given by the upline (from its credit line) or an adjustment
   * (from the house).
   */
  async credit(trx: Trx, input: UplineMovement<CreditKind>): Promise<TransferResult> {
    return this.uplineMovement(trx, input, 'in');
  }

  /**
   * One movement between a member's available balance and a house roll-up account: a game bet or win, a
   * tournament fee, prize or refund. `direction` 'out' takes money from the member (never below zero), 'in'
   * gives it. The transfer id is the idempotency key: the same id with the same kind, amount, member and
   * currency is a replay (nothing moves), with anything else it is refused.
   */
  async moveMember(trx: Trx, input: MemberMove): Promise<TransferResult> {
    assertPositive(input.amount);
    const header = {
      kind: input.kind,
      amount: input.amount,
      ownerPk: input.ownerPk,
      currency: input.currency,
    };
    assertSystemTransferId(input.transferId);
    const conflict = input.direction === 'out' ? 'duplicate_debit_record' : 'duplicate_credit_record';
    const transferPk = await this.begin(trx, input.transferId, header, input.ref, conflict);
    if (transferPk === null) return { transferId: input.transferId, replayed: true };
    const house = await this.houseAccount(trx, input.account, input.currency);
    const available = await this.memberAccount(trx, input.ownerPk, MEMBER_AVAILABLE, input.currency);
    const toMember = input.direction === 'in' ? input.amount : -input.amount;
    await this.move(trx, transferPk, [
      { accountId: available, amount: toMember, kept: true },
      { accountId: house, amount: -toMember, kept: false },
    ]);
    return { transferId: input.transferId, replayed: false };
  }

  /**
   * Many member movements as the ledger's fragment of its caller's one statement (the wallet's batches; see
   * fragments.ts memberMovesFragment): each exactly what `moveMember` would write. The fragment locks the
   * members' available accounts itself, in id order, and the caller's statement may run on its own (no
   * transaction around it: it is one). `reported`: available accounts (ledger ids) whose balances the statement
   * also answers though it may not move them.
   */
  async memberMoves(
    ex: Executor,
    moves: readonly (MemberMove & { ref: string; balanceRead: bigint })[],
    reported: readonly string[] = [],
  ): Promise<MemberMovesFragment> {
    for (const move of moves) {
      assertPositive(move.amount);
      assertSystemTransferId(move.transferId);
    }
    await this.rememberMemberAccounts(ex, MEMBER_AVAILABLE, moves);
    const transfers = [];
    for (const move of moves) {
      transfers.push({
        ...move,
        houseAccount: await this.houseAccount(ex, move.account, move.currency),
        memberAccount: await this.memberAccount(ex, move.ownerPk, MEMBER_AVAILABLE, move.currency),
        toMember: move.direction === 'in' ? move.amount : -move.amount,
      });
    }
    return memberMovesFragment(transfers, reported);
  }

  /**
   * Between two house roll-up accounts (no member involved): a tournament's operator fee leaving the escrow
   * for the house. Idempotent by transfer id like every movement; the owner is the member whose money it
   * was not, so the header names no owner (the house's own transfer).
   */
  async moveHouse(
    trx: Trx,
    input: {
      transferId: string;
      kind: TransferKind;
      from: HouseAccountKind;
      to: HouseAccountKind;
      currency: string;
      amount: bigint;
      ref?: string;
    },
  ): Promise<TransferResult> {
    assertPositive(input.amount);
    const header = { kind: input.kind, amount: input.amount, ownerPk: null, currency: input.currency };
    const transferPk = await this.begin(trx, input.transferId, header, input.ref, 'duplicate_credit_record');
    if (transferPk === null) return { transferId: input.transferId, replayed: true };
    const from = await this.houseAccount(trx, input.from, input.currency);
    const to = await this.houseAccount(trx, input.to, input.currency);
    await this.move(trx, transferPk, [
      { accountId: from, amount: -input.amount, kept: false },
      { accountId: to, amount: input.amount, kept: false },
    ]);
    return { transferId: input.transferId, replayed: false };
  }

  /** Money out of available: a withdrawal, credit taken back, or an adjustment. Never below zero. */
  async debit(trx: Trx, input: UplineMovement<DebitKind>): Promise<TransferResult> {
    return this.uplineMovement(trx, input, 'out');
  }

  /** credit and debit: between the member's available balance and the kind's counterparty. */
  private async uplineMovement(
    trx: Trx,
    input: UplineMovement<CreditKind | DebitKind>,
    direction: 'in' | 'out',
  ): Promise<TransferResult> {
    assertPositive(input.amount);
    const header = {
      kind: input.kind,
      amount: input.amount,
      ownerPk: input.ownerPk,
      currency: input.currency,
    };
    const transferId = storedTransferId(input.transferId);
    const conflict = direction === 'in' ? 'duplicate_credit_record' : 'duplicate_debit_record';
    const transferPk = await this.begin(trx, transferId, header, input.ref, conflict);
    if (transferPk === null) return { transferId, replayed: true };
    const other = await this.counterparty(trx, input.kind, input.currency, input.uplinePk);
    const available = await this.memberAccount(trx, input.ownerPk, MEMBER_AVAILABLE, input.currency);
    const toMember = direction === 'in' ? input.amount : -input.amount;
    await this.move(trx, transferPk, [
      { ...other, amount: -toMember },
      { accountId: available, amount: toMember, kept: true },
    ]);
    return { transferId, replayed: false };
  }

  async balances(ex: Executor, ownerPk: string, currency: string): Promise<MemberBalances> {
    const byKind = await repo.balances(ex, ownerPk, currency);
    return {
      available: byKind.get(MEMBER_AVAILABLE) ?? 0n,
      outstanding: byKind.get(MEMBER_OUTSTANDING) ?? 0n,
    };
  }

  /**
   * Proves the books: every transfer sums to zero, every kept balance equals its entries, no guard broken,
   * every decided bet has the transfer that decided it with its reservation closed (a settled bet never
   * paid, or a stake held for a settled bet, is caught here), and no movement or wallet record names a row
   * that is not there.
   */
  async verify(ex: Executor, limit = 20) {
    const [unbalanced, drifted, negative, outstanding, bets, dangling, counts] = [
      await repo.unbalancedTransfers(ex, limit),
      await repo.driftedBalances(ex, limit),
      await repo.negativeGuardedAccounts(ex, limit),
      await repo.outstandingMismatches(ex, limit),
      await repo.betMismatches(ex, limit),
      await repo.danglingReferences(ex, limit),
      await repo.counts(ex),
    ];
    const problems = [unbalanced, drifted, negative, outstanding, bets, dangling];
    const ok = problems.every((found) => found.length === 0);
    return { ok, counts, unbalanced, drifted, negative, outstanding, bets, dangling };
  }

  // ---- internals ----

  private async close(
    trx: Trx,
    transferId: string,
    reservationId: string,
    state: 'posted' | 'voided',
    payout: bigint | null,
    ref: string | undefined,
  ): Promise<TransferResult> {
    assertSystemTransferId(transferId);
    const reservation = await repo.lockReservation(trx, reservationId);
    if (!reservation) throw new AppError('transfer_not_exists', { field: 'reservation_id' });
    const ownerPk = String(reservation.owner_pk);
    const kind = state === 'posted' ? 'settle' : 'release';
    const header = { kind, amount: payout ?? reservation.amount, ownerPk, currency: reservation.currency };
    const transferPk = await this.begin(
      trx,
      transferId,
      header,
      ref ?? reservationId,
      'duplicate_credit_record',
    );
    if (transferPk === null) return { transferId, replayed: true };
    // A reservation closes once; a second, different close is a bug in the caller, not a replay.
    if (reservation.state !== 'open') {
      throw new AppError('duplicate_credit_record', {
        extra: { reason: `reservation already ${reservation.state}` },
      });
    }
    const stake = reservation.amount;
    const returned = payout ?? stake;
    const outstanding = await this.memberAccount(trx, ownerPk, MEMBER_OUTSTANDING, reservation.currency);
    const available = await this.memberAccount(trx, ownerPk, MEMBER_AVAILABLE, reservation.currency);
    const legs: Leg[] = [
      { accountId: outstanding, amount: -stake, kept: true },
      { accountId: available, amount: returned, kept: true },
    ];
    if (returned !== stake) {
      const house = await this.houseAccount(trx, HOUSE, reservation.currency);
      legs.push({ accountId: house, amount: stake - returned, kept: false });
    }
    await this.move(trx, transferPk, legs);
    await repo.closeReservation(trx, String(reservation.transfer_pk), state, transferId);
    return { transferId, replayed: false };
  }

  /** Records the transfer header; null on a faithful replay, an error when the id was used for something else. */
  private async begin(
    trx: Trx,
    transferId: string,
    header: { kind: string; amount: bigint; ownerPk: string | null; currency: string },
    ref: string | undefined,
    conflictCode: 'duplicate_debit_record' | 'duplicate_credit_record',
  ): Promise<string | null> {
    const inserted = await repo.insertTransfer(trx, { transferId, ...header, ref: ref ?? null });
    if (inserted !== null) return inserted;
    const existing = await repo.findTransfer(trx, transferId);
    const same =
      existing !== undefined &&
      existing.kind === header.kind &&
      existing.amount === header.amount &&
      (existing.owner_pk === null ? null : String(existing.owner_pk)) === header.ownerPk &&
      existing.currency === header.currency;
    if (!same) throw new AppError(conflictCode, { field: 'transfer_id' });
    return null;
  }

  /** Applies kept-balance deltas in account-id order (no deadlocks between transfers) and writes entries. */
  private async move(trx: Trx, transferPk: string, legs: Leg[]): Promise<void> {
    const total = legs.reduce((sum, leg) => sum + leg.amount, 0n);
    if (total !== 0n) throw new Error(`transfer ${transferPk} does not balance: ${total}`);
    const ordered = [...legs].sort((a, b) => (BigInt(a.accountId) < BigInt(b.accountId) ? -1 : 1));
    for (const leg of ordered) {
      if (leg.amount === 0n || !leg.kept) continue;
      const balance = await repo.applyDelta(trx, leg.accountId, leg.amount);
      if (balance === null) throw new AppError('insufficient_balance');
    }
    await repo.insertEntries(trx, transferPk, legs);
  }

  private async memberAccount(
    ex: Executor,
    ownerPk: string,
    kind: string,
    currency: string,
  ): Promise<string> {
    const cacheKey = accountKey(ownerPk, kind, currency);
    const cached = this.accountIds.get(cacheKey);
    if (cached !== undefined) return cached;
    const id = await repo.findAccountId(ex, { ownerPk, kind, currency });
    if (id === null) throw new AppError('wallet_not_exists');
    if (this.accountIds.size > ACCOUNT_IDS_KEPT) this.accountIds.clear();
    this.accountIds.set(cacheKey, id);
    return id;
  }

  /**
   * Looks up, in one statement, the accounts of the members not remembered yet (a batch's first calls of
   * members new to this process), so `memberAccount` then finds each in the table instead of asking the
   * database once per member in turn.
   */
  private async rememberMemberAccounts(
    ex: Executor,
    kind: string,
    owners: readonly { ownerPk: string; currency: string }[],
  ): Promise<void> {
    const missing = new Map<string, { ownerPk: string; currency: string }>();
    for (const { ownerPk, currency } of owners) {
      const cacheKey = accountKey(ownerPk, kind, currency);
      if (!this.accountIds.has(cacheKey)) missing.set(cacheKey, { ownerPk, currency });
    }
    if (missing.size === 0) return;
    const found = await repo.findMemberAccountIds(ex, kind, [...missing.values()]);
    if (this.accountIds.size + found.size > ACCOUNT_IDS_KEPT) this.accountIds.clear();
    for (const [cacheKey, { ownerPk, currency }] of missing) {
      const id = found.get(`${ownerPk}|${currency}`);
      if (id !== undefined) this.accountIds.set(cacheKey, id);
    }
  }

  /**
   * A house roll-up account, opened on first use. Its id is remembered like a member's (it never changes) once
   * it is found by a transaction that did not open it: a rollback could still take away one opened here. Opened
   * outside a transaction (the wallet's single statements) it is committed at once, and remembered at once.
   */
  private async houseAccount(ex: Executor, kind: string, currency: string): Promise<string> {
    const cacheKey = accountKey('house', kind, currency);
    const cached = this.accountIds.get(cacheKey);
    if (cached !== undefined) return cached;
    const key = { ownerPk: null, kind, currency };
    const openedHere = this.houseOpenedIn.get(ex);
    const found = await repo.findAccountId(ex, key);
    if (found !== null) {
      if (!openedHere?.has(cacheKey)) this.accountIds.set(cacheKey, found);
      return found;
    }
    const opened = await repo.ensureAccount(ex, key, { allowNegative: true, rollup: true });
    if (ex.isTransaction) this.houseOpenedIn.set(ex, new Set([...(openedHere ?? []), cacheKey]));
    else this.accountIds.set(cacheKey, opened);
    return opened;
  }

  /** House accounts opened by a transaction still running (not remembered until found committed). */
  private readonly houseOpenedIn = new WeakMap<Executor, Set<string>>();

  private async counterparty(
    trx: Trx,
    kind: CreditKind | DebitKind,
    currency: string,
    uplinePk?: string,
  ): Promise<{ accountId: string; kept: boolean }> {
    if (kind === 'credit_given' || kind === 'credit_taken') {
      if (!uplinePk) throw new Error('credit movements need the upline account');
      const accountId = await repo.ensureAccount(
        trx,
        { ownerPk: uplinePk, kind: CREDIT_LINE, currency },
        { allowNegative: true, rollup: false },
      );
      return { accountId, kept: true };
    }
    const accountId = await this.houseAccount(
      trx,
      kind === 'deposit' || kind === 'withdraw' ? CASH : HOUSE,
      currency,
    );
    return { accountId, kept: false };
  }
}

function assertPositive(amount: bigint): void {
  if (amount <= 0n) throw new RangeError(`amount must be positive, got ${amount}`);
}

/**
 * The ledger's set-wise batch path (settlement posts a whole batch of bets in a few statements), published
 * through this service: other modules never import the ledger's bulk or repository files.
 */
export { bulkLedger as ledgerBatch } from './bulk';
export type { BulkEntry, BulkTransfer, LockedAccount } from './bulk';

/** A transfer id as a member or an upline reads it (a caller's own id without its namespace). */
export { displayTransferId } from './transfer-ids';
