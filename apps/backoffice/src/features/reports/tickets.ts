import { TICKET_STATUSES, type BoTicketsRequest, type TicketStatus } from '@sb/contract';

/** The ticket search form as typed (every field text, as the inputs hold it). */
export interface TicketForm {
  account: string;
  refNo: string;
  matchId: string;
  status: string;
  dateKind: 'placed' | 'settled';
  start: string;
  end: string;
}

const isStatus = (value: string): value is TicketStatus =>
  (TICKET_STATUSES as readonly string[]).includes(value);

/**
 * The request a search form makes: blanks left out, the match id a number; a ref_no or a match stands without
 * dates (the server needs dates otherwise). A match id that is no whole number answers null: not sent.
 */
export function ticketRequest(form: TicketForm, page: number): BoTicketsRequest | null {
  const account = form.account.trim();
  const refNo = form.refNo.trim();
  const match = form.matchId.trim();
  if (match && !/^[1-9]\d{0,15}$/.test(match)) return null;
  const named = refNo !== '' || match !== '';
  return {
    page,
    page_size: TICKET_PAGE_SIZE,
    date_kind: form.dateKind,
    ...(account ? { account_id: account } : {}),
    ...(refNo ? { ref_no: refNo } : {}),
    ...(match ? { match_id: Number(match) } : {}),
    ...(isStatus(form.status) ? { status: form.status } : {}),
    ...(named && !form.start && !form.end ? {} : { start_date: form.start, end_date: form.end }),
  };
}

export const TICKET_PAGE_SIZE = 50;

/** The form a link opens with (the win/loss drill-down names a member, its days and settled tickets). */
export function formFromSearch(
  search: URLSearchParams,
  fallback: { start: string; end: string },
): TicketForm {
  const kind = search.get('date_kind');
  return {
    account: search.get('account_id') ?? '',
    refNo: search.get('ref_no') ?? '',
    matchId: search.get('match_id') ?? '',
    status: search.get('status') ?? '',
    dateKind: kind === 'settled' ? 'settled' : 'placed',
    start: search.get('start') ?? fallback.start,
    end: search.get('end') ?? fallback.end,
  };
}

/** The ticket search's address for a member's settled tickets over a win/loss report's days. */
export const memberTicketsPath = (accountId: string, range: { start: string; end: string }): string =>
  `/reports/tickets?${new URLSearchParams({
    account_id: accountId,
    start: range.start,
    end: range.end,
    date_kind: 'settled',
    status: 'settled',
  }).toString()}`;

/** How many pages a total makes. */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / TICKET_PAGE_SIZE));
