import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gmt8Day, useFormat } from '../../../shared/format';
import { sumMoney } from '../../../shared/money';
import { useSession } from '../../../shared/session/store';
import { QueryView } from '../../../shared/ui/QueryView';
import { Tabs } from '../../../shared/ui/Tabs';
import type { Bet, Settlement } from '../api/bets';
import {
  useCancelledBets,
  useOpenBets,
  useSettledInRange,
  useSettlementHistory,
  type OpenListCall,
} from '../api/bet-lists';
import { PAGE_SIZE, type DayRange } from '../api/request';
import { Amount, BetTable, LegLine } from '../BetTable';
import { DateRangeFields } from '../../../shared/ui/DateRange';
import { useBetLabels } from '../labels';
import { Pager } from '../../../shared/ui/Pager';
import styles from '../account.module.css';

type Tab = 'running' | 'waiting' | 'void' | 'settled' | 'cancelled';

const OPEN_CALL: Record<'running' | 'waiting' | 'void', OpenListCall> = {
  running: 'betacceptlist',
  waiting: 'pendingbetlist',
  void: 'betrejectlist',
};

/** Running, waiting and void/rejected bets: the open lists, paged without a total. */
function OpenBets({ tab }: { tab: 'running' | 'waiting' | 'void' }) {
  const { t } = useTranslation();
  const currency = useSession((state) => state.account?.info.currency);
  const [page, setPage] = useState(1);
  const query = useOpenBets(OPEN_CALL[tab], page);
  return (
    <QueryView
      query={query}
      isEmpty={(data) => data.bets.length === 0 && page === 1}
      empty={t(`betList.empty.${tab}`)}
    >
      {(data) => (
        <>
          <BetTable bets={data.bets} currency={currency} />
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            rows={data.bets.length}
            onPage={setPage}
            testId="betlist-pager"
          />
        </>
      )}
    </QueryView>
  );
}

const MOVEMENT_KEYS = {
  settle: 'betList.movement.settle',
  reversal: 'betList.movement.reversal',
  cancel: 'betList.movement.cancel',
} as const;

/**
 * settlementhistory over a range: each settlement, the reversal of an earlier one when a result is
 * corrected, and cancellations. The history names no match, so the settled bets of the same range
 * (sportsbook) lend theirs when they are on the page.
 */
function SettledHistory({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useBetLabels();
  const currency = useSession((state) => state.account?.info.currency);
  const [page, setPage] = useState(1);
  const history = useSettlementHistory(range, page);
  const settled = useSettledInRange(range, 1);
  const betsById = new Map<number, Bet>((settled.data?.bets ?? []).map((bet) => [bet.id, bet]));
  const event = (row: Settlement) => {
    const bet = betsById.get(row.betId);
    const leg = bet?.legs[0];
    if (bet?.kind === 'single' && leg) return <LegLine leg={leg} />;
    return (
      <>
        <span className={styles.strong}>{labels.betType(row.betType)}</span>
        {bet?.legs.map((l) => (
          <span key={l.no} className={styles.sub}>
            {l.home} – {l.away}
          </span>
        ))}
      </>
    );
  };
  return (
    <QueryView
      query={history}
      isEmpty={(data) => data.rows.length === 0 && page === 1}
      empty={t('betList.empty.settled')}
    >
      {(data) => (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="settled-table">
              <thead>
                <tr>
                  <th scope="col">{t('bets.refNo')}</th>
                  <th scope="col">{t('bets.event')}</th>
                  <th scope="col">{t('betList.movementTitle')}</th>
                  <th scope="col" className={styles.num}>
                    {t('bets.stake')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('bets.payout')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('bets.winLoss')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('bets.commission')}
                  </th>
                  <th scope="col">{t('bets.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.key} data-testid={`settled-${row.refNo}`}>
                    <td data-label={t('bets.refNo')}>
                      <span className={styles.strong}>{row.refNo}</span>
                      <span className={styles.sub}>{format.dateTime(row.time)}</span>
                    </td>
                    <td data-label={t('bets.event')}>{event(row)}</td>
                    <td data-label={t('betList.movementTitle')}>
                      <span>{t(MOVEMENT_KEYS[row.movement])}</span>
                      {row.resettled && <span className={styles.sub}>{t('bets.resettled')}</span>}
                    </td>
                    <td data-label={t('bets.stake')} className={styles.num}>
                      {row.betType === 'BT_SYSPARLAY' ? (
                        // The history gives a system ticket's unit stake, staked on each combination.
                        <span>{t('bets.perCombination', { stake: format.money(row.stake) })}</span>
                      ) : (
                        format.money(row.stake)
                      )}
                    </td>
                    <td data-label={t('bets.payout')} className={styles.num}>
                      {format.money(row.payout)}
                    </td>
                    <td data-label={t('bets.winLoss')} className={styles.num}>
                      <Amount value={row.winLoss} />
                    </td>
                    <td data-label={t('bets.commission')} className={styles.num}>
                      <Amount value={row.commission} />
                    </td>
                    <td data-label={t('bets.status')}>{labels.status(row.status)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={5}>
                    {t('common.total')} ({data.rows.length})
                  </th>
                  <td className={styles.num} data-label={t('bets.winLoss')}>
                    <Amount value={sumMoney(data.rows.map((row) => row.winLoss))} currency={currency} />
                  </td>
                  <td className={styles.num} data-label={t('bets.commission')}>
                    <Amount value={sumMoney(data.rows.map((row) => row.commission))} currency={currency} />
                  </td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            rows={data.rows.length}
            total={data.total}
            onPage={setPage}
            testId="settled-pager"
          />
        </>
      )}
    </QueryView>
  );
}

/** cancelledbetlist over a range: void, cancelled and rejected bets with their legs. */
function CancelledBets({ range }: { range: DayRange }) {
  const { t } = useTranslation();
  const currency = useSession((state) => state.account?.info.currency);
  const [page, setPage] = useState(1);
  const query = useCancelledBets(range, page);
  return (
    <QueryView
      query={query}
      isEmpty={(data) => data.bets.length === 0 && page === 1}
      empty={t('betList.empty.cancelled')}
    >
      {(data) => (
        <>
          <BetTable bets={data.bets} currency={currency} />
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            rows={data.bets.length}
            total={data.total}
            onPage={setPage}
            testId="cancelled-pager"
          />
        </>
      )}
    </QueryView>
  );
}

/** /info/betlist: running, waiting and void/rejected bets, then the settled history and cancelled bets by date. */
export function BetListPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('running');
  const [range, setRange] = useState<DayRange>(() => ({ start_date: gmt8Day(-6), end_date: gmt8Day(0) }));
  const dated = tab === 'settled' || tab === 'cancelled';
  return (
    <article className="sb-card" aria-labelledby="betlist-title">
      <h1 id="betlist-title" className="sb-card__title">
        {t('betList.title')}
      </h1>
      <Tabs
        idPrefix="betlist"
        label={t('betList.title')}
        value={tab}
        onChange={setTab}
        items={[
          { key: 'running', label: t('betList.running') },
          { key: 'waiting', label: t('betList.waiting') },
          { key: 'void', label: t('betList.void') },
          { key: 'settled', label: t('betList.settled') },
          { key: 'cancelled', label: t('betList.cancelled') },
        ]}
      />
      <div id="betlist-panel" role="tabpanel" aria-labelledby={`betlist-tab-${tab}`} className="sb-panel">
        {dated && <DateRangeFields range={range} onChange={setRange} testId="betlist" />}
        {tab === 'settled' ? (
          <SettledHistory key={`${range.start_date}|${range.end_date}`} range={range} />
        ) : tab === 'cancelled' ? (
          <CancelledBets key={`${range.start_date}|${range.end_date}`} range={range} />
        ) : (
          <OpenBets key={tab} tab={tab} />
        )}
      </div>
    </article>
  );
}
