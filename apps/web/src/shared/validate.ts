import type { TFunction } from 'i18next';
import {
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isEmpty,
  tryToMinorUnits,
  type ValidationError,
} from '@sb/domain';

/**
 * The form rules live in @sb/domain (validatePassword, validateNickname, validateLogin,
 * validateChangePassword, validate): they answer `{ key, params }`. This module only turns those answers into
 * the member's language, plus the two checks the domain has no rule for (an amount field, a redirect target).
 */
export const PASSWORD_LIMITS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;
export const NICKNAME_LIMITS = { min: NICKNAME_MIN_LENGTH, max: NICKNAME_MAX_LENGTH } as const;

/** The domain's field names for passwords (validatePassword, validateLogin, validateChangePassword). */
const PASSWORD_FIELDS = new Set(['password', 'newPassword']);

/**
 * The translated message for a domain validation failure. `labels` names the form's fields (by the domain's
 * field name) in the current language, for messages that mention the field.
 */
export function validationText(
  t: TFunction,
  error: ValidationError,
  labels: Readonly<Record<string, string>> = {},
): string {
  const field = String(error.params.field ?? '');
  const label = labels[field] ?? field;
  switch (error.key) {
    case 'required':
    case 'selectOption':
      return t('validation.required', { field: label });
    case 'minLength':
    case 'maxLength':
      if (PASSWORD_FIELDS.has(field)) return t('validation.passwordLength', PASSWORD_LIMITS);
      if (field === 'nickname') return t('validation.nicknameRule', NICKNAME_LIMITS);
      break;
    case 'alphaNum':
      if (field === 'nickname') return t('validation.nicknameRule', NICKNAME_LIMITS);
      break;
    case 'sameAs':
      if (field === 'confirmPassword') return t('validation.passwordsMismatch');
      break;
    case 'notSameAs':
      if (field === 'newPassword') return t('validation.passwordUnchanged');
      break;
    default:
      break;
  }
  return t('validation.invalid', { field: label });
}

/**
 * A stake-like amount (the default and quick-bet stakes): required, then a positive money amount of at most
 * 2 decimals, parsed by the domain's money rules. Stake limits are checked at placement (checkStake).
 */
export const validateAmount = (value: string): 'validation.required' | 'validation.amount' | null => {
  if (isEmpty(value)) return 'validation.required';
  const minor = tryToMinorUnits(value.trim());
  return minor === null || minor <= 0n ? 'validation.amount' : null;
};

/** A redirect target must stay inside the app: a path, never another origin. */
export const safeRedirect = (value: string | null | undefined): string | null =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
