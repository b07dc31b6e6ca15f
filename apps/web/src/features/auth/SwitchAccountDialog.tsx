import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateLogin } from '@sb/domain';
import { describeError } from '../../shared/api/errors';
import { queryClient } from '../../shared/api/queryClient';
import { requestLogin, startSession } from './api';
import styles from './auth.module.css';

/** Switch-account login (switchlogin): the new account's session replaces the current one. */
export function SwitchAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return setMessage(t('login.pending'));
    const invalid = validateLogin({ username: username.trim(), password });
    if (invalid)
      return setMessage(
        t(invalid.params.field === 'username' ? 'login.usernameRequired' : 'login.passwordRequired'),
      );
    inFlight.current = true;
    setPending(true);
    try {
      const profile = await requestLogin('switchlogin', username.trim(), password);
      // Nothing of the previous account may show under the new one.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'version' });
      startSession(profile);
      onClose();
    } catch (error) {
      setMessage(describeError(t, error));
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };

  return (
    <div
      className="sb-overlay"
      role="presentation"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <form
        className="sb-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => void submit(event)}
        noValidate
        data-testid="switch-account-dialog"
      >
        <h2 id={`${id}-title`} className="sb-dialog__title">
          {t('switchAccount.title')}
        </h2>
        <p className="sb-muted">{t('switchAccount.description')}</p>
        <label className="sb-field">
          <span className="sb-field__label">{t('login.username')}</span>
          <input
            className="sb-input"
            autoFocus
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            data-testid="switch-username"
          />
        </label>
        <label className="sb-field">
          <span className="sb-field__label">{t('login.password')}</span>
          <input
            className="sb-input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-testid="switch-password"
          />
        </label>
        <p className={styles.message} role="alert">
          {message}
        </p>
        <div className="sb-dialog__actions">
          <button type="button" className="sb-btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="sb-btn sb-btn--primary"
            aria-busy={pending}
            data-testid="switch-submit"
          >
            {pending ? t('login.pending') : t('switchAccount.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
