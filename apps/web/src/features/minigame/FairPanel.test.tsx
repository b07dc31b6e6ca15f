import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../shared/api/queryClient';
import { mockFetch, signIn } from '../../test/utils';
import { FairPanel } from './FairPanel';

const seed = (hash: string, next?: string) => ({
  seed_hash: hash,
  ...(next ? { next_seed_hash: next } : {}),
  client_seed: 'public',
  next_nonce: 4,
  created_at: '2026-11-26T04:00:00.000Z',
});

beforeEach(() => queryClient.clear());

describe('the fairness panel', () => {
  it('shows every shared game’s commitment, and the next betting day’s: crash, 4D, the draws and the races', async () => {
    signIn({});
    mockFetch({
      '/api/fairseed': () => ({
        status: '1',
        statusdesc: 'success',
        member: seed('m'.repeat(64)),
        crash: seed('c'.repeat(64)),
        lottery: seed('l'.repeat(64)),
        draws: seed('d'.repeat(64), 'e'.repeat(64)),
        racing: seed('r'.repeat(64)),
        revealed: [],
        revealed_shared: [],
      }),
    });
    render(
      <QueryClientProvider client={queryClient}>
        <FairPanel />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('fair-commitment-racing')).textContent).toBe('r'.repeat(64));
    expect(screen.getByTestId('fair-commitment-draws').textContent).toBe('d'.repeat(64));
    expect(screen.getByTestId('fair-commitment-lottery').textContent).toBe('l'.repeat(64));
    expect(screen.getByText(/Virtual race · Seed commitment/)).toBeTruthy();
    // The next day's seed is committed a day ahead: a bet before the rollover on a draw after it was covered.
    expect(screen.getByTestId('fair-next-commitment-draws').textContent).toBe('e'.repeat(64));
    expect(screen.queryByTestId('fair-next-commitment-racing')).toBeNull();
  });
});
