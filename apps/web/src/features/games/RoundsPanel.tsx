import type { GameProduct } from '@sb/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gmt8Day, useFormat } from '../../shared/format';
import { useSession } from '../../shared/session/store';
import { DateRangeFields, type DayRange } from '../../shared/ui/DateRange';
import { Pager } from '../../shared/ui/Pager';
import { QueryView } from '../../shared/ui/QueryView';
import { REPORT_PAGE_SIZE, useGameReport } from './api';
import styles from './games.module.css';

/**
 * The member's rounds of one product (spec reports slots / livecasino): a range of betting days like the
 * statement's (the last seven by default), each round's stake, win and net, the range's totals, pages.
 */
export function RoundsPanel({ product }: { product: GameProduct }) {
  const { t } = useTranslation();
  const format = useFormat();
  const currency = useSession((state) => state.account?.info.currency ?? '');
  const [range, setRange] = useState<DayRange>(() => ({ start_date: gmt8Day(-6), end_date: gmt8Day(0) }));
  const [page, setPage] = useState(1);
  const query = useGameReport(product, range, page);
  return (
    <section aria-labelledby="game-rounds-title" className={styles.rounds}>
      <h2 id="game-rounds-title" className="sb-visually-hidden">
        {t('games.rounds')}
      </h2>
      <DateRangeFields
        range={range}
        onChange={(next) => {
          setRange(next);
          setPage(1);
        }}
        testId="game-rounds"
      />
      <QueryView query={query} isEmpty={(reply) => reply.rows.length === 0} empty={t('games.noRounds')}>
        {(reply) => (
          <>
            <div className={styles.tableWrap}>
              <table className={styles.table} data-testid="game-rounds">
                <caption className="sb-visually-hidden">{t('games.rounds')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('games.time')}</th>
                    <th scope="col">{t('games.game')}</th>
                    <th scope="col" className={styles.num}>
                      {t('games.stake')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('games.win')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('games.net')}
                    </th>
                    <th scope="col">{t('games.status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {reply.rows.map((row) => (
                    <tr key={row.round_id} data-testid="game-round" data-game={row.game_code}>
                      <td data-label={t('games.time')}>{format.dateTime(row.bet_time)}</td>
                      <td data-label={t('games.game')}>{row.game_name}</td>
                      <td data-label={t('games.stake')} className={styles.num} data-testid="round-stake">
                        {format.money(row.stake)}
                      </td>
                      <td data-label={t('games.win')} className={styles.num} data-testid="round-win">
                        {format.money(row.win)}
                      </td>
                      <td
                        data-label={t('games.net')}
                        className={Number(row.net) < 0 ? `${styles.num} ${styles.negative}` : styles.num}
                        data-testid="round-net"
                      >
                        {format.money(row.net)}
                      </td>
                      <td data-label={t('games.status')}>{t(`games.roundStatus.${row.status}`)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      {t('common.total')} ({currency})
                    </th>
                    <td data-label={t('games.stake')} className={styles.num}>
                      {format.money(reply.total.stake)}
                    </td>
                    <td data-label={t('games.win')} className={styles.num}>
                      {format.money(reply.total.win)}
                    </td>
                    <td data-label={t('games.net')} className={styles.num} data-testid="rounds-total-net">
                      {format.money(reply.total.net)}
                    </td>
                    <td />
                  </tr>
                </tfoot>
              </table>
            </div>
            <Pager
              page={reply.page}
              pageSize={REPORT_PAGE_SIZE}
              rows={reply.rows.length}
              total={reply.total_rows}
              onPage={setPage}
              testId="game-rounds-pager"
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
