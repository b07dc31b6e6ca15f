import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BoTicket } from '@sb/contract';
import { boPost } from '../../shared/api';
import { bookDay } from './drill';
import { TicketDetail } from './TicketDetail';
import { TicketsTable } from './TicketsTable';

/** Cancelled bets under the caller (void, refunded, rejected, cancelled by the operator) by day cancelled. */
export function CancelledScreen() {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => ({ start: bookDay(Date.now(), -6), end: bookDay(Date.now()) }));
  const [open, setOpen] = useState<BoTicket | null>(null);
  const report = useQuery({
    queryKey: ['bo', 'cancelled', range.start, range.end],
    placeholderData: keepPreviousData,
    queryFn: () =>
      boPost('bo_cancelled', {
        start_date: range.start,
        end_date: range.end,
        page_size: 200,
      }),
  });
  return (
    <>
      <h1>{t('tickets.cancelledTitle')}</h1>
      <div className="row panel">
        <label>
          {t('reports.from')}
          <input
            type="date"
            data-testid="bo-cx-start"
            value={range.start}
            onChange={(e) => setRange({ ...range, start: e.target.value })}
          />
        </label>
        <label>
          {t('reports.to')}
          <input
            type="date"
            data-testid="bo-cx-end"
            value={range.end}
            onChange={(e) => setRange({ ...range, end: e.target.value })}
          />
        </label>
      </div>
      {report.isError && <p className="error">{t('errors.generic')}</p>}
      {open && <TicketDetail ticket={open} onClose={() => setOpen(null)} />}
      {report.data && (
        <TicketsTable rows={report.data.data} onOpen={setOpen} cancelled testId="bo-cx-results" />
      )}
    </>
  );
}
