import { randomUUID } from 'node:crypto';
import { unitsFromWire, unitsToWire } from '../money';
import type { Books } from './books';
import type { Faults } from './faults';
import { Deliverer, type DeliveryResult, type RetryPolicy } from './retry';
import type { WalletTransport } from './transport';

/** A member's wallet session for one game, from /wallet/check. */
export interface WalletSession {
  token: string;
  user: string;
  currency: string;
  gameCode: string;
}

export type BetResult =
  | { kind: 'accepted'; transactionId: string; balance: bigint | null }
  | { kind: 'refused'; status: string; balance: bigint | null }
  /** The outcome was unknown, so the bet was rolled back (now, or by the pending queue later). */
  | { kind: 'rolled_back'; reason: string };

export type SettleResult =
  { kind: 'paid'; balance: bigint | null } | { kind: 'pending' } | { kind: 'stuck'; status: string };

/** Answers after which a bet's outcome is unknown: the bet must be rolled back. */
const UNKNOWN_BET_STATUSES = new Set(['RS_ERROR_UNKNOWN', 'RS_ERROR_TIMEOUT']);
/** Games-tournaments-backoffice.md 1.3: a win stops on these; a rollback on these. */
const WIN_STOP = new Set([
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
]);
const ROLLBACK_STOP = new Set([...WIN_STOP, 'RS_ERROR_INVALID_SIGNATURE']);

export interface RoundRef {
  round: string;
  roundClosed: boolean;
}

export class WalletClient {
  readonly deliverer: Deliverer;

  constructor(
    private readonly transport: WalletTransport,
    private readonly books: Books,
    private readonly faults: Faults,
    policy: RetryPolicy,
  ) {
    this.deliverer = new Deliverer(transport, policy);
  }

  /** Swaps a launch token for a wallet session token. */
  async check(
    launchToken: string,
  ): Promise<
    | { kind: 'ok'; token: string; user: string; currency: string; balance: bigint | null }
    | { kind: 'error'; status: string }
  > {
    // The launch token dies on first use, so a lost answer is asked again with the same request_uuid
    // (the platform replays its stored reply), a few times.
    const request = { request_uuid: randomUUID(), token: launchToken };
    let outcome = await this.transport.send('/wallet/check', request, false);
    for (let retry = 0; retry < 2 && outcome.kind === 'unknown'; retry += 1) {
      outcome = await this.transport.send('/wallet/check', request, false);
    }
    if (outcome.kind === 'unknown') return { kind: 'error', status: 'RS_ERROR_UNKNOWN' };
    const { status, token, user, currency, balance } = outcome.reply;
    if (status !== 'RS_OK' || !token || !user || !currency) return { kind: 'error', status };
    return { kind: 'ok', token, user, currency, balance: unitsFromWire(balance) };
  }

  async balance(session: WalletSession): Promise<bigint | null> {
    const outcome = await this.transport.send(
      '/wallet/balance',
      {
        request_uuid: randomUUID(),
        token: session.token,
        user: session.user,
        game_code: session.gameCode,
      },
      false,
    );
    return outcome.kind === 'reply' && outcome.reply.status === 'RS_OK'
      ? unitsFromWire(outcome.reply.balance)
      : null;
  }

  /** Refuses new stakes while the pending queue is full: money owed comes first. */
  get canTakeBets(): boolean {
    return !this.deliverer.isFull;
  }

  async bet(session: WalletSession, ref: RoundRef, amount: bigint, description: string): Promise<BetResult> {
    const transactionId = randomUUID();
    const body = () => ({
      request_uuid: randomUUID(),
      token: session.token,
      transaction_uuid: transactionId,
      user: session.user,
      round: ref.round,
      round_closed: ref.roundClosed,
      game_code: session.gameCode,
      currency: session.currency,
      amount: unitsToWire(amount),
      bet: description,
    });
    if (this.faults.roll('rollbackBeforeBet')) {
      // The rollback overtakes its bet: once the platform has the tombstone, the bet must be refused.
      const rolledBack = await this.rollback(session, ref, transactionId, amount);
      if (rolledBack !== 'ok') return { kind: 'rolled_back', reason: 'rollback sent first, bet withheld' };
      const late = await this.transport.send('/wallet/bet', body());
      if (late.kind === 'reply' && late.reply.status === 'RS_OK') this.books.anomaly(session.user);
      return { kind: 'rolled_back', reason: 'rollback sent before its bet' };
    }
    const outcome = await this.transport.send('/wallet/bet', body());
    if (outcome.kind === 'reply' && !UNKNOWN_BET_STATUSES.has(outcome.reply.status)) {
      const balance = unitsFromWire(outcome.reply.balance);
      if (outcome.reply.status === 'RS_OK') {
        this.books.betAccepted(session.user, amount);
        return { kind: 'accepted', transactionId, balance };
      }
      this.books.betRefused(session.user);
      return { kind: 'refused', status: outcome.reply.status, balance };
    }
    const reason = outcome.kind === 'unknown' ? outcome.reason : outcome.reply.status;
    await this.rollback(session, ref, transactionId, amount);
    return { kind: 'rolled_back', reason };
  }

  /** Rolls a bet back; 'ok' when confirmed now, otherwise the pending queue finishes the job. */
  async rollback(
    session: WalletSession,
    ref: RoundRef,
    betId: string,
    amount: bigint,
  ): Promise<'ok' | 'stopped' | 'queued'> {
    const transactionId = randomUUID();
    return this.deliverTracked(session.user, {
      path: '/wallet/rollback',
      stopStatuses: ROLLBACK_STOP,
      body: () => ({
        request_uuid: randomUUID(),
        token: session.token,
        transaction_uuid: transactionId,
        reference_transaction_uuid: betId,
        user: session.user,
        round: ref.round,
        round_closed: ref.roundClosed,
        game_code: session.gameCode,
      }),
      onOk: () => this.books.rollbackConfirmed(session.user, amount),
    }).then((result) => result.state);
  }

  /** Pays a bet's return (0 closes a lost round), retried until the platform answers definitely. */
  async win(session: WalletSession, ref: RoundRef, betId: string, amount: bigint): Promise<SettleResult> {
    const transactionId = randomUUID();
    const result = await this.deliverTracked(session.user, {
      path: '/wallet/win',
      stopStatuses: WIN_STOP,
      body: () => ({
        request_uuid: randomUUID(),
        token: session.token,
        transaction_uuid: transactionId,
        reference_transaction_uuid: betId,
        user: session.user,
        round: ref.round,
        round_closed: ref.roundClosed,
        game_code: session.gameCode,
        currency: session.currency,
        amount: unitsToWire(amount),
      }),
      onOk: () => this.books.winPaid(session.user, amount),
    });
    if (result.state === 'ok') return { kind: 'paid', balance: result.balance };
    if (result.state === 'queued') return { kind: 'pending' };
    return { kind: 'stuck', status: result.status };
  }

  /** Delivers a call and keeps the books: confirmed, pending (counted until it lands) or stuck. */
  private async deliverTracked(
    user: string,
    call: {
      path: string;
      stopStatuses: ReadonlySet<string>;
      body: () => Record<string, unknown>;
      onOk: () => void;
    },
  ): Promise<{ state: 'ok' | 'stopped' | 'queued'; balance: bigint | null; status: string }> {
    let last: DeliveryResult | null = null;
    let queued = false;
    const state = await this.deliverer.deliver({
      path: call.path,
      body: call.body,
      stopStatuses: call.stopStatuses,
      onDone: (result) => {
        last = result;
        if (queued) this.books.pendingChanged(user, -1);
        if (result.kind === 'ok') call.onOk();
        else this.books.stuck(user);
      },
    });
    if (state === 'queued') {
      queued = true;
      this.books.pendingChanged(user, 1);
    }
    const settled = last as DeliveryResult | null;
    return {
      state,
      balance: settled?.kind === 'ok' ? unitsFromWire(settled.balance) : null,
      status: settled?.kind === 'stopped' ? settled.status : settled?.kind === 'gave_up' ? 'gave_up' : '',
    };
  }
}
