import type { Executor } from '../../db/types';
import { HOUSE_ACCOUNTS, type TRANSFER_KINDS } from '../ledger/kinds';
import type { LedgerService } from '../ledger/service';
import {
  gamesRepository as repo,
  roundKeyOf,
  type GameTransactionRow,
  type RoundChange,
  type RoundKey,
  type WrittenBatch,
} from './repository';

type GameMoveKind =
  typeof TRANSFER_KINDS.gameBet | typeof TRANSFER_KINDS.gameWin | typeof TRANSFER_KINDS.gameRollback;

/** A dedupe record as a batch's decisions read it: stored before, or written earlier in the same batch. */
export interface KnownTransaction {
  walletProvider: string;
  transactionUuid: string;
  kind: GameTransactionRow['kind'];
  accountPk: string;
  gamePk: string;
  round: string;
  referenceUuid: string | null;
  amount: bigint;
  state: string;
  status: string;
  /** The round a bet was added to (bets only). */
  roundKey: string | null;
}

/**
 * Another writer changed what the batch decided on (between its read and its write): the batch's write undid
 * itself and its calls are decided again, each alone, on what is stored then.
 */
export class ConcurrentChange extends Error {}

const keyOf = (walletProvider: string, uuid: string) => `${walletProvider}\u0000${uuid}`;

/** A stored dedupe record as a batch's decisions read it. */
export function knownOf(row: GameTransactionRow): KnownTransaction {
  return {
    walletProvider: row.wallet_provider,
    transactionUuid: row.transaction_uuid,
    kind: row.kind,
    accountPk: String(row.account_pk),
    gamePk: String(row.game_pk),
    round: row.round,
    referenceUuid: row.reference_uuid,
    amount: BigInt(row.amount),
    state: row.state,
    status: row.status,
    roundKey: row.kind === 'bet' ? roundKeyOf(row.wallet_provider, row.round, String(row.account_pk)) : null,
  };
}

/**
 * What one batch of wallet calls knows and writes. The calls are decided one after another in memory against
 * the stored records (read once, in one statement) and what earlier calls of the batch wrote; the writes then
 * go to the database set-wise in one statement (`flush`) that stands whole or not at all. So a batch of a
 * hundred calls costs about what one call did, and each call still sees exactly what it would have seen alone,
 * in arrival order.
 */
export class WalletBatch {
  private readonly known = new Map<string, KnownTransaction>();
  private readonly requests = new Map<string, string>();
  private readonly fresh: KnownTransaction[] = [];
  private readonly freshKeys = new Set<string>();
  private readonly states = new Map<
    string,
    { walletProvider: string; transactionUuid: string; from: string; state: string }
  >();
  private readonly rounds = new Map<string, RoundKey & RoundChange>();
  private readonly moves: {
    transferId: string;
    kind: GameMoveKind;
    direction: 'in' | 'out';
    ownerPk: string;
    currency: string;
    amount: bigint;
    ref: string;
    balanceRead: bigint;
  }[] = [];
  private readonly answered: { walletProvider: string; requestUuid: string; status: string }[] = [];

  private readonly stakedSessions = new Map<string, { walletProvider: string; token: string }>();

  /** `transactions`: as stored (read, or remembered: games/wallet-memory.ts); the batch works on copies. */
  constructor(stored: {
    requests: readonly { wallet_provider: string; request_uuid: string; status: string }[];
    transactions: readonly KnownTransaction[];
  }) {
    for (const request of stored.requests) {
      this.requests.set(keyOf(request.wallet_provider, request.request_uuid), request.status);
    }
    for (const known of stored.transactions) {
      this.known.set(keyOf(known.walletProvider, known.transactionUuid), { ...known });
    }
  }

  /** A call staked on this session: the write checks it is still open. */
  stakedOn(walletProvider: string, token: string): void {
    this.stakedSessions.set(keyOf(walletProvider, token), { walletProvider, token });
  }

  /** The members (account ids) whose money this batch moves. */
  movedMembers(): Set<string> {
    return new Set(this.moves.map((move) => move.ownerPk));
  }

  /** The records as the batch leaves them, once written: the new ones and those whose state it moved. */
  records(): KnownTransaction[] {
    const moved = [...this.states.keys()].flatMap((key) => this.known.get(key) ?? []);
    return [...this.fresh, ...moved];
  }

  transaction(walletProvider: string, uuid: string): KnownTransaction | undefined {
    return this.known.get(keyOf(walletProvider, uuid));
  }

  /** The status already answered to this request id, if any (a replay). */
  replay(walletProvider: string, requestUuid: string): string | undefined {
    return this.requests.get(keyOf(walletProvider, requestUuid));
  }

  /**
   * The first answer to a request id in the batch stands and is the one written (its key refuses a second: a
   * request another writer answered meanwhile fails the write, and the batch is decided again).
   */
  answer(walletProvider: string, requestUuid: string, status: string): void {
    const key = keyOf(walletProvider, requestUuid);
    if (this.requests.has(key)) return;
    this.requests.set(key, status);
    this.answered.push({ walletProvider, requestUuid, status });
  }

  /** A new dedupe record; false when the id is known already (the caller decides on what it found). */
  record(row: Omit<KnownTransaction, 'roundKey'> & { roundKey?: string | null }): boolean {
    const key = keyOf(row.walletProvider, row.transactionUuid);
    if (this.known.has(key)) return false;
    const stored: KnownTransaction = { ...row, roundKey: row.roundKey ?? null };
    this.known.set(key, stored);
    this.fresh.push(stored);
    this.freshKeys.add(key);
    return true;
  }

  /** A record's new state: written with the record when it is new in this batch, else updated in place. */
  setState(transaction: KnownTransaction, state: string): void {
    const read = transaction.state;
    transaction.state = state;
    const key = keyOf(transaction.walletProvider, transaction.transactionUuid);
    if (this.freshKeys.has(key)) return;
    this.states.set(key, {
      walletProvider: transaction.walletProvider,
      transactionUuid: transaction.transactionUuid,
      from: this.states.get(key)?.from ?? read,
      state,
    });
  }

  /** A bet into the member's round (opened on the first): its key for the records that follow it. */
  betIntoRound(round: RoundKey, stake: bigint, closed: boolean): string {
    const key = roundKeyOf(round.walletProvider, round.round, round.accountPk);
    this.changeRound(key, round, { stake, win: 0n, bets: 1, closed });
    return key;
  }

  /**
   * A win or a rollback on the round of a bet (all zero: nothing but the round's id, for a record naming it).
   * `currency`: the member's, only to fill the row should it be opened (it never is: the bet opened it).
   */
  changeRoundOf(
    bet: KnownTransaction,
    currency: string,
    change: { stake: bigint; win: bigint; closed: boolean },
  ): void {
    if (bet.roundKey === null) return;
    const round = {
      walletProvider: bet.walletProvider,
      round: bet.round,
      accountPk: bet.accountPk,
      gamePk: bet.gamePk,
      currency,
    };
    this.changeRound(bet.roundKey, round, { ...change, bets: 0 });
  }

  move(input: {
    walletProvider: string;
    transactionUuid: string;
    kind: GameMoveKind;
    direction: 'in' | 'out';
    ownerPk: string;
    currency: string;
    amount: bigint;
    product: string;
    /** The member's available balance as the batch read it (the write checks it was not taken from since). */
    balanceRead: bigint;
  }): void {
    if (input.amount === 0n) return;
    this.moves.push({
      transferId: `game:${input.walletProvider}:${input.transactionUuid}`,
      kind: input.kind,
      direction: input.direction,
      ownerPk: input.ownerPk,
      currency: input.currency,
      amount: input.amount,
      // The product: statements count game win/loss per product from the ledger alone.
      ref: input.product,
      balanceRead: input.balanceRead,
    });
  }

  /**
   * Writes what the batch decided in one statement: rounds opened and changed, dedupe records, their new
   * states, the ledger movements (one transfer each, by the ledger's batch path) and the answered requests.
   * `read`: what the decisions took as stored (the rules version its members were read at, the time sessions
   * were checked at, the members). Answers the members' balances after it. What it decided on changed
   * meanwhile: nothing was written, and ConcurrentChange says so.
   */
  async flush(
    ex: Executor,
    ledger: LedgerService,
    read: {
      rulesVersion: string;
      now: Date;
      members: readonly { account_pk: string; session_currency: string; available_account: string }[];
    },
  ): Promise<WrittenBatch> {
    const money = await ledger.memberMoves(
      ex,
      this.moves.map((move) => ({ ...move, account: HOUSE_ACCOUNTS.games })),
      read.members.map((member) => member.available_account),
    );
    const written = await repo.writeBatch(ex, {
      rounds: [...this.rounds.values()],
      transactions: this.fresh.map((t) => ({
        walletProvider: t.walletProvider,
        transactionUuid: t.transactionUuid,
        kind: t.kind,
        accountPk: t.accountPk,
        gamePk: t.gamePk,
        round: t.round,
        referenceUuid: t.referenceUuid,
        amount: t.amount,
        state: t.state,
        status: t.status,
        roundKey: t.roundKey === null ? null : (this.rounds.get(t.roundKey) ?? null),
      })),
      states: [...this.states.values()],
      requests: this.answered,
      money,
      rulesVersion: read.rulesVersion,
      betSessions: [...this.stakedSessions.values()],
      now: read.now,
      members: read.members.map((m) => ({ accountPk: m.account_pk, currency: m.session_currency })),
    });
    // Another member's call took one of these ids, the stale-round closer ended a bet this batch decided on, or
    // another writer took from a balance: decided again, alone.
    if (written === 'changed') throw new ConcurrentChange('wallet batch: what it read changed meanwhile');
    return written;
  }

  private changeRound(
    key: string,
    round: RoundKey,
    change: { stake: bigint; win: bigint; bets: number; closed: boolean },
  ): void {
    const now = this.rounds.get(key) ?? { ...round, stake: 0n, win: 0n, bets: 0, closed: false };
    this.rounds.set(key, {
      ...now,
      stake: now.stake + change.stake,
      win: now.win + change.win,
      bets: now.bets + change.bets,
      closed: now.closed || change.closed,
    });
  }
}
