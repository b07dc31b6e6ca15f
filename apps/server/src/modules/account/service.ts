import type { BalanceReply, ErrorCode, LoginReply, MemberSettings, MemberState } from '@sb/contract';
import { validateNickname, validatePassword } from '@sb/domain';
import type { AppContext } from '../../context';
import type { AccountRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { GroupLoader } from '../../lib/group-loader';
import { formatMinor } from '../../lib/money';
import {
  hashPassword,
  hashSessionToken,
  newSessionToken,
  verifyLaunchToken,
  verifyPassword,
  verifyPasswordOrDummy,
} from '../../lib/security';
import { MemberNotifier } from '../../push/member';
import { buildMemberProfile, effectiveSettings, walletView } from './profile';
import { accountRepository as repo } from './repository';

/** A checked member session: who is calling and whether they may only view. */
export interface MemberSession {
  token: string;
  account: AccountRow;
  state: MemberState;
  viewOnly: boolean;
  profileVersionSeen: number;
  operatorType: number;
  parentAccountId: string;
}

/** Worst state wins along the chain: a closed agent closes its members. Order = severity. */
const STATE_SEVERITY: MemberState[] = ['closed', 'blocked', 'frozen', 'inactive', 'suspended', 'active'];
const STATE_CODE: Partial<Record<MemberState, ErrorCode>> = {
  closed: 'CLOSE',
  blocked: 'BLOCK',
  frozen: 'FREEZE',
  inactive: 'account_inactive',
};

const BALANCE_FLAG_TTL_MS = 10_000;
/** How long a checked session is remembered for guarded writes, and how many (bounded memory). */
const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 100_000;

/**
 * What a guarded write re-checks in its own statement, so a remembered session can never write after it ended:
 * the session is still open at `now`, the member's profile version (bumped by any change of state, settings,
 * limits, commission or credit) is the one the checks used, and the member and every upline are active.
 */
export interface SessionGuard {
  /** The session token's hash, as the sessions table keeps it (worked out once per read, not per write). */
  tokenHash: string;
  accountPk: string;
  profileVersion: number;
  chainPks: string[];
  now: Date;
}

export class AccountService {
  private readonly members: MemberNotifier;

  constructor(private readonly ctx: AppContext) {
    this.members = new MemberNotifier(ctx);
  }

  /** authlogin, userlogin, securelogin, switchlogin: account id (or nickname) and password. */
  /** `brandId`: the brand of the host signed in on; a member of another brand is refused as unknown. */
  async login(
    input: { account_id: string; password: string },
    clientIp: string,
    brandId?: number,
  ): Promise<LoginReply> {
    // Failed logins are counted per account and per address apart: rotating addresses does not reset an
    // account's count, and one address cannot try account after account.
    const accountKey = `loginfail:a:${input.account_id.toLowerCase()}`;
    const addressKey = `loginfail:ip:${clientIp}`;
    const [byAccount, byAddress] = [
      await this.ctx.limits.count(accountKey),
      await this.ctx.limits.count(addressKey),
    ];
    if (
      byAccount >= this.ctx.config.loginAttemptsPerMinute ||
      byAddress >= this.ctx.config.loginFailuresPerAddressPerMinute
    ) {
      throw new AppError('loginLimit');
    }
    const account = await repo.findByLogin(this.ctx.db, input.account_id);
    // One answer, and one time, for an unknown account and a wrong password: no account enumeration (an
    // unknown account is checked against a dummy hash, so it costs what a real check costs).
    const member =
      account?.level === 'member' && (brandId === undefined || account.brand_id === brandId)
        ? account
        : undefined;
    const passwordOk = await verifyPasswordOrDummy(member?.password_hash, input.password);
    if (!member || !passwordOk) {
      await this.ctx.limits.hit(accountKey, 60_000);
      await this.ctx.limits.hit(addressKey, 60_000);
      throw new AppError('account_not_exists');
    }
    return this.openSession(member);
  }

  /** Launch: a one-time HMAC-signed token issued by the operator side. */
  /** `brandId`: the brand of the host launched on; a member of another brand is refused as unknown. */
  async launch(token: string, brandId?: number): Promise<LoginReply> {
    const claims = verifyLaunchToken(token, this.ctx.secret);
    if (!claims || claims.exp < this.ctx.now().getTime()) throw new AppError('invalid_token');
    const account = await repo.findByAccountId(this.ctx.db, claims.account_id);
    if (!account || account.level !== 'member') throw new AppError('account_not_exists');
    if (brandId !== undefined && account.brand_id !== brandId) throw new AppError('account_not_exists');
    if (!(await repo.markLaunchNonceUsed(this.ctx.db, claims.nonce))) throw new AppError('invalid_token');
    return this.openSession(account);
  }

  /** Checks a member session in the spec's order; every failure is a session-invalid code. */
  /** An account by its key (services that settle for many members, to notify them). */
  async byPk(pk: string): Promise<AccountRow | undefined> {
    return repo.findByPk(this.ctx.db, pk);
  }

  async requireSession(input: { account_id: string; session_token: string }): Promise<MemberSession> {
    return (await this.readSession(input)).session;
  }

  /**
   * A member session for a call whose write re-checks it in the database in the same statement (see
   * SessionGuard): remembered per process for a short while, so the hot path skips the session and upline
   * reads. Only an active session well inside its lifetime is remembered; anything else is read (and slid)
   * as requireSession does. `cached` says whether it came from memory: a refusal on a remembered session
   * must be answered again from a fresh read, since the session may have ended meanwhile.
   */
  async sessionForWrite(
    input: { account_id: string; session_token: string },
    fresh = false,
  ): Promise<{ session: MemberSession; guard: SessionGuard; cached: boolean }> {
    const now = this.ctx.now();
    const remembered = fresh ? undefined : this.sessionCache.get(input.session_token);
    if (
      remembered &&
      remembered.session.account.account_id.toLowerCase() === input.account_id.toLowerCase() &&
      now.getTime() - remembered.cachedAt < SESSION_CACHE_MS &&
      remembered.expiresAt - now.getTime() >= this.ctx.config.sessionTtlMs / 2
    ) {
      return { session: remembered.session, guard: { ...remembered.guard, now }, cached: true };
    }
    const read = await this.readSession(input);
    const guard: SessionGuard = {
      tokenHash: hashSessionToken(read.session.token),
      accountPk: String(read.session.account.id),
      profileVersion: read.session.account.profile_version,
      chainPks: read.chainPks,
      now,
    };
    if (read.session.state === 'active') {
      if (this.sessionCache.size >= SESSION_CACHE_MAX) this.sessionCache.clear();
      this.sessionCache.set(read.session.token, {
        session: read.session,
        guard,
        expiresAt: read.expiresAt,
        cachedAt: now.getTime(),
      });
    }
    return { session: read.session, guard, cached: false };
  }

  /** Drops a remembered session (its guarded write failed, or it ended). */
  forgetSession(token: string): void {
    this.sessionCache.delete(token);
  }

  /** Session reads of concurrent calls grouped into one round trip. */
  private readonly sessionReads = new GroupLoader((tokens) => repo.findSessions(this.ctx.db, tokens));

  private readonly sessionCache = new Map<
    string,
    { session: MemberSession; guard: SessionGuard; expiresAt: number; cachedAt: number }
  >();

  private async readSession(input: {
    account_id: string;
    session_token: string;
  }): Promise<{ session: MemberSession; expiresAt: number; chainPks: string[] }> {
    const session = await this.sessionReads.load(input.session_token);
    if (!session || session.kind !== 'member') throw new AppError('session_not_exists');
    if (session.revoked || session.expires_at.getTime() <= this.ctx.now().getTime()) {
      throw new AppError('session_expired');
    }
    const { account } = session;
    if (account.account_id.toLowerCase() !== input.account_id.toLowerCase())
      throw new AppError('invalidSession');
    const chain = session.upline;
    const state = worstState([account.state, ...chain.map((row) => row.state)]);
    const code = STATE_CODE[state];
    if (code) throw new AppError(code);
    const expiresAt = await this.slideExpiry(session.token, session.expires_at);
    const operator = chain.find((row) => row.level === 'operator');
    const parent = chain.find((row) => row.id === String(account.parent_id));
    return {
      session: {
        token: session.token,
        account,
        state,
        viewOnly: state === 'suspended',
        profileVersionSeen: session.profile_version_seen,
        operatorType: operator?.operator_type ?? 1,
        parentAccountId: parent?.account_id ?? '',
      },
      expiresAt,
      chainPks: chain.map((row) => row.id),
    };
  }

  /** userprofile: the full profile, or no_changes when nothing changed since this session last saw it. */
  async profile(input: { account_id: string; session_token: string }): Promise<LoginReply | 'no_changes'> {
    const session = await this.requireSession(input);
    if (session.account.profile_version <= session.profileVersionSeen) return 'no_changes';
    return this.profileFor(session);
  }

  /** userbalance / vuserbalance. One call at a time per session: a parallel call answers requestPending. */
  async balance(
    input: { account_id: string; session_token: string },
    operatorKind: 'normal' | 'virtual',
  ): Promise<BalanceReply> {
    const session = await this.requireSession(input);
    const virtual = session.operatorType === 2;
    if (virtual !== (operatorKind === 'virtual')) throw new AppError('forbiddenAccess');
    const flag = `balance:${session.token}`;
    if (!(await this.ctx.limits.acquire(flag, BALANCE_FLAG_TTL_MS))) throw new AppError('requestPending');
    try {
      const { account } = session;
      const balances = await this.ctx.ledger.balances(
        this.ctx.db,
        String(account.id),
        account.currency ?? '',
      );
      const wallet = walletView(account, balances);
      return {
        balance: formatMinor(wallet.available),
        account_balance: formatMinor(wallet.cash),
        outstanding_balance: formatMinor(wallet.outstanding),
        retrieve_profile: account.profile_version > session.profileVersionSeen,
      };
    } finally {
      await this.ctx.limits.release(flag);
    }
  }

  /** usersettings: merges the given fields over what is stored. */
  async saveSettings(
    input: { account_id: string; session_token: string } & Partial<MemberSettings>,
  ): Promise<void> {
    const session = await this.requireSession(input);
    const { account_id: _id, session_token: _token, ...fields } = input;
    const next = effectiveSettings({ ...session.account.settings, ...fields });
    await repo.update(this.ctx.db, String(session.account.id), { settings: JSON.stringify(next) }, true);
    // The caller knows what it saved: this session need not be told to refresh its profile for it.
    await repo.touchSession(this.ctx.db, session.token, {
      profileVersionSeen: session.account.profile_version + 1,
    });
  }

  async changePassword(input: {
    account_id: string;
    session_token: string;
    current_password: string;
    new_password: string;
    confirm_password: string;
  }): Promise<void> {
    const session = await this.requireSession(input);
    if (validatePassword(input.new_password))
      throw new AppError('invalid_new_password', { field: 'new_password' });
    if (input.new_password !== input.confirm_password) {
      throw new AppError('password_not_match', { field: 'confirm_password' });
    }
    if (!(await verifyPassword(session.account.password_hash, input.current_password))) {
      throw new AppError('invalid_password', { field: 'current_password' });
    }
    if (input.current_password === input.new_password)
      throw new AppError('same_password', { field: 'new_password' });
    const passwordHash = await hashPassword(input.new_password);
    await this.ctx.db.transaction().execute(async (trx) => {
      await repo.update(
        trx,
        String(session.account.id),
        { password_hash: passwordHash, password_changed_at: this.ctx.now() },
        false,
      );
      // Other sessions of this member end: whoever knew the old password is logged out.
      await repo.revokeSessions(trx, String(session.account.id), session.token);
    });
    for (const [token, remembered] of this.sessionCache) {
      if (remembered.session.account.id === session.account.id && token !== session.token) {
        this.sessionCache.delete(token);
      }
    }
    // ...and their open sockets close, so they get no more balance pushes.
    await this.members.sessionsEnded(session.account.account_id, { except: hashSessionToken(session.token) });
  }

  /** logout: the session ends on the server (not just in the app), and its open sockets close. */
  async logout(input: { account_id: string; session_token: string }): Promise<void> {
    const session = await this.requireSession(input);
    await repo.revokeSession(this.ctx.db, session.token);
    this.forgetSession(session.token);
    await this.members.sessionsEnded(session.account.account_id, { only: hashSessionToken(session.token) });
  }

  /** addsecondary: the one-time nickname, which becomes a second login id. */
  async addSecondary(input: {
    account_id: string;
    session_token: string;
    nickname: string;
  }): Promise<LoginReply> {
    const session = await this.requireSession(input);
    if (validateNickname(input.nickname)) throw new AppError('invalid_nickname', { field: 'nickname' });
    await this.ctx.db.transaction().execute(async (trx) => {
      const locked = await repo.lockForUpdate(trx, String(session.account.id));
      if (!locked || locked.nickname !== null) throw new AppError('secondary_account_exists');
      if (await repo.loginIdTaken(trx, input.nickname))
        throw new AppError('new_login_id_exists', { field: 'nickname' });
      try {
        await repo.update(trx, String(session.account.id), { nickname: input.nickname }, true);
      } catch (error) {
        // Two members racing for one nickname: the unique index decides, the loser gets the spec's code.
        if (isUniqueViolation(error)) throw new AppError('new_login_id_exists', { field: 'nickname' });
        throw error;
      }
    });
    const refreshed = await this.requireSession(input);
    return this.profileFor(refreshed);
  }

  // ---- internals ----

  private async openSession(account: AccountRow): Promise<LoginReply> {
    const chain = await repo.ancestorStates(this.ctx.db, account.path, String(account.id));
    const state = worstState([account.state, ...chain.map((row) => row.state)]);
    const code = STATE_CODE[state];
    if (code) throw new AppError(code);
    const token = newSessionToken(account.brand_id);
    const now = this.ctx.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      await repo.insertSession(trx, {
        token,
        accountPk: String(account.id),
        kind: 'member',
        expiresAt: new Date(now.getTime() + this.ctx.config.sessionTtlMs),
        profileVersionSeen: account.profile_version,
      });
      await repo.update(trx, String(account.id), { last_login_at: now }, false);
    });
    const session = await this.requireSession({ account_id: account.account_id, session_token: token });
    return this.profileFor(session);
  }

  private async profileFor(session: MemberSession): Promise<LoginReply> {
    const { account } = session;
    const [balances, limits, brand] = [
      await this.ctx.ledger.balances(this.ctx.db, String(account.id), account.currency ?? ''),
      await repo.betLimits(this.ctx.db, String(account.id)),
      await repo.brandById(this.ctx.db, account.brand_id),
    ];
    if (account.profile_version > session.profileVersionSeen) {
      await repo.touchSession(this.ctx.db, session.token, { profileVersionSeen: account.profile_version });
    }
    return buildMemberProfile({
      account,
      sessionToken: session.token,
      parentAccountId: session.parentAccountId,
      operatorType: session.operatorType,
      brandName: brand?.name ?? this.ctx.config.brand,
      state: session.state,
      balances,
      limits,
    });
  }

  /** Sliding expiry, written at most once per half lifetime so a busy session is not a write per call. */
  private async slideExpiry(token: string, expiresAt: Date): Promise<number> {
    const now = this.ctx.now().getTime();
    const ttl = this.ctx.config.sessionTtlMs;
    if (expiresAt.getTime() - now < ttl / 2) {
      await repo.touchSession(this.ctx.db, token, { expiresAt: new Date(now + ttl) });
      return now + ttl;
    }
    return expiresAt.getTime();
  }
}

export function worstState(states: string[]): MemberState {
  for (const state of STATE_SEVERITY) if (states.includes(state)) return state;
  return 'active';
}

/**
 * The account records other modules may use, published through this service (never the repository itself; lint:
 * house/module-boundaries): the upline manages the hierarchy (accounts, sessions, limits), betting reads the
 * limits and the account a bet notifies, the feed keeps its replay start in a setting.
 */
export const accountRecords = {
  findByAccountId: repo.findByAccountId.bind(repo),
  findByPk: repo.findByPk.bind(repo),
  findSession: repo.findSession.bind(repo),
  ancestorStates: repo.ancestorStates.bind(repo),
  revokeSession: repo.revokeSession.bind(repo),
  insert: repo.insert.bind(repo),
  insertSession: repo.insertSession.bind(repo),
  completeEnrolment: repo.completeEnrolment.bind(repo),
  revokeStaffSessions: repo.revokeStaffSessions.bind(repo),
  listMembers: repo.listMembers.bind(repo),
  lockForUpdate: repo.lockForUpdate.bind(repo),
  loginIdTaken: repo.loginIdTaken.bind(repo),
  revokeSessions: repo.revokeSessions.bind(repo),
  update: repo.update.bind(repo),
  upsertBetLimits: repo.upsertBetLimits.bind(repo),
  betLimitsOf: repo.betLimitsOf.bind(repo),
  getOrCreateSetting: repo.getOrCreateSetting.bind(repo),
};

/** A member's product switches with the defaults filled in (games, tournaments and lottery check them). */
export { effectiveFeatures } from './profile';
