import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSession } from '../../shared/session/store';
import { loginReply, mockFetch, renderWithProviders } from '../../test/utils';
import { LoginForm } from './LoginForm';

const fill = (username: string, password: string) => {
  fireEvent.change(screen.getByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
};
const submit = () => fireEvent.click(screen.getByTestId('login-submit'));

describe('LoginForm', () => {
  it('requires the username, then the password', () => {
    const fetch = mockFetch({});
    renderWithProviders(<LoginForm />);
    submit();
    expect(screen.getByTestId('login-message').textContent).toBe('Username is required!');
    fill('demomyr', '');
    submit();
    expect(screen.getByTestId('login-message').textContent).toBe('Password is required!');
    expect(fetch.calls).toHaveLength(0);
  });

  it('refuses a second login while one is in flight', async () => {
    let answer: (reply: object) => void = () => {};
    const fetch = mockFetch({ '/api/userlogin': () => new Promise<object>((resolve) => (answer = resolve)) });
    renderWithProviders(<LoginForm />);
    fill('demomyr', 'Demo1234');
    submit();
    submit();
    expect(screen.getByTestId('login-message').textContent).toBe('Request pending...');
    expect(fetch.callsTo('/api/userlogin')).toHaveLength(1);
    await act(async () => answer(loginReply()));
    await waitFor(() => expect(useSession.getState().account?.info.account_id).toBe('demomyr'));
  });

  it('starts the session and remembers only the username when asked', async () => {
    const fetch = mockFetch({ '/api/userlogin': () => loginReply() });
    renderWithProviders(<LoginForm />);
    fill('demomyr', 'Demo1234');
    fireEvent.click(screen.getByTestId('login-remember'));
    submit();
    await waitFor(() => expect(useSession.getState().account).not.toBeNull());
    expect(fetch.callsTo('/api/userlogin')[0]).toEqual({ account_id: 'demomyr', password: 'Demo1234' });
    expect(JSON.parse(localStorage.getItem('sb_rememberMe') ?? '{}')).toEqual({
      remember: true,
      account_id: 'demomyr',
    });
    expect(localStorage.getItem('sb_account')).toContain('token-1');
  });

  it('prefills a remembered username', () => {
    localStorage.setItem('sb_rememberMe', JSON.stringify({ remember: true, account_id: 'demousd' }));
    mockFetch({});
    renderWithProviders(<LoginForm />);
    expect((screen.getByTestId('login-username') as HTMLInputElement).value).toBe('demousd');
  });

  it('shows the translated catalogue message of a refused login', async () => {
    mockFetch({ '/api/userlogin': () => ({ status: '0', statusdesc: 'account_not_exists', message: 'x' }) });
    renderWithProviders(<LoginForm />);
    fill('demomyr', 'wrong');
    submit();
    await waitFor(() => expect(screen.getByTestId('login-message').textContent).toBe('Invalid password.'));
    expect(useSession.getState().account).toBeNull();
  });

  it('treats a reply without the full profile as a failed login', async () => {
    mockFetch({ '/api/userlogin': () => ({ status: '1', statusdesc: 'success' }) });
    renderWithProviders(<LoginForm />);
    fill('demomyr', 'Demo1234');
    submit();
    await waitFor(() =>
      expect(screen.getByTestId('login-message').textContent).toBe('Login failed, please try again later...'),
    );
  });
});
