import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_PERMISSIONS, type CallReply, type CallRequest, type StaffPermission } from '@sb/contract';
import { boPost } from '../../shared/api';
import { NoticeLine, useNotice } from '../../shared/notice';
import { isOperator, useSession } from '../../shared/session';

type StaffRow = CallReply<'bo_staff_list'>['staff'][number];

/** Flags this account may give: trading is the operator desk's only (the server refuses it to others). */
export const grantable = (operator: boolean): readonly StaffPermission[] =>
  operator ? STAFF_PERMISSIONS : STAFF_PERMISSIONS.filter((p) => p !== 'trading');

/**
 * Staff sub-accounts of the signed-in account (`<login>Sub01`...): create with rights, change rights, close,
 * unlock, reset the second factor. A sub-account never sees this screen (it cannot grant rights).
 */
export function StaffScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { accountId, level } = useSession();
  const flags = grantable(isOperator(level));
  const [suffix, setSuffix] = useState('01');
  const [password, setPassword] = useState('');
  const [chosen, setChosen] = useState<StaffPermission[]>([]);
  const { notice, done, failed } = useNotice();
  const list = useQuery({
    queryKey: ['bo', 'staff'],
    queryFn: () => boPost('bo_staff_list', {}),
  });
  const save = useMutation({
    mutationFn: (body: CallRequest<'bo_staff_save'>) => boPost('bo_staff_save', body),
    onSuccess: (reply) => {
      done(t('staff.saved', { login: reply.staff.login_id }));
      setPassword('');
      void client.invalidateQueries({ queryKey: ['bo', 'staff'] });
    },
    onError: failed,
  });
  const create = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ login_id: `${accountId ?? ''}Sub${suffix}`, password, permissions: chosen });
  };
  const toggle = (row: StaffRow, permission: StaffPermission) =>
    save.mutate({
      login_id: row.login_id,
      permissions: row.permissions.includes(permission)
        ? row.permissions.filter((p) => p !== permission)
        : [...row.permissions, permission],
    });

  return (
    <>
      <h1>{t('staff.title')}</h1>
      <NoticeLine notice={notice} />
      <form className="panel" onSubmit={create}>
        <h2>{t('staff.create')}</h2>
        <div className="row">
          <label>
            {t('staff.login')}
            <span>
              {accountId}Sub
              <select
                data-testid="bo-staff-suffix"
                value={suffix}
                onChange={(e) => setSuffix(e.target.value)}
              >
                {Array.from({ length: 99 }, (_, i) => String(i + 1).padStart(2, '0')).map((n) => (
                  <option key={n}>{n}</option>
                ))}
              </select>
            </span>
          </label>
          <label>
            {t('login.password')}
            <input
              data-testid="bo-staff-password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
        </div>
        <p className="muted">{t('staff.passwordRule')}</p>
        <fieldset>
          <legend>{t('staff.rights')}</legend>
          {flags.map((permission) => (
            <label key={permission} className="inline">
              <input
                type="checkbox"
                data-testid={`bo-staff-right-${permission}`}
                checked={chosen.includes(permission)}
                onChange={() =>
                  setChosen(
                    chosen.includes(permission)
                      ? chosen.filter((p) => p !== permission)
                      : [...chosen, permission],
                  )
                }
              />
              {t(`staff.permissions.${permission}`)}
            </label>
          ))}
        </fieldset>
        <button className="primary" type="submit" data-testid="bo-staff-create" disabled={save.isPending}>
          {t('staff.createSubmit')}
        </button>
      </form>
      <div className="table-wrap panel">
        <table>
          <thead>
            <tr>
              <th>{t('staff.login')}</th>
              {flags.map((permission) => (
                <th key={permission}>{t(`staff.permissions.${permission}`)}</th>
              ))}
              <th>{t('staff.state')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.data?.staff.map((row) => (
              <tr key={row.login_id} data-testid="bo-staff-row">
                <td>
                  {row.login_id}
                  {row.locked && <span className="error"> · {t('staff.locked')}</span>}
                  {!row.second_factor && <span className="muted"> · {t('staff.noSecondFactor')}</span>}
                </td>
                {flags.map((permission) => (
                  <td key={permission}>
                    <input
                      type="checkbox"
                      aria-label={`${row.login_id} ${t(`staff.permissions.${permission}`)}`}
                      checked={row.permissions.includes(permission)}
                      onChange={() => toggle(row, permission)}
                    />
                  </td>
                ))}
                <td>{t(`states.${row.state}`)}</td>
                <td>
                  <button
                    type="button"
                    className="link"
                    onClick={() =>
                      save.mutate({
                        login_id: row.login_id,
                        state: row.state === 'active' ? 'closed' : 'active',
                      })
                    }
                  >
                    {t(row.state === 'active' ? 'staff.close' : 'staff.open')}
                  </button>
                  {row.locked && (
                    <button
                      type="button"
                      className="link"
                      onClick={() => save.mutate({ login_id: row.login_id, unlock: true })}
                    >
                      {t('staff.unlock')}
                    </button>
                  )}
                  {row.second_factor && (
                    <button
                      type="button"
                      className="link"
                      onClick={() => save.mutate({ login_id: row.login_id, reset_second_factor: true })}
                    >
                      {t('staff.reset2fa')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
