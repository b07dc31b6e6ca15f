import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { BoApiError, boPost } from '../../shared/api';
import { useSession } from '../../shared/session';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Setting up the second factor at the first sign-in: scan the QR code (or type the seed) into an authenticator,
 * confirm with its first code, keep the ten recovery codes shown once. Until then nothing else answers.
 */
export function EnrolScreen() {
  const token = useSession((s) => s.token);
  return token ? <Enrolment /> : <Navigate to="/login" replace />;
}

function Enrolment() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completeEnrolment = useSession((s) => s.completeEnrolment);
  const [code, setCode] = useState('');
  const [qr, setQr] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const enrol = useQuery({
    queryKey: ['bo', 'enrol'],
    queryFn: () => boPost('bo_2fa_enrol', {}),
    staleTime: Infinity,
    retry: false,
  });
  const url = enrol.data?.otpauth_url;
  useEffect(() => {
    if (!url) return;
    let live = true;
    void QRCode.toDataURL(url, { margin: 1, width: 220 }).then((data) => live && setQr(data));
    return () => {
      live = false;
    };
  }, [url]);
  const confirm = useMutation({
    mutationFn: (value: string) => boPost('bo_2fa_confirm', { code: value }),
    onSuccess: (reply) => setCodes(reply.recovery_codes),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{6}$/.test(code.trim())) confirm.mutate(code.trim());
  };

  if (codes)
    return (
      <section className="panel" data-testid="bo-enrol-done">
        <h1>{t('security.enrolled')}</h1>
        <RecoveryCodes codes={codes} />
        <button
          className="primary"
          type="button"
          data-testid="bo-enrol-continue"
          onClick={() => {
            completeEnrolment();
            void navigate('/', { replace: true });
          }}
        >
          {t('security.savedContinue')}
        </button>
      </section>
    );
  return (
    <section className="panel">
      <h1>{t('security.enrolTitle')}</h1>
      <p>{t('security.enrolHint')}</p>
      {enrol.isError && (
        <p role="alert" className="error">
          {enrol.error instanceof BoApiError && enrol.error.code === 'secondFactorEnrolled'
            ? t('security.alreadyEnrolled')
            : t('errors.generic')}
        </p>
      )}
      {qr && <img src={qr} width={220} height={220} alt={t('security.qrAlt')} data-testid="bo-enrol-qr" />}
      {enrol.data && (
        <p>
          {t('security.seed')} <code data-testid="bo-enrol-secret">{enrol.data.secret}</code>
        </p>
      )}
      <form onSubmit={submit}>
        <label>
          {t('login.code')}
          <input
            data-testid="bo-enrol-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </label>
        {confirm.isError && (
          <p role="alert" className="error">
            {t('login.invalidCode')}
          </p>
        )}
        <button className="primary" type="submit" data-testid="bo-enrol-confirm" disabled={confirm.isPending}>
          {t('security.confirm')}
        </button>
      </form>
    </section>
  );
}
