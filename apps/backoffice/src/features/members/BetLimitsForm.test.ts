import { describe, expect, it } from 'vitest';
import { limitOf } from './BetLimitsForm';

describe('bet limit row', () => {
  const base = { id: '1', min: '10', max: '5000', max_payout: '20000', max_per_match: '' };
  it('is the call’s limit, leaving max per match out when empty', () =>
    expect(limitOf(base)).toEqual({ id: '1', min: '10', max: '5000', max_payout: '20000' }));
  it('keeps max per match when given', () =>
    expect(limitOf({ ...base, max_per_match: '8000' })).toMatchObject({ max_per_match: '8000' }));
  it('refuses amounts the contract refuses', () => expect(limitOf({ ...base, min: '1.234' })).toBe('amount'));
  it('refuses min above max or max above max payout', () => {
    expect(limitOf({ ...base, min: '6000' })).toBe('order');
    expect(limitOf({ ...base, max_payout: '100' })).toBe('order');
  });
});
