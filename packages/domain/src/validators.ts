import { Rational } from './decimal';
import { assert } from './errors';

/**
 * The generic form rules of product spec 5. Each failure is a message key plus parameters (the field name, the
 * value and the rule's own arguments) for the translated message. As in the common form libraries, every rule
 * but `required` and `selectOption` passes on an empty value, so rules compose: put `required` first.
 */
export type ValidatorKey =
  | 'required'
  | 'minValue'
  | 'maxValue'
  | 'minLength'
  | 'maxLength'
  | 'alpha'
  | 'alphaNum'
  | 'numeric'
  | 'email'
  | 'ipAddress'
  | 'sameAs'
  | 'url'
  | 'letterAndDigit'
  | 'selectOption'
  | 'notSameAs';

export type Rule =
  | { readonly rule: 'required' }
  | { readonly rule: 'minValue'; readonly min: string }
  | { readonly rule: 'maxValue'; readonly max: string }
  | { readonly rule: 'minLength'; readonly min: number }
  | { readonly rule: 'maxLength'; readonly max: number }
  | { readonly rule: 'alpha' }
  | { readonly rule: 'alphaNum' }
  | { readonly rule: 'numeric' }
  | { readonly rule: 'email' }
  | { readonly rule: 'ipAddress' }
  | { readonly rule: 'url' }
  | { readonly rule: 'letterAndDigit' }
  /** `placeholder` is the value of the "please select" entry (default ''). */
  | { readonly rule: 'selectOption'; readonly placeholder?: string }
  | { readonly rule: 'sameAs'; readonly otherField: string; readonly otherValue: string }
  | { readonly rule: 'notSameAs'; readonly otherField: string; readonly otherValue: string };

export interface ValidationError {
  readonly key: ValidatorKey;
  readonly params: Readonly<Record<string, string | number>>;
}

/** Bound on a form value we look at; longer input fails maxLength long before this matters. */
const MAX_VALUE_LENGTH = 10_000;
/** Bound on the rules of one field. */
const MAX_RULES = 32;

export const isEmpty = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';
export const isAlpha = (value: string): boolean => /^[a-zA-Z]*$/.test(value);
export const isAlphaNum = (value: string): boolean => /^[a-zA-Z0-9]*$/.test(value);
/** Digits with an optional fraction ('12', '12.5'); no sign, no exponent. */
export const isNumeric = (value: string): boolean => /^\d*(\.\d+)?$/.test(value);
export const isEmail = (value: string): boolean =>
  value.length <= 254 && /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(value);
export const isIPv4 = (value: string): boolean =>
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(value);
export const isUrl = (value: string): boolean =>
  /^https?:\/\/([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+(:\d{1,5})?([/?#][^\s]*)?$/.test(value);
export const hasLetterAndDigit = (value: string): boolean => /[A-Za-z]/.test(value) && /\d/.test(value);

/** Runs the rules in order and returns the first failure, or null when the value passes them all. */
export function validate(
  field: string,
  value: string | null | undefined,
  rules: readonly Rule[],
): ValidationError | null {
  assert(rules.length <= MAX_RULES, 'too many rules for one field');
  const text = value ?? '';
  for (const rule of rules) {
    const failure = check(field, text, rule);
    if (failure !== null) return failure;
  }
  return null;
}

function check(field: string, value: string, rule: Rule): ValidationError | null {
  const fail = (key: ValidatorKey, extra: Record<string, string | number> = {}): ValidationError => ({
    key,
    params: { field, value, ...extra },
  });
  if (rule.rule === 'required') return isEmpty(value) ? fail('required') : null;
  if (rule.rule === 'selectOption')
    return isEmpty(value) || value === (rule.placeholder ?? '') ? fail('selectOption') : null;
  if (value === '') return null;
  if (value.length > MAX_VALUE_LENGTH) return fail('maxLength', { max: MAX_VALUE_LENGTH });
  switch (rule.rule) {
    case 'minValue': {
      const number = isNumeric(value.replace(/^-/, '')) ? Rational.tryParse(value) : null;
      return number === null || number.lt(Rational.parse(rule.min))
        ? fail('minValue', { min: rule.min })
        : null;
    }
    case 'maxValue': {
      const number = isNumeric(value.replace(/^-/, '')) ? Rational.tryParse(value) : null;
      return number === null || number.gt(Rational.parse(rule.max))
        ? fail('maxValue', { max: rule.max })
        : null;
    }
    case 'minLength':
      return [...value].length < rule.min ? fail('minLength', { min: rule.min }) : null;
    case 'maxLength':
      return [...value].length > rule.max ? fail('maxLength', { max: rule.max }) : null;
    case 'alpha':
      return isAlpha(value) ? null : fail('alpha');
    case 'alphaNum':
      return isAlphaNum(value) ? null : fail('alphaNum');
    case 'numeric':
      return isNumeric(value) ? null : fail('numeric');
    case 'email':
      return isEmail(value) ? null : fail('email');
    case 'ipAddress':
      return isIPv4(value) ? null : fail('ipAddress');
    case 'url':
      return isUrl(value) ? null : fail('url');
    case 'letterAndDigit':
      return hasLetterAndDigit(value) ? null : fail('letterAndDigit');
    case 'sameAs':
      return value === rule.otherValue ? null : fail('sameAs', { otherField: rule.otherField });
    case 'notSameAs':
      return value !== rule.otherValue ? null : fail('notSameAs', { otherField: rule.otherField });
  }
}

/** Password: case sensitive (compared as typed, never folded), 6 to 10 characters (product spec 5, 9). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 10;
/** Nickname: 6 to 15 letters or digits, set once (product spec 4, 5, 9). */
export const NICKNAME_MIN_LENGTH = 6;
export const NICKNAME_MAX_LENGTH = 15;

export const PASSWORD_RULES: readonly Rule[] = [
  { rule: 'required' },
  { rule: 'minLength', min: PASSWORD_MIN_LENGTH },
  { rule: 'maxLength', max: PASSWORD_MAX_LENGTH },
];

export const NICKNAME_RULES: readonly Rule[] = [
  { rule: 'required' },
  { rule: 'minLength', min: NICKNAME_MIN_LENGTH },
  { rule: 'maxLength', max: NICKNAME_MAX_LENGTH },
  { rule: 'alphaNum' },
];

export function validatePassword(password: string): ValidationError | null {
  return validate('password', password, PASSWORD_RULES);
}

export function validateNickname(nickname: string): ValidationError | null {
  return validate('nickname', nickname, NICKNAME_RULES);
}

/** Login: both fields required ('Username is required!', 'Password is required!'). */
export function validateLogin(input: { username: string; password: string }): ValidationError | null {
  return (
    validate('username', input.username, [{ rule: 'required' }]) ??
    validate('password', input.password, [{ rule: 'required' }])
  );
}

/**
 * Change password, in order: current required; new required and 6-10 characters; new differs from current
 * (the spec's "not same as"); confirm required; confirm equals new ('Passwords do not match!').
 */
export function validateChangePassword(input: {
  current: string;
  next: string;
  confirm: string;
}): ValidationError | null {
  return (
    validate('currentPassword', input.current, [{ rule: 'required' }]) ??
    validate('newPassword', input.next, [
      ...PASSWORD_RULES,
      { rule: 'notSameAs', otherField: 'currentPassword', otherValue: input.current },
    ]) ??
    validate('confirmPassword', input.confirm, [
      { rule: 'required' },
      { rule: 'sameAs', otherField: 'newPassword', otherValue: input.next },
    ])
  );
}
