import type {
  WalletBalanceRequest,
  WalletBetRequest,
  WalletCheckRequest,
  WalletReply,
  WalletRollbackRequest,
  WalletStatus,
  WalletWinRequest,
} from '@sb/contract';
import type { AppContext } from '../../context';
import { formatMinor } from '../../lib/money';
import { newSessionToken } from '../../lib/security';
import { MemberNotifier } from '../../push/member';
import type { GameCatalogue } from './catalogue';
import { gamesRepository as repo } from './repository';
import { UNITS_PER_MINOR, WalletEngine, walletReply, type MemberView } from './wallet-engine';

/**
 * The seamless wallet the providers call (Hub88/Caleta family, games-protocol.md, decision table of
 * games-tournaments-backoffice.md 1.4). Session calls (check, balance) are answered here; money calls (bet,
 * win, rollback) are checked here and run by the wallet engine (wallet-engine.ts) in batches on the wallet's
 * own connections, decided by the table in wallet-decide.ts. Replies carry the available balance in wallet
 * units.
 */
export class WalletService {
  private readonly notifier: MemberNotifier;
  private readonly engine: WalletEngine;

  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: GameCatalogue,
  ) {
    this.notifier = new MemberNotifier(ctx);
    this.engine = new WalletEngine({
      walletDb: ctx.walletDb,
      ledger: ctx.ledger,
      // PGlite has one connection: a second batch beside the first would only wait for it, smaller.
      batching:
        ctx.dbKind === 'pglite'
          ? { ...ctx.config.games.walletBatching, overlapAt: 0 }
          : ctx.config.games.walletBatching,
      now: () => ctx.now(),
      onBalance: (member, available) => this.pushBalance(member, available),
    });
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
          ...walletReply(stored.status as WalletStatus, input.request_uuid, member),
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
        return walletReply('RS_ERROR_INVALID_TOKEN', input.request_uuid);
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
      return { ...walletReply('RS_OK', input.request_uuid, member), token };
    });
  }

  /** The member's available balance; any session of the member will do, expired or not. */
  async balance(provider: string, input: WalletBalanceRequest): Promise<WalletReply> {
    const member = await repo.memberBySession(this.ctx.db, { token: input.token, walletProvider: provider });
    if (!member || (input.user !== undefined && input.user !== member.account_id))
      return walletReply('RS_ERROR_INVALID_TOKEN', input.request_uuid);
    return walletReply('RS_OK', input.request_uuid, member);
  }

  async bet(provider: string, input: WalletBetRequest): Promise<WalletReply> {
    const amount = toMinor(input.amount);
    if (amount === null) return walletReply('RS_ERROR_WRONG_TYPES', input.request_uuid);
    const game = await this.catalogue.byCode(input.game_code);
    return this.engine.submit({ kind: 'bet', provider, input, amount, game });
  }

  async win(provider: string, input: WalletWinRequest): Promise<WalletReply> {
    const amount = toMinor(input.amount);
    if (amount === null) return walletReply('RS_ERROR_WRONG_TYPES', input.request_uuid);
    const game = await this.catalogue.byCode(input.game_code);
    return this.engine.submit({ kind: 'win', provider, input, amount, game });
  }

  async rollback(provider: string, input: WalletRollbackRequest): Promise<WalletReply> {
    const game = await this.catalogue.byCode(input.game_code);
    return this.engine.submit({
      kind: 'rollback',
      provider,
      input,
      amount: 0n,
      game,
    });
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

/** Wallet units to cents; null when not a whole number of cents (the protocol's WRONG_TYPES). */
function toMinor(amount: number): bigint | null {
  if (!Number.isSafeInteger(amount) || amount < 0) return null;
  const units = BigInt(amount);
  return units % UNITS_PER_MINOR === 0n ? units / UNITS_PER_MINOR : null;
}
