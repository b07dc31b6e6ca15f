import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_ALL_SIZES_MAX_PICKS } from '@sb/domain';
import { useFormat } from '../../../shared/format';
import { sumMoney } from '../../../shared/money';
import { useSession } from '../../../shared/session/store';
import { QueryView } from '../../../shared/ui/QueryView';
import type { Bet } from '../api/bets';
import { PAGE_SIZE } from '../api/request';
import { useSystemTickets, useTicketCombinations, useTicketMatches } from '../api/system-parlays';
import { Amount, LegList } from '../BetTable';
import { useBetLabels } from '../labels';
import { Pager } from '../../../shared/ui/Pager';
import { SYSTEM_PICKS, fullCover, systemFolds } from './folds';
import styles from '../account.module.css';

/** One ticket's matches (betsysparlaymatch) and combinations (betsysparlaybet) with stake and return. */
function TicketDetails({ bet, currency }: { bet: Bet; currency: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useBetLabels();
  const matches = useTicketMatches(bet.id);
  const combinations = useTicketCombinations(bet.id);
  const picks = bet.legs.length;
  return (
    <div className={styles.details} data-testid={`ticket-details-${bet.refNo}`}>
      <h3 className={styles.subtitle}>{t('sysParlay.matches')}</h3>
      <QueryView query={matches} rows={picks}>
        {(legs) => <LegList legs={legs} />}
      </QueryView>
      <h3 className={styles.subtitle}>{t('sysParlay.combinations')}</h3>
      <QueryView query={combinations} rows={bet.combinations}>
        {(data) => (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid={`combinations-${bet.refNo}`}>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('sysParlay.combination')}</th>
                  <th scope="col" className={styles.num}>
                    {t('bets.odds')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('bets.stake')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('bets.payout')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('bets.winLoss')}
                  </th>
                  <th scope="col">{t('bets.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.combinations.map((row) => (
                  <tr key={row.no} data-testid="combination">
                    <td data-label="#">{row.no}</td>
                    <td data-label={t('sysParlay.combination')}>
                      <span className={styles.strong}>{t('sysParlay.fold', { size: row.fold, picks })}</span>
                      <span className={styles.sub}>{row.matches}</span>
                    </td>
                    <td data-label={t('bets.odds')} className={styles.num}>
                      {row.odds}
                    </td>
                    <td data-label={t('bets.stake')} className={styles.num}>
                      {format.money(row.stake)}
                    </td>
                    <td data-label={t('bets.payout')} className={styles.num}>
                      {row.payout === null ? '–' : format.money(row.payout)}
                    </td>
                    <td data-label={t('bets.winLoss')} className={styles.num}>
                      <Amount value={row.winLoss} />
                    </td>
                    <td data-label={t('bets.status')}>{labels.status(row.status)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {t('common.total')} ({data.combinations.length})
                  </th>
                  <td className={styles.num} data-label={t('bets.stake')}>
                    {format.money(sumMoney(data.combinations.map((row) => row.stake)), currency)}
                  </td>
                  <td className={styles.num} data-label={t('sysParlay.ticketReturn')}>
                    {data.ticketPayout === null ? '–' : format.money(data.ticketPayout, currency)}
                  </td>
                  <td colSpan={2} />
                </tr>
              </tfoot>
            </table>
            {data.ticketPayout !== null && <p className="sb-muted">{t('sysParlay.roundingNote')}</p>}
          </div>
        )}
      </QueryView>
    </div>
  );
}

/** The member's system parlay tickets (betsysparlay), each opening its matches and combinations. */
function MyTickets() {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useBetLabels();
  const currency = useSession((state) => state.account?.info.currency) ?? '';
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const tickets = useSystemTickets(page);
  return (
    <QueryView
      query={tickets}
      isEmpty={(data) => data.bets.length === 0 && page === 1}
      empty={t('sysParlay.none')}
      rows={3}
    >
      {(data) => (
        <>
          <ul className={styles.plainList} data-testid="sysparlay-tickets">
            {data.bets.map((bet) => (
              <li key={bet.id} className={styles.ticket} data-testid={`ticket-${bet.refNo}`}>
                <div className={styles.ticketHead}>
                  <span>
                    <span className={styles.strong}>{bet.refNo}</span>{' '}
                    <span className={styles.sub}>{format.dateTime(bet.time)}</span>
                  </span>
                  <span>
                    {(bet.foldSizes ?? [])
                      .map((size) => t('sysParlay.fold', { size, picks: bet.legs.length }))
                      .join(', ')}
                  </span>
                  <span>
                    {t('bets.ticketSize', { legs: bet.legs.length, bets: bet.combinations })} ·{' '}
                    {t('bets.perCombination', { stake: format.money(bet.stake) })}
                  </span>
                  <span>
                    {t('sysParlay.totalStake')} {format.money(bet.risk, currency)}
                  </span>
                  <span>
                    {t('bets.payout')} {bet.payout === null ? '–' : format.money(bet.payout)} ·{' '}
                    <Amount value={bet.winLoss} />
                  </span>
                  <span data-testid="ticket-status">{labels.status(bet.status)}</span>
                  <button
                    type="button"
                    className="sb-link"
                    aria-expanded={open === bet.id}
                    onClick={() => setOpen(open === bet.id ? null : bet.id)}
                    data-testid={`ticket-open-${bet.refNo}`}
                  >
                    {open === bet.id ? t('sysParlay.hideDetails') : t('sysParlay.details')}
                  </button>
                </div>
                {open === bet.id && <TicketDetails bet={bet} currency={currency} />}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            rows={data.bets.length}
            total={data.total}
            onPage={setPage}
            testId="sysparlay-pager"
          />
        </>
      )}
    </QueryView>
  );
}

/** /info/sysparlay: the member's system parlay tickets with their combinations, and how combinations count. */
export function SysParlayPage() {
  const { t } = useTranslation();
  const [picks, setPicks] = useState(4);
  const folds = systemFolds(picks);

  return (
    <article className="sb-card" aria-labelledby="sysparlay-title">
      <h1 id="sysparlay-title" className="sb-card__title">
        {t('sysParlay.title')}
      </h1>
      <h2 className={styles.subtitle}>{t('sysParlay.myBets')}</h2>
      <MyTickets />
      <h2 className={`${styles.subtitle} ${styles.section}`}>{t('sysParlay.howItWorks')}</h2>
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
    </article>
  );
}
