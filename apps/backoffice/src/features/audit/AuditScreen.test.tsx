import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { AuditScreen, brief } from './AuditScreen';

describe('audit log screen', () => {
  it('writes values briefly', () => {
    expect(brief({})).toBe('');
    expect(brief(null)).toBe('');
    expect(brief({ state: 'active' })).toBe('{"state":"active"}');
  });

  it('lists the rows and searches by who, what and when', async () => {
    signedIn('demoag', 'agent');
    const api = mockFetch({
      '/bo/audit': (body) => ({
        status: '1',
        statusdesc: 'success',
        total: 1,
        page: body.page,
        rows: [
          {
            seq: '7',
            at: '2026-11-26T10:00:00.000Z',
            actor: 'demoag',
            address: '10.0.0.9',
            action: 'account.credit',
            target: 'democredit',
            before: { given_credit: '5000.00' },
            after: { given_credit: '7500.00' },
            hash: 'ab'.repeat(32),
          },
        ],
      }),
    });
    renderScreen(<AuditScreen />, '/audit');
    const row = await screen.findByTestId('bo-audit-row');
    expect(row.textContent).toContain('account.credit');
    expect(row.textContent).toContain('7500.00');
    fireEvent.change(screen.getByTestId('bo-audit-target'), { target: { value: 'democredit' } });
    fireEvent.change(screen.getByTestId('bo-audit-action'), { target: { value: 'account.' } });
    fireEvent.click(screen.getByTestId('bo-audit-search'));
    await waitFor(() => expect(api.callsTo('/bo/audit')).toHaveLength(2));
    expect(api.callsTo('/bo/audit')[1]?.body).toEqual({
      target: 'democredit',
      action: 'account.',
      page: 1,
      page_size: 50,
    });
  });
});
