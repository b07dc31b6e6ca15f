import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCTS } from '@sb/contract';
import { boPost } from '../../shared/api';
import { NoticeLine, useNotice } from '../../shared/notice';
import { rateFromPercent } from '../../shared/money';

type Product = (typeof PRODUCTS)[number];
type Setting = { product: Product; pt_share?: string; commission_rate?: string };

const percent = (rate: string | undefined) =>
  rate === undefined ? '–' : `${String(Number((Number(rate) * 100).toFixed(4)))}%`;

/** The settings typed as percentages, or the first bad field; products left empty are not in the preset. */
export function settingsFrom(edits: Record<string, string>): Setting[] | null {
  const settings: Setting[] = [];
  for (const product of PRODUCTS) {
    const setting: Setting = { product };
    for (const [field, key] of [
      ['pt_share', 'share'],
      ['commission_rate', 'commission'],
    ] as const) {
      const text = edits[`${product}.${key}`]?.trim() ?? '';
      if (text === '') continue;
      const rate = rateFromPercent(text);
      if (rate === null) return null;
      setting[field] = rate;
    }
    if (setting.pt_share !== undefined || setting.commission_rate !== undefined) settings.push(setting);
  }
  return settings;
}

/** An upline's presets: named per-product PT/commission templates it applies to its downline. */
export function PresetsScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { notice, done, refuse, failed } = useNotice();
  const [name, setName] = useState('');
  const [edits, setEdits] = useState<Record<string, string>>({});
  const list = useQuery({
    queryKey: ['bo', 'presetlist'],
    queryFn: () => boPost('bo_presetlist', {}),
  });
  const run = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: async () => {
      done(t('edit.saved'));
      await client.invalidateQueries({ queryKey: ['bo', 'presetlist'] });
    },
    onError: failed,
  });
  const save = () => {
    const settings = settingsFrom(edits);
    if (settings === null) return refuse(t('members.badRate'));
    if (!name.trim() || settings.length === 0) return refuse(t('products.nothing'));
    run.mutate(() => boPost('bo_presetsave', { name: name.trim(), settings }));
  };
  const presets = list.data?.presets ?? [];

  return (
    <section className="panel" aria-label={t('presets.title')}>
      <h2>{t('presets.title')}</h2>
      {presets.length === 0 && <p className="muted">{t('presets.none')}</p>}
      <ul>
        {presets.map((preset) => (
          <li key={preset.name} data-testid={`bo-preset-${preset.name}`}>
            <strong>{preset.name}</strong>{' '}
            {preset.settings
              .map(
                (s) =>
                  `${t(`products.names.${s.product}`)}: ${percent(s.pt_share)} / ${percent(s.commission_rate)}`,
              )
              .join(' · ')}{' '}
            <button
              type="button"
              className="link"
              onClick={() => run.mutate(() => boPost('bo_presetdelete', { name: preset.name }))}
            >
              {t('presets.delete')}
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <label>
          {t('presets.name')}
          <input data-testid="bo-preset-name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
      </div>
      {PRODUCTS.map((product) => (
        <div className="row" key={product}>
          <span>{t(`products.names.${product}`)}</span>
          {(['share', 'commission'] as const).map((key) => (
            <label key={key}>
              {t(key === 'share' ? 'members.sharePercent' : 'members.commissionPercent')}
              <input
                data-testid={`bo-preset-${product}-${key}`}
                inputMode="decimal"
                value={edits[`${product}.${key}`] ?? ''}
                onChange={(e) => setEdits({ ...edits, [`${product}.${key}`]: e.target.value })}
              />
            </label>
          ))}
        </div>
      ))}
      <button type="button" data-testid="bo-preset-save" onClick={save}>
        {t('presets.save')}
      </button>
      <NoticeLine notice={notice} testId="bo-presets-notice" />
    </section>
  );
}
