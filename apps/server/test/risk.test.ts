import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { TradeForecastReply } from '@sb/contract';
import { boLogin, login, seeded } from './support/fixtures';
import { settle, tradingDesk } from './support/catalog';
import { bettor, pricedMatch, runSettlement } from './support/sportsbook';
import { describeEachDatabase, type TestEnv } from './support/harness';
import { connectSocket } from './support/socket';
import { RISK_CHANNEL, RiskNotifier, type RiskPush } from '../src/push/risk';

/** The book's result (- the members' win/loss) of the settled bets on a match, per currency, as decimal text. */
async function settledBook(env: TestEnv, matchId: number, except: string[]) {
  const result = await sql<{ currency: string; book: string }>`
    select b.currency, (-sum(b.win_loss))::text as book
    from bets b
    where b.id in (select bet_id from bet_legs where match_id = ${matchId}::bigint)
      and b.ref_no <> all(${except}::text[]) and b.status not in ('running', 'waiting')
    group by b.currency
    order by b.currency`.execute(env.ctx.db);
  return Object.fromEntries(result.rows.map((row) => [row.currency, (Number(row.book) / 100).toFixed(2)]));
}

interface Pushed {
  op: string;
  code?: string;
  reason?: string;
  match_ids?: number[];
  c?: { t: string; id: number; match?: { score: number[] } };
}

const connect = (env: TestEnv) => connectSocket<Pushed>(env);

describeEachDatabase('risk: the forecast per goal difference', (env) => {
  it('values the open bets at each final score exactly as settlement then pays them', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const game = await pricedMatch(env(), desk, '-0.75');
    const other = await pricedMatch(env(), desk);
    const myr = await bettor(env(), 'demomyr');
    const usd = await bettor(env(), 'demousd');
    await myr.bet('betsingle', { market_id: game.hdp, selection: 'h', odds: '1.95', stake: '100' });
    await myr.bet('betsingle', { market_id: game.hdp, selection: 'a', odds: '2.10', stake: '50' });
    await myr.bet('betsingle', { market_id: game.ou, selection: 'o', odds: '1.80', stake: '100' });
    await myr.bet('betsingle', { market_id: game.ou, selection: 'u', odds: '2.05', stake: '30' });
    await myr.bet('betsingle', { market_id: game.oneXTwo, selection: 'x', odds: '3.30', stake: '10' });
    const firstHalf = await myr.bet('betsingle', {
      market_id: game.hdp1h,
      selection: 'h',
      odds: '1.90',
      stake: '20',
    });
    await myr.bet('betparlay', {
      picks: [
        { market_id: game.hdp, selection: 'h', odds: '1.95' },
        { market_id: other.hdp, selection: 'h', odds: '1.95' },
      ],
      stake: '10',
    });
    await usd.bet('betsingle', { market_id: game.oneXTwo, selection: '1', odds: '2.40', stake: '40' });

    const bo = await boLogin(env().app);
    const forecast = async (body: Record<string, unknown> = {}) => {
      const reply = await bo.call('trade/forecast', { match_id: game.id, ...body });
      expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
      return reply.body as unknown as TradeForecastReply & { status: string };
    };
    const row = (reply: TradeForecastReply, currency: string, margin: number) =>
      reply.currencies.find((c) => c.currency === currency)?.rows.find((r) => r.margin === margin);

    // Before kick-off: every difference +5..-5 from 0-0; the first-half bet waits for a half-time score.
    const before = await forecast();
    expect(before).toMatchObject({ score: { home: 0, away: 0 }, half_time: null, bets: 7, excluded: 1 });
    expect(before.currencies.map((c) => [c.currency, c.bets, c.stake])).toEqual([
      ['MYR', 7, '320.00'],
      ['USD', 1, '40.00'],
    ]);
    expect(before.currencies[0]?.rows.map((r) => r.margin)).toEqual([5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5]);
    // 1-0: home -0.75 wins half (+47.50), away +0.75 loses half (-25), over loses (-100), under wins (+31.50),
    // the draw loses (-10), the parlay's other leg counts as won: 10 x (1 + 0.95/2) x 1.95 = 28.76 (+18.76).
    expect(row(before, 'MYR', 1)).toMatchObject({
      likely: { home: 1, away: 0 },
      book: '37.24',
      undecided: 1,
    });
    // USD: the home win at 2.40 pays 56 net at every positive margin, the stake is kept otherwise.
    expect(row(before, 'USD', 3)).toMatchObject({ book: '-56.00', worst: '-56.00', best: '-56.00' });
    expect(row(before, 'USD', 0)).toMatchObject({ book: '40.00' });
    // The biggest liability is the home handicap: the single and the parlay's leg on it.
    expect(before.currencies[0]?.liabilities[0]).toEqual({
      kind: 'hdp',
      period: 'ft',
      line: '-0.75',
      selection: 'h',
      bets: 2,
      stake: '110.00',
      payout: '233.03',
      book_if_wins: '-123.03',
    });
    expect((await forecast({ top: 2 })).currencies[0]?.liabilities).toHaveLength(2);

    // The other match is won: the parlay now hangs on this one. Half time 1-0 settles the first-half bet, and
    // the live score 1-0 is the floor of every row.
    await desk.trade('result', { match_id: other.id, ht: { home: 1, away: 0 }, ft: { home: 1, away: 0 } });
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: null });
    await runSettlement(env());
    await desk.trade('live', { match_id: game.id, period: '2h', minute: 50, home: 1, away: 0 });
    await settle();
    const live = await forecast();
    expect(live).toMatchObject({
      score: { home: 1, away: 0 },
      half_time: { home: 1, away: 0 },
      bets: 7,
      excluded: 0,
    });
    expect(row(live, 'MYR', 0)?.likely).toEqual({ home: 1, away: 1 });
    expect(row(live, 'MYR', -5)?.likely).toEqual({ home: 1, away: 6 });
    expect(row(live, 'MYR', 1)?.undecided).toBe(0);
    // The parlay's other leg is now decided won: same figure as assumed.
    const oneNil = row(live, 'MYR', 1);
    const twoNil = row(live, 'MYR', 2);
    expect(oneNil?.book).toBe('37.24');

    // Settling at 1-0 pays exactly the forecast, per currency; a corrected 2-0 exactly the +2 row.
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 1, away: 0 } });
    await runSettlement(env());
    expect(await settledBook(env(), game.id, [firstHalf.ref])).toEqual({
      MYR: oneNil?.book,
      USD: row(live, 'USD', 1)?.book,
    });
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 0 } });
    await runSettlement(env());
    expect(await settledBook(env(), game.id, [firstHalf.ref])).toEqual({
      MYR: twoNil?.book,
      USD: row(live, 'USD', 2)?.book,
    });
    // Nothing open is left to forecast.
    expect(await forecast()).toMatchObject({ bets: 0, currencies: [] });
  });

  it('is the operator’s: an agent is refused, an unknown match is an error, bad input is refused', async () => {
    await seeded(env());
    await tradingDesk(env());
    const agent = await boLogin(env().app, 'demoag');
    expect((await agent.call('trade/forecast', { match_id: 1 })).body.statusdesc).toBe('forbiddenAccess');
    const bo = await boLogin(env().app);
    expect((await bo.call('trade/forecast', { match_id: 999_999 })).body.statusdesc).toBe('matchHide');
    const bad = await bo.call('trade/forecast', { match_id: 1, extra_goals: 99 });
    expect(bad.http).toBeLessThan(500);
    expect(bad.body.status).toBe('0');
  });

  it('pushes to the operator’s desk over the WebSocket: bets placed on a match, and its score', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const game = await pricedMatch(env(), desk);
    const member = await login(env().app, 'demomyr');
    const agent = await boLogin(env().app, 'demoag');

    // A member's session and an agent's back-office token do not open the desk's pushes.
    const asMember = await connect(env());
    asMember.send({ op: 'bo_auth', token: member.token });
    expect((await asMember.waitFor((m) => m.op === 'err')).code).toBe('unauthenticatedUser');
    const asAgent = await connect(env());
    asAgent.send({ op: 'bo_auth', token: agent.token });
    expect((await asAgent.waitFor((m) => m.op === 'err')).code).toBe('forbiddenAccess');
    // Nor may a client ask for the risk topic itself.
    const memberSocket = await connect(env());
    memberSocket.send({ op: 'auth', account_id: 'demomyr', session_token: member.token });
    await memberSocket.waitFor((m) => m.op === 'ready');
    memberSocket.send({ op: 'sub', topics: ['risk:1'] });
    expect((await memberSocket.waitFor((m) => m.op === 'err')).code).toBe('invalid_request');

    const operator = await connect(env());
    operator.send({ op: 'bo_auth', token: desk.bo.token });
    await operator.waitFor((m) => m.op === 'ready');
    operator.send({ op: 'sub', topics: [`match:${game.id}`] });
    await operator.waitFor((m) => m.op === 'subbed');
    const me = await bettor(env(), 'demomyr');
    await me.bet('betsingle', { market_id: game.hdp, selection: 'h', odds: '1.95', stake: '10' });
    expect(await operator.waitFor((m) => m.op === 'risk')).toEqual({
      op: 'risk',
      reason: 'bet',
      match_ids: [game.id],
    });
    await desk.trade('live', { match_id: game.id, period: '1h', minute: 9, home: 0, away: 1, goal: 'a' });
    const score = await operator.waitFor((m) => m.op === 'chg' && m.c?.t === 'match');
    expect(score.c?.match?.score).toEqual([0, 1]);
    // Settling the match moves the book too.
    operator.received.length = 0;
    await desk.trade('result', { match_id: game.id, ht: { home: 0, away: 1 }, ft: { home: 0, away: 1 } });
    await runSettlement(env());
    expect(await operator.waitFor((m) => m.op === 'risk')).toEqual({
      op: 'risk',
      reason: 'bet',
      match_ids: [game.id],
    });
    // The member's own socket hears of its bet, never of the desk's push.
    await memberSocket.waitFor((m) => m.op === 'bet');
    expect(memberSocket.received.some((m) => m.op === 'risk')).toBe(false);
    for (const client of [asMember, asAgent, memberSocket, operator]) client.socket.close();
  });
});

describeEachDatabase('risk: pushes gathered', (env) => {
  it('a burst of bets on two matches reaches the desk as one push naming both, not one push per bet', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const first = await pricedMatch(env(), desk);
    const second = await pricedMatch(env(), desk);
    const operator = await connect(env());
    operator.send({ op: 'bo_auth', token: desk.bo.token });
    await operator.waitFor((m) => m.op === 'ready');
    const myr = await bettor(env(), 'demomyr');
    const usd = await bettor(env(), 'demousd');
    await Promise.all([
      myr.bet('betsingle', { market_id: first.hdp, selection: 'h', odds: '1.95', stake: '10' }),
      usd.bet('betsingle', { market_id: second.hdp, selection: 'h', odds: '1.95', stake: '10' }),
      myr.bet('betsingle', { market_id: second.hdp, selection: 'h', odds: '1.95', stake: '10' }),
    ]);
    await operator.waitFor((m) => m.op === 'risk');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const pushes = operator.received.filter((m) => m.op === 'risk');
    // Three bets, fewer pushes (one, unless a slow database spread the bets over two moments).
    expect(pushes.length).toBeLessThan(3);
    const named = [...new Set(pushes.flatMap((m) => m.match_ids ?? []))].sort((a, b) => a - b);
    expect(named).toEqual([first.id, second.id].sort((a, b) => a - b));
    operator.socket.close();
  });

  it('one push per brand and moment; past 50 matches it names none (any may have moved)', async () => {
    const messages: { brand_id: number; payload: RiskPush }[] = [];
    await env().ctx.bus.subscribe(RISK_CHANNEL, (message) => messages.push(JSON.parse(message)));
    const notifier = new RiskNotifier(env().ctx);
    for (const id of [7, 8, 7, 9]) await notifier.bets(9001, [id]);
    for (let id = 1; id <= 60; id += 1) await notifier.bets(9002, [id]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Brands of their own: no other bet of the test's server is gathered with these.
    expect(messages.filter((m) => m.brand_id > 9000)).toEqual([
      { brand_id: 9001, payload: { op: 'risk', reason: 'bet', match_ids: [7, 8, 9] } },
      { brand_id: 9002, payload: { op: 'risk', reason: 'bet', match_ids: [] } },
    ]);
  });
});

describeEachDatabase(
  'risk: the desk socket',
  (env) => {
    it('closes the desk’s socket once its back-office token is signed out', async () => {
      await seeded(env());
      const bo = await boLogin(env().app);
      const desk = await connect(env());
      const closed = new Promise<number>((resolve) =>
        desk.socket.on('close', (code: number) => resolve(code)),
      );
      desk.send({ op: 'bo_auth', token: bo.token });
      await desk.waitFor((m) => m.op === 'ready');
      expect((await bo.call('logout', {})).body.status).toBe('1');
      expect(await closed).toBe(4003);
    });
  },
  { config: { WS_BO_RECHECK_MS: '200' } },
);
