import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TICKET_STATUSES, type BoTicket } from '@sb/contract';
import { boPost, BoApiError } from '../../shared/api';
import { bookDay } from './drill';
import { TicketDetail } from './TicketDetail';
import { TicketsTable } from './TicketsTable';
import { formFromSearch, pageCount, ticketRequest, type TicketForm } from './tickets';

/**
 * Ticket search under the caller: by member (or a downline level), ref_no, match, status and days of placement
 * or settlement; a page of tickets, each opening its legs and each level's part. The win/loss report's
 * drill-down opens it on a member's settled tickets.
 */
export function TicketsScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const [form, setForm] = useState<TicketForm>(() =>
    formFromSearch(search, { start: bookDay(Date.now(), -6), end: bookDay(Date.now()) }),
  );
  // What was searched (the form can change without searching again), and the page of it.
  const [asked, setAsked] = useState<TicketForm>(form);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<BoTicket | null>(null);
  const request = ticketRequest(asked, page);
  const tickets = useQuery({
    queryKey: ['bo', 'tickets', request],
    enabled: request !== null,
    // The last page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    queryFn: () => boPost('bo_tickets', request ?? {}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(form);
    setPage(1);
    setOpen(null);
  };
  const field = (name: keyof TicketForm) => ({
    value: form[name],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [name]: e.target.value }),
  });
  const pages = pageCount(tickets.data?.total ?? 0);
  const error = tickets.error instanceof BoApiError ? tickets.error.code : null;

  return (
    <>
      <h1>{t('tickets.title')}</h1>
      <form className="row panel" onSubmit={submit} aria-label={t('tickets.filters')}>
        <label>
          {t('login.account')}
          <input data-testid="bo-tk-account" {...field('account')} />
        </label>
        <label>
          {t('tickets.refNo')}
          <input data-testid="bo-tk-ref" {...field('refNo')} />
        </label>
        <label>
          {t('tickets.matchId')}
          <input data-testid="bo-tk-match" inputMode="numeric" {...field('matchId')} />
        </label>
        <label>
          {t('tickets.status')}
          <select data-testid="bo-tk-status" {...field('status')}>
            <option value="">{t('tickets.anyStatus')}</option>
            {TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`tickets.statuses.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('tickets.dateKind')}
          <select data-testid="bo-tk-date-kind" {...field('dateKind')}>
            <option value="placed">{t('tickets.byPlaced')}</option>
            <option value="settled">{t('tickets.bySettled')}</option>
          </select>
        </label>
        <label>
          {t('reports.from')}
          <input type="date" data-testid="bo-tk-start" {...field('start')} />
        </label>
        <label>
          {t('reports.to')}
          <input type="date" data-testid="bo-tk-end" {...field('end')} />
        </label>
        <button type="submit" data-testid="bo-tk-search">
          {t('tickets.search')}
        </button>
      </form>
      {request === null && <p className="error">{t('tickets.badMatch')}</p>}
      {error && (
        <p className="error" role="alert">
          {t('errors.code', { code: error })}
        </p>
      )}
      {open && <TicketDetail ticket={open} onClose={() => setOpen(null)} />}
      {tickets.data && (
        <>
          <p className="muted" data-testid="bo-tk-total">
            {t('tickets.found', { count: tickets.data.total })}
          </p>
          <TicketsTable rows={tickets.data.data} onOpen={setOpen} testId="bo-tk-results" />
          {pages > 1 && (
            <div className="row">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('tickets.previous')}
              </button>
              <span>{t('tickets.page', { page, pages })}</span>
              <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('tickets.next')}
              </button>
            </div>
          )}
        </>
      )}
    </>
  );
}
