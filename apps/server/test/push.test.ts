import { expect, it } from 'vitest';
import { boLogin, login, seeded } from './support/fixtures';
import { describeEachDatabase, type TestEnv } from './support/harness';
import { connectSocket } from './support/socket';
import { settle, tradingDesk } from './support/catalog';

interface Message {
  op: string;
  code?: string;
  c?: {
    t: string;
    id: number;
    seq: number;
    market?: { prices: Record<string, string> };
    match?: { score: number[] };
  };
  replay?: boolean;
  [key: string]: unknown;
}

const connect = (env: TestEnv) => connectSocket<Message>(env);

describeEachDatabase('WebSocket push', (env) => {
  it('authenticates, subscribes and receives price and score changes in sequence order', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const member = await login(env().app, 'demomyr');
    const id = await desk.createMatch({
      home: 'A',
      away: 'B',
      kickoff: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await desk.trade('market', { match_id: id, kind: 'hdp', line: '0', prices: { h: '1.90', a: '1.90' } });
    await settle();
    const client = await connect(env());
    client.send({ op: 'sub', topics: ['sport:1'] });
    expect((await client.waitFor((m) => m.op === 'err')).code).toBe('invalidSession');
    client.send({ op: 'auth', account_id: 'demomyr', session_token: member.token });
    await client.waitFor((m) => m.op === 'ready');
    client.send({ op: 'sub', topics: ['sport:1'] });
    await client.waitFor((m) => m.op === 'subbed');
    await desk.trade('price', { match_id: id, kind: 'hdp', line: '0', prices: { h: '1.80', a: '2.00' } });
    await desk.trade('live', { match_id: id, period: '1h', minute: 3, home: 1, away: 0, goal: 'h' });
    const price = await client.waitFor((m) => m.op === 'chg' && m.c?.t === 'market');
    expect(price.c?.market?.prices).toEqual({ h: '1.80', a: '2.00' });
    const score = await client.waitFor((m) => m.op === 'chg' && m.c?.t === 'match');
    expect(score.c?.match?.score).toEqual([1, 0]);
    expect((score.c?.seq ?? 0) > (price.c?.seq ?? 0)).toBe(true);
    client.socket.close();
  });

  it('after a reconnect, replays exactly the missed changes of a match in order', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const member = await login(env().app, 'demomyr');
    const id = await desk.createMatch({
      home: 'A',
      away: 'B',
      kickoff: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await desk.trade('market', { match_id: id, kind: 'ou', line: '2.5', prices: { o: '1.90', u: '1.90' } });
    await settle();
    const heldSeq = env().services.snapshot.matches.get(id)?.seq ?? 0;
    // While the client is away: three price moves.
    for (const over of ['1.85', '1.80', '1.75']) {
      await desk.trade('price', { match_id: id, kind: 'ou', line: '2.5', prices: { o: over, u: '2.00' } });
    }
    await settle();
    const client = await connect(env());
    client.send({ op: 'auth', account_id: 'demomyr', session_token: member.token });
    await client.waitFor((m) => m.op === 'ready');
    client.send({ op: 'sub', topics: [`match:${id}`], since: { [id]: heldSeq } });
    await client.waitFor((m) => m.replay === true && m.c?.seq === heldSeq + 3);
    const replayed = client.received.filter((m) => m.replay);
    expect(replayed.map((m) => m.c?.seq)).toEqual([heldSeq + 1, heldSeq + 2, heldSeq + 3]);
    expect(replayed.map((m) => m.c?.market?.prices.o)).toEqual(['1.85', '1.80', '1.75']);
    client.socket.close();
  });

  it('a reconnect that missed too much is told to resync, and a vanished match is reported gone', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const member = await login(env().app, 'demomyr');
    const id = await desk.createMatch({
      home: 'A',
      away: 'B',
      kickoff: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await desk.trade('market', { match_id: id, kind: 'ou', line: '2.5', prices: { o: '1.90', u: '1.90' } });
    await settle();
    const heldSeq = env().services.snapshot.matches.get(id)?.seq ?? 0;
    const changes = Array.from({ length: 201 }, (_, i) => ({
      match_id: id,
      kind: 'ou',
      line: '2.5',
      prices: { o: (1.5 + (i % 50) / 100).toFixed(2), u: '2.00' },
    }));
    expect((await desk.bo.call('trade/prices', { changes })).body.applied).toBe(201);
    await settle();
    const client = await connect(env());
    client.send({ op: 'auth', account_id: 'demomyr', session_token: member.token });
    await client.waitFor((m) => m.op === 'ready');
    client.send({ op: 'sub', topics: [`match:${id}`, 'match:424242'], since: { [id]: heldSeq, 424242: 3 } });
    expect(await client.waitFor((m) => m.op === 'resync')).toMatchObject({ id, seq: heldSeq + 201 });
    expect(await client.waitFor((m) => m.op === 'gone')).toMatchObject({ id: 424242 });
    expect(client.received.filter((m) => m.replay)).toHaveLength(0);
    client.socket.close();
  });

  it("pushes the member's new balance after a deposit, to every open session", async () => {
    await seeded(env());
    const first = await login(env().app, 'demousd');
    const second = await login(env().app, 'demousd');
    const clients = await Promise.all([first, second].map(() => connect(env())));
    for (const [i, session] of [first, second].entries()) {
      clients[i]?.send({ op: 'auth', account_id: 'demousd', session_token: session.token });
      await clients[i]?.waitFor((m) => m.op === 'ready');
    }
    const bo = await boLogin(env().app, 'demoag');
    await bo.call('deposit', { account_id: 'demousd', amount: '12.34', transfer_id: 'push-dep-1' });
    for (const client of clients) {
      const pushed = await client.waitFor((m) => m.op === 'balance');
      expect(pushed).toMatchObject({
        balance: '10012.34',
        account_balance: '10012.34',
        outstanding_balance: '0.00',
      });
      client.socket.close();
    }
  });

  it('refuses malformed messages and a bad session', async () => {
    await seeded(env());
    const client = await connect(env());
    client.socket.send('not json');
    expect((await client.waitFor((m) => m.op === 'err')).code).toBe('invalid_request');
    client.send({ op: 'auth', account_id: 'demomyr', session_token: 'nope' });
    expect((await client.waitFor((m) => m.code === 'session_not_exists')).op).toBe('err');
  });
});
