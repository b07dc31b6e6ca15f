import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateChangePassword } from '@sb/domain';
import { describeError } from '../../shared/api/errors';
import { PASSWORD_LIMITS, validationText } from '../../shared/validate';
import { changePassword } from './api';
import styles from './settings.module.css';

type Field = 'current' | 'next' | 'confirm';

/** The domain's field names (validateChangePassword) to the form's. */
const FIELD_OF: Readonly<Record<string, Field>> = {
  currentPassword: 'current',
  newPassword: 'next',
  confirmPassword: 'confirm',
};

/** Change password: current, new and confirm, all required; new is 6 to 10 characters, case sensitive. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirm: '' });
  const [problem, setProblem] = useState<{ field?: Field; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const mutation = useMutation({
    mutationFn: () => changePassword(values.current, values.next, values.confirm),
    meta: { errorDialog: false },
  });

  const labels: Record<Field, string> = {
    current: t('password.current'),
    next: t('password.new'),
    confirm: t('password.confirm'),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    // The domain's order: current required; new required, 6-10 characters, not the current; confirm matches.
    const invalid = validateChangePassword(values);
    if (invalid) {
      const field = FIELD_OF[String(invalid.params.field)];
      return setProblem({
        field,
        text: validationText(t, invalid, {
          currentPassword: labels.current,
          newPassword: labels.next,
          confirmPassword: labels.confirm,
        }),
      });
    }
    try {
      await mutation.mutateAsync();
      setProblem(null);
      setValues({ current: '', next: '', confirm: '' });
      setDone(true);
    } catch (error) {
      setProblem({ text: describeError(t, error) });
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
        {t('password.title')}
      </h2>
      <p className="sb-muted">{t('validation.passwordLength', PASSWORD_LIMITS)}</p>
      <div className={styles.grid}>
        {(['current', 'next', 'confirm'] as const).map((field) => (
          <label key={field} className="sb-field">
            <span className="sb-field__label">{labels[field]}</span>
            <input
              className="sb-input"
              type="password"
              autoComplete={field === 'current' ? 'current-password' : 'new-password'}
              value={values[field]}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              aria-invalid={problem?.field === field}
              aria-describedby={`${id}-message`}
              data-testid={`password-${field}`}
            />
          </label>
        ))}
      </div>
      <p
        id={`${id}-message`}
        className={problem ? styles.error : styles.ok}
        role={problem ? 'alert' : 'status'}
        data-testid="password-message"
      >
        {problem?.text ?? (done ? t('password.changed') : '')}
      </p>
      <div className={styles.buttons}>
        <button
          type="submit"
          className="sb-btn sb-btn--primary"
          aria-busy={mutation.isPending}
          data-testid="password-save"
        >
          {t('password.submit')}
        </button>
      </div>
    </form>
  );
}
