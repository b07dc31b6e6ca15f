import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { recomputeRound, seedHash } from '@sb/domain';
import { queryClient } from '../../shared/api/queryClient';
import { mockFetch, renderWithProviders, signIn } from '../../test/utils';
import { VerifyRound } from './VerifyRound';

const SERVER_SEED = 'a1'.repeat(32);
const CLIENT_SEED = 'draws';
const NONCE = 7;
const balls = (
  recomputeRound({ game: 'keno', serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce: NONCE }) as {
    balls: number[];
  }
).balls;

/** A verify reply for keno round 11: the revealed seed, and the stored balls (or others, to show a mismatch). */
const reply = (stored: number[]) => ({
  status: '1',
  statusdesc: 'success',
  game: 'keno',
  round_id: 11,
  server_seed: SERVER_SEED,
  seed_hash: seedHash(SERVER_SEED),
  client_seed: CLIENT_SEED,
  nonce: NONCE,
  outcome: { game: 'keno', balls },
  stored: { game: 'keno', balls: stored },
  matches: JSON.stringify(stored) === JSON.stringify(balls),
  hash_matches: true,
});

beforeEach(() => queryClient.clear());

describe('verify a draw from its result row', () => {
  it('asks the verify call for the round, recomputes it in the browser and shows the balls with the verdict', async () => {
    signIn({});
    const fetch = mockFetch({ '/api/fairverify': () => reply(balls) });
    renderWithProviders(<VerifyRound game="keno" roundId={11} />);
    fireEvent.click(screen.getByTestId('verify-round-run'));
    const result = await screen.findByTestId('verify-round-result', {}, { timeout: 10_000 });
    expect(fetch.callsTo('/api/fairverify')[0]).toMatchObject({ game: 'keno', round_id: 11 });
    expect(screen.getByTestId('verify-round-outcome').textContent).toBe(balls.join(' '));
    expect(result.textContent).toContain('Verified');
  });

  it('says mismatch when the stored balls are not what the seed gives', async () => {
    signIn({});
    mockFetch({ '/api/fairverify': () => reply([...balls].reverse()) });
    renderWithProviders(<VerifyRound game="keno" roundId={11} />);
    fireEvent.click(screen.getByTestId('verify-round-run'));
    const result = await screen.findByTestId('verify-round-result', {}, { timeout: 10_000 });
    expect(result.textContent).toContain('Mismatch');
  });

  it('shows the call refusing a round whose seed is still in use', async () => {
    signIn({});
    mockFetch({ '/api/fairverify': () => ({ status: '0', statusdesc: 'seedNotRevealed' }) });
    renderWithProviders(<VerifyRound game="keno" roundId={11} />);
    fireEvent.click(screen.getByTestId('verify-round-run'));
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain('still in use');
  });
});
