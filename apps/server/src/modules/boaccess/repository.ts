import { sql } from 'kysely';
import { BO_LOCK_AFTER_FAILURES } from '@sb/domain';
import type { BoStaffRow } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Trusted devices, recovery codes and security rows read per principal at most this many (a bound on lists). */
const DEVICES_MAX = 50;
const STAFF_MAX = 100;

/** Back-office access's own SQL: staff sub-accounts, second factors, lock-out counters, devices, recovery codes. */
export const boAccessRepository = {
  // ---- staff ----
  async findStaffByLogin(ex: Executor, login: string): Promise<BoStaffRow | undefined> {
    return ex
      .selectFrom('bo_staff')
      .selectAll()
      .where(sql`lower(login_id)`, '=', login.toLowerCase())
      .executeTakeFirst();
  },

  async findStaff(ex: Executor, pk: string): Promise<BoStaffRow | undefined> {
    return ex.selectFrom('bo_staff').selectAll().where('id', '=', pk).executeTakeFirst();
  },

  async listStaff(ex: Executor, ownerPk: string): Promise<BoStaffRow[]> {
    return ex
      .selectFrom('bo_staff')
      .selectAll()
      .where('owner_pk', '=', ownerPk)
      .orderBy('login_id')
      .limit(STAFF_MAX)
      .execute();
  },

  async insertStaff(
    ex: Executor,
    row: { login: string; ownerPk: string; passwordHash: string; permissions: string },
  ): Promise<BoStaffRow> {
    return ex
      .insertInto('bo_staff')
      .values({
        login_id: row.login,
        owner_pk: row.ownerPk,
        password_hash: row.passwordHash,
        permissions: row.permissions,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async updateStaff(
    ex: Executor,
    pk: string,
    changes: { password_hash?: string; permissions?: string; state?: string },
  ): Promise<BoStaffRow> {
    return ex
      .updateTable('bo_staff')
      .set(changes)
      .where('id', '=', pk)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  // ---- second factor and lock-out ----
  async security(ex: Executor, principal: string) {
    return ex.selectFrom('bo_security').selectAll().where('principal', '=', principal).executeTakeFirst();
  },

  async securityOf(ex: Executor, principals: string[]) {
    if (principals.length === 0) return [];
    return ex.selectFrom('bo_security').selectAll().where('principal', 'in', principals).execute();
  },

  /**
   * Counts one failed sign-in and locks the principal at the limit, in one statement (concurrent failures
   * cannot both read 2 and miss the lock). Answers whether this failure is the one that locked it.
   */
  async recordFailure(ex: Executor, principal: string, at: Date): Promise<{ lockedNow: boolean }> {
    const row = await sql<{ failed_logins: number; locked: boolean }>`
      insert into bo_security as s (principal, failed_logins, locked_at)
      values (${principal}, 1, case when 1 >= ${BO_LOCK_AFTER_FAILURES} then ${at}::timestamptz end)
      on conflict (principal) do update set
        failed_logins = s.failed_logins + 1,
        locked_at = case when s.locked_at is null and s.failed_logins + 1 >= ${BO_LOCK_AFTER_FAILURES}
          then ${at}::timestamptz else s.locked_at end
      returning failed_logins, locked_at is not null as locked`.execute(ex);
    const first = row.rows[0];
    return {
      lockedNow: first !== undefined && first.locked && first.failed_logins === BO_LOCK_AFTER_FAILURES,
    };
  },

  async clearFailures(ex: Executor, principal: string): Promise<void> {
    await ex
      .updateTable('bo_security')
      .set({ failed_logins: 0 })
      .where('principal', '=', principal)
      .where('failed_logins', '>', 0)
      .execute();
  },

  async unlock(ex: Executor, principal: string): Promise<boolean> {
    const result = await ex
      .updateTable('bo_security')
      .set({ failed_logins: 0, locked_at: null })
      .where('principal', '=', principal)
      .where('locked_at', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async setPendingSecret(ex: Executor, principal: string, sealed: string): Promise<void> {
    await ex
      .insertInto('bo_security')
      .values({ principal, totp_pending: sealed, totp_secret: null, locked_at: null })
      .onConflict((oc) => oc.column('principal').doUpdateSet({ totp_pending: sealed }))
      .execute();
  },

  /** The pending seed becomes the seed, with the step of the code that confirmed it already used. */
  async confirmSecret(ex: Executor, principal: string, sealed: string, step: number): Promise<void> {
    await ex
      .updateTable('bo_security')
      .set({ totp_secret: sealed, totp_pending: null, totp_last_step: String(step) })
      .where('principal', '=', principal)
      .execute();
  },

  /** Seeds a known secret directly (the demo's printed accounts). */
  async setSecret(ex: Executor, principal: string, sealed: string): Promise<void> {
    await ex
      .insertInto('bo_security')
      .values({ principal, totp_secret: sealed, totp_pending: null, locked_at: null })
      .onConflict((oc) => oc.column('principal').doUpdateSet({ totp_secret: sealed, totp_pending: null }))
      .execute();
  },

  /** Marks a code's step used unless a newer one already was: false when a concurrent sign-in took it first. */
  async useStep(ex: Executor, principal: string, step: number): Promise<boolean> {
    const result = await ex
      .updateTable('bo_security')
      .set({ totp_last_step: String(step) })
      .where('principal', '=', principal)
      .where('totp_last_step', '<', String(step))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** No second factor any more: seed, recovery codes and trusted devices all go. */
  async removeSecondFactor(ex: Executor, principal: string, at: Date): Promise<void> {
    await ex
      .updateTable('bo_security')
      .set({ totp_secret: null, totp_pending: null })
      .where('principal', '=', principal)
      .execute();
    await ex.deleteFrom('bo_recovery_codes').where('principal', '=', principal).execute();
    await ex
      .updateTable('bo_devices')
      .set({ revoked_at: at })
      .where('principal', '=', principal)
      .where('revoked_at', 'is', null)
      .execute();
  },

  // ---- recovery codes ----
  async replaceRecoveryCodes(ex: Executor, principal: string, hashes: string[]): Promise<void> {
    await ex.deleteFrom('bo_recovery_codes').where('principal', '=', principal).execute();
    await ex
      .insertInto('bo_recovery_codes')
      .values(hashes.map((code_hash) => ({ principal, code_hash, used_at: null })))
      .execute();
  },

  async useRecoveryCode(ex: Executor, principal: string, hash: string, at: Date): Promise<boolean> {
    const result = await ex
      .updateTable('bo_recovery_codes')
      .set({ used_at: at })
      .where('principal', '=', principal)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async recoveryCodesLeft(ex: Executor, principal: string): Promise<number> {
    const row = await ex
      .selectFrom('bo_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('principal', '=', principal)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  // ---- trusted devices ----
  async insertDevice(
    ex: Executor,
    row: { principal: string; tokenHash: string; label: string; expiresAt: Date },
  ): Promise<void> {
    await ex
      .insertInto('bo_devices')
      .values({
        principal: row.principal,
        token_hash: row.tokenHash,
        label: row.label,
        expires_at: row.expiresAt,
      })
      .execute();
  },

  /** Uses a trusted device: true when it is the principal's, not revoked and not expired. */
  async useDevice(ex: Executor, principal: string, tokenHash: string, at: Date): Promise<boolean> {
    const result = await ex
      .updateTable('bo_devices')
      .set({ last_used_at: at })
      .where('principal', '=', principal)
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async devices(ex: Executor, principal: string, at: Date) {
    return ex
      .selectFrom('bo_devices')
      .select(['id', 'label', 'created_at', 'last_used_at', 'expires_at'])
      .where('principal', '=', principal)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .orderBy('id', 'desc')
      .limit(DEVICES_MAX)
      .execute();
  },

  async revokeDevice(ex: Executor, principal: string, id: string, at: Date) {
    return ex
      .updateTable('bo_devices')
      .set({ revoked_at: at })
      .where('principal', '=', principal)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .returning(['id', 'label'])
      .executeTakeFirst();
  },
};
