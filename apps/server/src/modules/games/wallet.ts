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
import type { Trx } from '../../db/types';
import { formatMinor } from '../../lib/money';
import { newSessionToken } from '../../lib/security';
import { MemberNotifier } from '../../push/member';
import { HOUSE_ACCOUNTS, TRANSFER_KINDS } from '../ledger/kinds';
import type { GameCatalogue } from './catalogue';
import {
  gamesRepository as repo,
  type GameRow,
  type GameTransactionRow,
  type LockedMember,
} from './repository';

/** Wallet units per ledger minor unit (the cent): 3.56 = 356 cents = 356000. */
const UNITS_PER_MINOR = BigInt(WALLET_MONEY_SCALE) / 100n;
/** States that refuse every stake (the worst state along the upline chain counts, as for sessions). */
const DISABLED_STATES = new Set(['closed', 'blocked', 'frozen', 'inactive', 'suspended']);

/** One wallet call's answer and whether money moved (so the member's apps are told the new balance). */
interface Outcome {
  reply: WalletReply;
  moved: { member: LockedMember; available: bigint } | null;
}

/**
 * The seamless wallet the providers call (Hub88/Caleta family, games-protocol.md, decision table of
 * games-tournaments-backoffice.md 1.4). Each money call runs in ONE transaction: the member's account and
 * available balance rows are locked first (a member's calls serialise), then the dedupe record, the round and
 * the one ledger movement are written together. Replies carry the available balance in wallet units.
 */
export class WalletService {
  private readonly notifier: MemberNotifier;

  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: GameCatalogue,
  ) {
    this.notifier = new MemberNotifier(ctx);
  }

  /** Swaps a single-use launch token for a wallet session token bound to member, game and currency. */
  async check(provider: string, input: WalletCheckRequest): Promise<WalletReply> {
    const now = this.ctx.now();
    const stored = await repo.requestStatus(this.ctx.db, provider, input.request_uuid);
    return this.ctx.db.transaction().execute(async (trx) => {
      if (stored) {
        const member = stored.token
          ? await repo.memberBySession(trx, {
              token: stored.token,
              walletProvider: provider,
              requestUuid: input.request_uuid,
              lock: false,
            })
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
      const member = await repo.memberBySession(trx, {
        token,
        walletProvider: provider,
        requestUuid: input.request_uuid,
        lock: false,
      });
      return { ...this.answer('RS_OK', input.request_uuid, member), token };
    });
  }

  /** The member's available balance; any session of the member will do, expired or not. */
  async balance(provider: string, input: WalletBalanceRequest): Promise<WalletReply> {
    const member = await repo.memberBySession(this.ctx.db, {
      token: input.token,
      walletProvider: provider,
      requestUuid: input.request_uuid,
      lock: false,
    });
    if (!member || (input.user !== undefined && input.user !== member.account_id))
      return this.answer('RS_ERROR_INVALID_TOKEN', input.request_uuid);
    return this.answer('RS_OK', input.request_uuid, member);
  }

  async bet(provider: string, input: WalletBetRequest): Promise<WalletReply> {
    const amount = toMinor(input.amount);
    if (amount === null) return this.answer('RS_ERROR_WRONG_TYPES', input.request_uuid);
    const game = await this.catalogue.byCode(input.game_code);
    return this.money(provider, input, [input.transaction_uuid], async (trx, member) => {
      const existing = knownOf(member, input.transaction_uuid);
      if (existing) {
        const same =
          existing.kind === 'bet' &&
          sameContent(existing, member, input.round, game) &&
          BigInt(existing.amount) === amount;
        return this.done(same ? (existing.status as WalletStatus) : 'RS_ERROR_DUPLICATE_TRANSACTION');
      }
      if (member.session_expires_at.getTime() <= this.ctx.now().getTime())
        return this.done('RS_ERROR_TOKEN_EXPIRED');
      if (!game || game.wallet_provider !== provider) return this.done('RS_ERROR_INVALID_GAME');
      if (input.currency !== member.session_currency || member.currency !== member.session_currency)
        return this.done('RS_ERROR_WRONG_CURRENCY');
      if (!this.mayStake(member, game)) return this.done('RS_ERROR_USER_DISABLED');
      if (member.available < amount) return this.done('RS_ERROR_NOT_ENOUGH_MONEY');
      const roundPk = await repo.addBetToRound(trx, {
        walletProvider: provider,
        round: input.round,
        accountPk: member.account_pk,
        gamePk: game.id,
        currency: member.session_currency,
        stake: amount,
        closed: input.round_closed,
      });
      const recorded = await repo.insertTransaction(trx, {
        walletProvider: provider,
        transactionUuid: input.transaction_uuid,
        kind: 'bet',
        accountPk: member.account_pk,
        gamePk: game.id,
        roundPk,
        round: input.round,
        referenceUuid: null,
        amount,
        state: 'open',
        status: 'RS_OK',
      });
      // Another member's call took this id meanwhile: nothing of ours may stand (the round change rolls back).
      if (recorded === null) throw new DuplicateTransaction();
      await this.move(trx, provider, input.transaction_uuid, TRANSFER_KINDS.gameBet, member, amount, game);
      return { status: 'RS_OK', available: member.available - amount };
    });
  }

  async win(provider: string, input: WalletWinRequest): Promise<WalletReply> {
    const amount = toMinor(input.amount);
    if (amount === null) return this.answer('RS_ERROR_WRONG_TYPES', input.request_uuid);
    const game = await this.catalogue.byCode(input.game_code);
    const uuids = [input.transaction_uuid, input.reference_transaction_uuid];
    return this.money(provider, input, uuids, async (trx, member) => {
      const existing = knownOf(member, input.transaction_uuid);
      if (existing) {
        const same =
          existing.kind === 'win' &&
          sameContent(existing, member, input.round, game) &&
          BigInt(existing.amount) === amount &&
          existing.reference_uuid === input.reference_transaction_uuid;
        return this.done(same ? (existing.status as WalletStatus) : 'RS_ERROR_DUPLICATE_TRANSACTION');
      }
      if (!game || game.wallet_provider !== provider) return this.done('RS_ERROR_INVALID_GAME');
      if (input.currency !== member.session_currency) return this.done('RS_ERROR_WRONG_CURRENCY');
      const bet = knownOf(member, input.reference_transaction_uuid);
      if (bet?.kind === 'tombstone' || bet?.state === 'rolled_back')
        return this.done('RS_ERROR_TRANSACTION_ROLLED_BACK');
      // A bet of another member, or one whose round the platform closed (it stands as lost), is not there to win.
      if (!bet || bet.kind !== 'bet' || String(bet.account_pk) !== member.account_pk || bet.state === 'done')
        return this.done('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      const recorded = await repo.insertTransaction(trx, {
        walletProvider: provider,
        transactionUuid: input.transaction_uuid,
        kind: 'win',
        accountPk: member.account_pk,
        gamePk: game.id,
        roundPk: bet.round_pk === null ? null : String(bet.round_pk),
        round: input.round,
        referenceUuid: input.reference_transaction_uuid,
        amount,
        state: 'done',
        status: 'RS_OK',
      });
      if (recorded === null) throw new DuplicateTransaction();
      await repo.setTransactionState(trx, String(bet.id), 'won');
      if (bet.round_pk !== null)
        await repo.adjustRound(trx, String(bet.round_pk), {
          win: amount,
          stake: 0n,
          closed: input.round_closed,
        });
      await this.move(trx, provider, input.transaction_uuid, TRANSFER_KINDS.gameWin, member, amount, game);
      return { status: 'RS_OK', available: member.available + amount };
    });
  }

  async rollback(provider: string, input: WalletRollbackRequest): Promise<WalletReply> {
    const game = await this.catalogue.byCode(input.game_code);
    const uuids = [input.transaction_uuid, input.reference_transaction_uuid];
    return this.money(provider, input, uuids, async (trx, member) => {
      const existing = knownOf(member, input.transaction_uuid);
      if (existing) {
        const same =
          existing.kind === 'rollback' &&
          sameContent(existing, member, input.round, game) &&
          existing.reference_uuid === input.reference_transaction_uuid;
        return this.done(same ? (existing.status as WalletStatus) : 'RS_ERROR_DUPLICATE_TRANSACTION');
      }
      if (!game || game.wallet_provider !== provider) return this.done('RS_ERROR_INVALID_GAME');
      const bet = knownOf(member, input.reference_transaction_uuid);
      if (bet && String(bet.account_pk) !== member.account_pk)
        return this.done('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      const record = async (amount: bigint, roundPk: string | null) => {
        const recorded = await repo.insertTransaction(trx, {
          walletProvider: provider,
          transactionUuid: input.transaction_uuid,
          kind: 'rollback',
          accountPk: member.account_pk,
          gamePk: game.id,
          roundPk,
          round: input.round,
          referenceUuid: input.reference_transaction_uuid,
          amount,
          state: 'done',
          status: 'RS_OK',
        });
        if (recorded === null) throw new DuplicateTransaction();
      };
      if (!bet) {
        // Rollback before its bet: a tombstone under the bet's id refuses the bet if it arrives later.
        await record(0n, null);
        const tomb = await repo.insertTransaction(trx, {
          walletProvider: provider,
          transactionUuid: input.reference_transaction_uuid,
          kind: 'tombstone',
          accountPk: member.account_pk,
          gamePk: game.id,
          roundPk: null,
          round: input.round,
          referenceUuid: input.transaction_uuid,
          amount: 0n,
          state: 'done',
          status: 'RS_ERROR_DUPLICATE_TRANSACTION',
        });
        if (tomb === null) throw new DuplicateTransaction();
        return { status: 'RS_OK', available: member.available };
      }
      // Only an open bet rolls back; a won bet (the win stands), a bet of a closed round, a second rollback,
      // a rollback of a win or of a tombstone: OK with nothing moved, so the provider stops retrying.
      if (bet.kind !== 'bet' || bet.state !== 'open') {
        await record(0n, bet.round_pk === null ? null : String(bet.round_pk));
        return { status: 'RS_OK', available: member.available };
      }
      await record(bet.amount, bet.round_pk === null ? null : String(bet.round_pk));
      await repo.setTransactionState(trx, String(bet.id), 'rolled_back');
      if (bet.round_pk !== null)
        await repo.adjustRound(trx, String(bet.round_pk), {
          win: 0n,
          stake: -bet.amount,
          closed: input.round_closed,
        });
      await this.move(
        trx,
        provider,
        input.transaction_uuid,
        TRANSFER_KINDS.gameRollback,
        member,
        bet.amount,
        game,
      );
      return { status: 'RS_OK', available: member.available + bet.amount };
    });
  }

  /**
   * The common frame of bet, win and rollback: lock the member through the session token, answer a repeated
   * request_uuid with its first status, run the decision, record the request's status, commit, then push the
   * new balance. The token must exist and belong to the user named; its expiry is the bet's own concern.
   */
  private async money(
    provider: string,
    input: { request_uuid: string; token: string; user: string },
    transactionUuids: string[],
    decide: (trx: Trx, member: LockedMember) => Promise<{ status: WalletStatus; available: bigint | null }>,
  ): Promise<WalletReply> {
    // The dedupe records are read with the lock, in one statement; a record committed by a concurrent call
    // while this one waited for the lock is not in that statement's view, and its insert then conflicts: the
    // call runs once more and finds it (the stored reply, or a duplicate of another member's).
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcome = await this.attempt(provider, input, transactionUuids, decide);
        if (outcome.moved) this.pushBalance(outcome.moved.member, outcome.moved.available);
        return outcome.reply;
      } catch (error) {
        if (!(error instanceof DuplicateTransaction)) throw error;
        if (attempt >= 2) return this.answer('RS_ERROR_DUPLICATE_TRANSACTION', input.request_uuid);
      }
    }
  }

  private async attempt(
    provider: string,
    input: { request_uuid: string; token: string; user: string },
    transactionUuids: string[],
    decide: (trx: Trx, member: LockedMember) => Promise<{ status: WalletStatus; available: bigint | null }>,
  ): Promise<Outcome> {
    return this.ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
      const member = await repo.memberBySession(trx, {
        token: input.token,
        walletProvider: provider,
        requestUuid: input.request_uuid,
        lock: true,
        transactionUuids,
      });
      if (!member || member.account_id !== input.user)
        return { reply: this.answer('RS_ERROR_INVALID_TOKEN', input.request_uuid), moved: null };
      if (member.replay_status !== null)
        return {
          reply: this.answer(member.replay_status as WalletStatus, input.request_uuid, member),
          moved: null,
        };
      const decided = await decide(trx, member);
      await repo.recordRequest(trx, {
        walletProvider: provider,
        requestUuid: input.request_uuid,
        status: decided.status,
      });
      const available = decided.available ?? member.available;
      const reply = this.answer(decided.status, input.request_uuid, { ...member, available });
      const moved = decided.available !== null && available !== member.available;
      return { reply, moved: moved ? { member, available } : null };
    });
  }

  /** A decision that moves nothing: the reply's balance is the one read under the lock. */
  private done(status: WalletStatus): { status: WalletStatus; available: null } {
    return { status, available: null };
  }

  /** One ledger movement between the member's available balance and the games house account. */
  private async move(
    trx: Trx,
    provider: string,
    transactionUuid: string,
    kind: 'game_bet' | 'game_win' | 'game_rollback',
    member: LockedMember,
    amount: bigint,
    game: GameRow,
  ): Promise<void> {
    if (amount === 0n) return;
    await this.ctx.ledger.moveMember(trx, {
      transferId: `game:${provider}:${transactionUuid}`,
      kind,
      direction: kind === TRANSFER_KINDS.gameBet ? 'out' : 'in',
      ownerPk: member.account_pk,
      currency: member.session_currency,
      amount,
      account: HOUSE_ACCOUNTS.games,
      // The product: statements count game win/loss per product from the ledger alone.
      ref: game.product,
    });
  }

  /** Suspended, closed, blocked, frozen or inactive (the member or an upline), or the product switched off. */
  private mayStake(member: LockedMember, game: GameRow): boolean {
    const chain = [{ state: member.state, features: member.features }, ...member.upline];
    if (chain.some((account) => DISABLED_STATES.has(account.state))) return false;
    const feature = game.product === 'live_casino' ? 'live_casino' : null;
    return feature === null || !chain.some((account) => account.features?.[feature] === false);
  }

  private answer(status: WalletStatus, requestUuid: string, member?: LockedMember): WalletReply {
    if (!member) return { status, request_uuid: requestUuid };
    return {
      status,
      request_uuid: requestUuid,
      user: member.account_id,
      currency: member.session_currency,
      balance: Number(member.available * UNITS_PER_MINOR),
    };
  }

  /** The member's apps refresh their balance (published after the commit; a lost push only delays it). */
  private pushBalance(member: LockedMember, available: bigint): void {
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

/** A transaction id taken by another member's concurrent call: the whole call is a duplicate. */
class DuplicateTransaction extends Error {}

function knownOf(member: LockedMember, transactionUuid: string): GameTransactionRow | undefined {
  return member.known.find((row) => row.transaction_uuid === transactionUuid);
}

/** Wallet units to cents; null when not a whole number of cents (the protocol's WRONG_TYPES). */
function toMinor(amount: number): bigint | null {
  if (!Number.isSafeInteger(amount) || amount < 0) return null;
  const units = BigInt(amount);
  return units % UNITS_PER_MINOR === 0n ? units / UNITS_PER_MINOR : null;
}

function sameContent(
  existing: GameTransactionRow,
  member: LockedMember,
  round: string,
  game: GameRow | undefined,
): boolean {
  return (
    String(existing.account_pk) === member.account_pk &&
    existing.round === round &&
    game !== undefined &&
    String(existing.game_pk) === game.id
  );
}
