import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { grantable, StaffScreen } from './StaffScreen';

const row = (extra: object = {}) => ({
  login_id: 'demoagSub01',
  permissions: ['reports'],
  state: 'active',
  locked: false,
  second_factor: true,
  created_at: '2026-11-26T00:00:00.000Z',
  ...extra,
});

describe('staff sub-accounts', () => {
  it('offers trading to the operator only', () => {
    expect(grantable(true)).toContain('trading');
    expect(grantable(false)).not.toContain('trading');
  });

  it('creates a sub-account under the login with the ticked rights, and changes rights, state and lock', async () => {
    signedIn('demoag', 'agent');
    const api = mockFetch({
      '/bo/staff/list': () => ({ status: '1', statusdesc: 'success', staff: [row({ locked: true })] }),
      '/bo/staff/save': (body) => ({
        status: '1',
        statusdesc: 'success',
        staff: row({ login_id: body.login_id }),
      }),
    });
    renderScreen(<StaffScreen />, '/staff');
    expect(screen.queryByTestId('bo-staff-right-trading')).toBeNull();
    fireEvent.change(screen.getByTestId('bo-staff-suffix'), { target: { value: '02' } });
    fireEvent.change(screen.getByTestId('bo-staff-password'), { target: { value: 'Staff123' } });
    fireEvent.click(screen.getByTestId('bo-staff-right-transfer'));
    fireEvent.click(screen.getByTestId('bo-staff-create'));
    await waitFor(() => expect(api.callsTo('/bo/staff/save')).toHaveLength(1));
    expect(api.callsTo('/bo/staff/save')[0]?.body).toEqual({
      login_id: 'demoagSub02',
      password: 'Staff123',
      permissions: ['transfer'],
    });
    await screen.findByTestId('bo-staff-row');
    fireEvent.click(screen.getByLabelText('demoagSub01 Total bets'));
    fireEvent.click(screen.getByText('Unlock'));
    fireEvent.click(screen.getByText('Close'));
    await waitFor(() => expect(api.callsTo('/bo/staff/save')).toHaveLength(4));
    expect(
      api
        .callsTo('/bo/staff/save')
        .slice(1)
        .map((c) => c.body),
    ).toEqual([
      { login_id: 'demoagSub01', permissions: ['reports', 'total_bets'] },
      { login_id: 'demoagSub01', unlock: true },
      { login_id: 'demoagSub01', state: 'closed' },
    ]);
  });
});
