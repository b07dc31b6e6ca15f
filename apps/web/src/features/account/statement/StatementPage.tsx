import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { pick } from '../../../shared/api/rows';
import { gmt8Day, useFormat } from '../../../shared/format';
import { signOf, sumMoney } from '../../../shared/money';
import { useSession } from '../../../shared/session/store';
import { QueryView } from '../../../shared/ui/QueryView';
import { toBet, useListCall } from '../api';
import { BetTable } from '../BetTable';
import styles from '../account.module.css';

/** A day of the betting statement (spec section 3: statement row). */
interface StatementDay {
  date: string;
  opening: string;
  closing: string;
  turnover: string;
  validTurnover: string;
  commission: string;
  settled: string;
}

const toDay = (row: object): StatementDay => ({
  date: pick(row, 'transaction_date', 'working_date', 'date'),
  opening: pick(row, 'before_balance', 'amount_before_balance', 'opening_balance', 'amount_before'),
  closing: pick(row, 'after_balance', 'amount_after_balance', 'closing_balance', 'amount_after'),
  turnover: pick(row, 'turnover'),
  validTurnover: pick(row, 'valid_turnover'),
  commission: pick(row, 'commission'),
  settled: pick(row, 'settled_amount', 'win_loss'),
});

function DayBets({ date, onBack }: { date: string; onBack: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = useSession((state) => state.account?.info.currency);
  const query = useListCall('sportsbook', { working_date: date }, toBet);
  return (
    <>
      <div className="sb-filters">
        <button type="button" className="sb-btn" onClick={onBack} data-testid="statement-back">
          ← {t('statement.back')}
        </button>
        <h2 className={styles.subtitle}>{t('statement.dayBets', { date: format.date(date) })}</h2>
      </div>
      <QueryView query={query} isEmpty={(rows) => rows.length === 0}>
        {(rows) => <BetTable bets={rows} currency={currency} />}
      </QueryView>
    </>
  );
}

function Amount({ value }: { value: string }) {
  const format = useFormat();
  const sign = signOf(value);
  return (
    <span className={sign < 0 ? styles.loss : sign > 0 ? styles.win : undefined}>{format.money(value)}</span>
  );
}

/** /info/statement: daily rows with opening and closing balance; a day opens its bets. */
export function StatementPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const [start, setStart] = useState(() => gmt8Day(-13));
  const [end, setEnd] = useState(() => gmt8Day(0));
  const query = useListCall('dailystatement', { start_date: start, end_date: end }, toDay);
  const openDay = params.get('date');

  return (
    <article className="sb-card" aria-labelledby="statement-title">
      <h1 id="statement-title" className="sb-card__title">
        {t('statement.title')}
      </h1>
      {openDay ? (
        <DayBets date={openDay} onBack={() => setParams({})} />
      ) : (
        <>
          <div className="sb-filters">
            <label className="sb-inline-field">
              <span>{t('common.from')}</span>
              <input
                type="date"
                className="sb-input"
                value={start}
                max={end}
                onChange={(e) => setStart(e.target.value)}
                data-testid="statement-start"
              />
            </label>
            <label className="sb-inline-field">
              <span>{t('common.to')}</span>
              <input
                type="date"
                className="sb-input"
                value={end}
                min={start}
                onChange={(e) => setEnd(e.target.value)}
                data-testid="statement-end"
              />
            </label>
          </div>
          <QueryView query={query} isEmpty={(rows) => rows.length === 0}>
            {(days) => (
              <div className={styles.tableWrap}>
                <table className={styles.table} data-testid="statement-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('statement.date')}</th>
                      <th scope="col" className={styles.num}>
                        {t('statement.opening')}
                      </th>
                      <th scope="col" className={styles.num}>
                        {t('statement.turnover')}
                      </th>
                      <th scope="col" className={styles.num}>
                        {t('statement.validTurnover')}
                      </th>
                      <th scope="col" className={styles.num}>
                        {t('statement.commission')}
                      </th>
                      <th scope="col" className={styles.num}>
                        {t('statement.winLoss')}
                      </th>
                      <th scope="col" className={styles.num}>
                        {t('statement.closing')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {days.map((day) => (
                      <tr key={day.date}>
                        <td data-label={t('statement.date')}>
                          <button
                            type="button"
                            className="sb-link"
                            onClick={() => setParams({ date: day.date })}
                          >
                            {format.date(day.date)}
                          </button>
                        </td>
                        <td data-label={t('statement.opening')} className={styles.num}>
                          {format.money(day.opening)}
                        </td>
                        <td data-label={t('statement.turnover')} className={styles.num}>
                          {format.money(day.turnover)}
                        </td>
                        <td data-label={t('statement.validTurnover')} className={styles.num}>
                          {format.money(day.validTurnover)}
                        </td>
                        <td data-label={t('statement.commission')} className={styles.num}>
                          <Amount value={day.commission} />
                        </td>
                        <td data-label={t('statement.winLoss')} className={styles.num}>
                          <Amount value={day.settled} />
                        </td>
                        <td data-label={t('statement.closing')} className={styles.num}>
                          {format.money(day.closing)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" colSpan={2}>
                        {t('common.total')}
                      </th>
                      <td data-label={t('statement.turnover')} className={styles.num}>
                        {format.money(sumMoney(days.map((d) => d.turnover)))}
                      </td>
                      <td data-label={t('statement.validTurnover')} className={styles.num}>
                        {format.money(sumMoney(days.map((d) => d.validTurnover)))}
                      </td>
                      <td data-label={t('statement.commission')} className={styles.num}>
                        <Amount value={sumMoney(days.map((d) => d.commission))} />
                      </td>
                      <td data-label={t('statement.winLoss')} className={styles.num}>
                        <Amount value={sumMoney(days.map((d) => d.settled))} />
                      </td>
                      <td />
                    </tr>
                  </tfoot>
                </table>
              </div>
            )}
          </QueryView>
        </>
      )}
    </article>
  );
}
