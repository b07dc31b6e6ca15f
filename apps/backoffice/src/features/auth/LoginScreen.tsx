import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CallRequest } from '@sb/contract';
import { BoApiError, boPost } from '../../shared/api';
import { trustedDevice, useSession } from '../../shared/session';
import { LanguagePicker } from '../../shared/LanguagePicker';

type Step = 'password' | 'code';

/** Codes the sign-in answers that have their own sentence (the rest: "check the account and the password"). */
const LOGIN_MESSAGES: Record<string, string> = {
  invalidTotp: 'login.invalidCode',
  accountLocked: 'login.locked',
  account_inactive: 'login.inactive',
  loginLimit: 'login.tooMany',
};

/**
 * Sign-in of an upline account, the operator or a staff sub-account: password, then the authenticator's code (or
 * a recovery code), unless this browser is a trusted device of the login. A login without a second factor yet
 * goes on to enrol one.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [accountId, setAccountId] = useState('');
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<Step>('password');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [trust, setTrust] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const request = (): CallRequest<'bo_login'> => {
    const login = accountId.trim();
    const base = { account_id: login, password };
    if (step === 'password') {
      const device = trustedDevice.get(login);
      return device ? { ...base, device_token: device } : base;
    }
    const second = useRecovery ? { recovery_code: code.trim() } : { code: code.trim() };
    return {
      ...base,
      ...second,
      ...(trust ? { trust_device: true, device_label: navigator.userAgent.slice(0, 60) } : {}),
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!accountId.trim() || !password || (step === 'code' && !code.trim())) {
      setError(t(step === 'code' ? 'login.codeRequired' : 'login.required'));
      return;
    }
    setBusy(true);
    try {
      const reply = await boPost('bo_login', request());
      if (reply.device_token) trustedDevice.set(reply.login, reply.device_token);
      signIn(reply);
      void navigate(reply.enrol_required ? '/enrol' : '/', { replace: true });
    } catch (caught) {
      if (caught instanceof BoApiError && caught.code === 'totpRequired') {
        // The password was right; a kept device token (if any) was not accepted any more.
        trustedDevice.forget(accountId.trim());
        setStep('code');
        return;
      }
      const key = caught instanceof BoApiError ? LOGIN_MESSAGES[caught.code] : undefined;
      setError(t(key ?? (caught instanceof BoApiError ? 'errors.loginFailed' : 'errors.generic')));
      if (caught instanceof BoApiError && caught.code === 'invalidTotp') setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login panel">
      <h1>{t('app.title')}</h1>
      <form onSubmit={(event) => void submit(event)}>
        {step === 'password' ? (
          <>
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
          </>
        ) : (
          <>
            <p className="muted">
              {t(useRecovery ? 'login.recoveryHint' : 'login.codeHint', { login: accountId.trim() })}
            </p>
            <label>
              {t(useRecovery ? 'login.recoveryCode' : 'login.code')}
              <input
                data-testid="bo-login-code"
                autoComplete="one-time-code"
                inputMode={useRecovery ? 'text' : 'numeric'}
                maxLength={useRecovery ? 20 : 6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </label>
            <label className="inline">
              <input
                data-testid="bo-login-trust"
                type="checkbox"
                checked={trust}
                onChange={(event) => setTrust(event.target.checked)}
              />
              {t('login.trustDevice')}
            </label>
            <button
              className="link"
              type="button"
              data-testid="bo-login-recovery"
              onClick={() => {
                setUseRecovery(!useRecovery);
                setCode('');
              }}
            >
              {t(useRecovery ? 'login.useAuthenticator' : 'login.useRecovery')}
            </button>
          </>
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button data-testid="bo-login-submit" className="primary" type="submit" disabled={busy}>
          {t(step === 'code' ? 'login.verify' : 'login.submit')}
        </button>
      </form>
      <LanguagePicker />
    </div>
  );
}
