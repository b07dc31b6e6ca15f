import { useTranslation } from 'react-i18next';
import type { BoTicket } from '@sb/contract';
import { formatMoney, isNegative } from '../../shared/money';

/** A page of tickets: each ref_no opens the ticket. `cancelled` shows when and why instead of the result. */
export function TicketsTable({
  rows,
  onOpen,
  cancelled = false,
  testId,
}: {
  rows: BoTicket[];
  onOpen: (ticket: BoTicket) => void;
  cancelled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap panel">
      <table data-testid={testId}>
        <thead>
          <tr>
            <th>{t('tickets.refNo')}</th>
            <th>{t('login.account')}</th>
            <th>{t('tickets.placed')}</th>
            <th>{t('tickets.choice')}</th>
            <th className="num">{t('tickets.odds')}</th>
            <th className="num">{t('tickets.stake')}</th>
            <th>{t('tickets.status')}</th>
            {cancelled ? (
              <>
                <th>{t('tickets.cancelledAt')}</th>
                <th>{t('tickets.reason')}</th>
              </>
            ) : (
              <th className="num">{t('tickets.winLoss')}</th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.bet_id}>
              <td>
                <button
                  type="button"
                  className="link"
                  data-testid={`bo-ticket-open-${row.ref_no}`}
                  onClick={() => onOpen(row)}
                >
                  {row.ref_no}
                </button>
              </td>
              <td>{row.account_id}</td>
              <td>{new Date(row.trans_time).toLocaleString()}</td>
              <td>
                {row.legs.length === 1
                  ? `${row.legs[0]?.home ?? ''} – ${row.legs[0]?.away ?? ''}: ${row.legs[0]?.choice ?? ''}`
                  : t('tickets.folds', { count: row.legs.length })}
              </td>
              <td className="num">{row.odds}</td>
              <td className="num">
                {row.currency} {formatMoney(row.stake)}
              </td>
              <td>{t(`tickets.statuses.${row.status}`, { defaultValue: row.status })}</td>
              {cancelled ? (
                <>
                  <td>
                    {row.cancelled_at
                      ? new Date(row.cancelled_at).toLocaleString()
                      : row.settled_at
                        ? new Date(row.settled_at).toLocaleString()
                        : '—'}
                  </td>
                  <td>{row.reject_reason ?? ''}</td>
                </>
              ) : (
                <td className={`num ${isNegative(row.win_loss) ? 'loss' : ''}`}>
                  {formatMoney(row.win_loss)}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="muted">{t('reports.none')}</p>}
    </div>
  );
}
