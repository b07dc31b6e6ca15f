import { sql } from 'kysely';
import { z } from 'zod';
import { expect, it } from 'vitest';
import { signBody } from '../../src/modules/games/signature';
import { TRANSFER_KINDS } from '../../src/modules/ledger/kinds';
import { GAME_REPORT_BATCH_PREFIX } from '../../src/modules/statement/game-rounds';
import { boLogin, login, seeded } from './fixtures';
import { mutate, prng, sample, type JsonSchema } from './fuzz';
import { SIM_SECRET, startFakeProvider, withProvider } from './games';
import { describeEachDatabase, type TestEnv } from './harness';

/**
 * Bodies per call: at least 2,000 in CI (the hardening issue's floor); FUZZ_BODIES raises it for a long local
 * run (10,000). Read here once: the suite's own configuration.
 */
const BODIES_PER_CALL = Math.max(2_000, Number(process.env.FUZZ_BODIES ?? 2_000));
/** Requests in flight at once: enough to exercise the grouped reads, few enough for two cores. */
const IN_FLIGHT = 16;
/** Calls whose valid bodies end the caller's own session or would stop the rest of the run. */
const SESSION_ENDERS = new Set(['/api/logout', '/bo/logout']);
/** Money and game tables an invalid request must never write. */
const GUARDED_TABLES = [
  'reservations',
  'bets',
  'bet_legs',
  'game_transactions',
  'lottery_tickets',
  'tournament_entries',
];

/**
 * Transfers the game-rounds report job writes, not any call: when it counts finished rounds (every few seconds)
 * it pays the member's rebate and the levels' shares, so these may land while a later call is being fuzzed.
 * Known by kind and the job's batch key together (a settlement's shares stay guarded).
 */
const JOB_KINDS = [TRANSFER_KINDS.gameRebate, TRANSFER_KINDS.share];
const JOB_REF_PATTERN = `${GAME_REPORT_BATCH_PREFIX}%`;

export type Surface = 'member' | 'bo' | 'wallet' | 'public';

function surfaceOf(url: string): Surface {
  if (url.startsWith('/bo/')) return 'bo';
  if (url.startsWith('/wallet/')) return 'wallet';
  if (url.startsWith('/cache/') || url === '/api/version' || url === '/api/fairverify') return 'public';
  return 'member';
}

async function guardedCounts(env: TestEnv): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const moves = await sql<{ transfers: string; entries: string }>`
    select count(distinct t.id)::text as transfers, count(e.transfer_pk)::text as entries
    from transfers t left join entries e on e.transfer_pk = t.id
    where not (t.kind in (${sql.join(JOB_KINDS)}) and t.ref like ${JOB_REF_PATTERN})`.execute(env.ctx.db);
  counts.transfers = Number(moves.rows[0]?.transfers ?? 0);
  counts.entries = Number(moves.rows[0]?.entries ?? 0);
  for (const table of GUARDED_TABLES) {
    const row = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(
      env.ctx.db,
    );
    counts[table] = Number(row.rows[0]?.n ?? 0);
  }
  return counts;
}

/** The reply is the spec's envelope (or the wallet protocol's), never a server error. */
function checkReply(
  url: string,
  http: number,
  text: string,
  sent: string,
): { ok: boolean; success: boolean } {
  expect(http, `${url} answered ${http} to ${sent.slice(0, 300)}: ${text.slice(0, 300)}`).toBeLessThan(500);
  const body = JSON.parse(text) as { status?: unknown; statusdesc?: unknown };
  if (url.startsWith('/wallet/')) {
    expect(String(body.status), `${url}: ${text.slice(0, 300)}`).toMatch(/^RS_/);
    return { ok: true, success: body.status === 'RS_OK' };
  }
  expect(['0', '1'], `${url}: ${text.slice(0, 300)}`).toContain(body.status);
  expect(typeof body.statusdesc, `${url}: ${text.slice(0, 300)}`).toBe('string');
  return { ok: true, success: body.status === '1' };
}

/**
 * The bad-input suite over the calls of some surfaces (two files share the calls, each about half the run, so a
 * failure or a time-out names its half): every POST call the app registers, with bodies generated from its
 * contract schema.
 */
export function fuzzCalls(name: string, surfaces: Surface[]): void {
  describeEachDatabase(name, (env) => {
    it(`${BODIES_PER_CALL} valid and mutated bodies per call: no 5xx, always the envelope, no write from a refusal`, async () => {
      await seeded(env());
      const provider = await startFakeProvider();
      try {
        await withProvider(env(), provider);
        // The fuzz's own member under the demo agent, the target of every back-office call.
        const agent = await boLogin(env().app, 'demoag');
        await agent.call('createaccount', {
          account_id: 'fuzzvictim',
          password: 'Fuzz1234',
          currency: 'MYR',
        });
        const calls = env()
          .routes.filter(
            (route) => route.method === 'POST' && route.call && surfaces.includes(surfaceOf(route.url)),
          )
          .sort((a, b) => surfaceOrder(a.url) - surfaceOrder(b.url));
        expect(calls.length).toBeGreaterThan(10);
        let seed = 1;
        for (const route of calls) {
          const call = route.call;
          if (!call) continue;
          const surface = surfaceOf(route.url);
          const schema = z.toJSONSchema(call.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
          const random = prng((seed += 1));
          const withSession = schema.properties?.session_token !== undefined;
          // A fresh caller per call, so one call's valid body (a logout, a password change) spoils no other.
          const member = surface === 'member' ? await login(env().app, 'demomyr') : null;
          const bo = surface === 'bo' ? await boLogin(env().app) : null;
          const before = await guardedCounts(env());
          let successes = 0;
          for (let sent = 0; sent < BODIES_PER_CALL; sent += IN_FLIGHT) {
            const batch = Array.from({ length: Math.min(IN_FLIGHT, BODIES_PER_CALL - sent) }, (_, i) => {
              const body = sample(schema, random) as Record<string, unknown>;
              if (body && typeof body === 'object' && !Array.isArray(body)) {
                // Session calls carry the real session; sign-in calls keep a made-up login id, so their failures
                // never lock out the member the other calls use.
                if (member && withSession)
                  Object.assign(body, { account_id: member.accountId, session_token: member.token });
                if (bo && 'account_id' in body) body.account_id = 'fuzzvictim';
              }
              // One body in eight goes as generated (mostly valid); the rest are mutated.
              const valid = (sent + i) % 8 === 0 && !SESSION_ENDERS.has(route.url);
              return valid ? JSON.stringify(body) : mutate(body, random).payload;
            });
            const replies = await Promise.all(
              batch.map((payload) =>
                env().app.inject({
                  method: 'POST',
                  url: route.url,
                  headers: {
                    'content-type': 'application/json',
                    ...(bo ? { authorization: `Bearer ${bo.token}` } : {}),
                    ...(surface === 'wallet'
                      ? { 'x-provider-id': 'sim', 'x-signature': signBody(SIM_SECRET, payload) }
                      : {}),
                  },
                  payload,
                }),
              ),
            );
            for (const [i, reply] of replies.entries()) {
              if (checkReply(route.url, reply.statusCode, reply.body, batch[i] ?? '').success) successes += 1;
            }
          }
          // A call that refused everything wrote nothing.
          if (successes === 0) expect(await guardedCounts(env()), route.url).toEqual(before);
        }
        const books = await env().ctx.ledger.verify(env().ctx.db);
        expect(books.ok, JSON.stringify(books)).toBe(true);
      } finally {
        await provider.close();
      }
    }, 900_000);
  });
}

/** Member and public calls first, the wallet next, the back office last (its valid bodies change accounts). */
function surfaceOrder(url: string): number {
  return { public: 0, member: 1, wallet: 2, bo: 3 }[surfaceOf(url)];
}
