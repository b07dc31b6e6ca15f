import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { gamesRepository } from '../src/modules/games/repository';
import { units } from './support/counted-rounds';
import { seeded } from './support/fixtures';
import {
  availableOf,
  booksOk,
  fakeProviderOfFile,
  wallet,
  walletSession,
  withProvider,
} from './support/games';
import { describeEachDatabase } from './support/harness';

/** The demo's cash members (10,000.00 each), each with its own currency. */
const MEMBERS = [
  ['demomyr', 'MYR'],
  ['demousd', 'USD'],
  ['democny', 'CNY'],
  ['demoidr', 'IDR'],
  ['demothb', 'THB'],
  ['demosgd', 'SGD'],
] as const;
const PAIRS = 12;
const provider = fakeProviderOfFile();

/**
 * A lane whose backlog reaches WALLET_OVERLAP_AT runs a second batch beside the first (games/wallet-lanes.ts).
 * Set to 1, with batches of at most 3, every call that queues behind a running batch starts one: members'
 * calls then run in two batches at once on PostgreSQL, and still in order, each exactly once.
 */
describeEachDatabase(
  'games: a lane runs a second batch beside the first in a backlog',
  (env) => {
    it("members' bet and win pairs in two batches at once: every call once, in order, books exact", async () => {
      await seeded(env());
      await withProvider(env(), provider());
      const sessions = await Promise.all(
        MEMBERS.map(async ([accountId, currency]) => ({
          accountId,
          currency,
          token: (await walletSession(env(), accountId)).token,
        })),
      );
      let inFlight = 0;
      let mostInFlight = 0;
      const write = gamesRepository.writeBatch.bind(gamesRepository);
      const spy = vi.spyOn(gamesRepository, 'writeBatch').mockImplementation(async (...args) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        try {
          return await write(...args);
        } finally {
          inFlight -= 1;
        }
      });
      try {
        // Each member sends its bets at once, then their wins at once (a seat's calls queue together behind
        // a running batch); the members play at once.
        const statuses = await Promise.all(
          sessions.map(async ({ accountId, currency, token }) => {
            const call = (kind: 'bet' | 'win', pair: number, extra: Record<string, unknown>) =>
              wallet(env(), kind, {
                request_uuid: randomUUID(),
                token,
                user: accountId,
                round: `R${pair}`,
                round_closed: false,
                game_code: 'rl_lucky_lanterns',
                currency,
                ...extra,
              });
            const pairs = Array.from({ length: PAIRS }, (_, i) => i + 1);
            const bets = await Promise.all(
              pairs.map((pair) =>
                call('bet', pair, { transaction_uuid: `${accountId}-b${pair}`, amount: units('1') }),
              ),
            );
            const wins = await Promise.all(
              pairs.map((pair) =>
                call('win', pair, {
                  round_closed: true,
                  transaction_uuid: `${accountId}-w${pair}`,
                  reference_transaction_uuid: `${accountId}-b${pair}`,
                  amount: units('2'),
                }),
              ),
            );
            return [...bets, ...wins].map((reply) => String(reply.status));
          }),
        );
        expect(statuses.flat().filter((status) => status !== 'RS_OK')).toEqual([]);
      } finally {
        spy.mockRestore();
      }
      // PostgreSQL: two batches were written at once. PGlite (one connection): never.
      expect(mostInFlight).toBe(env().kind === 'postgres' ? 2 : 1);
      for (const [accountId] of MEMBERS) {
        // 10,000.00 - 12 x 1.00 + 12 x 2.00, in cents.
        expect(await availableOf(env(), accountId)).toBe(1_000_000n + BigInt(PAIRS) * 100n);
      }
      await booksOk(env());
    });
  },
  { config: { WALLET_OVERLAP_AT: '1', WALLET_BATCH_MAX: '3' } },
);
