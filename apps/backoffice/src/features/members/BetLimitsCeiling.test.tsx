import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { mockFetch, renderScreen, signedIn } from '../../test/utils';
import { BetLimitsForm } from './BetLimitsForm';

const limits = () => ({
  status: '1',
  statusdesc: 'success',
  account_id: 'ag9',
  unit: 'MYR',
  limits: [
    { id: '0', min: '5.00', max: '2000.00', max_payout: '50000.00', max_per_match: '6000.00', own: false },
    { id: '1', min: '10.00', max: '800.00', max_payout: '20000.00', max_per_match: '2400.00', own: true },
  ],
  ceiling: [
    { id: '0', min: '5.00', max: '2000.00', max_payout: '50000.00', max_per_match: '6000.00' },
    { id: '1', min: '10.00', max: '1000.00', max_payout: '20000.00', max_per_match: '3000.00' },
  ],
});

describe('an account’s bet limits beside its parent’s', () => {
  it('fills the current values, shows the parent’s bound by each field, and saves the edit', async () => {
    signedIn();
    const api = mockFetch({ '/bo/betlimits': limits });
    const onSave = vi.fn();
    renderScreen(<BetLimitsForm accountId="ag9" onSave={onSave} />);
    expect((await screen.findByTestId('bo-limit-unit')).textContent).toContain('MYR');
    expect(screen.getByTestId('bo-limit-unit').textContent).toContain('Passed down from above');
    fireEvent.change(screen.getByTestId('bo-limit-id'), { target: { value: '1' } });
    expect((screen.getByTestId('bo-limit-max') as HTMLInputElement).value).toBe('800.00');
    expect(screen.getByTestId('bo-limit-max-bound').textContent).toBe('Parent’s max: 1000.00');
    expect(screen.getByTestId('bo-limit-min-bound').textContent).toBe('Parent’s min: 10.00');
    expect(screen.getByTestId('bo-limit-unit').textContent).not.toContain('Passed down');
    fireEvent.change(screen.getByTestId('bo-limit-max'), { target: { value: '900' } });
    fireEvent.click(screen.getByTestId('bo-limit-save'));
    expect(onSave).toHaveBeenCalledWith({
      id: '1',
      min: '10.00',
      max: '900',
      max_payout: '20000.00',
      max_per_match: '2400.00',
    });
    expect(api.callsTo('/bo/betlimits')[0]?.body).toEqual({ account_id: 'ag9' });
  });
});
