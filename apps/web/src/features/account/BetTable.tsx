import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { sumMoney } from '../../shared/money';
import { statusKey, type Bet } from './api';
import styles from './account.module.css';

/** Bets as a dense table; on a phone each row becomes a card (labels from data-label). */
export function BetTable({ bets, currency }: { bets: Bet[]; currency?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const status = (value: string) => {
    const key = statusKey(value);
    return key ? t(`betStatus.${key}` as 'betStatus.running') : value;
  };
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('bets.refNo')}</th>
            <th scope="col">{t('bets.event')}</th>
            <th scope="col" className={styles.num}>
              {t('bets.odds')}
            </th>
            <th scope="col" className={styles.num}>
              {t('bets.stake')}
            </th>
            <th scope="col">{t('bets.status')}</th>
          </tr>
        </thead>
        <tbody>
          {bets.map((bet) => (
            <tr key={bet.id}>
              <td data-label={t('bets.refNo')}>
                <span className={styles.strong}>{bet.refNo}</span>
                <span className={styles.sub}>{format.dateTime(bet.time)}</span>
              </td>
              <td data-label={t('bets.event')}>
                <span className={styles.sub}>{[bet.sport, bet.league].filter(Boolean).join(' · ')}</span>
                <span>{bet.event}</span>
                <span className={styles.strong}>
                  {bet.choice} {bet.betType && <span className={styles.sub}>({bet.betType})</span>}
                </span>
              </td>
              <td data-label={t('bets.odds')} className={styles.num}>
                {format.number(bet.odds, 2)}
              </td>
              <td data-label={t('bets.stake')} className={styles.num}>
                {format.money(bet.stake)}
              </td>
              <td data-label={t('bets.status')}>{status(bet.status)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('common.total')} ({bets.length})
            </th>
            <td className={styles.num} data-label={t('bets.stake')}>
              {format.money(sumMoney(bets.map((bet) => bet.stake)), currency)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
