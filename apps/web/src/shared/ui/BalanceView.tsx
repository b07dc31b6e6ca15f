import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import { refreshBalance, useBalance } from '../session/balance';
import { useSession } from '../session/store';

/** The member's available balance with a refresh button; the width is reserved so nothing jumps. */
export function BalanceView() {
  const { t } = useTranslation();
  const format = useFormat();
  const account = useSession((state) => state.account);
  const { data, isFetching } = useBalance();
  if (!account) return null;
  const currency = account.wallet.currency_code || account.info.currency;
  return (
    <div className="sb-balance" data-tour="balance">
      <span className="sb-balance__label">{t('header.balance')}</span>
      <span className="sb-balance__value" data-testid="header-balance" aria-live="polite">
        {format.money(data?.balance, currency)}
      </span>
      <button
        type="button"
        className="sb-btn sb-btn--icon"
        onClick={() => void refreshBalance()}
        aria-label={t('header.refreshBalance')}
        title={t('header.refreshBalance')}
        disabled={isFetching}
        data-testid="balance-refresh"
      >
        <span aria-hidden="true" className={isFetching ? 'sb-spin' : undefined}>
          ↻
        </span>
      </button>
    </div>
  );
}
