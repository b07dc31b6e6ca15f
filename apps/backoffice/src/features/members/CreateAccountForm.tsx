import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENCIES, MEMBER_TYPES, type CallRequest } from '@sb/contract';
import { BoApiError, boPost } from '../../shared/api';
import { rateFromPercent } from '../../shared/money';
import { useSession } from '../../shared/session';

/** A new downline account under `parentId` (its level is the one below the parent's, decided by the server). */
export function CreateAccountForm({ parentId, onDone }: { parentId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState({
    account_id: '',
    password: '',
    parent_id: parentId,
    commission: '',
    share: '',
    currency: 'MYR',
    member_type: 'credit',
    prefix: '',
    preset: '',
  });
  const [error, setError] = useState<string | null>(null);
  const self = useSession((state) => state.accountId);
  const me = useQuery({
    queryKey: ['bo', 'me'],
    queryFn: () => boPost('bo_me', {}),
  });
  // The caller's presets: per-product position taking and commission the new account starts with.
  const presets = useQuery({
    queryKey: ['bo', 'presetlist'],
    queryFn: () => boPost('bo_presetlist', {}),
  });
  // Under the caller itself, its downline prefix is fixed in front of the login: only the rest is typed.
  const underSelf = !form.parent_id.trim() || form.parent_id.trim().toLowerCase() === self?.toLowerCase();
  const prefix = underSelf ? (me.data?.downline_prefix ?? '') : '';
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });

  const create = useMutation({
    mutationFn: (body: CallRequest<'bo_createaccount'>) => boPost('bo_createaccount', body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['bo', 'memberlist'] });
      onDone();
    },
    onError: (caught) =>
      setError(
        !(caught instanceof BoApiError)
          ? t('errors.generic')
          : caught.code === 'loginPrefix'
            ? t('members.loginPrefix')
            : t('errors.code', { code: caught.code }),
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!form.account_id.trim() || !form.password) return setError(t('login.required'));
    const commission = form.commission ? rateFromPercent(form.commission) : undefined;
    const share = form.share ? rateFromPercent(form.share) : undefined;
    if (commission === null || share === null) return setError(t('members.badRate'));
    create.mutate({
      account_id: `${prefix}${form.account_id.trim()}`,
      password: form.password,
      parent_id: form.parent_id.trim() || undefined,
      commission_rate: commission,
      pt_share: share,
      currency: form.currency as (typeof CURRENCIES)[number],
      member_type: form.member_type as (typeof MEMBER_TYPES)[number],
      ...(form.prefix.trim() ? { downline_prefix: form.prefix.trim() } : {}),
      ...(form.preset ? { preset: form.preset } : {}),
    });
  };

  return (
    <form className="panel" onSubmit={submit} aria-label={t('members.create')}>
      <h2>{t('members.create')}</h2>
      <div className="row">
        <label>
          {t('members.parent')}
          <input data-testid="bo-create-parent" value={form.parent_id} onChange={set('parent_id')} />
        </label>
        <label>
          {t('login.account')}
          <span className="row">
            {prefix && <strong data-testid="bo-create-fixed-prefix">{prefix}</strong>}
            <input data-testid="bo-create-account" value={form.account_id} onChange={set('account_id')} />
          </span>
        </label>
        <label>
          {t('login.password')}
          <input
            data-testid="bo-create-password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
          />
        </label>
        <label>
          {t('members.commissionPercent')}
          <input
            data-testid="bo-create-commission"
            inputMode="decimal"
            value={form.commission}
            onChange={set('commission')}
          />
        </label>
        <label>
          {t('members.sharePercent')}
          <input
            data-testid="bo-create-share"
            inputMode="decimal"
            value={form.share}
            onChange={set('share')}
          />
        </label>
        <label>
          {t('members.downlinePrefix')}
          <input data-testid="bo-create-prefix" value={form.prefix} maxLength={12} onChange={set('prefix')} />
        </label>
        <label>
          {t('members.preset')}
          <select data-testid="bo-create-preset" value={form.preset} onChange={set('preset')}>
            <option value="">{t('members.noPreset')}</option>
            {(presets.data?.presets ?? []).map((preset) => (
              <option key={preset.name} value={preset.name}>
                {preset.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('members.currency')}
          <select value={form.currency} onChange={set('currency')}>
            {CURRENCIES.map((currency) => (
              <option key={currency}>{currency}</option>
            ))}
          </select>
        </label>
        <label>
          {t('members.memberType')}
          <select data-testid="bo-create-type" value={form.member_type} onChange={set('member_type')}>
            {MEMBER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`memberTypes.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <button data-testid="bo-create-submit" className="primary" type="submit" disabled={create.isPending}>
          {t('members.createSubmit')}
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
