import { describe, expect, it } from 'vitest';
import type { BoMemberRow } from '@sb/contract';
import { creatableLevels, filterMembers } from './filter';

const row = (account_id: string, state: string): BoMemberRow => ({
  account_id,
  level: 'member',
  parent_id: 'ag1',
  state,
  currency: 'MYR',
  member_type: 'credit',
  available_balance: '0.00',
  outstanding_balance: '0.00',
  given_credit: '0.00',
  commission_rate: null,
  downline_prefix: null,
});

describe('members filter', () => {
  const rows = [row('ag1m01', 'active'), row('AG1M02', 'suspended'), row('other', 'active')];
  it('searches account ids without case', () =>
    expect(filterMembers(rows, { search: 'ag1m', state: '' }).map((r) => r.account_id)).toEqual([
      'ag1m01',
      'AG1M02',
    ]));
  it('filters by status', () =>
    expect(filterMembers(rows, { search: '', state: 'suspended' }).map((r) => r.account_id)).toEqual([
      'AG1M02',
    ]));
  it('an agent creates members only', () => {
    expect(creatableLevels('agent')).toEqual(['member']);
    expect(creatableLevels('operator')).toEqual(['agent', 'member']);
  });
});
