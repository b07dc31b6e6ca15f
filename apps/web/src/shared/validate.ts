/**
 * Member-side validators (spec sections 5 and 9). Local until @sb/domain exports its validators;
 * each returns a translation key for the problem, or null when the value is fine.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 10;
export const NICKNAME_MIN = 6;
export const NICKNAME_MAX = 15;

export type ValidationKey =
  | 'validation.required'
  | 'validation.passwordLength'
  | 'validation.passwordsMismatch'
  | 'validation.nicknameRule'
  | 'validation.amount';

export const validatePassword = (value: string): ValidationKey | null => {
  if (!value) return 'validation.required';
  return value.length < PASSWORD_MIN || value.length > PASSWORD_MAX ? 'validation.passwordLength' : null;
};

export const validateNickname = (value: string): ValidationKey | null => {
  if (!value) return 'validation.required';
  return new RegExp(`^[A-Za-z0-9]{${NICKNAME_MIN},${NICKNAME_MAX}}$`).test(value)
    ? null
    : 'validation.nicknameRule';
};

/** A stake-like amount: positive, at most 2 decimals. */
export const validateAmount = (value: string): ValidationKey | null => {
  if (!value) return 'validation.required';
  return /^\d{1,12}(\.\d{1,2})?$/.test(value) && /[1-9]/.test(value) ? null : 'validation.amount';
};

/** A redirect target must stay inside the app: a path, never another origin. */
export const safeRedirect = (value: string | null | undefined): string | null =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
