import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { signOf, sumMoney } from '../../shared/money';
import { QueryView } from '../../shared/ui/QueryView';
import type { Bet, Leg } from './api/bets';
import { useParlayDetails } from './api/statement';
import { useBetLabels } from './labels';
import styles from './account.module.css';

/** A signed amount coloured as a win or a loss. */
export function Amount({ value, currency }: { value: string | null; currency?: string }) {
  const format = useFormat();
  if (value === null) return <span className={styles.sub}>–</span>;
  const sign = signOf(value);
  return (
    <span className={sign < 0 ? styles.loss : sign > 0 ? styles.win : undefined}>
      {format.money(value, currency)}
    </span>
  );
}

/** One leg: league, match, the pick at its odds, and once decided the result and the outcome. */
export function LegLine({ leg }: { leg: Leg }) {
  const { t } = useTranslation();
  const labels = useBetLabels();
  return (
    <>
      <span className={styles.sub}>
        {leg.league} · {labels.betType(leg.betType)}
      </span>
      <span>
        {leg.home} – {leg.away}
        {leg.live && leg.scoreAtBet !== null && (
          <span className={styles.sub}> {t('bets.liveAt', { score: leg.scoreAtBet })}</span>
        )}
      </span>
      <span className={styles.strong}>
        {labels.pick(leg)} @ {leg.odds}
      </span>
      {(leg.result !== null || leg.outcome !== null) && (
        <span className={styles.sub} data-testid="leg-result">
          {leg.result !== null && t('bets.result', { score: leg.result })}
          {leg.result !== null && leg.outcome !== null && ' · '}
          {leg.outcome !== null && labels.status(leg.outcome)}
        </span>
      )}
    </>
  );
}

export function LegList({ legs }: { legs: Leg[] }) {
  return (
    <ol className={styles.legs}>
      {legs.map((leg) => (
        <li key={leg.no} data-testid={`leg-${leg.no}`}>
          <LegLine leg={leg} />
        </li>
      ))}
    </ol>
  );
}

/** A parlay's or system ticket's legs, read with parlaybetdetails when opened. */
function ParlayLegs({ betId }: { betId: number }) {
  const query = useParlayDetails(betId);
  return (
    <QueryView query={query} rows={2}>
      {(bet) => <LegList legs={bet.legs} />}
    </QueryView>
  );
}

function EventCell({ bet }: { bet: Bet }) {
  const { t } = useTranslation();
  const labels = useBetLabels();
  const [open, setOpen] = useState(false);
  const leg = bet.legs[0];
  if (bet.kind === 'single' && leg) return <LegLine leg={leg} />;
  const folds =
    bet.kind === 'system' && bet.foldSizes
      ? bet.foldSizes.map((size) => `${size}/${bet.legs.length}`).join(', ')
      : '';
  return (
    <>
      <span className={styles.strong}>
        {labels.betType(bet.betType)} {folds && <span className={styles.sub}>({folds})</span>}
      </span>
      <span className={styles.sub}>
        {bet.kind === 'system'
          ? t('bets.ticketSize', { legs: bet.legs.length, bets: bet.combinations })
          : t('bets.legCount', { legs: bet.legs.length })}
      </span>
      <button
        type="button"
        className="sb-link"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid={`bet-legs-${bet.id}`}
      >
        {open ? t('bets.hideLegs') : t('bets.showLegs')}
      </button>
      {open && <ParlayLegs betId={bet.id} />}
    </>
  );
}

/**
 * Bets as a dense table; on a phone each row becomes a card (labels from data-label). `settled` adds the
 * settlement figures (win/loss, commission); the open lists show the stake at risk and the status.
 */
export function BetTable({
  bets,
  currency,
  settled = false,
}: {
  bets: Bet[];
  currency?: string;
  settled?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useBetLabels();
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid="bet-table">
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
            {settled && (
              <>
                <th scope="col" className={styles.num}>
                  {t('bets.winLoss')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('bets.commission')}
                </th>
              </>
            )}
            <th scope="col">{t('bets.status')}</th>
          </tr>
        </thead>
        <tbody>
          {bets.map((bet) => (
            <tr key={bet.id} data-testid={`bet-${bet.refNo}`}>
              <td data-label={t('bets.refNo')}>
                <span className={styles.strong}>{bet.refNo}</span>
                <span className={styles.sub}>{format.dateTime(bet.time)}</span>
              </td>
              <td data-label={t('bets.event')}>
                <EventCell bet={bet} />
              </td>
              <td data-label={t('bets.odds')} className={styles.num}>
                {bet.kind === 'system' ? '–' : bet.odds}
              </td>
              <td data-label={t('bets.stake')} className={styles.num}>
                <span>{format.money(bet.kind === 'system' ? bet.risk : bet.stake)}</span>
                {bet.kind === 'system' && (
                  <span className={styles.sub}>
                    {t('bets.perCombination', { stake: format.money(bet.stake) })}
                  </span>
                )}
              </td>
              {settled && (
                <>
                  <td data-label={t('bets.winLoss')} className={styles.num}>
                    <Amount value={bet.winLoss} />
                  </td>
                  <td data-label={t('bets.commission')} className={styles.num}>
                    <Amount value={bet.commission} />
                  </td>
                </>
              )}
              <td data-label={t('bets.status')}>
                <span data-testid="bet-status">{labels.status(bet.status)}</span>
                {bet.resettled && <span className={styles.sub}>{t('bets.resettled')}</span>}
                {bet.rejectReason && <span className={styles.sub}>{labels.reason(bet.rejectReason)}</span>}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('common.total')} ({bets.length})
            </th>
            <td className={styles.num} data-label={t('bets.stake')}>
              {format.money(
                sumMoney(bets.map((bet) => (bet.kind === 'system' ? bet.risk : bet.stake))),
                currency,
              )}
            </td>
            {settled && (
              <>
                <td className={styles.num} data-label={t('bets.winLoss')}>
                  <Amount value={sumMoney(bets.map((bet) => bet.winLoss ?? '0'))} currency={currency} />
                </td>
                <td className={styles.num} data-label={t('bets.commission')}>
                  <Amount value={sumMoney(bets.map((bet) => bet.commission ?? '0'))} currency={currency} />
                </td>
              </>
            )}
            <td />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
