import {
  WALLET_MONEY_SCALE,
  type WalletBalanceRequest,
  type WalletBetRequest,
  type WalletCheckRequest,
  type WalletReply,
  type WalletRollbackRequest,
  type WalletStatus,
  type WalletWinRequest,
} from '@sb/contract';
import type { AppContext } from '../../context';
import { formatMinor } from '../../lib/money';
import { newSessionToken } from '../../lib/security';
import { MemberNotifier } from '../../push/member';
import { TRANSFER_KINDS } from '../ledger/kinds';
import type { GameCatalogue } from './catalogue';
import {
  gamesRepository as repo,
  type GameRow,
  type SessionMember,
  type StoredRequest,
  type WalletMember,
} from './repository';
import { ConcurrentChange, WalletBatch, WalletLanes, knownOf, type KnownTransaction } from './wallet-batch';
import { WalletMemory, type RecallCall } from './wallet-memory';

/** Wallet units per ledger minor unit (the cent): 3.56 = 356 cents = 356000. */
const UNITS_PER_MINOR = BigInt(WALLET_MONEY_SCALE) / 100n;
/** States that refuse every stake (the worst state along the upline chain counts, as for sessions). */
const DISABLED_STATES = new Set(['closed', 'blocked', 'frozen', 'inactive', 'suspended']);

/**
 * The seamless wallet the providers call (Hub88/Caleta family, games-protocol.md, decision table of
 * games-tournaments-backoffice.md 1.4). Money calls (bet, win, rollback) queue on their member's lane and run
 * in batches (wallet-batch.ts), each batch one read and one write statement: a member's calls take one lane
 * (they serialise), the calls are decided in arrival order, and every call's dedupe record, round change and
 * one ledger movement are written together, set-wise, in a statement that stands whole or not at all. A batch
 * is what one call was at low load and about a hundred at high load, which is how the wallet keeps up with many
 * members on a small machine. Replies carry the available balance in wallet units.
 */
export class WalletService {
  private readonly notifier: MemberNotifier;
  private readonly lanes: WalletLanes<Pending>;
  private readonly memory = new WalletMemory();

  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: GameCatalogue,
  ) {
    this.notifier = new MemberNotifier(ctx);
    this.lanes = new WalletLanes((batch) => this.runBatch(batch), ctx.config.games.walletBatching);
  }

  /** Swaps a single-use launch token for a wallet session token bound to member, game and currency. */
  async check(provider: string, input: WalletCheckRequest): Promise<WalletReply> {
    const now = this.ctx.now();
    const stored = await repo.requestStatus(this.ctx.db, provider, input.request_uuid);
    return this.ctx.db.transaction().execute(async (trx) => {
      if (stored) {
        const member = stored.token
          ? await repo.memberBySession(trx, { token: stored.token, walletProvider: provider })
          : undefined;
        return {
          ...this.answer(stored.status as WalletStatus, input.request_uuid, member),
          ...(stored.token ? { token: stored.token } : {}),
        };
      }
      const launch = await repo.consumeLaunchToken(trx, input.token, now);
      const game = launch ? await this.catalogue.byPk(String(launch.game_pk), trx) : undefined;
      if (!launch || !game || game.wallet_provider !== provider) {
        await repo.recordRequest(trx, {
          walletProvider: provider,
          requestUuid: input.request_uuid,
          status: 'RS_ERROR_INVALID_TOKEN',
        });
        return this.answer('RS_ERROR_INVALID_TOKEN', input.request_uuid);
      }
      const token = newSessionToken();
      await repo.openSession(trx, {
        token,
        accountPk: String(launch.account_pk),
        gamePk: String(launch.game_pk),
        walletProvider: provider,
        currency: launch.currency,
        now,
        expiresAt: new Date(now.getTime() + this.ctx.config.games.sessionTtlMs),
      });
      await repo.recordRequest(trx, {
        walletProvider: provider,
        requestUuid: input.request_uuid,
        status: 'RS_OK',
        token,
      });
      const member = await repo.memberBySession(trx, { token, walletProvider: provider });
      return { ...this.answer('RS_OK', input.request_uuid, member), token };
    });
  }

  /** The member's available balance; any session of the member will do, expired or not. */
  async balance(provider: string, input: WalletBalanceRequest): Promise<WalletReply> {
    const member = await repo.memberBySession(this.ctx.db, { token: input.token, walletProvider: provider });
    if (!member || (input.user !== undefined && input.user !== member.account_id))
      return this.answer('RS_ERROR_INVALID_TOKEN', input.request_uuid);
    return this.answer('RS_OK', input.request_uuid, member);
  }

  async bet(provider: string, input: WalletBetRequest): Promise<WalletReply> {
    const amount = toMinor(input.amount);
    if (amount === null) return this.answer('RS_ERROR_WRONG_TYPES', input.request_uuid);
    const game = await this.catalogue.byCode(input.game_code);
    return this.submit({ kind: 'bet', provider, input, amount, game });
  }

  async win(provider: string, input: WalletWinRequest): Promise<WalletReply> {
    const amount = toMinor(input.amount);
    if (amount === null) return this.answer('RS_ERROR_WRONG_TYPES', input.request_uuid);
    const game = await this.catalogue.byCode(input.game_code);
    return this.submit({ kind: 'win', provider, input, amount, game });
  }

  async rollback(provider: string, input: WalletRollbackRequest): Promise<WalletReply> {
    const game = await this.catalogue.byCode(input.game_code);
    return this.submit({ kind: 'rollback', provider, input, amount: 0n, game });
  }

  /** Queues a money call on its member's lane; a full lane answers at once (the provider retries or rolls back). */
  private submit(call: MoneyCall): Promise<WalletReply> {
    return new Promise<WalletReply>((resolve, reject) => {
      const queued = this.lanes.submit(call.input.user, { call, resolve, reject });
      if (!queued) resolve(this.answer('RS_ERROR_UNKNOWN', call.input.request_uuid));
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
      batch.forEach((pending, i) => pending.resolve(replies[i] ?? this.answer('RS_ERROR_UNKNOWN', '')));
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
        const [reply] = await this.readDecideAndWrite([call], this.ctx.now());
        if (reply) return reply;
      } catch (error) {
        if (!(error instanceof ConcurrentChange)) throw error;
      }
    }
    return this.answer('RS_ERROR_DUPLICATE_TRANSACTION', call.input.request_uuid);
  }

  /**
   * The batch decided on what the wallet remembers of its members and records (wallet-memory.ts) when it holds
   * all of it and every call goes through: one statement, the write, which checks everything taken from memory.
   * Otherwise, or when that write finds memory was wrong, read and decided as stored.
   */
  private async decideAndWrite(calls: MoneyCall[]): Promise<WalletReply[]> {
    const now = this.ctx.now();
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
    const stored = await repo.readBatch(this.ctx.walletDb, {
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
      const status = this.decide(call, member, balance, batch, now);
      batch.answer(call.provider, requestUuid, status);
      return { status, requestUuid, of: { member, available: balance.available } };
    });
    if (accept === 'all_ok' && decided.some((d) => d.status !== 'RS_OK')) return undefined;
    const written = await batch.flush(this.ctx.walletDb, this.ctx, { ...stored, now });
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
      if (moved.has(member.account_pk)) this.pushBalance(member, member.available);
    }
    return decided.map(({ status, requestUuid, of }) => {
      if (!of) return this.answer(status, requestUuid);
      const shown = of.available + (drift.get(of.member.account_pk) ?? 0n);
      return this.answer(status, requestUuid, of.member, shown);
    });
  }

  /** One call's decision by the operator decision table (games-tournaments-backoffice.md 1.4). */
  private decide(
    call: MoneyCall,
    member: WalletMember,
    balance: Balance,
    batch: WalletBatch,
    now: Date,
  ): WalletStatus {
    if (call.kind === 'bet') return this.decideBet(call, member, balance, batch, now);
    if (call.kind === 'win') return this.decideWin(call, member, balance, batch);
    return this.decideRollback(call, member, balance, batch);
  }

  private decideBet(
    call: MoneyCall & { kind: 'bet' },
    member: WalletMember,
    balance: Balance,
    batch: WalletBatch,
    now: Date,
  ): WalletStatus {
    const { provider, input, amount, game } = call;
    const existing = batch.transaction(provider, input.transaction_uuid);
    if (existing)
      return replayOf(existing, { kind: 'bet', amount, reference: null }, member, input.round, game);
    if (member.session_expires_at.getTime() <= now.getTime()) return 'RS_ERROR_TOKEN_EXPIRED';
    if (!game || game.wallet_provider !== provider) return 'RS_ERROR_INVALID_GAME';
    if (input.currency !== member.session_currency || member.currency !== member.session_currency)
      return 'RS_ERROR_WRONG_CURRENCY';
    if (!this.mayStake(member, game)) return 'RS_ERROR_USER_DISABLED';
    if (balance.available < amount) return 'RS_ERROR_NOT_ENOUGH_MONEY';
    const round = { walletProvider: provider, round: input.round, accountPk: member.account_pk };
    const roundKey = batch.betIntoRound(
      { ...round, gamePk: game.id, currency: member.session_currency },
      amount,
      input.round_closed,
    );
    batch.record({
      ...round,
      transactionUuid: input.transaction_uuid,
      kind: 'bet',
      gamePk: game.id,
      referenceUuid: null,
      amount,
      state: 'open',
      status: 'RS_OK',
      roundKey,
    });
    batch.stakedOn(provider, input.token);
    this.move(batch, call, member, balance, TRANSFER_KINDS.gameBet, amount, game);
    return 'RS_OK';
  }

  private decideWin(
    call: MoneyCall & { kind: 'win' },
    member: WalletMember,
    balance: Balance,
    batch: WalletBatch,
  ): WalletStatus {
    const { provider, input, amount, game } = call;
    const existing = batch.transaction(provider, input.transaction_uuid);
    const asked = { kind: 'win' as const, amount, reference: input.reference_transaction_uuid };
    if (existing) return replayOf(existing, asked, member, input.round, game);
    if (!game || game.wallet_provider !== provider) return 'RS_ERROR_INVALID_GAME';
    if (input.currency !== member.session_currency) return 'RS_ERROR_WRONG_CURRENCY';
    const bet = batch.transaction(provider, input.reference_transaction_uuid);
    if (bet?.kind === 'tombstone' || bet?.state === 'rolled_back') return 'RS_ERROR_TRANSACTION_ROLLED_BACK';
    // A bet of another member, or one whose round the platform closed (it stands as lost), is not there to win.
    if (!bet || bet.kind !== 'bet' || bet.accountPk !== member.account_pk || bet.state === 'done')
      return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    batch.record({
      walletProvider: provider,
      transactionUuid: input.transaction_uuid,
      kind: 'win',
      accountPk: member.account_pk,
      gamePk: game.id,
      round: input.round,
      referenceUuid: input.reference_transaction_uuid,
      amount,
      state: 'done',
      status: 'RS_OK',
      roundKey: bet.roundKey,
    });
    batch.setState(bet, 'won');
    batch.changeRoundOf(bet, member.session_currency, { win: amount, stake: 0n, closed: input.round_closed });
    this.move(batch, call, member, balance, TRANSFER_KINDS.gameWin, amount, game);
    return 'RS_OK';
  }

  private decideRollback(
    call: MoneyCall & { kind: 'rollback' },
    member: WalletMember,
    balance: Balance,
    batch: WalletBatch,
  ): WalletStatus {
    const { provider, input, game } = call;
    const existing = batch.transaction(provider, input.transaction_uuid);
    const asked = { kind: 'rollback' as const, amount: null, reference: input.reference_transaction_uuid };
    if (existing) return replayOf(existing, asked, member, input.round, game);
    if (!game || game.wallet_provider !== provider) return 'RS_ERROR_INVALID_GAME';
    const bet = batch.transaction(provider, input.reference_transaction_uuid);
    if (bet && bet.accountPk !== member.account_pk) return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    const record = (amount: bigint, roundKey: string | null) =>
      batch.record({
        walletProvider: provider,
        transactionUuid: input.transaction_uuid,
        kind: 'rollback',
        accountPk: member.account_pk,
        gamePk: game.id,
        round: input.round,
        referenceUuid: input.reference_transaction_uuid,
        amount,
        state: 'done',
        status: 'RS_OK',
        roundKey,
      });
    if (!bet) {
      // Rollback before its bet: a tombstone under the bet's id refuses the bet if it arrives later.
      record(0n, null);
      batch.record({
        walletProvider: provider,
        transactionUuid: input.reference_transaction_uuid,
        kind: 'tombstone',
        accountPk: member.account_pk,
        gamePk: game.id,
        round: input.round,
        referenceUuid: input.transaction_uuid,
        amount: 0n,
        state: 'done',
        status: 'RS_ERROR_DUPLICATE_TRANSACTION',
      });
      return 'RS_OK';
    }
    // Only an open bet rolls back; a won bet (the win stands), a bet of a closed round, a second rollback,
    // a rollback of a win or of a tombstone: OK with nothing moved, so the provider stops retrying.
    if (bet.kind !== 'bet' || bet.state !== 'open') {
      batch.changeRoundOf(bet, member.session_currency, { win: 0n, stake: 0n, closed: false });
      record(0n, bet.roundKey);
      return 'RS_OK';
    }
    record(bet.amount, bet.roundKey);
    batch.setState(bet, 'rolled_back');
    batch.changeRoundOf(bet, member.session_currency, {
      win: 0n,
      stake: -bet.amount,
      closed: input.round_closed,
    });
    this.move(batch, call, member, balance, TRANSFER_KINDS.gameRollback, bet.amount, game);
    return 'RS_OK';
  }

  /** One ledger movement between the member's available balance and the games house account. */
  private move(
    batch: WalletBatch,
    call: MoneyCall,
    member: WalletMember,
    balance: Balance,
    kind: 'game_bet' | 'game_win' | 'game_rollback',
    amount: bigint,
    game: GameRow,
  ): void {
    if (amount === 0n) return;
    const direction = kind === TRANSFER_KINDS.gameBet ? 'out' : 'in';
    batch.move({
      walletProvider: call.provider,
      transactionUuid: call.input.transaction_uuid,
      kind,
      direction,
      ownerPk: member.account_pk,
      currency: member.session_currency,
      amount,
      product: game.product,
      balanceRead: member.available,
    });
    balance.available += direction === 'in' ? amount : -amount;
  }

  /** Suspended, closed, blocked, frozen or inactive (the member or an upline), or the product switched off. */
  private mayStake(member: MemberView, game: GameRow): boolean {
    const chain = [{ state: member.state, features: member.features }, ...member.upline];
    if (chain.some((account) => DISABLED_STATES.has(account.state))) return false;
    const feature = game.product === 'live_casino' ? 'live_casino' : null;
    return feature === null || !chain.some((account) => account.features?.[feature] === false);
  }

  private answer(
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

  /** The member's apps refresh their balance (published after the commit; a lost push only delays it). */
  private pushBalance(member: MemberView, available: bigint): void {
    // As the profile shows it: a credit member's cash is its net position (available + outstanding - credit).
    const credit = member.member_type === 'credit' ? member.given_credit : 0n;
    const cash = member.member_type === 'credit' ? available + member.outstanding - credit : available;
    this.notifier
      .send(member.account_id, {
        op: 'balance',
        balance: formatMinor(available),
        account_balance: formatMinor(cash),
        outstanding_balance: formatMinor(member.outstanding),
      })
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'game balance push failed'));
  }
}

/** What a member's rows say, as the decisions and replies read them. */
type MemberView = SessionMember;

/** A call's decision: its status, and for a known member its balance after the call as the batch decided it. */
interface Decided {
  status: WalletStatus;
  requestUuid: string;
  of?: { member: WalletMember; available: bigint };
}

/** A member's available balance as the batch moves it (in memory until the batch commits). */
interface Balance {
  available: bigint;
}

type MoneyCall =
  | { kind: 'bet'; provider: string; input: WalletBetRequest; amount: bigint; game: GameRow | undefined }
  | { kind: 'win'; provider: string; input: WalletWinRequest; amount: bigint; game: GameRow | undefined }
  | {
      kind: 'rollback';
      provider: string;
      input: WalletRollbackRequest;
      amount: bigint;
      game: GameRow | undefined;
    };

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

/** Wallet units to cents; null when not a whole number of cents (the protocol's WRONG_TYPES). */
function toMinor(amount: number): bigint | null {
  if (!Number.isSafeInteger(amount) || amount < 0) return null;
  const units = BigInt(amount);
  return units % UNITS_PER_MINOR === 0n ? units / UNITS_PER_MINOR : null;
}

/**
 * A transaction id seen before: the same call again (kind, member, round, game, amount where it has one and
 * the referenced id) gets the stored status; anything else under that id is a duplicate.
 */
function replayOf(
  existing: KnownTransaction,
  asked: { kind: KnownTransaction['kind']; amount: bigint | null; reference: string | null },
  member: MemberView,
  round: string,
  game: GameRow | undefined,
): WalletStatus {
  const same =
    existing.kind === asked.kind &&
    existing.accountPk === member.account_pk &&
    existing.round === round &&
    game !== undefined &&
    existing.gamePk === game.id &&
    (asked.amount === null || existing.amount === asked.amount) &&
    existing.referenceUuid === asked.reference;
  return same ? (existing.status as WalletStatus) : 'RS_ERROR_DUPLICATE_TRANSACTION';
}
