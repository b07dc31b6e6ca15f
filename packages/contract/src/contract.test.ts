import { describe, expect, it } from 'vitest';
import { ERRORS, SESSION_INVALID_CODES, isErrorCode } from './errors';
import { loginRequest } from './account';
import { moneyString } from './fields';
import { boSetCommissionRequest } from './backoffice';
import { z } from 'zod';
import { CALLS } from './calls';

describe('error catalogue', () => {
  it('carries the spec messages and numeric betting codes', () => {
    expect(ERRORS.account_not_exists.message).toBe('Invalid password.');
    expect(ERRORS.BLOCK.message).toBe('Account has been blocked!');
    expect(ERRORS.CLOSE.message).toBe('Account has been closed!');
    expect(ERRORS.FREEZE.message).toBe('Account has been freezed!');
    expect(ERRORS.SUSPEND).toEqual({
      message: 'Your account had changed to VIEW only.',
      reaction: 'viewOnly',
    });
    expect(ERRORS.loginLimit.message).toBe('You have login too frequent, please try again after 1 minute...');
    expect(ERRORS.requestFailed.reaction).toBe('failed');
    expect(ERRORS.insufficient_balance).toEqual({ message: 'Insufficient Balance', reaction: 'quiet' });
    expect(ERRORS.connectionFailed.message).toBe('Operator API failed to response.');
    expect(ERRORS.betOverMax.message).toBe('Your stake exceeds the max stake.');
    expect([ERRORS.matchHide.num, ERRORS.matchNotAllowBet.num, ERRORS.matchNotActive.num]).toEqual([
      318, 311, 308,
    ]);
    expect([
      ERRORS.invalidBet.num,
      ERRORS.invalidBets.num,
      ERRORS.invalidBetType.num,
      ERRORS.invalidBetTeam.num,
    ]).toEqual([340, 314, 328, 313]);
  });

  it('lists the session-invalid codes of spec section 8', () => {
    for (const code of [
      'account_not_exists',
      'session_expired',
      'invalidSession',
      'permission_denied',
      'BLOCK',
      'CLOSE',
      'FREEZE',
    ]) {
      expect(SESSION_INVALID_CODES).toContain(code);
    }
    expect(SESSION_INVALID_CODES).not.toContain('SUSPEND');
    expect(isErrorCode('nope')).toBe(false);
  });
});

describe('field schemas', () => {
  it('reports missing login fields with the spec codes', () => {
    const result = loginRequest.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('account_id_required');
  });

  it.each([
    ['10', true],
    ['10.5', true],
    ['10.55', true],
    [12.5, true],
    ['10.555', false],
    ['-1', false],
    ['1e3', false],
    ['', false],
  ])('money %j valid=%s', (value, valid) => {
    expect(moneyString().safeParse(value).success).toBe(valid);
  });

  it.each([
    ['0.0025', true],
    ['1', true],
    ['0', true],
    ['1.5', false],
    ['0.00001', false],
  ])('rate %j valid=%s', (rate, valid) => {
    expect(boSetCommissionRequest.safeParse({ account_id: 'a', rate }).success).toBe(valid);
  });
});

describe('the call table', () => {
  it('describes every call’s reply: no reply is an open object of unknown fields', () => {
    const open = Object.entries(CALLS)
      .filter(([, spec]) => {
        const schema = z.toJSONSchema(spec.reply, { io: 'output', unrepresentable: 'any' });
        return typeof schema.additionalProperties === 'object';
      })
      .map(([name]) => name);
    expect(open).toEqual([]);
  });
});
