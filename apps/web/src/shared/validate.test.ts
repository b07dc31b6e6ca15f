import { describe, expect, it } from 'vitest';
import i18n from 'i18next';
import {
  validate,
  validateChangePassword,
  validateLogin,
  validateNickname,
  validatePassword,
  type ValidationError,
} from '@sb/domain';
import { safeRedirect, validateAmount, validationText } from './validate';

const text = (error: ValidationError | null, labels?: Record<string, string>) =>
  error === null ? null : validationText(i18n.t, error, labels);

describe('validation messages for the domain validators', () => {
  it('checks passwords and nicknames per spec section 5', () => {
    expect(validatePassword('Demo12')).toBeNull();
    expect(text(validatePassword('Demo12345678'))).toBe(
      'Password must be 6 to 10 characters and is case sensitive.',
    );
    expect(validateNickname('Lucky777')).toBeNull();
    expect(text(validateNickname('abc'))).toBe('Nickname must be 6 to 15 letters or digits.');
    expect(text(validateNickname('has space1'))).toBe('Nickname must be 6 to 15 letters or digits.');
    expect(text(validateNickname(''), { nickname: 'Nickname' })).toBe('Nickname is required!');
  });

  it('follows the change-password sequence', () => {
    const labels = { currentPassword: 'Current password', newPassword: 'New password' };
    expect(text(validateChangePassword({ current: '', next: '', confirm: '' }), labels)).toBe(
      'Current password is required!',
    );
    expect(text(validateChangePassword({ current: 'Demo1234', next: 'Demo1234', confirm: 'Demo1234' }))).toBe(
      'The new password must be different from the current password.',
    );
    expect(text(validateChangePassword({ current: 'Demo1234', next: 'Secret12', confirm: 'Secret13' }))).toBe(
      'Passwords do not match!',
    );
    expect(validateChangePassword({ current: 'Demo1234', next: 'Secret12', confirm: 'Secret12' })).toBeNull();
  });

  it('names the missing login field', () => {
    expect(validateLogin({ username: '', password: '' })?.params.field).toBe('username');
    expect(validateLogin({ username: 'demomyr', password: '' })?.params.field).toBe('password');
  });

  it('falls back to a generic message for other rules', () => {
    expect(text(validate('email', 'nope', [{ rule: 'email' }]), { email: 'Email' })).toBe(
      'Email is not valid.',
    );
  });

  it('accepts positive amounts of at most 2 decimals (domain money parsing)', () => {
    for (const ok of ['10', '0.01', '12.5', '1000000']) expect(validateAmount(ok), ok).toBeNull();
    expect(validateAmount('')).toBe('validation.required');
    for (const bad of ['0', '0.00', '1.234', '-1', 'abc', '1e3', '.5'])
      expect(validateAmount(bad), bad).toBe('validation.amount');
  });

  it('only follows redirects inside the app', () => {
    expect(safeRedirect('/info/betlist')).toBe('/info/betlist');
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
  });
});
