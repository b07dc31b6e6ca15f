import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { trustedDevice, useSession } from '../../shared/session';
import { mockFetch, renderScreen } from '../../test/utils';
import { LoginScreen } from './LoginScreen';

const signedInReply = (extra: object = {}) => ({
  status: '1',
  statusdesc: 'success',
  token: 'abc',
  account_id: 'demoop',
  level: 'operator',
  login: 'demoop',
  permissions: null,
  enrol_required: false,
  ...extra,
});

describe('back-office sign-in', () => {
  beforeEach(() => {
    useSession.getState().signOut();
    localStorage.clear();
  });
  const fill = (account = 'demoop') => {
    fireEvent.change(screen.getByTestId('bo-login-account'), { target: { value: account } });
    fireEvent.change(screen.getByTestId('bo-login-password'), { target: { value: 'Demo1234' } });
    fireEvent.click(screen.getByTestId('bo-login-submit'));
  };

  it('asks for the authenticator code after the password, then keeps the token for the tab', async () => {
    const api = mockFetch({
      '/bo/login': (body) =>
        body.code === '123456'
          ? signedInReply()
          : { status: '0', statusdesc: 'totpRequired', message: 'Enter the code.' },
    });
    renderScreen(<LoginScreen />, '/login');
    fill();
    const code = await screen.findByTestId('bo-login-code');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    await waitFor(() => expect(useSession.getState().token).toBe('abc'));
    expect(api.callsTo('/bo/login').map((c) => c.body)).toEqual([
      { account_id: 'demoop', password: 'Demo1234' },
      { account_id: 'demoop', password: 'Demo1234', code: '123456' },
    ]);
    expect(useSession.getState()).toMatchObject({ level: 'operator', login: 'demoop', enrolRequired: false });
  });

  it('trusts this browser when asked, and sends its device token next time instead of a code', async () => {
    const api = mockFetch({
      '/bo/login': (body) =>
        body.code === '654321' || body.device_token === 'dev-1'
          ? signedInReply({ device_token: body.code ? 'dev-1' : undefined })
          : { status: '0', statusdesc: 'totpRequired', message: '' },
    });
    const view = renderScreen(<LoginScreen />, '/login');
    fill();
    fireEvent.change(await screen.findByTestId('bo-login-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('bo-login-trust'));
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    await waitFor(() => expect(trustedDevice.get('demoop')).toBe('dev-1'));
    expect(api.callsTo('/bo/login')[1]?.body).toMatchObject({ code: '654321', trust_device: true });
    view.unmount();
    useSession.getState().signOut();
    renderScreen(<LoginScreen />, '/login');
    fill();
    await waitFor(() => expect(useSession.getState().token).toBe('abc'));
    expect(api.callsTo('/bo/login')[2]?.body).toEqual({
      account_id: 'demoop',
      password: 'Demo1234',
      device_token: 'dev-1',
    });
  });

  it('signs in with a recovery code instead', async () => {
    const api = mockFetch({
      '/bo/login': (body) =>
        body.recovery_code === 'abcd-ef01-2345'
          ? signedInReply()
          : { status: '0', statusdesc: 'totpRequired', message: '' },
    });
    renderScreen(<LoginScreen />, '/login');
    fill();
    fireEvent.click(await screen.findByTestId('bo-login-recovery'));
    fireEvent.change(screen.getByTestId('bo-login-code'), { target: { value: 'abcd-ef01-2345' } });
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    await waitFor(() => expect(useSession.getState().token).toBe('abc'));
    expect(api.callsTo('/bo/login')[1]?.body).toMatchObject({ recovery_code: 'abcd-ef01-2345' });
  });

  it('goes on to enrolment when the login has no second factor yet', async () => {
    mockFetch({
      '/bo/login': () => signedInReply({ enrol_required: true, level: 'agent', account_id: 'newag' }),
    });
    renderScreen(<LoginScreen />, '/login');
    fill('newag');
    await waitFor(() => expect(useSession.getState().enrolRequired).toBe(true));
  });

  it('says a locked login must ask its upline, and a wrong code is wrong', async () => {
    mockFetch({ '/bo/login': () => ({ status: '0', statusdesc: 'accountLocked', message: '' }) });
    renderScreen(<LoginScreen />, '/login');
    fill();
    expect((await screen.findByRole('alert')).textContent).toContain('upline');
    expect(useSession.getState().token).toBeNull();
  });

  it('shows the refusal and stays signed out', async () => {
    mockFetch({ '/bo/login': () => ({ status: '0', statusdesc: 'account_not_exists', message: 'no' }) });
    renderScreen(<LoginScreen />, '/login');
    fill();
    expect((await screen.findByRole('alert')).textContent).toContain('Sign-in failed');
    expect(useSession.getState().token).toBeNull();
  });

  it('asks for both fields before calling', () => {
    const api = mockFetch({});
    renderScreen(<LoginScreen />, '/login');
    fireEvent.click(screen.getByTestId('bo-login-submit'));
    expect(screen.getByRole('alert').textContent).toContain('Enter the account and the password.');
    expect(api.calls).toHaveLength(0);
  });
});
