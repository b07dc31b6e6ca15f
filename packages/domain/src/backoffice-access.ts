/**
 * Back-office access rules (rules.md decision 14 and the agent sites of games-tournaments-backoffice.md 4.3):
 * the upline password rule, the lock-out count and the staff sub-account permission flags.
 */

/** Failed sign-ins (password or second factor) in a row after which an upline account locks. */
export const BO_LOCK_AFTER_FAILURES = 3;

export const UPLINE_PASSWORD_MIN_LENGTH = 8;
export const UPLINE_PASSWORD_MAX_LENGTH = 64;

export type UplinePasswordProblem = 'tooShort' | 'tooLong' | 'needsLetters' | 'needsDigits';

/** Upline and staff passwords: 8+ characters with 2+ letters and 2+ digits (null when the password is good). */
export function uplinePasswordProblem(password: string): UplinePasswordProblem | null {
  const length = [...password].length;
  if (length < UPLINE_PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > UPLINE_PASSWORD_MAX_LENGTH) return 'tooLong';
  if ((password.match(/\p{L}/gu) ?? []).length < 2) return 'needsLetters';
  if ((password.match(/\p{Nd}/gu) ?? []).length < 2) return 'needsDigits';
  return null;
}

/**
 * Whether an account of this level may give its staff sub-accounts a permission flag (the contract's
 * STAFF_PERMISSIONS): every flag but trading, which is the operator's desk only. Staff management itself is never
 * a flag, so no sub-account can grant rights, its own or another's.
 */
export function staffPermissionGrantable(ownerLevel: string, permission: string): boolean {
  return permission !== 'trading' || ownerLevel === 'operator';
}

/** A sub-account's login: its owner's login, 'Sub' and two digits (SMQQSub01), case as typed. */
export function isStaffLoginOf(ownerLogin: string, login: string): boolean {
  return (
    login.length === ownerLogin.length + 5 &&
    login.slice(0, ownerLogin.length).toLowerCase() === ownerLogin.toLowerCase() &&
    /^sub\d{2}$/i.test(login.slice(ownerLogin.length))
  );
}

/** A downline prefix: 2-12 letters and digits (the agent sites' "SMQQ"). */
export const DOWNLINE_PREFIX = /^[A-Za-z0-9]{2,12}$/;
/** What a login adds to its parent's prefix: 1-10 letters and digits. */
const LOGIN_SUFFIX = /^[A-Za-z0-9]{1,10}$/;

/**
 * Whether a new login fits its parent's downline prefix (agent sites: "the parent's prefix plus characters"):
 * any login when the parent has none; otherwise the prefix (letters in any case) and 1-10 letters or digits more.
 */
export function loginFitsPrefix(login: string, prefix: string | null): boolean {
  if (prefix === null) return true;
  if (login.length <= prefix.length) return false;
  if (login.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return false;
  return LOGIN_SUFFIX.test(login.slice(prefix.length));
}
