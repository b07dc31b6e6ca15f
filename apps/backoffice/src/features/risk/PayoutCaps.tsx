import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CURRENCIES } from '@sb/contract';
import { BoApiError, boPost } from '../../shared/api';
import { formatMoney, isAmount } from '../../shared/money';

/** The per-day payout caps per sport (0 = every sport without its own row) and currency. */
export function PayoutCaps() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState({ sport: '0', currency: 'MYR', cap: '' });
  const [error, setError] = useState<string | null>(null);
  const caps = useQuery({
    queryKey: ['bo', 'payoutcaps'],
    queryFn: () => boPost('trade_payoutcaps', {}),
  });
  const save = useMutation({
    mutationFn: () =>
      boPost('trade_setpayoutcap', {
        sport_id: Number(form.sport),
        currency: form.currency as (typeof CURRENCIES)[number],
        cap: form.cap.trim(),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['bo', 'payoutcaps'] }),
    onError: (caught) =>
      setError(caught instanceof BoApiError ? t('errors.code', { code: caught.code }) : t('errors.generic')),
  });
  const submit = () => {
    setError(null);
    if (!/^\d{1,6}$/.test(form.sport) || !isAmount(form.cap)) return setError(t('edit.badAmount'));
    save.mutate();
  };
  return (
    <section className="panel">
      <h2>{t('risk.payoutCaps')}</h2>
      <div className="row">
        <label>
          {t('risk.sportId')}
          <input
            inputMode="numeric"
            data-testid="bo-cap-sport"
            value={form.sport}
            onChange={(e) => setForm({ ...form, sport: e.target.value })}
          />
        </label>
        <label>
          {t('members.currency')}
          <select value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value })}>
            {CURRENCIES.map((currency) => (
              <option key={currency}>{currency}</option>
            ))}
          </select>
        </label>
        <label>
          {t('risk.cap')}
          <input
            inputMode="decimal"
            data-testid="bo-cap-amount"
            value={form.cap}
            onChange={(e) => setForm({ ...form, cap: e.target.value })}
          />
        </label>
        <button type="button" data-testid="bo-cap-save" onClick={submit}>
          {t('risk.setCap')}
        </button>
      </div>
      {error && <p className="error">{error}</p>}
      <table data-testid="bo-caps">
        <tbody>
          {caps.data?.caps.map((cap) => (
            <tr key={`${cap.sport_id}-${cap.currency}`}>
              <td>{cap.sport_id === 0 ? t('limitIds.0') : `#${cap.sport_id}`}</td>
              <td>{cap.currency}</td>
              <td className="num">{formatMoney(cap.cap)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
