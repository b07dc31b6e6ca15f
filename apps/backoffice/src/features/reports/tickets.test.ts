import { describe, expect, it } from 'vitest';
import { formFromSearch, memberTicketsPath, pageCount, ticketRequest, type TicketForm } from './tickets';

const form = (over: Partial<TicketForm> = {}): TicketForm => ({
  account: '',
  refNo: '',
  matchId: '',
  status: '',
  dateKind: 'placed',
  start: '2026-01-01',
  end: '2026-01-07',
  ...over,
});

describe('ticket search form', () => {
  it.each([
    [
      'dates only',
      form(),
      { page: 1, page_size: 50, date_kind: 'placed', start_date: '2026-01-01', end_date: '2026-01-07' },
    ],
    [
      'every filter, trimmed',
      form({ account: ' demomyr ', refNo: ' R1 ', matchId: ' 42 ', status: 'won', dateKind: 'settled' }),
      {
        page: 1,
        page_size: 50,
        date_kind: 'settled',
        account_id: 'demomyr',
        ref_no: 'R1',
        match_id: 42,
        status: 'won',
        start_date: '2026-01-01',
        end_date: '2026-01-07',
      },
    ],
    [
      'a ref_no without dates',
      form({ refNo: 'R1', start: '', end: '' }),
      { page: 1, page_size: 50, date_kind: 'placed', ref_no: 'R1' },
    ],
    [
      'an unknown status is left out',
      form({ status: 'lucky' }),
      { page: 1, page_size: 50, date_kind: 'placed', start_date: '2026-01-01', end_date: '2026-01-07' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(ticketRequest(input, 1)).toEqual(expected);
  });

  it('refuses a match id that is no whole number', () => {
    expect(ticketRequest(form({ matchId: '4x' }), 1)).toBeNull();
    expect(ticketRequest(form({ matchId: '0' }), 1)).toBeNull();
  });

  it('opens from the win/loss drill-down address with the member, its days and settled tickets', () => {
    const path = memberTicketsPath('demomyr', { start: '2026-01-01', end: '2026-01-07' });
    const search = new URLSearchParams(path.slice(path.indexOf('?')));
    expect(formFromSearch(search, { start: 'x', end: 'y' })).toEqual(
      form({ account: 'demomyr', status: 'settled', dateKind: 'settled' }),
    );
    expect(formFromSearch(new URLSearchParams(), { start: 'a', end: 'b' })).toEqual(
      form({ start: 'a', end: 'b' }),
    );
  });

  it('counts pages', () => {
    expect([0, 1, 50, 51, 120].map(pageCount)).toEqual([1, 1, 1, 2, 3]);
  });
});
