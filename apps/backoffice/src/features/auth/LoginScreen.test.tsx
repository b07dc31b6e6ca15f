import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useSession } from '../../shared/session';
import { mockFetch, renderScreen } from '../../test/utils';
import { LoginScreen } from './LoginScreen';

describe('back-office sign-in', () => {
  const fill = () => {
    fireEvent.change(screen.getByTestId('bo-login-account'), { target: { value: 'demoop' } });
    fireEvent.change(screen.getByTestId('bo-login-password'), { target: { value: 'Demo1234' } });
    fireEvent.click(screen.getByTestId('bo-login-submit'));
  };

  it('signs in at /bo/login and keeps the token for the tab', async () => {
    const api = mockFetch({
      '/bo/login': () => ({
        status: '1',
        statusdesc: 'success',
        token: 'abc',
        account_id: 'demoop',
        level: 'operator',
      }),
    });
    renderScreen(<LoginScreen />, '/login');
    fill();
    await waitFor(() => expect(useSession.getState().token).toBe('abc'));
    expect(api.callsTo('/bo/login')[0]?.body).toEqual({ account_id: 'demoop', password: 'Demo1234' });
    expect(useSession.getState().level).toBe('operator');
  });

  it('shows the refusal and stays signed out', async () => {
    mockFetch({ '/bo/login': () => ({ status: '0', statusdesc: 'invalidCredentials', message: 'no' }) });
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
