import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { DEMO_PASSWORD } from '../src/db/seed';
import { boLogin, login, seeded } from './support/fixtures';
import { tradingDesk } from './support/catalog';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

/**
 * Sessions and sockets (issue 14, defects 3, 5 and 7): logout and a password change end sessions and close
 * their sockets; one bad string never fails another member's call; a socket cannot ask for more than its
 * bounds, and one that stops reading is dropped before what waits for it grows.
 */
async function socketOf(env: TestEnv, accountId: string, token: string) {
  await env.app.ready();
  const socket: WebSocket = await env.app.injectWS('/ws');
  const received: { op: string; code?: string }[] = [];
  let closed = false;
  socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as { op: string }));
  socket.on('close', () => (closed = true));
  const send = (payload: object) => socket.send(JSON.stringify(payload));
  const until = async (done: () => boolean, what: string, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what}: not seen; got ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  send({ op: 'auth', account_id: accountId, session_token: token });
  await until(() => received.some((m) => m.op === 'ready'), 'ready');
  return { socket, received, send, until, isClosed: () => closed };
}

/** A masked client text frame (RFC 6455: clients mask), for a raw TCP client. */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = randomBytes(4);
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : Buffer.from([0x81, 0x80 | 126, (length >> 8) & 0xff, length & 0xff]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([header, mask, masked]);
}

/** A raw WebSocket client over TCP that never reads what the server sends. */
async function neverReadingClient(port: number): Promise<{ socket: Socket; send: (p: object) => void }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  socket.write(
    'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.pause();
  return { socket, send: (payload) => socket.write(clientFrame(JSON.stringify(payload))) };
}

describeEachDatabase(
  'security: sessions and sockets',
  (env) => {
    it('logout ends the session on the server and closes its sockets', async () => {
      await seeded(env());
      const me = await login(env().app, 'demomyr');
      const other = await login(env().app, 'demomyr');
      const mine = await socketOf(env(), 'demomyr', me.token);
      const theirs = await socketOf(env(), 'demomyr', other.token);
      const session = { account_id: 'demomyr', session_token: me.token };
      expect((await call(env().app, '/api/logout', session)).body.status).toBe('1');
      await mine.until(mine.isClosed, 'socket closed on logout');
      expect((await call(env().app, '/api/userbalance', session)).body.statusdesc).toBe('session_expired');
      expect((await call(env().app, '/api/logout', session)).body.statusdesc).toBe('session_expired');
      // The member's other session carries on.
      const still = { account_id: 'demomyr', session_token: other.token };
      expect((await call(env().app, '/api/userbalance', still)).body.status).toBe('1');
      expect(theirs.isClosed()).toBe(false);
      theirs.socket.close();
    });

    it('a password change ends the other sessions and closes their sockets: no more balance pushes', async () => {
      await seeded(env());
      const stolen = await login(env().app, 'demomyr');
      const mine = await login(env().app, 'demomyr');
      const thief = await socketOf(env(), 'demomyr', stolen.token);
      const own = await socketOf(env(), 'demomyr', mine.token);
      const bo = await boLogin(env().app);
      await bo.call('deposit', { account_id: 'demomyr', amount: '1', transfer_id: 'before' });
      await thief.until(() => thief.received.some((m) => m.op === 'balance'), 'balance push before');
      const changed = await call(env().app, '/api/changepassword', {
        account_id: 'demomyr',
        session_token: mine.token,
        current_password: DEMO_PASSWORD,
        new_password: 'Newpass123',
        confirm_password: 'Newpass123',
      });
      expect(changed.body.status, JSON.stringify(changed.body)).toBe('1');
      await thief.until(thief.isClosed, 'ended session socket closed');
      const pushesBefore = thief.received.filter((m) => m.op === 'balance').length;
      await bo.call('deposit', { account_id: 'demomyr', amount: '1', transfer_id: 'after' });
      await own.until(() => own.received.filter((m) => m.op === 'balance').length >= 2, 'own pushes go on');
      expect(thief.received.filter((m) => m.op === 'balance').length).toBe(pushesBefore);
      const session = { account_id: 'demomyr', session_token: stolen.token };
      expect((await call(env().app, '/api/userbalance', session)).body.statusdesc).toBe('session_expired');
      own.socket.close();
    });

    it('a NUL byte or a lone surrogate is refused at the schema, and never fails other members’ calls', async () => {
      await seeded(env());
      const members = ['demomyr', 'demousd', 'democny', 'demoidr'];
      const sessions = await Promise.all(members.map((id) => login(env().app, id)));
      const bad = [
        { account_id: 'demomyr', session_token: `x\u0000y` },
        { account_id: 'demomyr', session_token: `\ud800abc` },
        { account_id: `demo\u0000myr`, session_token: 'abc' },
        { account_id: 'demomyr', session_token: `abc\udc00` },
      ];
      const good = Array.from({ length: 60 }, (_, i) => {
        const session = sessions[i % sessions.length];
        return { account_id: session?.accountId ?? '', session_token: session?.token ?? '' };
      });
      // The good calls read profiles: userbalance answers requestPending to a second parallel call of
      // the same session by rule, which is not the failure this test looks for.
      const replies = await Promise.all([
        ...good.map((body) => call(env().app, '/api/userprofile', body)),
        ...bad.map((body, i) => call(env().app, i % 2 === 0 ? '/api/userbalance' : '/api/userprofile', body)),
      ]);
      const goodReplies = replies.slice(0, good.length);
      const badReplies = replies.slice(good.length);
      expect(goodReplies.filter((reply) => reply.body.status !== '1').map((r) => r.body)).toEqual([]);
      for (const reply of badReplies) {
        expect(reply.http).toBeLessThan(500);
        expect(reply.body).toMatchObject({ status: '0', statusdesc: 'invalid_request' });
      }
      // And a bad idempotency key on a bet is refused the same way.
      const bet = await call(env().app, '/api/bet/betsingle', {
        account_id: 'demomyr',
        session_token: sessions[0]?.token,
        odds_type: '4',
        idempotency_key: 'k\u0000',
        market_id: 1,
        selection: 'h',
        odds: '1.95',
        stake: '10',
      });
      expect(bet.body).toMatchObject({ status: '0', statusdesc: 'invalid_request' });
    });
    it('bounds what one socket may ask: topics, matches per replay, subscriptions a second', async () => {
      await seeded(env());
      const me = await login(env().app, 'demomyr');
      const client = await socketOf(env(), 'demomyr', me.token);
      const errors = () => client.received.filter((m) => m.op === 'err').length;
      const since = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [String(i + 1), 0]));
      client.send({ op: 'sub', topics: ['sport:1'], since });
      await client.until(() => errors() === 1, 'too many matches refused');
      client.send({ op: 'sub', topics: Array.from({ length: 11 }, (_, i) => `match:${i + 1}`) });
      await client.until(() => errors() === 2, 'too many topics refused');
      // Three subscriptions a second: the next ones in the same second are refused...
      for (let i = 2; i <= 6; i += 1) client.send({ op: 'sub', topics: [`sport:${i}`] });
      // ...and five refusals close the socket: a client that keeps asking too much is dropped.
      await client.until(client.isClosed, 'socket closed after repeated refusals');
      expect(client.received.filter((m) => m.op === 'err').every((m) => m.code === 'requestLimit')).toBe(
        true,
      );
    });
    it('drops a client that asks for replays again and again and never reads, before its buffer grows', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const me = await login(env().app, 'demomyr');
      const id = await desk.createMatch({
        home: 'Slow',
        away: 'Reader',
        kickoff: new Date(Date.now() + 3_600_000).toISOString(),
      });
      // 20 big missed events of the match (as a long outage would leave), straight into its event log.
      await sql`insert into match_events (match_id, seq, payload)
        select ${id}::bigint, 1000 + g, jsonb_build_object('t', 'market', 'id', ${id}::bigint, 'seq', 1000 + g,
          'pad', repeat('x', 200000))
        from generate_series(1, 20) g`.execute(env().ctx.db);
      const held = env().services.snapshot.matches.get(id);
      if (held) held.seq = 1020;
      await env().app.listen({ host: '127.0.0.1', port: 0 });
      const address = env().app.server.address();
      const client = await neverReadingClient(typeof address === 'object' && address ? address.port : 0);
      client.send({ op: 'auth', account_id: 'demomyr', session_token: me.token });
      // Each ask replays ~1.2 MB; 30 asks would queue 36 MB for a client that reads nothing.
      for (let i = 0; i < 30; i += 1)
        client.send({ op: 'sub', topics: [`match:${id}`], since: { [id]: 1000 } });
      const deadline = Date.now() + 20_000;
      while (env().services.hub.dropped === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(env().services.hub.dropped).toBe(1);
      // Dropped as soon as what waits for it passed the bound: forgotten by the hub, its connection destroyed
      // (the rest of the replay is never read or framed).
      expect(env().services.hub.clients).toBe(0);
      client.socket.destroy();
    });

    it('refuses an upgrade of any path but /ws at once and closes its connection', async () => {
      if (!env().app.server.listening) await env().app.listen({ host: '127.0.0.1', port: 0 });
      const address = env().app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // A client that asks and resets at once first: the refusal's write must not fail the server.
      for (let i = 0; i < 20; i += 1) {
        const rude = connect(port, '127.0.0.1');
        rude.on('error', () => undefined);
        rude.write(
          'GET /api/login HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
          () => rude.resetAndDestroy(),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const socket = connect(port, '127.0.0.1');
      socket.write(
        'GET /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      // The server ends the connection itself: a socket left open here would be held by nothing at all.
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`still open; got ${JSON.stringify(answer)}`)), 3000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    });
  },
  {
    config: {
      WS_MAX_TOPICS: '10',
      WS_MAX_REPLAY_MATCHES: '20',
      WS_SUBS_PER_SECOND: '3',
      WS_MAX_BUFFERED_BYTES: '2000000',
    },
  },
);
