import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../shared/format';
import { QueryView } from '../../shared/ui/QueryView';
import { useTickets } from './api';
import styles from './lottery.module.css';

/** The member's 4D tickets: open ones (outstanding until their draw) and settled ones with their prizes. */
export function TicketsPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const [status, setStatus] = useState<'open' | 'settled' | 'all'>('all');
  const tickets = useTickets(status);
  return (
    <section className="sb-panel" aria-label={t('lottery.tabs.tickets')}>
      <label className="sb-inline-field">
        <span>{t('lottery.show')}</span>
        <select className="sb-select" value={status} onChange={(e) => setStatus(e.target.value as 'open')}>
          <option value="all">{t('lottery.filters.all')}</option>
          <option value="open">{t('lottery.filters.open')}</option>
          <option value="settled">{t('lottery.filters.settled')}</option>
        </select>
      </label>
      <QueryView query={tickets}>
        {(reply) =>
          reply.data.length === 0 ? (
            <p className="sb-empty">{t('lottery.noTickets')}</p>
          ) : (
            <table className={styles.table} data-testid="lottery-tickets">
              <thead>
                <tr>
                  <th>{t('lottery.ref')}</th>
                  <th>{t('lottery.draw')}</th>
                  <th>{t('lottery.number')}</th>
                  <th>{t('lottery.betType')}</th>
                  <th>{t('lottery.stake')}</th>
                  <th>{t('lottery.statusLabel')}</th>
                  <th>{t('lottery.payout')}</th>
                </tr>
              </thead>
              <tbody>
                {reply.data.map((ticket) => (
                  <tr
                    key={ticket.ticket_id}
                    data-testid="lottery-ticket"
                    data-status={ticket.status}
                    data-draw-id={ticket.draw_id}
                  >
                    <td>{ticket.ref_no}</td>
                    <td>
                      {t(`lottery.houses.${ticket.house}` as 'lottery.houses.dragon')}{' '}
                      {format.dateTime(ticket.draw_at)}
                    </td>
                    <td>{ticket.number}</td>
                    <td>
                      {t(`lottery.types.${ticket.bet_type}` as 'lottery.types.LOT_BIG')} ·{' '}
                      {t(`lottery.modes.${ticket.mode}` as 'lottery.modes.box')}
                      {ticket.permutations > 1 ? ` (${ticket.permutations})` : ''}
                    </td>
                    <td>{format.money(ticket.stake)}</td>
                    <td>{t(`lottery.status.${ticket.status}` as 'lottery.status.open')}</td>
                    <td
                      className={ticket.status === 'won' ? styles.won : undefined}
                      data-testid="lottery-payout"
                    >
                      {ticket.payout === null ? '-' : format.money(ticket.payout)}
                      {ticket.wins.map((win) => (
                        <div key={`${win.number}-${win.tier}`} className="sb-muted">
                          {win.number} {t(`lottery.tiers.${win.tier}` as 'lottery.tiers.first')}
                        </div>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryView>
    </section>
  );
}
