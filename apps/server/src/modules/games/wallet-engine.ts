import {
  WALLET_MONEY_SCALE,
  type WalletBetRequest,
  type WalletReply,
  type WalletRollbackRequest,
  type WalletStatus,
  type WalletWinRequest,
} from '@sb/contract';
import type { Db } from '../../db/database';
import type { LedgerService } from '../ledger/service';
import {
  gamesRepository as repo,
  type GameRow,
  type SessionMember,
  type StoredRequest,
  type WalletMember,
} from './repository';
import { ConcurrentChange, WalletBatch, knownOf, type KnownTransaction } from './wallet-batch';
import { decideCall } from './wallet-decide';
import { WalletLanes, type LaneOptions } from './wallet-lanes';
import { WalletMemory, type RecallCall } from './wallet-memory';

/** Wallet units per ledger minor unit (the cent): 3.56 = 356 cents = 356000. */
export const UNITS_PER_MINOR = BigInt(WALLET_MONEY_SCALE) / 100n;

/** All the engine works with (the wallet service passes its context's). */
export interface WalletEngineDeps {
  /** The wallet's own connections (planning by key). */
  walletDb: Db;
  ledger: LedgerService;
  batching: LaneOptions;
  /** The time a batch is decided at (token expiry, open sessions). */
  now(): Date;
  /** A member's money moved: the apps are told the balance the batch left (after its commit). */
  onBalance(member: MemberView, available: bigint): void;
}

/**
 * The wallet's money calls (bet, win, rollback), queued by lane and run in batches (wallet-batch.ts), each
 * batch one read and one write statement: a member's calls take one lane (they serialise), the calls are
 * decided in arrival order (wallet-decide.ts), and every call's dedupe record, round change and one ledger
 * movement are written together, set-wise, in a statement that stands whole or not at all. A batch is what one
 * call was at low load and about a hundred at high load, which is how the wallet keeps up with many members on
 * a small machine.
 */
export class WalletEngine {
  private readonly lanes: WalletLanes<Pending>;
  private readonly memory = new WalletMemory();

  constructor(private readonly deps: WalletEngineDeps) {
    this.lanes = new WalletLanes((batch) => this.runBatch(batch), deps.batching);
  }

  /** Queues a money call on its member's lane; a full lane answers at once (the provider retries or rolls back). */
  submit(call: MoneyCall): Promise<WalletReply> {
    return new Promise<WalletReply>((resolve, reject) => {
      const queued = this.lanes.submit(call.input.user, { call, resolve, reject });
      if (!queued) resolve(walletReply('RS_ERROR_UNKNOWN', call.input.request_uuid));
    });
  }

  /**
   * One lane's batch. A batch that fails (a transaction id another member's call took meanwhile, a bet the
   * stale-round closer ended meanwhile, a lock conflict with another writer) is undone whole and its calls run
   * again one by one, so one bad call never costs another member's call its answer.
   */
  private async runBatch(batch: Pending[]): Promise<void> {
    try {
      const replies = await this.decideAndWrite(batch.map((pending) => pending.call));
      batch.forEach((pending, i) => pending.resolve(replies[i] ?? walletReply('RS_ERROR_UNKNOWN', '')));
      return;
    } catch (error) {
      if (batch.length === 1 && !(error instanceof ConcurrentChange)) {
        batch[0]?.reject(error);
        return;
      }
    }
    for (const pending of batch) {
      try {
        pending.resolve(await this.alone(pending.call));
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  /**
   * A call on its own, read: a record another writer committed meanwhile is seen on the second try (the stored
   * reply, a duplicate of another member's id, or a bet the stale-round closer ended).
   */
  private async alone(call: MoneyCall): Promise<WalletReply> {
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        const [reply] = await this.readDecideAndWrite([call], this.deps.now());
        if (reply) return reply;
      } catch (error) {
        if (!(error instanceof ConcurrentChange)) throw error;
      }
    }
    return walletReply('RS_ERROR_DUPLICATE_TRANSACTION', call.input.request_uuid);
  }

  /**
   * The batch decided on what the wallet remembers of its members and records (wallet-memory.ts) when it holds
   * all of it and every call goes through: one statement, the write, which checks everything taken from memory.
   * Otherwise, or when that write finds memory was wrong, read and decided as stored.
   */
  private async decideAndWrite(calls: MoneyCall[]): Promise<WalletReply[]> {
    const now = this.deps.now();
    const recalled = this.memory.recall(calls.map(recallOf));
    if (recalled) {
      try {
        const replies = await this.decideOn(calls, { ...recalled, requests: [] }, now, 'all_ok');
        if (replies) return replies;
      } catch (error) {
        if (!(error instanceof ConcurrentChange)) throw error;
        this.memory.forget(calls.map(recallOf));
      }
    }
    return this.readDecideAndWrite(calls, now);
  }

  /**
   * Reads the batch's members, stored replies and dedupe records (one statement), then decides and writes it.
   * No transaction is held open across the two: the write checks what the decisions read.
   */
  private async readDecideAndWrite(calls: MoneyCall[], now: Date): Promise<WalletReply[]> {
    const sessions = uniqueBy(
      calls.map((c) => ({ walletProvider: c.provider, token: c.input.token })),
      (s) => `${s.walletProvider}\u0000${s.token}`,
    );
    const stored = await repo.readBatch(this.deps.walletDb, {
      sessions,
      requests: calls.map((c) => ({ walletProvider: c.provider, uuid: c.input.request_uuid })),
      transactions: calls.flatMap((c) =>
        transactionUuidsOf(c).map((uuid) => ({ walletProvider: c.provider, uuid })),
      ),
    });
    const transactions = stored.transactions.map(knownOf);
    // Every call is answered (`any`): decideOn answers undefined only when told to accept all_ok.
    return (await this.decideOn(calls, { ...stored, transactions }, now, 'any')) ?? [];
  }

  /**
   * Decides each call in arrival order in memory, then writes it all in one statement, which checks what the
   * decisions took as stored and undoes itself when another writer changed it meanwhile (ConcurrentChange).
   * `all_ok`: nothing is written, and undefined answered, unless every call goes through. Then pushes the new
   * balances and remembers the members and records as the write left them.
   */
  private async decideOn(
    calls: MoneyCall[],
    stored: {
      members: WalletMember[];
      requests: StoredRequest[];
      transactions: KnownTransaction[];
      rulesVersion: string;
    },
    now: Date,
    accept: 'any' | 'all_ok',
  ): Promise<WalletReply[] | undefined> {
    const batch = new WalletBatch(stored);
    const balances = new Map(
      stored.members.map((m): [string, Balance] => [m.account_pk, { available: m.available }]),
    );
    const bySession = new Map(
      stored.members.map((m) => [`${m.session_provider}\u0000${m.session_token}`, m]),
    );
    const decided = calls.map((call): Decided => {
      const requestUuid = call.input.request_uuid;
      const member = bySession.get(`${call.provider}\u0000${call.input.token}`);
      const balance = member ? balances.get(member.account_pk) : undefined;
      if (!member || !balance || member.account_id !== call.input.user)
        return { status: 'RS_ERROR_INVALID_TOKEN', requestUuid };
      const replayed = batch.replay(call.provider, requestUuid);
      if (replayed !== undefined)
        return {
          status: replayed as WalletStatus,
          requestUuid,
          of: { member, available: balance.available },
        };
      const status = decideCall(call, member, balance, batch, now);
      batch.answer(call.provider, requestUuid, status);
      return { status, requestUuid, of: { member, available: balance.available } };
    });
    if (accept === 'all_ok' && decided.some((d) => d.status !== 'RS_OK')) return undefined;
    const written = await batch.flush(this.deps.walletDb, this.deps.ledger, { ...stored, now });
    // The members as the write left them: what memory keeps, what the replies and pushes show.
    const after = stored.members.map((member) => ({
      ...member,
      available: written.balances.get(member.available_account) ?? member.available,
      outstanding: written.outstanding.get(member.account_pk) ?? member.outstanding,
    }));
    this.memory.rememberMembers(after, stored.rulesVersion);
    this.memory.rememberRecords([...stored.transactions, ...batch.records()]);
    return this.repliesAfterWrite(decided, after, balances, batch.movedMembers());
  }

  /**
   * The replies once the batch is written, and a balance push per moved member. Another writer may have added
   * to a balance since it was read or remembered (a rebate, a settled sports bet; one that took from it failed
   * the write): each reply of that member carries the addition too, so every answered balance is one the books
   * hold once the batch stands.
   */
  private repliesAfterWrite(
    decided: Decided[],
    after: WalletMember[],
    decidedBalances: Map<string, Balance>,
    moved: Set<string>,
  ): WalletReply[] {
    const drift = new Map<string, bigint>();
    for (const member of after) {
      const decidedFinal = decidedBalances.get(member.account_pk)?.available;
      if (decidedFinal === undefined || drift.has(member.account_pk)) continue;
      drift.set(member.account_pk, member.available - decidedFinal);
      if (moved.has(member.account_pk)) this.deps.onBalance(member, member.available);
    }
    return decided.map(({ status, requestUuid, of }) => {
      if (!of) return walletReply(status, requestUuid);
      const shown = of.available + (drift.get(of.member.account_pk) ?? 0n);
      return walletReply(status, requestUuid, of.member, shown);
    });
  }
}

/** A wallet reply: the status, and for a known member its balance (wallet units) and currency. */
export function walletReply(
  status: WalletStatus,
  requestUuid: string,
  member?: MemberView,
  available: bigint | undefined = member?.available,
): WalletReply {
  if (!member) return { status, request_uuid: requestUuid };
  return {
    status,
    request_uuid: requestUuid,
    user: member.account_id,
    currency: member.session_currency,
    balance: Number((available ?? member.available) * UNITS_PER_MINOR),
  };
}

/** What a member's rows say, as the decisions and replies read them. */
export type MemberView = SessionMember;

/** A call's decision: its status, and for a known member its balance after the call as the batch decided it. */
interface Decided {
  status: WalletStatus;
  requestUuid: string;
  of?: { member: WalletMember; available: bigint };
}

/** A member's available balance as the batch moves it (in memory until the batch commits). */
export interface Balance {
  available: bigint;
}

/** A money call as the lanes take it: checked, its amount in cents, its game looked up. */
export type MoneyCall = { provider: string; amount: bigint; game: GameRow | undefined } & (
  | { kind: 'bet'; input: WalletBetRequest }
  | { kind: 'win'; input: WalletWinRequest }
  | { kind: 'rollback'; input: WalletRollbackRequest }
);

interface Pending {
  call: MoneyCall;
  resolve: (reply: WalletReply) => void;
  reject: (error: unknown) => void;
}

/** What memory must hold to decide a call without reading. */
function recallOf(call: MoneyCall): RecallCall {
  return {
    provider: call.provider,
    token: call.input.token,
    user: call.input.user,
    transactionUuid: call.input.transaction_uuid,
    referenceUuid: call.kind === 'bet' ? null : call.input.reference_transaction_uuid,
  };
}

/** The transaction ids a call reads: its own and the one it refers to. */
function transactionUuidsOf(call: MoneyCall): string[] {
  return call.kind === 'bet'
    ? [call.input.transaction_uuid]
    : [call.input.transaction_uuid, call.input.reference_transaction_uuid];
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}
