import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FEATURES, MEMBER_STATES, type BoMemberRow, type MemberState } from '@sb/contract';
import { boPost, transferId } from '../../shared/api';
import { NoticeLine, useNotice } from '../../shared/notice';
import { formatMoney, isAmount, rateFromPercent } from '../../shared/money';
import { BetLimitsForm } from './BetLimitsForm';
import { ProductSharesForm } from './ProductSharesForm';

type Action = () => Promise<unknown>;

/** Edit one downline account: credit or cash, status, commission, share, product switches, password. */
export function MemberEditor({ row, onClose }: { row: BoMemberRow; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [rate, setRate] = useState('');
  const [password, setPassword] = useState('');
  const { notice, done, refuse, failed } = useNotice();
  const isMember = row.level === 'member';
  const isCash = row.member_type === 'cash';

  const run = useMutation({
    mutationFn: (action: Action) => action(),
    onSuccess: async () => {
      done(t('edit.saved'));
      setAmount('');
      await client.invalidateQueries({ queryKey: ['bo', 'memberlist'] });
      // Limits set above clamp the accounts below: every account's limits are read afresh.
      await client.invalidateQueries({ queryKey: ['bo', 'betlimits'] });
    },
    onError: failed,
  });
  const withAmount = (action: (value: string) => Action) => () => {
    if (!isAmount(amount)) return refuse(t('edit.badAmount'));
    run.mutate(action(amount.trim()));
  };
  const withRate = (action: (value: string) => Action) => () => {
    const value = rateFromPercent(rate);
    if (value === null) return refuse(t('members.badRate'));
    run.mutate(action(value));
  };
  const id = row.account_id;

  return (
    <section className="panel" aria-label={t('edit.title', { account: id })} data-testid="bo-editor">
      <div className="row">
        <h2>{t('edit.title', { account: id })}</h2>
        <button type="button" onClick={onClose}>
          {t('edit.close')}
        </button>
      </div>
      {isMember && (
        <p className="muted">
          {t('members.balance')}: {formatMoney(row.available_balance)} · {t('members.credit')}:{' '}
          {formatMoney(row.given_credit)}
        </p>
      )}
      <div className="row">
        <label>
          {t('edit.amount')}
          <input
            data-testid="bo-edit-amount"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </label>
        {isMember && !isCash && (
          <button
            type="button"
            data-testid="bo-edit-setcredit"
            onClick={withAmount(
              (value) => () =>
                boPost('bo_setcredit', { account_id: id, amount: value, transfer_id: transferId() }),
            )}
          >
            {t('edit.setCredit')}
          </button>
        )}
        {isMember && isCash && (
          <>
            <button
              type="button"
              data-testid="bo-edit-deposit"
              onClick={withAmount(
                (value) => () =>
                  boPost('bo_deposit', { account_id: id, amount: value, transfer_id: transferId() }),
              )}
            >
              {t('edit.deposit')}
            </button>
            <button
              type="button"
              data-testid="bo-edit-withdraw"
              onClick={withAmount(
                (value) => () =>
                  boPost('bo_withdraw', { account_id: id, amount: value, transfer_id: transferId() }),
              )}
            >
              {t('edit.withdraw')}
            </button>
          </>
        )}
      </div>
      <div className="row">
        <label>
          {t('members.status')}
          <select
            data-testid="bo-edit-state"
            value={row.state}
            onChange={(event) =>
              run.mutate(() =>
                boPost('bo_setstate', { account_id: id, state: event.target.value as MemberState }),
              )
            }
          >
            {MEMBER_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('edit.percent')}
          <input inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
        </label>
        <button
          type="button"
          onClick={withRate((value) => () => boPost('bo_setcommission', { account_id: id, rate: value }))}
        >
          {t('edit.setCommission')}
        </button>
        {!isMember && (
          <button
            type="button"
            onClick={withRate((value) => () => boPost('bo_setshare', { account_id: id, share: value }))}
          >
            {t('edit.setShare')}
          </button>
        )}
      </div>
      {isMember && (
        <div className="row">
          {FEATURES.map((feature) => (
            <span key={feature}>
              <button
                type="button"
                className="link"
                onClick={() =>
                  run.mutate(() =>
                    boPost('bo_setfeatures', { account_id: id, features: { [feature]: true } }),
                  )
                }
              >
                {t('edit.enable', { feature: t(`features.${feature}`) })}
              </button>{' '}
              <button
                type="button"
                className="link"
                onClick={() =>
                  run.mutate(() =>
                    boPost('bo_setfeatures', { account_id: id, features: { [feature]: false } }),
                  )
                }
              >
                {t('edit.disable', { feature: t(`features.${feature}`) })}
              </button>
            </span>
          ))}
        </div>
      )}
      <BetLimitsForm
        key={id}
        accountId={id}
        onSave={(limit) =>
          typeof limit === 'string'
            ? refuse(limit === 'amount' ? t('edit.badAmount') : t('edit.limitOrder'))
            : run.mutate(() => boPost('bo_setbetlimits', { account_id: id, limits: [limit] }))
        }
      />
      <ProductSharesForm accountId={id} isMember={isMember} />
      <div className="row">
        <label>
          {t('edit.newPassword')}
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <button
          type="button"
          disabled={!password}
          onClick={() =>
            run.mutate(() => boPost('bo_resetpassword', { account_id: id, new_password: password }))
          }
        >
          {t('edit.resetPassword')}
        </button>
      </div>
      {!isMember && (
        <div className="row">
          <button
            type="button"
            data-testid="bo-edit-unlock"
            onClick={() => run.mutate(() => boPost('bo_unlock', { account_id: id }))}
          >
            {t('edit.unlock')}
          </button>
          <button
            type="button"
            data-testid="bo-edit-reset2fa"
            onClick={() => run.mutate(() => boPost('bo_reset2fa', { account_id: id }))}
          >
            {t('edit.reset2fa')}
          </button>
        </div>
      )}
      <NoticeLine notice={notice} testId="bo-edit-notice" />
    </section>
  );
}
