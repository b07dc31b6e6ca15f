import { describe, expect, it } from 'vitest';
import {
  validate,
  validateChangePassword,
  validateLogin,
  validateNickname,
  validatePassword,
  type Rule,
} from './validators';

describe('generic validators (product spec 5)', () => {
  it.each([
    // [rule, value, failing key or null]
    [{ rule: 'required' }, '', 'required'],
    [{ rule: 'required' }, '   ', 'required'],
    [{ rule: 'required' }, null, 'required'],
    [{ rule: 'required' }, 'x', null],
    [{ rule: 'minValue', min: '10' }, '9.99', 'minValue'],
    [{ rule: 'minValue', min: '10' }, '10', null],
    [{ rule: 'minValue', min: '10' }, 'abc', 'minValue'],
    [{ rule: 'minValue', min: '-5' }, '-4', null],
    [{ rule: 'maxValue', max: '1000' }, '1000.01', 'maxValue'],
    [{ rule: 'maxValue', max: '1000' }, '1000', null],
    [{ rule: 'minLength', min: 6 }, 'abcde', 'minLength'],
    [{ rule: 'minLength', min: 6 }, 'abcdef', null],
    [{ rule: 'maxLength', max: 3 }, 'abcd', 'maxLength'],
    [{ rule: 'alpha' }, 'abcXYZ', null],
    [{ rule: 'alpha' }, 'abc1', 'alpha'],
    [{ rule: 'alphaNum' }, 'abc123', null],
    [{ rule: 'alphaNum' }, 'abc_123', 'alphaNum'],
    [{ rule: 'numeric' }, '12.5', null],
    [{ rule: 'numeric' }, '-1', 'numeric'],
    [{ rule: 'numeric' }, '1e3', 'numeric'],
    [{ rule: 'email' }, 'member@example.com', null],
    [{ rule: 'email' }, 'member@example', 'email'],
    [{ rule: 'email' }, 'a b@example.com', 'email'],
    [{ rule: 'ipAddress' }, '192.168.0.1', null],
    [{ rule: 'ipAddress' }, '256.1.1.1', 'ipAddress'],
    [{ rule: 'ipAddress' }, '01.1.1.1', 'ipAddress'],
    [{ rule: 'ipAddress' }, '1.1.1', 'ipAddress'],
    [{ rule: 'url' }, 'https://example.com/path?q=1', null],
    [{ rule: 'url' }, 'ftp://example.com', 'url'],
    [{ rule: 'url' }, 'example.com', 'url'],
    [{ rule: 'letterAndDigit' }, 'abc123', null],
    [{ rule: 'letterAndDigit' }, 'abcdef', 'letterAndDigit'],
    [{ rule: 'letterAndDigit' }, '123456', 'letterAndDigit'],
    [{ rule: 'selectOption' }, '', 'selectOption'],
    [{ rule: 'selectOption', placeholder: '0' }, '0', 'selectOption'],
    [{ rule: 'selectOption', placeholder: '0' }, '3', null],
    [{ rule: 'sameAs', otherField: 'newPassword', otherValue: 'Secret1' }, 'secret1', 'sameAs'],
    [{ rule: 'sameAs', otherField: 'newPassword', otherValue: 'Secret1' }, 'Secret1', null],
    [{ rule: 'notSameAs', otherField: 'currentPassword', otherValue: 'Secret1' }, 'Secret1', 'notSameAs'],
    [{ rule: 'notSameAs', otherField: 'currentPassword', otherValue: 'Secret1' }, 'Secret2', null],
  ] as ReadonlyArray<readonly [Rule, string | null, string | null]>)('%j on %j -> %s', (rule, value, key) => {
    expect(validate('field', value, [rule])?.key ?? null).toBe(key);
  });

  it('passes empty values for every rule but required and selectOption, so rules compose', () => {
    const rules: Rule[] = [{ rule: 'email' }, { rule: 'minLength', min: 3 }, { rule: 'numeric' }];
    expect(validate('email', '', rules)).toBeNull();
  });

  it('returns the first failure in rule order with the message parameters', () => {
    expect(
      validate('nickname', 'ab', [{ rule: 'required' }, { rule: 'minLength', min: 6 }, { rule: 'alphaNum' }]),
    ).toEqual({
      key: 'minLength',
      params: { field: 'nickname', value: 'ab', min: 6 },
    });
  });
});

describe('password and nickname (product spec 5, 9)', () => {
  it.each([
    ['', 'required'],
    ['abcde', 'minLength'],
    ['abcdef', null],
    ['abcdefghij', null],
    ['abcdefghijk', 'maxLength'],
    ['Ab1!@#', null],
  ] as const)('password %j -> %s', (password, key) => {
    expect(validatePassword(password)?.key ?? null).toBe(key);
  });

  it.each([
    ['', 'required'],
    ['abc12', 'minLength'],
    ['abc123', null],
    ['abcdefghij12345', null],
    ['abcdefghij123456', 'maxLength'],
    ['abc 123', 'alphaNum'],
    ['abc_123', 'alphaNum'],
  ] as const)('nickname %j -> %s', (nickname, key) => {
    expect(validateNickname(nickname)?.key ?? null).toBe(key);
  });

  it('login needs username then password', () => {
    expect(validateLogin({ username: '', password: '' })?.params.field).toBe('username');
    expect(validateLogin({ username: 'member1', password: '' })?.params.field).toBe('password');
    expect(validateLogin({ username: 'member1', password: 'x' })).toBeNull();
  });

  it('change password checks in order, case sensitively', () => {
    const check = (current: string, next: string, confirm: string) => {
      const failure = validateChangePassword({ current, next, confirm });
      return failure === null ? null : `${String(failure.params.field)}:${failure.key}`;
    };
    expect(check('', '', '')).toBe('currentPassword:required');
    expect(check('Secret1', '', '')).toBe('newPassword:required');
    expect(check('Secret1', 'short', '')).toBe('newPassword:minLength');
    expect(check('Secret1', 'Secret1', 'Secret1')).toBe('newPassword:notSameAs');
    expect(check('Secret1', 'secret1', '')).toBe('confirmPassword:required');
    expect(check('Secret1', 'secret1', 'SECRET1')).toBe('confirmPassword:sameAs');
    expect(check('Secret1', 'secret1', 'secret1')).toBeNull();
  });
});
