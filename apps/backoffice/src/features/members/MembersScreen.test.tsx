import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BoMemberRow } from '@sb/contract';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { MembersScreen } from './MembersScreen';

const member = (account_id: string, extra: Partial<BoMemberRow> = {}): BoMemberRow => ({
  account_id,
  level: 'member',
  parent_id: 'demoag',
  state: 'active',
  currency: 'MYR',
  member_type: 'credit',
  available_balance: '1000.00',
  outstanding_balance: '0.00',
  given_credit: '1000.00',
  commission_rate: null,
  downline_prefix: null,
  ...extra,
});

const list = (rows: BoMemberRow[]) => () => ({
  status: '1',
  statusdesc: 'success',
  total: rows.length,
  page: 1,
  members: rows,
});

describe('members and downline', () => {
  it('lists the downline with a bearer token, searches and filters by status', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/memberlist': list([
        member('m1'),
        member('m2', { state: 'suspended' }),
        member('ag9', { level: 'agent' }),
      ]),
    });
    renderScreen(<MembersScreen />);
    expect(await screen.findByTestId('bo-member-m1')).toBeTruthy();
    expect(api.callsTo('/bo/memberlist')[0]?.auth).toBe('Bearer tok');
    fireEvent.change(screen.getByTestId('bo-members-state'), { target: { value: 'suspended' } });
    expect(screen.queryByTestId('bo-member-m1')).toBeNull();
    expect(screen.getByTestId('bo-member-m2')).toBeTruthy();
    fireEvent.change(screen.getByTestId('bo-members-state'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('bo-members-search'), { target: { value: 'AG9' } });
    expect(screen.getByTestId('bo-member-ag9')).toBeTruthy();
    expect(screen.queryByTestId('bo-member-m2')).toBeNull();
  });

  it('opens an upline account to list its downline', async () => {
    signedIn();
    const api = mockFetch({ '/bo/memberlist': list([member('ag9', { level: 'agent' })]) });
    renderScreen(<MembersScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'ag9' }, { timeout: 5_000 }));
    await waitFor(() =>
      expect(api.callsTo('/bo/memberlist').some((c) => c.body.parent_id === 'ag9')).toBe(true),
    );
  });

  it('creates an account under the parent with rates from percentages', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/memberlist': list([]),
      '/bo/createaccount': () => ({ status: '1', statusdesc: 'success' }),
    });
    renderScreen(<MembersScreen />);
    fireEvent.click(await screen.findByTestId('bo-members-new'));
    fireEvent.change(screen.getByTestId('bo-create-parent'), { target: { value: 'demoma' } });
    fireEvent.change(screen.getByTestId('bo-create-account'), { target: { value: 'ag2' } });
    fireEvent.change(screen.getByTestId('bo-create-password'), { target: { value: 'Secret123' } });
    fireEvent.change(screen.getByTestId('bo-create-commission'), { target: { value: '0.3' } });
    fireEvent.click(screen.getByTestId('bo-create-submit'));
    await waitFor(() => expect(api.callsTo('/bo/createaccount')).toHaveLength(1));
    expect(api.callsTo('/bo/createaccount')[0]?.body).toMatchObject({
      account_id: 'ag2',
      parent_id: 'demoma',
      commission_rate: '0.003',
      currency: 'MYR',
    });
  });

  it('puts the caller’s downline prefix in front of a login created under it', async () => {
    signedIn('qqagent', 'agent');
    const api = mockFetch({
      '/bo/memberlist': list([]),
      '/bo/me': () => ({ status: '1', statusdesc: 'success', downline_prefix: 'QQ7' }),
      '/bo/createaccount': () => ({ status: '0', statusdesc: 'loginPrefix', field: 'account_id' }),
    });
    renderScreen(<MembersScreen />);
    fireEvent.click(await screen.findByTestId('bo-members-new'));
    expect((await screen.findByTestId('bo-create-fixed-prefix')).textContent).toBe('QQ7');
    fireEvent.change(screen.getByTestId('bo-create-account'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByTestId('bo-create-password'), { target: { value: 'Secret12' } });
    fireEvent.click(screen.getByTestId('bo-create-submit'));
    await waitFor(() => expect(api.callsTo('/bo/createaccount')).toHaveLength(1));
    expect(api.callsTo('/bo/createaccount')[0]?.body).toMatchObject({ account_id: 'QQ7ab' });
    // The server's refusal in words: the parent's prefix, then letters or digits.
    expect((await screen.findByRole('alert')).textContent).toContain('parent');
  });

  it('sets a credit member credit line and a cash member deposit', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/memberlist': list([member('m1'), member('c1', { member_type: 'cash' })]),
      '/bo/setcredit': () => ({ status: '1', statusdesc: 'success' }),
      '/bo/deposit': () => ({ status: '1', statusdesc: 'success' }),
    });
    renderScreen(<MembersScreen />);
    fireEvent.click(await screen.findByTestId('bo-edit-m1'));
    fireEvent.change(screen.getByTestId('bo-edit-amount'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('bo-edit-setcredit'));
    expect(screen.getByTestId('bo-edit-notice').textContent).toContain('up to 2 decimals');
    fireEvent.change(screen.getByTestId('bo-edit-amount'), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('bo-edit-setcredit'));
    await waitFor(() => expect(screen.getByTestId('bo-edit-notice').textContent).toContain('Saved.'));
    expect(api.callsTo('/bo/setcredit')[0]?.body).toMatchObject({ account_id: 'm1', amount: '5000' });
    expect(String(api.callsTo('/bo/setcredit')[0]?.body.transfer_id)).toMatch(/^bo-/);

    fireEvent.click(screen.getByTestId('bo-edit-c1'));
    expect(screen.queryByTestId('bo-edit-setcredit')).toBeNull();
    fireEvent.change(screen.getByTestId('bo-edit-amount'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('bo-edit-deposit'));
    await waitFor(() => expect(api.callsTo('/bo/deposit')).toHaveLength(1));
  });

  it('sets a member’s bet limits inside the order min ≤ max ≤ max payout', async () => {
    signedIn();
    const api = mockFetch({
      '/bo/memberlist': list([member('m1')]),
      '/bo/setbetlimits': () => ({ status: '1', statusdesc: 'success' }),
    });
    renderScreen(<MembersScreen />);
    fireEvent.click(await screen.findByTestId('bo-edit-m1'));
    fireEvent.change(screen.getByTestId('bo-limit-min'), { target: { value: '10' } });
    fireEvent.change(screen.getByTestId('bo-limit-max'), { target: { value: '500' } });
    fireEvent.change(screen.getByTestId('bo-limit-max_payout'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('bo-limit-save'));
    expect(screen.getByTestId('bo-edit-notice').textContent).toContain('max payout');
    fireEvent.change(screen.getByTestId('bo-limit-max_payout'), { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('bo-limit-save'));
    await waitFor(() => expect(api.callsTo('/bo/setbetlimits')).toHaveLength(1));
    expect(api.callsTo('/bo/setbetlimits')[0]?.body).toEqual({
      account_id: 'm1',
      limits: [{ id: '0', min: '10', max: '500', max_payout: '2000' }],
    });
  });
});
