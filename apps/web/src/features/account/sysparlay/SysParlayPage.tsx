import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_ALL_SIZES_MAX_PICKS } from '@sb/domain';
import { useSession } from '../../../shared/session/store';
import { QueryView } from '../../../shared/ui/QueryView';
import { toBet, useListCall } from '../api';
import { BetTable } from '../BetTable';
import { SYSTEM_PICKS, fullCover, systemFolds } from './folds';
import styles from '../account.module.css';

function MyBet({ betId }: { betId: string }) {
  const currency = useSession((state) => state.account?.info.currency);
  const query = useListCall('betsysparlaybet', { bet_id: betId }, toBet);
  return (
    <QueryView query={query} isEmpty={(rows) => rows.length === 0} rows={2}>
      {(rows) => <BetTable bets={rows} currency={currency} />}
    </QueryView>
  );
}

/** /info/sysparlay: how system parlays combine, and the member's system parlay bets. */
export function SysParlayPage() {
  const { t } = useTranslation();
  const [picks, setPicks] = useState(4);
  const [open, setOpen] = useState<string | null>(null);
  const currency = useSession((state) => state.account?.info.currency);
  const bets = useListCall('betsysparlay', {}, toBet);
  const folds = systemFolds(picks);

  return (
    <article className="sb-card" aria-labelledby="sysparlay-title">
      <h1 id="sysparlay-title" className="sb-card__title">
        {t('sysParlay.title')}
      </h1>
      <p>{t('sysParlay.intro')}</p>
      <div className="sb-filters">
        <label className="sb-inline-field">
          <span>{t('sysParlay.picks')}</span>
          <select
            className="sb-select"
            value={picks}
            onChange={(e) => setPicks(Number(e.target.value))}
            data-testid="sysparlay-picks"
          >
            {SYSTEM_PICKS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="sysparlay-table">
          <thead>
            <tr>
              <th scope="col">{t('sysParlay.combination')}</th>
              <th scope="col" className={styles.num}>
                {t('sysParlay.bets')}
              </th>
            </tr>
          </thead>
          <tbody>
            {folds.map((fold) => (
              <tr key={fold.size}>
                <td data-label={t('sysParlay.combination')}>
                  {t('sysParlay.fold', { size: fold.size, picks })}
                </td>
                <td data-label={t('sysParlay.bets')} className={styles.num}>
                  {fold.bets}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('sysParlay.fullCover')}</th>
              <td className={styles.num}>{fullCover(picks)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {picks > SYSTEM_ALL_SIZES_MAX_PICKS && <p className="sb-notice">{t('sysParlay.overTen')}</p>}
      <h2 className={styles.subtitle}>{t('sysParlay.myBets')}</h2>
      <QueryView query={bets} isEmpty={(rows) => rows.length === 0} rows={3}>
        {(rows) => (
          <ul className={styles.plainList}>
            {rows.map((bet) => (
              <li key={bet.id}>
                <button
                  type="button"
                  className="sb-link"
                  aria-expanded={open === bet.id}
                  onClick={() => setOpen(open === bet.id ? null : bet.id)}
                >
                  {bet.refNo} · {bet.betType} · {bet.stake} {currency}
                </button>
                {open === bet.id && <MyBet betId={bet.id} />}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </article>
  );
}
