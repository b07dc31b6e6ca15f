import { z } from 'zod';
import { ACCOUNT_LEVELS } from './backoffice';
import { optionalString, requiredString, safeString } from './fields';

/**
 * Back-office access (issue 18): sign-in with a TOTP second factor, trusted devices, recovery codes, staff
 * sub-accounts with permission flags, unlocking and the audit log.
 */

/** A staff sub-account's rights (the agent site's checkboxes; trading is for the operator's staff only). */
export const STAFF_PERMISSIONS = [
  'total_bets',
  'reports',
  'create_account',
  'update_account',
  'transfer',
  'trading',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const totpCode = safeString({ error: 'invalidTotp' }).regex(/^\d{6}$/, { error: 'invalidTotp' });

export const boLoginRequest = z.object({
  account_id: requiredString('account_id_required', 30),
  password: requiredString('password_required', 64),
  /** The authenticator's 6-digit code (second step, once the first answered totpRequired). */
  code: totpCode.optional(),
  /** One of the account's single-use recovery codes instead of the authenticator's code. */
  recovery_code: safeString({ error: 'invalidTotp' }).max(20).optional(),
  /** A trusted device's token from an earlier sign-in: no code asked on this device until it expires. */
  device_token: safeString().max(100).optional(),
  /** Remember this device after a sign-in with a code (30 days, revocable). */
  trust_device: z.boolean().optional(),
  device_label: optionalString(60),
});

export const boLoginReply = z.object({
  token: z.string(),
  /** The account the session acts for (a sub-account's owner). */
  account_id: z.string(),
  level: z.enum(ACCOUNT_LEVELS),
  /** The login that signed in: the account's own, or the sub-account's. */
  login: z.string(),
  /** Set for a sub-account: its rights; an account itself holds them all. */
  permissions: z.array(z.enum(STAFF_PERMISSIONS)).nullable(),
  /** No second factor yet: the session can only enrol one (then it is a full session). */
  enrol_required: z.boolean(),
  /** Present after trust_device: keep it on this device and send it as device_token. */
  device_token: z.string().optional(),
});

export const boMeReply = z.object({
  account_id: z.string(),
  level: z.enum(ACCOUNT_LEVELS),
  login: z.string(),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)).nullable(),
  enrol_required: z.boolean(),
  second_factor: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** The account's downline prefix: every login created under it starts with it (null: free logins). */
  downline_prefix: z.string().nullable(),
});

export const boEnrolReply = z.object({
  /** Base32 seed, for typing into an authenticator by hand. */
  secret: z.string(),
  /** otpauth:// address to show as a QR code. */
  otpauth_url: z.string(),
});

export const boConfirmEnrolRequest = z.object({ code: totpCode });
export const boRecoveryCodesReply = z.object({
  /** Shown once: only their hashes are kept. */
  recovery_codes: z.array(z.string()),
});

export const boDevice = z.object({
  id: z.string(),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string(),
});
export const boDevicesReply = z.object({ devices: z.array(boDevice) });
export const boRevokeDeviceRequest = z.object({
  id: safeString().regex(/^\d{1,18}$/, { error: 'invalid_request' }),
});

/** An upline acting on a downline account's sign-in (unlock after 3 failures, or a new second factor). */
export const boAccountRequest = z.object({ account_id: requiredString('account_id_required', 30) });

export const boStaffRow = z.object({
  login_id: z.string(),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
  state: z.enum(['active', 'closed']),
  locked: z.boolean(),
  second_factor: z.boolean(),
  created_at: z.string(),
});
export const boStaffListReply = z.object({ staff: z.array(boStaffRow) });

/** Creates a sub-account (password required) or changes one (any field given). */
export const boStaffSaveRequest = z.object({
  login_id: requiredString('account_id_required', 35),
  password: safeString().max(64).optional(),
  permissions: z
    .array(z.enum(STAFF_PERMISSIONS, { error: 'invalid_request' }))
    .max(6)
    .optional(),
  state: z.enum(['active', 'closed']).optional(),
  /** Clears a lock after 3 failed sign-ins. */
  unlock: z.boolean().optional(),
  /** Removes its second factor so it enrols again at its next sign-in. */
  reset_second_factor: z.boolean().optional(),
});
export const boStaffSaveReply = z.object({ staff: boStaffRow });

const auditDate = safeString().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' });
export const boAuditRequest = z.object({
  actor: optionalString(35),
  target: optionalString(60),
  action: optionalString(40),
  /** GMT+8 days, inclusive. */
  start_date: auditDate.optional(),
  end_date: auditDate.optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(200).default(50),
});
export const boAuditRow = z.object({
  seq: z.string(),
  at: z.string(),
  actor: z.string(),
  address: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  hash: z.string(),
});
export const boAuditReply = z.object({
  total: z.number().int(),
  page: z.number().int(),
  rows: z.array(boAuditRow),
});
