import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed';
import { boLogin, login, seeded } from './support/fixtures';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

/**
 * Throttles, sessions at rest and the HTTP edge (issue 14, defects 4 and 8): limits that hold under rotating
 * X-Forwarded-For, a stranger who cannot use up a member's calls, login that costs the same whether the
 * account exists, security headers, a bounded wait for a half-sent body, bad URLs in the envelope.
 */
const LIMITS = {
  LOGIN_ATTEMPTS_PER_MINUTE: '5',
  LOGIN_FAILURES_PER_ADDRESS_PER_MINUTE: '12',
  REQUESTS_PER_SECOND: '30',
  REQUEST_TIMEOUT_MS: '1000',
  CSP_IMG_ORIGINS: 'https://thumbs.provider.example',
};

let counter = 0;
/** A different made-up client address each time, as a rotating X-Forwarded-For would give. */
const rotating = () => ({ 'x-forwarded-for': `203.0.113.${(counter += 1) % 250}` });

const loginAs = (env: TestEnv, accountId: string, password: string, headers: Record<string, string> = {}) =>
  call(env.app, '/api/authlogin', { account_id: accountId, password }, headers);

/**
 * A client that sends `opening` (or nothing at all) and then stalls: how its connection ended (the server's
 * answer, 'closed' or 'reset'; 'still open' after 8 s) and after how long.
 */
async function stalledConnection(env: TestEnv, opening: string | null) {
  if (!env.app.server.listening) await env.app.listen({ host: '127.0.0.1', port: 0 });
  const address = env.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const started = Date.now();
  const ended = await new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      if (opening !== null) socket.write(opening);
    });
    let answer = '';
    socket.on('data', (data: Buffer) => (answer += data.toString()));
    socket.on('close', () => resolve(answer || 'closed'));
    socket.on('error', () => resolve('reset'));
    setTimeout(() => {
      socket.destroy();
      resolve('still open');
    }, 8_000);
  });
  return { ended, ms: Date.now() - started };
}

describeEachDatabase(
  'security: throttles and the HTTP edge',
  (env) => {
    describe('login throttle', () => {
      it('counts failed logins per account whatever address they claim to come from', async () => {
        await seeded(env());
        for (let i = 0; i < 5; i += 1) {
          expect((await loginAs(env(), 'demomyr', 'wrong-pass1', rotating())).body.statusdesc).toBe(
            'account_not_exists',
          );
        }
        // The right password, from yet another address, is refused for the rest of the minute.
        expect((await loginAs(env(), 'demomyr', DEMO_PASSWORD, rotating())).body.statusdesc).toBe(
          'loginLimit',
        );
        env().advance(61_000);
        expect((await loginAs(env(), 'demomyr', DEMO_PASSWORD, rotating())).body.status).toBe('1');
      });

      it('counts failed logins per address across accounts; successful logins count nothing', async () => {
        await seeded(env());
        for (let i = 0; i < 8; i += 1) await login(env().app, 'demousd');
        for (let i = 0; i < 12; i += 1) {
          const reply = await loginAs(env(), `nobody${i}`, 'wrong-pass1', rotating());
          expect(reply.body.statusdesc).toBe('account_not_exists');
        }
        expect((await loginAs(env(), 'democny', DEMO_PASSWORD, rotating())).body.statusdesc).toBe(
          'loginLimit',
        );
      });

      it('the back-office sign-in counts failures per account and per address the same way', async () => {
        await seeded(env());
        const boLoginAs = (accountId: string, password: string) =>
          call(env().app, '/bo/login', { account_id: accountId, password }, rotating());
        for (let i = 0; i < 5; i += 1)
          expect((await boLoginAs('demoag', 'wrong-pass1')).body.statusdesc).toBe('account_not_exists');
        expect((await boLoginAs('demoag', DEMO_PASSWORD)).body.statusdesc).toBe('loginLimit');
        env().advance(61_000);
        // The minute is over, but three failures in a row locked the login until its upline opens it.
        expect((await boLoginAs('demoag', DEMO_PASSWORD)).body.statusdesc).toBe('accountLocked');
        const master = await boLogin(env().app, 'demoma');
        expect((await master.call('unlock', { account_id: 'demoag' })).body.status).toBe('1');
        expect((await boLoginAs('demoag', DEMO_PASSWORD)).body.statusdesc).toBe('totpRequired');
        // One address trying agent after agent is stopped too.
        for (let i = 0; i < 12; i += 1) {
          const reply = await call(env().app, '/bo/login', {
            account_id: `noagent${i}`,
            password: 'wrong-pass1',
          });
          expect(reply.body.statusdesc).toBe('account_not_exists');
        }
        const again = await call(env().app, '/bo/login', { account_id: 'demoma', password: DEMO_PASSWORD });
        expect(again.body.statusdesc).toBe('loginLimit');
      });

      it('costs the same for an absent account as for a wrong password (a dummy hash is checked)', async () => {
        await seeded(env());
        const timed = async (accountId: string, attempt: number) => {
          const started = process.hrtime.bigint();
          await loginAs(env(), accountId, `wrong-pass${attempt}`);
          return Number(process.hrtime.bigint() - started);
        };
        const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
        await timed('demosgd', 0);
        // Alternated, so a moment of load elsewhere (a job's run, another test file) slows both alike. Four
        // attempts each stay under the login throttle.
        const absentTimes: number[] = [];
        const presentTimes: number[] = [];
        for (let i = 0; i < 4; i += 1) {
          absentTimes.push(await timed('no-such-member', i));
          presentTimes.push(await timed('demothb', i));
        }
        const absent = median(absentTimes);
        const present = median(presentTimes);
        // An argon2 verification is most of either; without one the absent account answers several times faster.
        expect(absent / present).toBeGreaterThan(0.5);
      });

      it('the back-office sign-in costs the same for an absent upline as for a wrong password', async () => {
        await seeded(env());
        const median = async (accountId: string) => {
          const times: number[] = [];
          for (let i = 0; i < 4; i += 1) {
            const started = process.hrtime.bigint();
            const reply = await call(env().app, '/bo/login', {
              account_id: accountId,
              password: `wrong-pass${i}`,
            });
            expect(reply.body.statusdesc).toBe('account_not_exists');
            times.push(Number(process.hrtime.bigint() - started));
          }
          return times.sort((a, b) => a - b)[2] ?? 0;
        };
        await median('demoma');
        const absent = await median('no-such-agent');
        const present = await median('demoag');
        expect(absent / present).toBeGreaterThan(0.5);
      });
    });

    describe('call rate limit', () => {
      it('an anonymous caller cannot escape its limit by rotating X-Forwarded-For', async () => {
        const replies = await Promise.all(
          Array.from({ length: 45 }, () =>
            env().app.inject({ method: 'POST', url: '/cache/uxmenu', payload: {}, headers: rotating() }),
          ),
        );
        const limited = replies.filter((reply) => reply.statusCode === 429);
        expect(limited.length).toBeGreaterThan(0);
        expect(limited[0]?.json()).toMatchObject({ status: '0', statusdesc: 'requestLimit' });
      });

      it('a stranger with junk tokens and a member’s id does not use up that member’s calls', async () => {
        await seeded(env());
        const { token } = await login(env().app, 'demomyr');
        const junk = await Promise.all(
          Array.from({ length: 45 }, (_, i) =>
            call(env().app, '/api/userbalance', { account_id: 'demomyr', session_token: `junk-${i}` }),
          ),
        );
        expect(junk.every((reply) => reply.http < 500 && reply.body.status === '0')).toBe(true);
        const mine = await call(env().app, '/api/userbalance', {
          account_id: 'demomyr',
          session_token: token,
        });
        expect(mine.body.status, JSON.stringify(mine.body)).toBe('1');
        // The member's own flood is limited, by its session.
        const flood = await Promise.all(
          Array.from({ length: 45 }, () =>
            call(env().app, '/api/userprofile', { account_id: 'demomyr', session_token: token }),
          ),
        );
        expect(flood.some((reply) => reply.http === 429)).toBe(true);
      });
    });

    describe('sessions at rest', () => {
      it('keeps only a hash of each session token', async () => {
        await seeded(env());
        const { token } = await login(env().app, 'demomyr');
        const rows = await sql<{ token_hash: string }>`select token_hash from sessions`.execute(env().ctx.db);
        const hashes = rows.rows.map((row) => row.token_hash);
        expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
        const dump = JSON.stringify(
          (await sql`select * from sessions`.execute(env().ctx.db)).rows,
          (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v),
        );
        expect(dump).not.toContain(token);
      });
    });

    describe('HTTP edge', () => {
      it('sends security headers the member app can live with, with the configured extra image origins', async () => {
        // A document (the readable API page here; the member app's pages alike): the full policy.
        const page = await env().app.inject({ method: 'GET', url: '/docs' });
        const csp = String(page.headers['content-security-policy']);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toMatch(/img-src 'self' data: https:\/\/thumbs\.provider\.example/);
        expect(page.headers['referrer-policy']).toBe('no-referrer');
        expect(page.headers['x-frame-options']).toBe('DENY');
        // A call's JSON reply, found or not: a policy allowing nothing, no sniffing, no framing.
        const reply = await env().app.inject({ method: 'POST', url: '/api/version', payload: {} });
        expect(reply.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        expect(reply.headers['x-content-type-options']).toBe('nosniff');
        expect(reply.headers['x-frame-options']).toBe('DENY');
        // Not behind TLS by configuration: no HSTS.
        expect(reply.headers['strict-transport-security']).toBeUndefined();
        const missing = await env().app.inject({ method: 'POST', url: '/api/nosuchcall', payload: {} });
        expect(missing.headers['content-security-policy']).toBe(reply.headers['content-security-policy']);
      });

      it('answers a malformed URL in the envelope', async () => {
        for (const url of ['/api/%E0%A4%A', '/%c0', '/api/userbalance%']) {
          const reply = await env().app.inject({ method: 'POST', url, payload: {} });
          expect(reply.statusCode).toBeGreaterThanOrEqual(400);
          expect(reply.statusCode).toBeLessThan(500);
          expect(reply.json()).toMatchObject({ status: '0', statusdesc: expect.any(String) });
        }
      });

      it('does not hold a half-sent body open past the request timeout', async () => {
        const { ended, ms } = await stalledConnection(
          env(),
          'POST /api/userbalance HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
            'Content-Length: 100\r\n\r\n{"account_id":',
        );
        expect(ended).not.toBe('still open');
        expect(ms).toBeLessThan(8_000);
      });

      it('does not hold a connection that never sends a byte past the request timeout', async () => {
        const { ended, ms } = await stalledConnection(env(), null);
        expect(ended).not.toBe('still open');
        expect(ms).toBeLessThan(8_000);
      });
    });
  },
  { config: LIMITS },
);
