import { createHash, randomBytes } from 'node:crypto';
import {
  STAFF_PERMISSIONS,
  type AccountLevel,
  type StaffPermission,
  type boLoginReply,
  type boStaffRow,
} from '@sb/contract';
import type { z } from 'zod';
import { isStaffLoginOf, staffPermissionGrantable, uplinePasswordProblem } from '@sb/domain';
import type { AppContext } from '../../context';
import type { AccountRow, BoStaffRow } from '../../db/schema';
import type { Executor } from '../../db/types';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/app-error';
import { SecretBox } from '../../lib/secret-box';
import { hashPassword, newSessionToken, verifyPasswordOrDummy } from '../../lib/security';
import { matchTotp, newTotpSecret, otpauthUrl } from '../../lib/totp';
import { accountRecords } from '../account/service';
import type { AuditActor, AuditChange } from '../audit/service';
import { boAccessRepository as repo } from './repository';

/** A sub-account's grant: who it is and what it may do for its owner. */
export interface StaffGrant {
  pk: string;
  login: string;
  permissions: readonly StaffPermission[];
}

/** A back-office caller: the account acted for (a sub-account's owner), with who actually acts and may do what. */
export type BoCaller = AccountRow & {
  readonly bo: {
    actor: AuditActor;
    /** Null for the account itself (it holds every right); a sub-account's grant otherwise. */
    staff: StaffGrant | null;
    enrolmentOnly: boolean;
    principal: string;
    token: string;
  };
};

type LoginReply = z.input<typeof boLoginReply>;
type StaffRowReply = z.input<typeof boStaffRow>;

const RECOVERY_CODES = 10;
const DEVICE_TTL_MS = 30 * 24 * 3_600_000;

const accountPrincipal = (pk: string) => `a:${pk}`;
const staffPrincipal = (pk: string) => `s:${pk}`;
const digest = (text: string) => createHash('sha256').update(text).digest('hex');
/** Recovery codes compare without case, spaces or dashes (as people type them from paper). */
const recoveryHash = (code: string) => digest(`recovery:${code.replace(/[\s-]/g, '').toLowerCase()}`);

function newRecoveryCode(): string {
  const text = randomBytes(8).toString('hex');
  return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`;
}

function parsePermissions(json: string): StaffPermission[] {
  const list = JSON.parse(json) as unknown;
  return Array.isArray(list) ? STAFF_PERMISSIONS.filter((permission) => list.includes(permission)) : [];
}

/**
 * Who may enter the back office, and how (issue 18, decision 14): password, TOTP second factor (mandatory for
 * every upline level and the operator; enrolled at the first sign-in), single-use recovery codes, revocable
 * trusted devices, lock after three failures in a row, and staff sub-accounts acting for an account with the
 * rights it gave them. Every change here is written to the audit log in the same transaction.
 */
export class BoAccessService {
  private readonly box: SecretBox;

  constructor(private readonly ctx: AppContext) {
    this.box = new SecretBox(ctx.secret, 'bo-totp');
  }

  async login(
    input: {
      account_id: string;
      password: string;
      code?: string | undefined;
      recovery_code?: string | undefined;
      device_token?: string | undefined;
      trust_device?: boolean | undefined;
      device_label?: string | undefined;
    },
    address: string,
    brandId?: number,
  ): Promise<LoginReply> {
    // Failures counted per login and per address apart, as for members: neither rotating addresses nor trying
    // login after login from one address gets round the per-minute limit (the lock below is the lasting one).
    const loginKey = `bologinfail:a:${input.account_id.toLowerCase()}`;
    const addressKey = `bologinfail:ip:${address}`;
    if (
      (await this.ctx.limits.count(loginKey)) >= this.ctx.config.loginAttemptsPerMinute ||
      (await this.ctx.limits.count(addressKey)) >= this.ctx.config.loginFailuresPerAddressPerMinute
    ) {
      throw new AppError('loginLimit');
    }
    const who = await this.findLogin(input.account_id, brandId);
    const actor: AuditActor = {
      login: who?.login ?? input.account_id,
      accountPk: who ? String(who.account.id) : null,
      staffPk: who?.staff ? String(who.staff.id) : null,
      address,
    };
    const fail = async (code: 'account_not_exists' | 'invalidTotp'): Promise<never> => {
      await this.ctx.limits.hit(loginKey, 60_000);
      await this.ctx.limits.hit(addressKey, 60_000);
      if (who) await this.countFailure(who.principal, who.account, actor);
      throw new AppError(code);
    };
    // Checked against a dummy hash when there is no such login: the same time either way.
    if (!(await verifyPasswordOrDummy(who?.passwordHash, input.password)) || !who) {
      return fail('account_not_exists');
    }
    const security = await repo.security(this.ctx.db, who.principal);
    if (security?.locked_at) throw new AppError('accountLocked');
    if (who.state !== 'active') throw new AppError('account_inactive');
    const chain = await accountRecords.ancestorStates(this.ctx.db, who.account.path, String(who.account.id));
    if (who.account.state !== 'active' || chain.some((level) => level.state !== 'active'))
      throw new AppError('account_inactive');

    const now = this.ctx.now();
    const sealed = security?.totp_secret ?? null;
    let deviceToken: string | undefined;
    if (sealed !== null) {
      const trusted =
        input.device_token !== undefined &&
        (await repo.useDevice(this.ctx.db, who.principal, digest(input.device_token), now));
      if (!trusted) {
        if (input.code !== undefined) {
          const secret = this.box.open(sealed);
          const step =
            secret === null
              ? null
              : matchTotp(secret, input.code, now, Number(security?.totp_last_step ?? 0));
          if (step === null || !(await repo.useStep(this.ctx.db, who.principal, step)))
            return fail('invalidTotp');
        } else if (input.recovery_code !== undefined) {
          const used = await this.ctx.db.transaction().execute(async (trx) => {
            if (
              !(await repo.useRecoveryCode(trx, who.principal, recoveryHash(input.recovery_code ?? ''), now))
            )
              return false;
            await this.audit(trx, actor, who.account, '2fa.recovery_code_used', {}, {});
            return true;
          });
          if (!used) return fail('invalidTotp');
        } else {
          // The password was right: ask for the second step (not counted as a failure).
          throw new AppError('totpRequired');
        }
        if (input.trust_device === true) deviceToken = await this.trustDevice(who, actor, input.device_label);
      }
    }
    await repo.clearFailures(this.ctx.db, who.principal);
    const token = newSessionToken(who.account.brand_id);
    await accountRecords.insertSession(this.ctx.db, {
      token,
      accountPk: String(who.account.id),
      kind: 'backoffice',
      expiresAt: new Date(now.getTime() + this.ctx.config.sessionTtlMs),
      profileVersionSeen: 0,
      staffPk: who.staff ? String(who.staff.id) : null,
      enrolmentOnly: sealed === null,
    });
    return {
      token,
      account_id: who.account.account_id,
      level: who.account.level as AccountLevel,
      login: who.login,
      permissions: who.staff ? parsePermissions(who.staff.permissions) : null,
      enrol_required: sealed === null,
      ...(deviceToken === undefined ? {} : { device_token: deviceToken }),
    };
  }

  /**
   * The caller behind a back-office token (the back-office hook's resolver). The account and every level above
   * it must be active, and a sub-account must still be open: closing any of them shuts its back office on the
   * next call, not when its tokens expire.
   */
  async requireCaller(token: string | undefined, address: string): Promise<BoCaller> {
    if (!token) throw new AppError('unauthenticatedUser', { httpStatus: 401 });
    const session = await accountRecords.findSession(this.ctx.db, token);
    if (!session || session.kind !== 'backoffice' || session.revoked)
      throw new AppError('unauthenticatedUser', { httpStatus: 401 });
    if (session.expires_at.getTime() <= this.ctx.now().getTime())
      throw new AppError('session_expired', { httpStatus: 401 });
    const account = session.account;
    if (account.state !== 'active' || session.upline.some((level) => level.state !== 'active'))
      throw new AppError('account_inactive', { httpStatus: 403 });
    let staff: StaffGrant | null = null;
    if (session.staff_pk !== null) {
      const row = await repo.findStaff(this.ctx.db, String(session.staff_pk));
      if (!row || row.state !== 'active') throw new AppError('noSubAccountPermission', { httpStatus: 401 });
      staff = { pk: String(row.id), login: row.login_id, permissions: parsePermissions(row.permissions) };
    }
    return {
      ...account,
      bo: {
        actor: {
          login: staff?.login ?? account.account_id,
          accountPk: String(account.id),
          staffPk: staff?.pk ?? null,
          address,
        },
        staff,
        enrolmentOnly: session.enrolment_only,
        principal: staff ? staffPrincipal(staff.pk) : accountPrincipal(String(account.id)),
        token,
      },
    };
  }

  async logout(token: string): Promise<void> {
    await accountRecords.revokeSession(this.ctx.db, token);
  }

  async me(caller: BoCaller) {
    const security = await repo.security(this.ctx.db, caller.bo.principal);
    return {
      account_id: caller.account_id,
      level: caller.level as AccountLevel,
      login: caller.bo.actor.login,
      permissions: caller.bo.staff ? [...caller.bo.staff.permissions] : null,
      enrol_required: caller.bo.enrolmentOnly,
      second_factor: Boolean(security?.totp_secret),
      recovery_codes_left: await repo.recoveryCodesLeft(this.ctx.db, caller.bo.principal),
      downline_prefix: caller.downline_prefix,
    };
  }

  // ---- second factor ----

  /** A new seed to scan; it takes effect when a first code from it confirms it. */
  async beginEnrolment(caller: BoCaller): Promise<{ secret: string; otpauth_url: string }> {
    const security = await repo.security(this.ctx.db, caller.bo.principal);
    // A second factor in place is changed only after an upline removes it (reset2fa), never by the session.
    if (security?.totp_secret) throw new AppError('secondFactorEnrolled');
    const secret = newTotpSecret();
    await repo.setPendingSecret(this.ctx.db, caller.bo.principal, this.box.seal(secret));
    return { secret, otpauth_url: otpauthUrl(this.ctx.config.brand, caller.bo.actor.login, secret) };
  }

  async confirmEnrolment(caller: BoCaller, code: string): Promise<{ recovery_codes: string[] }> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const security = await repo.security(trx, caller.bo.principal);
      const pending = security?.totp_pending ? this.box.open(security.totp_pending) : null;
      if (security?.totp_secret) throw new AppError('secondFactorEnrolled');
      if (!security || pending === null) throw new AppError('invalidTotp', { field: 'code' });
      const step = matchTotp(pending, code, this.ctx.now(), 0);
      if (step === null) throw new AppError('invalidTotp', { field: 'code' });
      await repo.confirmSecret(trx, caller.bo.principal, security.totp_pending ?? '', step);
      const codes = await this.newRecoveryCodes(trx, caller.bo.principal);
      await accountRecords.completeEnrolment(trx, caller.bo.token);
      await this.audit(
        trx,
        caller.bo.actor,
        caller,
        '2fa.enrol',
        { second_factor: false },
        { second_factor: true },
      );
      return { recovery_codes: codes };
    });
  }

  /** Fresh recovery codes (the old ones stop working), confirmed by a current code. */
  async regenerateRecoveryCodes(caller: BoCaller, code: string): Promise<{ recovery_codes: string[] }> {
    return this.ctx.db.transaction().execute(async (trx) => {
      await this.requireCode(trx, caller, code);
      const codes = await this.newRecoveryCodes(trx, caller.bo.principal);
      await this.audit(
        trx,
        caller.bo.actor,
        caller,
        '2fa.recovery_codes',
        {},
        { recovery_codes: codes.length },
      );
      return { recovery_codes: codes };
    });
  }

  async devices(caller: BoCaller) {
    const rows = await repo.devices(this.ctx.db, caller.bo.principal, this.ctx.now());
    return {
      devices: rows.map((row) => ({
        id: String(row.id),
        label: row.label,
        created_at: row.created_at.toISOString(),
        last_used_at: row.last_used_at?.toISOString() ?? null,
        expires_at: row.expires_at.toISOString(),
      })),
    };
  }

  async revokeDevice(caller: BoCaller, id: string) {
    await this.ctx.db.transaction().execute(async (trx) => {
      const revoked = await repo.revokeDevice(trx, caller.bo.principal, id, this.ctx.now());
      if (!revoked) throw new AppError('invalid_request', { field: 'id' });
      await this.audit(trx, caller.bo.actor, caller, '2fa.device_revoked', { device: revoked.label }, {});
    });
    return this.devices(caller);
  }

  // ---- an upline over its downline's sign-in (the upline service checks the target is below the caller) ----

  async unlockAccount(ex: Executor, actor: AuditActor, target: AccountRow): Promise<void> {
    if (!(await repo.unlock(ex, accountPrincipal(String(target.id))))) return;
    await this.audit(ex, actor, target, 'access.unlock', { locked: true }, { locked: false });
  }

  async removeSecondFactor(ex: Executor, actor: AuditActor, target: AccountRow): Promise<void> {
    await repo.removeSecondFactor(ex, accountPrincipal(String(target.id)), this.ctx.now());
    await accountRecords.revokeSessions(ex, String(target.id));
    await this.audit(ex, actor, target, '2fa.reset', { second_factor: true }, { second_factor: false });
  }

  /** A login id is taken by an account or a sub-account (one namespace: no login can name two principals). */
  async loginTaken(ex: Executor, login: string): Promise<boolean> {
    return (
      (await accountRecords.loginIdTaken(ex, login)) || (await repo.findStaffByLogin(ex, login)) !== undefined
    );
  }

  /** The demo's printed second factor (seed data only). */
  async seedSecondFactor(accountPk: string, secret: string): Promise<void> {
    await repo.setSecret(this.ctx.db, accountPrincipal(accountPk), this.box.seal(secret));
  }

  // ---- staff sub-accounts ----

  async listStaff(caller: BoCaller): Promise<{ staff: StaffRowReply[] }> {
    this.requireOwner(caller);
    const rows = await repo.listStaff(this.ctx.db, String(caller.id));
    const security = new Map(
      (
        await repo.securityOf(
          this.ctx.db,
          rows.map((row) => staffPrincipal(String(row.id))),
        )
      ).map((row) => [row.principal, row]),
    );
    return { staff: rows.map((row) => staffReply(row, security.get(staffPrincipal(String(row.id))))) };
  }

  async saveStaff(
    caller: BoCaller,
    input: {
      login_id: string;
      password?: string | undefined;
      permissions?: StaffPermission[] | undefined;
      state?: 'active' | 'closed' | undefined;
      unlock?: boolean | undefined;
      reset_second_factor?: boolean | undefined;
    },
  ): Promise<{ staff: StaffRowReply }> {
    this.requireOwner(caller);
    if (input.password !== undefined && uplinePasswordProblem(input.password))
      throw new AppError('weakPassword', { field: 'password' });
    for (const permission of input.permissions ?? []) {
      if (!staffPermissionGrantable(caller.level, permission))
        throw new AppError('forbiddenAccess', { field: 'permissions' });
    }
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    const permissions =
      input.permissions === undefined
        ? undefined
        : JSON.stringify(STAFF_PERMISSIONS.filter((p) => input.permissions?.includes(p)));
    try {
      return await this.ctx.db.transaction().execute(async (trx) => {
        const existing = await repo.findStaffByLogin(trx, input.login_id);
        if (existing && String(existing.owner_pk) !== String(caller.id)) throw new AppError('account_exists');
        let row: BoStaffRow;
        if (!existing) {
          if (!isStaffLoginOf(caller.account_id, input.login_id))
            throw new AppError('invalid_request', { field: 'login_id' });
          if (passwordHash === undefined) throw new AppError('password_required', { field: 'password' });
          if (await accountRecords.loginIdTaken(trx, input.login_id)) throw new AppError('account_exists');
          row = await repo.insertStaff(trx, {
            login: input.login_id,
            ownerPk: String(caller.id),
            passwordHash,
            permissions: permissions ?? '[]',
          });
          if (input.state === 'closed')
            row = await repo.updateStaff(trx, String(row.id), { state: 'closed' });
          await this.auditStaff(trx, caller, row.login_id, 'staff.create', {}, staffFacts(row));
        } else {
          const changes = {
            ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
            ...(permissions === undefined ? {} : { permissions }),
            ...(input.state === undefined ? {} : { state: input.state }),
          };
          row =
            Object.keys(changes).length === 0
              ? existing
              : await repo.updateStaff(trx, String(existing.id), changes);
          const principal = staffPrincipal(String(row.id));
          const unlocked = input.unlock === true && (await repo.unlock(trx, principal));
          if (input.reset_second_factor === true)
            await repo.removeSecondFactor(trx, principal, this.ctx.now());
          // New rights, a new password, closing or a new second factor end its sessions: it signs in again.
          if (Object.keys(changes).length > 0 || input.reset_second_factor === true)
            await accountRecords.revokeStaffSessions(trx, String(row.id));
          await this.auditStaff(
            trx,
            caller,
            row.login_id,
            'staff.update',
            { ...staffFacts(existing), ...(unlocked ? { locked: true } : {}) },
            {
              ...staffFacts(row),
              ...(passwordHash === undefined ? {} : { password: 'changed' }),
              ...(unlocked ? { locked: false } : {}),
              ...(input.reset_second_factor === true ? { second_factor: 'reset' } : {}),
            },
          );
        }
        const security = await repo.security(trx, staffPrincipal(String(row.id)));
        return { staff: staffReply(row, security) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('account_exists', { field: 'login_id' });
      throw error;
    }
  }

  // ---- internals ----

  private async findLogin(login: string, brandId: number | undefined) {
    const account = await accountRecords.findByAccountId(this.ctx.db, login);
    if (account) {
      if (account.level === 'member' || (brandId !== undefined && account.brand_id !== brandId))
        return undefined;
      return {
        principal: accountPrincipal(String(account.id)),
        login: account.account_id,
        passwordHash: account.password_hash,
        state: account.state,
        account,
        staff: null,
      };
    }
    const staff = await repo.findStaffByLogin(this.ctx.db, login);
    if (!staff) return undefined;
    const owner = await accountRecords.findByPk(this.ctx.db, String(staff.owner_pk));
    if (!owner || (brandId !== undefined && owner.brand_id !== brandId)) return undefined;
    return {
      principal: staffPrincipal(String(staff.id)),
      login: staff.login_id,
      passwordHash: staff.password_hash,
      state: staff.state,
      account: owner,
      staff,
    };
  }

  /** One more failure in a row; the third locks the login (audited: only an upline can open it again). */
  private async countFailure(principal: string, account: AccountRow, actor: AuditActor): Promise<void> {
    await this.ctx.db.transaction().execute(async (trx) => {
      const { lockedNow } = await repo.recordFailure(trx, principal, this.ctx.now());
      if (lockedNow)
        await this.audit(trx, actor, account, 'access.locked', { locked: false }, { locked: true });
    });
  }

  private async trustDevice(
    who: { principal: string; account: AccountRow },
    actor: AuditActor,
    label: string | undefined,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.ctx.now();
    await this.ctx.db.transaction().execute(async (trx) => {
      await repo.insertDevice(trx, {
        principal: who.principal,
        tokenHash: digest(token),
        label: label?.trim() || 'browser',
        expiresAt: new Date(now.getTime() + DEVICE_TTL_MS),
      });
      await this.audit(
        trx,
        actor,
        who.account,
        '2fa.device_trusted',
        {},
        { device: label?.trim() || 'browser' },
      );
    });
    return token;
  }

  private async requireCode(ex: Executor, caller: BoCaller, code: string): Promise<void> {
    const security = await repo.security(ex, caller.bo.principal);
    const secret = security?.totp_secret ? this.box.open(security.totp_secret) : null;
    const step =
      secret === null ? null : matchTotp(secret, code, this.ctx.now(), Number(security?.totp_last_step ?? 0));
    if (step === null || !(await repo.useStep(ex, caller.bo.principal, step)))
      throw new AppError('invalidTotp', { field: 'code' });
  }

  private async newRecoveryCodes(ex: Executor, principal: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await repo.replaceRecoveryCodes(ex, principal, codes.map(recoveryHash));
    return codes;
  }

  private requireOwner(caller: BoCaller): void {
    if (caller.bo.staff) throw new AppError('noSubAccountPermission', { httpStatus: 403 });
  }

  private audit(
    ex: Executor,
    actor: AuditActor,
    target: AccountRow,
    action: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    const change: AuditChange = { action, target: target.account_id, scopePath: target.path, before, after };
    return this.ctx.audit.record(ex, this.ctx.now(), actor, change);
  }

  private auditStaff(
    ex: Executor,
    caller: BoCaller,
    login: string,
    action: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    return this.ctx.audit.record(ex, this.ctx.now(), caller.bo.actor, {
      action,
      target: login,
      scopePath: caller.path,
      before,
      after,
    });
  }
}

function staffFacts(row: BoStaffRow) {
  return { permissions: parsePermissions(row.permissions), state: row.state };
}

function staffReply(
  row: BoStaffRow,
  security: { totp_secret: string | null; locked_at: Date | null } | undefined,
): StaffRowReply {
  return {
    login_id: row.login_id,
    permissions: parsePermissions(row.permissions),
    state: row.state === 'closed' ? 'closed' : 'active',
    locked: Boolean(security?.locked_at),
    second_factor: Boolean(security?.totp_secret),
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A caller for changes made by the platform itself (the demo seed, brand onboarding, scripts): full rights, and
 * audited under `actor` from the 'local' address, so those changes are on the chain like anyone's.
 */
export function internalCaller(account: AccountRow, actor: string): BoCaller {
  return {
    ...account,
    bo: {
      actor: { login: actor, accountPk: String(account.id), staffPk: null, address: 'local' },
      staff: null,
      enrolmentOnly: false,
      principal: `a:${String(account.id)}`,
      token: '',
    },
  };
}
