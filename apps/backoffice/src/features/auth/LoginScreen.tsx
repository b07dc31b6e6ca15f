import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BoLoginReply } from '@sb/contract';
import { BoApiError, boPost } from '../../shared/api';
import { useSession } from '../../shared/session';
import { LanguagePicker } from '../../shared/LanguagePicker';

/** Sign-in of an upline account or the operator: account and password at /bo/login. */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [accountId, setAccountId] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!accountId.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    try {
      const reply = await boPost<BoLoginReply, 'bo_login'>('bo_login', {
        account_id: accountId.trim(),
        password,
      });
      if (!reply.token) {
        setError(t('login.secondFactorPending'));
        return;
      }
      signIn({ token: reply.token, account_id: reply.account_id, level: reply.level });
      void navigate('/', { replace: true });
    } catch (caught) {
      setError(caught instanceof BoApiError ? t('errors.loginFailed') : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login panel">
      <h1>{t('app.title')}</h1>
      <form onSubmit={(event) => void submit(event)}>
        <label>
          {t('login.account')}
          <input
            data-testid="bo-login-account"
            autoComplete="username"
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
          />
        </label>
        <label>
          {t('login.password')}
          <input
            data-testid="bo-login-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button data-testid="bo-login-submit" className="primary" type="submit" disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
      <LanguagePicker />
    </div>
  );
}
