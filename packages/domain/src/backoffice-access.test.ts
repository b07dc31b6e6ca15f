import { describe, expect, it } from 'vitest';
import {
  DOWNLINE_PREFIX,
  isStaffLoginOf,
  loginFitsPrefix,
  staffPermissionGrantable,
  uplinePasswordProblem,
} from './backoffice-access';

describe('upline password rule (decision 14)', () => {
  it.each([
    ['Demo1234', null],
    ['ab12cdef', null],
    ['Ab1234', 'tooShort'],
    ['a1234567', 'needsLetters'],
    ['abcdefg1', 'needsDigits'],
    ['abcdefgh', 'needsDigits'],
    ['12345678', 'needsLetters'],
    ['กขค12345', null],
    ['x'.repeat(63) + '1', 'needsDigits'],
    ['ab' + '1'.repeat(63), 'tooLong'],
  ])('%s -> %s', (password, problem) => {
    expect(uplinePasswordProblem(password)).toBe(problem);
  });
});

describe('staff sub-account permissions', () => {
  it('gives trading only to the operator', () => {
    expect(staffPermissionGrantable('operator', 'trading')).toBe(true);
    expect(staffPermissionGrantable('agent', 'trading')).toBe(false);
    expect(staffPermissionGrantable('shareholder', 'trading')).toBe(false);
    expect(staffPermissionGrantable('agent', 'reports')).toBe(true);
    expect(staffPermissionGrantable('operator', 'transfer')).toBe(true);
  });
  it.each([
    ['SMQQ', 'SMQQSub01', true],
    ['SMQQ', 'smqqsub99', true],
    ['SMQQ', 'SMQQSub1', false],
    ['SMQQ', 'SMQQXSub01', false],
    ['SMQQ', 'SMQSub01', false],
    ['demoag', 'demoagSub07', true],
  ])('%s owns %s: %s', (owner, login, expected) => {
    expect(isStaffLoginOf(owner, login)).toBe(expected);
  });
});

describe("loginFitsPrefix: the parent's prefix plus characters", () => {
  it.each([
    ['SMQQ01', null, true],
    ['anything_goes', null, true],
    ['SMQQ01', 'SMQQ', true],
    ['smqqab', 'SMQQ', true],
    ['SMQQ1234567890', 'SMQQ', true],
    ['SMQQ12345678901', 'SMQQ', false],
    ['SMQQ', 'SMQQ', false],
    ['SMQ01', 'SMQQ', false],
    ['XSMQQ01', 'SMQQ', false],
    ['SMQQ_01', 'SMQQ', false],
    ['SMQQ 1', 'SMQQ', false],
  ])('%s under prefix %s: %s', (login, prefix, expected) => {
    expect(loginFitsPrefix(login, prefix)).toBe(expected);
  });

  it.each([
    ['SM', true],
    ['SMQQ2026AB12', true],
    ['S', false],
    ['SMQQ2026AB123', false],
    ['SM-QQ', false],
  ])('prefix %s is valid: %s', (prefix, expected) => {
    expect(DOWNLINE_PREFIX.test(prefix)).toBe(expected);
  });
});
