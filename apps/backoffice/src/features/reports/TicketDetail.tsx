import { useTranslation } from 'react-i18next';
import type { BoTicket } from '@sb/contract';
import { formatMoney, isNegative } from '../../shared/money';

function Amount({ value }: { value: string | null }) {
  return <span className={isNegative(value) ? 'loss' : ''}>{formatMoney(value)}</span>;
}

/** One ticket opened: its figures, every leg with its result, and each level's part of the settlement. */
export function TicketDetail({ ticket, onClose }: { ticket: BoTicket; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="panel" role="dialog" aria-label={t('tickets.detail')} data-testid="bo-ticket-detail">
      <div className="row">
        <h2>
          {t('tickets.refNo')} {ticket.ref_no}
        </h2>
        <button type="button" className="link" onClick={onClose}>
          {t('tickets.close')}
        </button>
      </div>
      <dl className="row">
        <dt>{t('login.account')}</dt>
        <dd>{ticket.account_id}</dd>
        <dt>{t('tickets.placed')}</dt>
        <dd>{new Date(ticket.trans_time).toLocaleString()}</dd>
        <dt>{t('tickets.settledAt')}</dt>
        <dd>{ticket.settled_at ? new Date(ticket.settled_at).toLocaleString() : '—'}</dd>
        <dt>{t('tickets.status')}</dt>
        <dd>{t(`tickets.statuses.${ticket.status}`, { defaultValue: ticket.status })}</dd>
        <dt>{t('tickets.stake')}</dt>
        <dd>
          {ticket.currency} {formatMoney(ticket.stake)}
        </dd>
        <dt>{t('tickets.odds')}</dt>
        <dd>{ticket.odds}</dd>
        <dt>{t('tickets.winLoss')}</dt>
        <dd>
          <Amount value={ticket.win_loss} />
        </dd>
        <dt>{t('reports.validTurnover')}</dt>
        <dd>{formatMoney(ticket.valid_turnover)}</dd>
        <dt>{t('reports.memberCommission')}</dt>
        <dd>{formatMoney(ticket.commission)}</dd>
        {ticket.reject_reason && (
          <>
            <dt>{t('tickets.reason')}</dt>
            <dd>{ticket.reject_reason}</dd>
          </>
        )}
      </dl>
      <h3>{t('tickets.legs')}</h3>
      <div className="table-wrap">
        <table data-testid="bo-ticket-legs">
          <thead>
            <tr>
              <th>{t('tickets.match')}</th>
              <th>{t('tickets.betType')}</th>
              <th>{t('tickets.choice')}</th>
              <th className="num">{t('tickets.odds')}</th>
              <th>{t('tickets.result')}</th>
              <th>{t('tickets.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {ticket.legs.map((leg) => (
              <tr key={leg.leg_no}>
                <td>
                  {leg.home} – {leg.away}
                  <div className="muted">
                    {leg.league} · #{leg.match_id}
                  </div>
                </td>
                <td>
                  {leg.bet_type} {leg.period}
                </td>
                <td>
                  {leg.choice} {leg.line ?? ''}
                </td>
                <td className="num">{leg.odds}</td>
                <td>{leg.result ?? '—'}</td>
                <td>{leg.outcome ?? t('tickets.statuses.running')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t('tickets.shares')}</h3>
      <div className="table-wrap">
        <table data-testid="bo-ticket-shares">
          <thead>
            <tr>
              <th>{t('login.account')}</th>
              <th>{t('members.level')}</th>
              <th className="num">{t('tickets.winLoss')}</th>
              <th className="num">{t('tickets.commission')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{ticket.account_id}</td>
              <td>{t('levels.member')}</td>
              <td className="num">
                <Amount value={ticket.win_loss} />
              </td>
              <td className="num">{formatMoney(ticket.commission)}</td>
            </tr>
            {ticket.shares.map((share) => (
              <tr key={share.account_id}>
                <td>{share.account_id}</td>
                <td>{t(`levels.${share.level}`, { defaultValue: share.level })}</td>
                <td className="num">
                  <Amount value={share.win_loss} />
                </td>
                <td className="num">{formatMoney(share.commission)}</td>
              </tr>
            ))}
            {ticket.upline_win_loss !== null && ticket.upline_win_loss !== '0.00' && (
              <tr>
                <td colSpan={2}>{t('reports.upline')}</td>
                <td className="num">
                  <Amount value={ticket.upline_win_loss} />
                </td>
                <td />
              </tr>
            )}
          </tbody>
        </table>
        {ticket.shares.length === 0 && <p className="muted">{t('tickets.noShares')}</p>}
      </div>
    </section>
  );
}
