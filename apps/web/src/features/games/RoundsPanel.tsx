import type { GameProduct } from '@sb/contract';
import { gmt8Date } from '@sb/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { QueryView } from '../../shared/ui/QueryView';
import { useGameReport } from './api';
import styles from './games.module.css';

const DAY_MS = 86_400_000;

/** The member's rounds of this lobby's product (spec reports slots / livecasino): date range, totals, pages. */
export function RoundsPanel({ product, currency }: { product: GameProduct; currency: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  // The last seven GMT+8 days up to today, fixed when the panel opens.
  const [today] = useState(() => gmt8Date(Date.now()));
  const [range, setRange] = useState(() => ({
    start_date: gmt8Date(Date.now() - 6 * DAY_MS),
    end_date: gmt8Date(Date.now()),
  }));
  const [page, setPage] = useState(1);
  const query = useGameReport(product, range, page);
  const setDate = (key: 'start_date' | 'end_date', value: string) => {
    if (!value) return;
    setRange((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  return (
    <section aria-labelledby="game-rounds-title" className={styles.rounds}>
      <h2 id="game-rounds-title" className="sb-visually-hidden">
        {t('games.rounds')}
      </h2>
      <div className="sb-filters">
        <label className="sb-inline-field">
          <span>{t('games.from')}</span>
          <input
            type="date"
            value={range.start_date}
            max={range.end_date}
            onChange={(e) => setDate('start_date', e.target.value)}
          />
        </label>
        <label className="sb-inline-field">
          <span>{t('games.to')}</span>
          <input
            type="date"
            value={range.end_date}
            max={today}
            onChange={(e) => setDate('end_date', e.target.value)}
          />
        </label>
      </div>
      <QueryView query={query} isEmpty={(reply) => reply.rows.length === 0} empty={t('games.noRounds')}>
        {(reply) => (
          <>
            <table className="sb-table" data-testid="game-rounds">
              <thead>
                <tr>
                  <th scope="col">{t('games.time')}</th>
                  <th scope="col">{t('games.game')}</th>
                  <th scope="col">{t('games.stake')}</th>
                  <th scope="col">{t('games.win')}</th>
                  <th scope="col">{t('games.net')}</th>
                  <th scope="col">{t('games.status')}</th>
                </tr>
              </thead>
              <tbody>
                {reply.rows.map((row) => (
                  <tr key={row.round_id} data-testid="game-round" data-game={row.game_code}>
                    <td data-label={t('games.time')}>{format.dateTime(row.bet_time)}</td>
                    <td data-label={t('games.game')}>{row.game_name}</td>
                    <td data-label={t('games.stake')}>{format.money(row.stake)}</td>
                    <td data-label={t('games.win')}>{format.money(row.win)}</td>
                    <td
                      data-label={t('games.net')}
                      className={Number(row.net) < 0 ? 'sb-negative' : undefined}
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
                  <td>{format.money(reply.total.stake)}</td>
                  <td>{format.money(reply.total.win)}</td>
                  <td>{format.money(reply.total.net)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
            <div className="sb-filters">
              <button type="button" className="sb-btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('games.previous')}
              </button>
              <span>{t('games.page', { page: reply.page })}</span>
              <button
                type="button"
                className="sb-btn"
                disabled={reply.page * reply.page_size >= reply.total_rows}
                onClick={() => setPage(page + 1)}
              >
                {t('games.next')}
              </button>
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}
