import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BoApiError, boPost } from '../../shared/api';
import { RecoveryCodes } from './RecoveryCodes';

/** The signed-in login's second factor: trusted devices (revocable) and new recovery codes. */
export function SecurityScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const me = useQuery({
    queryKey: ['bo', 'me'],
    queryFn: () => boPost('bo_me', {}),
  });
  const devices = useQuery({
    queryKey: ['bo', 'devices'],
    queryFn: () => boPost('bo_2fa_devices', {}),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => boPost('bo_2fa_revokedevice', { id }),
    onSuccess: (reply) => client.setQueryData(['bo', 'devices'], reply),
  });
  const regenerate = useMutation({
    mutationFn: (value: string) => boPost('bo_2fa_recovery', { code: value }),
    onSuccess: (reply) => {
      setCodes(reply.recovery_codes);
      setCode('');
      void client.invalidateQueries({ queryKey: ['bo', 'me'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{6}$/.test(code.trim())) regenerate.mutate(code.trim());
  };

  return (
    <>
      <h1>{t('security.title')}</h1>
      {me.data && (
        <p data-testid="bo-security-summary">
          {t('security.summary', { login: me.data.login, left: me.data.recovery_codes_left })}
        </p>
      )}
      <section className="panel">
        <h2>{t('security.devices')}</h2>
        {devices.data?.devices.length === 0 && <p className="muted">{t('security.noDevices')}</p>}
        <div className="table-wrap">
          <table>
            <tbody>
              {devices.data?.devices.map((device) => (
                <tr key={device.id} data-testid="bo-device-row">
                  <td>{device.label}</td>
                  <td>
                    {t('security.lastUsed', { at: (device.last_used_at ?? device.created_at).slice(0, 16) })}
                  </td>
                  <td>{t('security.expires', { at: device.expires_at.slice(0, 10) })}</td>
                  <td>
                    <button type="button" className="link" onClick={() => revoke.mutate(device.id)}>
                      {t('security.revoke')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <form className="panel" onSubmit={submit}>
        <h2>{t('security.newCodes')}</h2>
        <label>
          {t('login.code')}
          <input
            data-testid="bo-security-code"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </label>
        {regenerate.isError && (
          <p role="alert" className="error">
            {regenerate.error instanceof BoApiError && regenerate.error.code === 'invalidTotp'
              ? t('login.invalidCode')
              : t('errors.generic')}
          </p>
        )}
        <button className="primary" type="submit" disabled={regenerate.isPending}>
          {t('security.generate')}
        </button>
        {codes && <RecoveryCodes codes={codes} />}
      </form>
    </>
  );
}
