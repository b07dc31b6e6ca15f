import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../shared/api/errors';
import { PASSWORD_MAX, PASSWORD_MIN, validatePassword } from '../../shared/validate';
import { changePassword } from './api';
import styles from './settings.module.css';

type Field = 'current' | 'next' | 'confirm';

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
    for (const field of ['current', 'next', 'confirm'] as const) {
      if (!values[field])
        return setProblem({ field, text: t('validation.required', { field: labels[field] }) });
    }
    const invalid = validatePassword(values.next);
    if (invalid) {
      return setProblem({
        field: 'next',
        text: t(invalid, { field: labels.next, min: PASSWORD_MIN, max: PASSWORD_MAX }),
      });
    }
    if (values.next !== values.confirm)
      return setProblem({ field: 'confirm', text: t('validation.passwordsMismatch') });
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
      <p className="sb-muted">{t('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX })}</p>
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
