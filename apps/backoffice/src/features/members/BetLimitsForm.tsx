import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { CallReply } from '@sb/contract';
import { boPost } from '../../shared/api';
import { isAmount } from '../../shared/money';

/** Limit ids the server knows: a sport ('0' every sport without its own row, '1' soccer) or a bet type. */
export const LIMIT_IDS = ['0', '1', '2', '3', '5', '162', 'parlay', 'sysparlay', 'mmo', 'outright'] as const;

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

type LimitView = CallReply<'bo_betlimits'>['limits'][number];
type CeilingView = CallReply<'bo_betlimits'>['ceiling'][number];

/** The account's limit for `id` as the form's values (empty when it has none). */
export function valuesOf(id: string, limit: LimitView | undefined): LimitInput {
  return {
    id,
    min: limit?.min ?? '',
    max: limit?.max ?? '',
    max_payout: limit?.max_payout ?? '',
    max_per_match: limit?.max_per_match ?? '',
  };
}

/** The parent's bound beside a field: the floor for the min bet, the ceiling for every maximum. */
function boundOf(ceiling: CeilingView | undefined, name: keyof LimitInput): string | null {
  if (!ceiling || name === 'id') return null;
  return ceiling[name] ?? null;
}

/**
 * One row of a downline account's bet limits (a member's in its currency, an upline level's in MYR), filled
 * with its current values, the parent's bound beside each field (the server refuses more).
 */
export function BetLimitsForm({
  accountId,
  onSave,
}: {
  accountId: string;
  onSave: (limit: LimitInput | 'amount' | 'order') => void;
}) {
  const { t } = useTranslation();
  const [id, setId] = useState('0');
  // What someone typed; until then the account's current values for the chosen id.
  const [draft, setDraft] = useState<LimitInput | null>(null);
  const current = useQuery({
    queryKey: ['bo', 'betlimits', accountId],
    queryFn: () => boPost('bo_betlimits', { account_id: accountId }),
  });
  const limitOfId = (limitId: string) => current.data?.limits.find((limit) => limit.id === limitId);
  const values = draft ?? valuesOf(id, limitOfId(id));
  const ceiling = current.data?.ceiling.find((limit) => limit.id === id);
  const field = (name: keyof LimitInput, label: string) => {
    const bound = boundOf(ceiling, name);
    return (
      <label>
        {label}
        <input
          inputMode="decimal"
          data-testid={`bo-limit-${name}`}
          value={values[name] ?? ''}
          onChange={(event) => setDraft({ ...values, [name]: event.target.value })}
        />
        {bound !== null && (
          <small className="muted" data-testid={`bo-limit-${name}-bound`}>
            {name === 'min' ? t('edit.parentMin', { value: bound }) : t('edit.parentMax', { value: bound })}
          </small>
        )}
      </label>
    );
  };
  const own = limitOfId(id)?.own;
  return (
    <fieldset className="row">
      <legend>{t('edit.limits')}</legend>
      {current.data && (
        <span className="muted" data-testid="bo-limit-unit">
          {t('edit.unit', { unit: current.data.unit })}
          {own === false ? ` · ${t('edit.inherited')}` : ''}
        </span>
      )}
      <label>
        {t('edit.limitId')}
        <select
          data-testid="bo-limit-id"
          value={id}
          onChange={(event) => {
            setId(event.target.value);
            setDraft(null);
          }}
        >
          {LIMIT_IDS.map((limitId) => (
            <option key={limitId} value={limitId}>
              {t(`limitIds.${limitId}`)}
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
