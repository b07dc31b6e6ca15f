import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateLogin } from '@sb/domain';
import { isApiError } from '../../shared/api/client';
import { describeError } from '../../shared/api/errors';
import { readRemembered, writeRemembered } from '../../shared/session/remember';
import { requestLogin, startSession } from './api';
import styles from './auth.module.css';

type Problem = { key: 'username' | 'password' | 'pending' } | { error: unknown };

/**
 * Member login: both fields required, one request at a time ('Request pending...'), remember me keeps
 * the username. Errors show inline; a session starts on success.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [remembered] = useState(readRemembered);
  const [username, setUsername] = useState(remembered.account_id);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered.remember);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const inFlight = useRef(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) {
      setProblem({ key: 'pending' });
      return;
    }
    const accountId = username.trim();
    // Both fields required, username first (the domain's login rule).
    const invalid = validateLogin({ username: accountId, password });
    if (invalid) {
      const field = invalid.params.field === 'username' ? 'username' : 'password';
      setProblem({ key: field });
      (field === 'username' ? usernameRef : passwordRef).current?.focus();
      return;
    }
    inFlight.current = true;
    setPending(true);
    setProblem(null);
    try {
      const profile = await requestLogin('userlogin', accountId, password);
      writeRemembered(remember, accountId);
      startSession(profile);
      onLoggedIn?.();
    } catch (error) {
      setProblem({ error });
      setPassword('');
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  let message = '';
  if (problem && 'key' in problem) {
    message = t(
      problem.key === 'username'
        ? 'login.usernameRequired'
        : problem.key === 'password'
          ? 'login.passwordRequired'
          : 'login.pending',
    );
  } else if (problem) {
    // An unknown failure reads as the spec's generic login failure.
    message =
      isApiError(problem.error) && problem.error.code !== 'systemError'
        ? describeError(t, problem.error)
        : t('errors.loginFailed');
  }

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {t('login.title')}
      </h2>
      <label className="sb-field">
        <span className="sb-field__label">{t('login.username')}</span>
        <input
          ref={usernameRef}
          className="sb-input"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          aria-invalid={problem !== null && 'key' in problem && problem.key === 'username'}
          aria-describedby={`${id}-message`}
          data-testid="login-username"
        />
      </label>
      <label className="sb-field">
        <span className="sb-field__label">{t('login.password')}</span>
        <input
          ref={passwordRef}
          className="sb-input"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={problem !== null && 'key' in problem && problem.key === 'password'}
          aria-describedby={`${id}-message`}
          data-testid="login-password"
        />
      </label>
      <label className="sb-check">
        <input
          type="checkbox"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
          data-testid="login-remember"
        />
        <span>{t('login.remember')}</span>
      </label>
      <p id={`${id}-message`} className={styles.message} role="alert" data-testid="login-message">
        {message}
      </p>
      <button
        type="submit"
        className="sb-btn sb-btn--primary sb-btn--block"
        aria-busy={pending}
        data-testid="login-submit"
      >
        {pending ? t('login.pending') : t('login.submit')}
      </button>
    </form>
  );
}
