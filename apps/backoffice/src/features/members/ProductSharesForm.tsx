import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCTS } from '@sb/contract';
import { boPost } from '../../shared/api';
import { NoticeLine, useNotice } from '../../shared/notice';
import { rateFromPercent } from '../../shared/money';

type Product = (typeof PRODUCTS)[number];

/** A stored rate (0 to 1) as the percentage a person reads: '0.0025' -> '0.25'. */
export const percentOf = (rate: string | null): string =>
  rate === null ? '' : String(Number((Number(rate) * 100).toFixed(4)));

/**
 * Position taking and commission per product (sportsbook, casino, games) of one downline account, and a
 * preset of the caller's to apply to it. Members take no position: their share column is not shown.
 */
export function ProductSharesForm({ accountId, isMember }: { accountId: string; isMember: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { notice, done, refuse, failed } = useNotice();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [preset, setPreset] = useState('');
  const products = useQuery({
    queryKey: ['bo', 'products', accountId],
    queryFn: () => boPost('bo_products', { account_id: accountId }),
  });
  const presets = useQuery({
    queryKey: ['bo', 'presetlist'],
    queryFn: () => boPost('bo_presetlist', {}),
  });
  const run = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: async () => {
      done(t('edit.saved'));
      setEdits({});
      await client.invalidateQueries({ queryKey: ['bo', 'products', accountId] });
    },
    onError: failed,
  });

  const save = () => {
    const settings: { product: Product; pt_share?: string; commission_rate?: string }[] = [];
    for (const product of PRODUCTS) {
      const share = edits[`${product}.share`];
      const commission = edits[`${product}.commission`];
      const setting: { product: Product; pt_share?: string; commission_rate?: string } = { product };
      if (share !== undefined && share !== '') {
        const value = rateFromPercent(share);
        if (value === null) return refuse(t('members.badRate'));
        setting.pt_share = value;
      }
      if (commission !== undefined && commission !== '') {
        const value = rateFromPercent(commission);
        if (value === null) return refuse(t('members.badRate'));
        setting.commission_rate = value;
      }
      if (setting.pt_share !== undefined || setting.commission_rate !== undefined) settings.push(setting);
    }
    if (settings.length === 0) return refuse(t('products.nothing'));
    run.mutate(() => boPost('bo_setproducts', { account_id: accountId, settings }));
  };
  const rows = products.data?.products ?? [];

  return (
    <div className="panel" data-testid="bo-products">
      <h3>{t('products.title')}</h3>
      <table>
        <thead>
          <tr>
            <th>{t('products.product')}</th>
            {!isMember && <th>{t('members.sharePercent')}</th>}
            <th>{t('members.commissionPercent')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.product}>
              <td>{t(`products.names.${row.product}`)}</td>
              {!isMember && (
                <td>
                  <input
                    data-testid={`bo-product-${row.product}-share`}
                    inputMode="decimal"
                    placeholder={percentOf(row.pt_share)}
                    value={edits[`${row.product}.share`] ?? ''}
                    onChange={(e) => setEdits({ ...edits, [`${row.product}.share`]: e.target.value })}
                  />
                </td>
              )}
              <td>
                <input
                  data-testid={`bo-product-${row.product}-commission`}
                  inputMode="decimal"
                  placeholder={percentOf(row.commission_rate)}
                  value={edits[`${row.product}.commission`] ?? ''}
                  onChange={(e) => setEdits({ ...edits, [`${row.product}.commission`]: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row">
        <button type="button" data-testid="bo-products-save" onClick={save}>
          {t('products.save')}
        </button>
        <label>
          {t('products.preset')}
          <select data-testid="bo-products-preset" value={preset} onChange={(e) => setPreset(e.target.value)}>
            <option value="">{t('products.choosePreset')}</option>
            {(presets.data?.presets ?? []).map((item) => (
              <option key={item.name} value={item.name}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          data-testid="bo-products-apply"
          disabled={!preset}
          onClick={() => run.mutate(() => boPost('bo_presetapply', { account_id: accountId, name: preset }))}
        >
          {t('products.apply')}
        </button>
      </div>
      <NoticeLine notice={notice} testId="bo-products-notice" />
    </div>
  );
}
