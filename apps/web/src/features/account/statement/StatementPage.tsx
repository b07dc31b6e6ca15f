import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gmt8Day, useFormat } from '../../../shared/format';
import { sumMoney } from '../../../shared/money';
import { QueryView } from '../../../shared/ui/QueryView';
import type { StatementDay } from '../api/bets';
import { PAGE_SIZE, type DayRange } from '../api/request';
import { useDailyStatement, useDayAdjustments, useSettledBets } from '../api/statement';
import { Amount, BetTable } from '../BetTable';
import { DateRangeFields } from '../../../shared/ui/DateRange';
import { Pager } from '../../../shared/ui/Pager';
import styles from '../account.module.css';

/** The day's deposits, withdrawals and adjustments (adjustment with working_date), when there are any. */
function DayAdjustments({ date, currency }: { date: string; currency: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useDayAdjustments(date);
  const rows = query.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="statement-adjustments">
      <h3 id="statement-adjustments" className={styles.subtitle}>
        {t('statement.adjustments')}
      </h3>
      <div className={styles.tableWrap}>
        <table className={styles.table} data-testid="statement-adjustments">
          <thead>
            <tr>
              <th scope="col">{t('statement.time')}</th>
              <th scope="col">{t('statement.kind')}</th>
              <th scope="col" className={styles.num}>
                {t('statement.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label={t('statement.time')}>{format.dateTime(row.time)}</td>
                <td data-label={t('statement.kind')}>
                  {ADJUSTMENT_KINDS.has(row.kind)
                    ? t(`statement.kinds.${row.kind}` as 'statement.kinds.deposit')
                    : row.kind}
                </td>
                <td data-label={t('statement.amount')} className={styles.num}>
                  <Amount value={row.amount} currency={currency} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const ADJUSTMENT_KINDS = new Set(['deposit', 'withdraw', 'adjustment_in', 'adjustment_out']);

/** The bets settled on one betting day (sportsbook with working_date), parlays with their legs. */
function DayBets({ date, currency, onBack }: { date: string; currency: string; onBack: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const query = useSettledBets(date, page);
  return (
    <>
      <div className="sb-filters">
        <button type="button" className="sb-btn" onClick={onBack} data-testid="statement-back">
          ← {t('statement.back')}
        </button>
        <h2 className={styles.subtitle}>{t('statement.dayBets', { date: format.date(date) })}</h2>
      </div>
      <QueryView query={query} isEmpty={(data) => data.bets.length === 0} empty={t('statement.noBets')}>
        {(data) => (
          <>
            <BetTable bets={data.bets} currency={currency} settled />
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              rows={data.bets.length}
              total={data.total}
              onPage={setPage}
              testId="statement-bets-pager"
            />
          </>
        )}
      </QueryView>
      <DayAdjustments date={date} currency={currency} />
    </>
  );
}

const COLUMNS = [
  ['opening', 'statement.opening'],
  ['turnover', 'statement.turnover'],
  ['validTurnover', 'statement.validTurnover'],
  ['winLoss', 'statement.winLoss'],
  ['commission', 'statement.commission'],
  ['adjustment', 'statement.adjustment'],
  ['games', 'statement.games'],
  ['lottery', 'products.w4d'],
  ['miniGame', 'products.minigame'],
  ['tournament', 'products.tournament2'],
  ['closing', 'statement.closing'],
] as const;

/** Signed columns are coloured; balances and turnover are not. */
const SIGNED = new Set<string>([
  'winLoss',
  'commission',
  'adjustment',
  'games',
  'lottery',
  'miniGame',
  'tournament',
]);

/** The days in date order; shown newest first, the total row opening at the first and closing at the last. */
function DayTable({
  days,
  currency,
  onOpen,
}: {
  days: StatementDay[];
  currency: string;
  onOpen: (date: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const first = days[0];
  const last = days[days.length - 1];
  const totals: Record<(typeof COLUMNS)[number][0], string> = {
    opening: first?.opening ?? '0.00',
    closing: last?.closing ?? '0.00',
    turnover: sumMoney(days.map((d) => d.turnover)),
    validTurnover: sumMoney(days.map((d) => d.validTurnover)),
    winLoss: sumMoney(days.map((d) => d.winLoss)),
    commission: sumMoney(days.map((d) => d.commission)),
    adjustment: sumMoney(days.map((d) => d.adjustment)),
    games: sumMoney(days.map((d) => d.games)),
    lottery: sumMoney(days.map((d) => d.lottery)),
    miniGame: sumMoney(days.map((d) => d.miniGame)),
    tournament: sumMoney(days.map((d) => d.tournament)),
  };
  return (
    <div className={styles.tableWrap}>
      <table className={`${styles.table} ${styles.compact}`} data-testid="statement-table">
        <caption className="sb-visually-hidden">{t('statement.caption', { currency })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('statement.date')}</th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col" className={styles.num}>
                {t(label)}
              </th>
            ))}
            <th scope="col" className={styles.num}>
              {t('statement.bets')}
            </th>
          </tr>
        </thead>
        <tbody>
          {[...days].reverse().map((day) => (
            <tr key={day.date} data-testid={`statement-day-${day.date}`}>
              <th scope="row" data-label={t('statement.date')}>
                <button
                  type="button"
                  className="sb-link"
                  onClick={() => onOpen(day.date)}
                  aria-label={t('statement.openDay', { date: format.date(day.date) })}
                  data-testid={`statement-open-${day.date}`}
                >
                  {format.date(day.date)}
                </button>
              </th>
              {COLUMNS.map(([key, label]) => (
                <td key={key} data-label={t(label)} className={styles.num} data-testid={`day-${key}`}>
                  {SIGNED.has(key) ? <Amount value={day[key]} /> : format.money(day[key])}
                </td>
              ))}
              <td data-label={t('statement.bets')} className={styles.num}>
                {day.bets}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              {t('common.total')} ({currency})
            </th>
            {COLUMNS.map(([key, label]) => (
              <td key={key} data-label={t(label)} className={styles.num}>
                {SIGNED.has(key) ? <Amount value={totals[key]} /> : format.money(totals[key])}
              </td>
            ))}
            <td data-label={t('statement.bets')} className={styles.num}>
              {days.reduce((sum, day) => sum + day.bets, 0)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * /info/statement: a row per betting day (GMT+8, noon to noon) from dailystatement: opening balance, turnover,
 * valid turnover, win/loss, commission, deposits and adjustments, closing balance (each row adds up, and a
 * day opens at the previous day's closing). A day opens its settled bets (?date=YYYY-MM-DD).
 */
export function StatementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [range, setRange] = useState<DayRange>(() => ({ start_date: gmt8Day(-6), end_date: gmt8Day(0) }));
  const query = useDailyStatement(range);
  const openDay = params.get('date');
  const currency = query.data?.currency ?? '';

  return (
    <article className="sb-card" aria-labelledby="statement-title">
      <h1 id="statement-title" className="sb-card__title">
        {t('statement.title')}
      </h1>
      {openDay ? (
        <DayBets date={openDay} currency={currency} onBack={() => setParams({})} />
      ) : (
        <>
          <DateRangeFields range={range} onChange={setRange} testId="statement" />
          <p className="sb-muted">{t('statement.hint')}</p>
          <QueryView query={query} isEmpty={(data) => data.days.length === 0}>
            {(data) => (
              <DayTable days={data.days} currency={data.currency} onOpen={(date) => setParams({ date })} />
            )}
          </QueryView>
        </>
      )}
    </article>
  );
}
