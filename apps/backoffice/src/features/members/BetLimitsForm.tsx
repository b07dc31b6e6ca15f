import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAmount } from '../../shared/money';

/** Limit ids the server knows: a sport ('0' every sport without its own row, '1' soccer) or a bet type. */
export const LIMIT_IDS = ['0', '1', 'parlay', 'sysparlay', 'mmo'] as const;

export interface LimitInput {
  id: string;
  min: string;
  max: string;
  max_payout: string;
  max_per_match?: string;
}

/** The form's values as the call's limit, or the reason it is not one (min <= max <= max payout). */
export function limitOf(values: LimitInput): LimitInput | 'amount' | 'order' {
  const amounts = [values.min, values.max, values.max_payout, values.max_per_match || '0'];
  if (!amounts.every((value) => isAmount(value))) return 'amount';
  if (Number(values.max) < Number(values.min) || Number(values.max_payout) < Number(values.max))
    return 'order';
  const limit: LimitInput = {
    id: values.id,
    min: values.min,
    max: values.max,
    max_payout: values.max_payout,
  };
  if (values.max_per_match) limit.max_per_match = values.max_per_match;
  return limit;
}

/** One row of a member's bet limits (inside the parent's; the server refuses more). */
export function BetLimitsForm({ onSave }: { onSave: (limit: LimitInput | 'amount' | 'order') => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LimitInput>({
    id: '0',
    min: '',
    max: '',
    max_payout: '',
    max_per_match: '',
  });
  const field = (name: keyof LimitInput, label: string) => (
    <label>
      {label}
      <input
        inputMode="decimal"
        data-testid={`bo-limit-${name}`}
        value={values[name] ?? ''}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
    </label>
  );
  return (
    <fieldset className="row">
      <legend>{t('edit.limits')}</legend>
      <label>
        {t('edit.limitId')}
        <select value={values.id} onChange={(event) => setValues({ ...values, id: event.target.value })}>
          {LIMIT_IDS.map((id) => (
            <option key={id} value={id}>
              {t(`limitIds.${id}`)}
            </option>
          ))}
        </select>
      </label>
      {field('min', t('edit.min'))}
      {field('max', t('edit.max'))}
      {field('max_payout', t('edit.maxPayout'))}
      {field('max_per_match', t('edit.maxPerMatch'))}
      <button type="button" data-testid="bo-limit-save" onClick={() => onSave(limitOf(values))}>
        {t('edit.setLimits')}
      </button>
    </fieldset>
  );
}
