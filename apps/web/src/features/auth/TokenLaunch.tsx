import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/api/errors';
import { requestLaunch, startSession } from './api';
import styles from './auth.module.css';

/** Launch by token (`/?token=...`): logs in once with the operator's token, then reports back. */
export function TokenLaunch({ token, onFinished }: { token: string; onFinished: (ok: boolean) => void }) {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  const finished = useRef(onFinished);
  useEffect(() => {
    finished.current = onFinished;
  });

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice; the token is single-use
    started.current = true;
    requestLaunch(token)
      .then((profile) => {
        startSession(profile);
        finished.current(true);
      })
      .catch((cause: unknown) => setError(cause));
  }, [token]);

  if (error) {
    return (
      <div className={styles.launch} role="alert" data-testid="launch-error">
        <p>{describeError(t, error)}</p>
        <button type="button" className="sb-btn" onClick={() => finished.current(false)}>
          {t('common.ok')}
        </button>
      </div>
    );
  }
  return (
    <div className={styles.launch} role="status" aria-live="polite" data-testid="launch-pending">
      <span className="sb-spinner" aria-hidden="true" />
      {t('login.launching')}
    </div>
  );
}
