import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateNickname } from '@sb/domain';
import { describeError } from '../../shared/api/errors';
import { useSession } from '../../shared/session/store';
import { NICKNAME_LIMITS, validationText } from '../../shared/validate';
import { addNickname } from './api';
import styles from './settings.module.css';

/** The one-time nickname: 6 to 15 letters or digits; once set it is shown, never edited. */
export function NicknameForm() {
  const { t } = useTranslation();
  const id = useId();
  const info = useSession((state) => state.account?.info);
  const patchInfo = useSession((state) => state.patchInfo);
  const [nickname, setNickname] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState('');
  const mutation = useMutation({ mutationFn: addNickname, meta: { errorDialog: false } });

  if (info?.has_secondary_account) {
    return (
      <section className={styles.section} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.legend}>
          {t('settings.nickname')}
        </h2>
        <p data-testid="nickname-value">
          <strong>{info.nickname}</strong>
        </p>
        <p className="sb-muted">{t('settings.nicknameLocked')}</p>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = nickname.trim();
    const invalid = validateNickname(value);
    if (invalid) {
      setProblem(validationText(t, invalid, { nickname: t('settings.nickname') }));
      return;
    }
    if (!confirming) {
      setProblem('');
      setConfirming(true);
      return;
    }
    try {
      await mutation.mutateAsync(value);
      patchInfo({ nickname: value, has_secondary_account: true });
    } catch (error) {
      setConfirming(false);
      setProblem(describeError(t, error));
    }
  };

  return (
    <form
      className={styles.section}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className={styles.legend}>
        {t('settings.nickname')}
      </h2>
      <p className="sb-muted">{t('validation.nicknameRule', NICKNAME_LIMITS)}</p>
      <label className="sb-field">
        <span className="sb-field__label">{t('settings.nickname')}</span>
        <input
          className="sb-input"
          value={nickname}
          maxLength={NICKNAME_LIMITS.max}
          autoComplete="off"
          onChange={(event) => {
            setNickname(event.target.value);
            setConfirming(false);
          }}
          aria-invalid={problem !== ''}
          aria-describedby={`${id}-message`}
          data-testid="nickname-input"
        />
      </label>
      <p id={`${id}-message`} className={styles.error} role="alert">
        {problem}
      </p>
      {confirming && (
        <p className="sb-notice sb-notice--warning" role="status" data-testid="nickname-confirm-text">
          {t('settings.nicknameConfirm', { nickname: nickname.trim() })}
        </p>
      )}
      <div className={styles.buttons}>
        {confirming && (
          <button type="button" className="sb-btn" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
        )}
        <button
          type="submit"
          className="sb-btn sb-btn--primary"
          aria-busy={mutation.isPending}
          data-testid="nickname-save"
        >
          {confirming ? t('common.confirm') : t('settings.setNickname')}
        </button>
      </div>
    </form>
  );
}
