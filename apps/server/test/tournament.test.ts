import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { boLogin, seeded } from './support/fixtures';
import { settle, tradingDesk } from './support/catalog';
import { call, describeEachDatabase, type TestEnv } from './support/harness';
import { bettor, pricedMatch } from './support/sportsbook';

const HOUR = 3_600_000;
const PAYOUT_DELAY_MS = 60_000;

type Member = Awaited<ReturnType<typeof bettor>>;

/** Three pre-match matches (handicap -0.5 at h 1.95 / a 2.10, two hours ahead) and five MYR members. */
async function scene(env: TestEnv) {
  await seeded(env);
  const desk = await tradingDesk(env);
  const matches = [await pricedMatch(env, desk), await pricedMatch(env, desk), await pricedMatch(env, desk)];
  const agent = await boLogin(env.app, 'demoag');
  const members: Member[] = [await bettor(env, 'demomyr')];
  for (const name of ['roomone', 'roomtwo', 'roomthree', 'roomfour']) {
    const created = await agent.call('createaccount', {
      account_id: name,
      password: 'Demo1234',
      currency: 'MYR',
      commission_rate: '0',
    });
    expect(created.body.status, JSON.stringify(created.body)).toBe('1');
    const deposit = await agent.call('deposit', {
      account_id: name,
      amount: '1000',
      transfer_id: `d-${name}`,
    });
    expect(deposit.body.status, JSON.stringify(deposit.body)).toBe('1');
    members.push(await bettor(env, name));
  }
  const room = (member: Member, name: string, body: Record<string, unknown> = {}) =>
    call(env.app, `/tournament/${name}`, { ...member.session, ...body });
  return { desk, matches, members, agent, room };
}

type Scene = Awaited<ReturnType<typeof scene>>;

async function createRoom(s: Scene, owner: Member, body: Record<string, unknown>) {
  const reply = await s.room(owner, 'roomcreate', {
    type: 1,
    rate: '100',
    room_limit: '10',
    terms: true,
    matches: s.matches.map((m) => m.id),
    ...body,
  });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
  return reply.body.roomid as number;
}

/** Picks on the three matches' handicap ('h' or 'a' each), then joins. */
async function pickAndJoin(s: Scene, member: Member, roomid: number, sides: string, extra: object = {}) {
  const bet = await s.room(member, 'bet', {
    roomid,
    picks: s.matches.map((m, i) => ({ match_id: m.id, selection: sides[i] })),
  });
  expect(bet.body.status, JSON.stringify(bet.body)).toBe('1');
  return s.room(member, 'roomjoin', { roomid, ...extra });
}

async function result(s: Scene, index: number, home: number, away: number) {
  await s.desk.trade('result', {
    match_id: s.matches[index]!.id,
    ht: { home: 0, away: 0 },
    ft: { home, away },
  });
  await settle();
}

async function ranks(s: Scene, roomid: number) {
  const reply = await s.room(s.members[0]!, 'roomrank', { roomid });
  return (reply.body.ranks as { rank: number; account_id: string; points: string; prize: string }[]).map(
    (r) => [r.account_id, r.rank, r.points, r.prize],
  );
}

async function status(s: Scene, roomid: number) {
  return ((await s.room(s.members[0]!, 'roominfo', { roomid })).body.room as { status: string }).status;
}

describeEachDatabase(
  'tournament rooms',
  (env) => {
    it('runs a paid room of five members from picks to prizes, re-ranking on a corrected result', async () => {
      const s = await scene(env());
      const [a, b, c, d, e] = s.members as [Member, Member, Member, Member, Member];
      const roomid = await createRoom(s, a, {});
      const before = await Promise.all(s.members.map((m) => m.balance()));
      // Results below: home wins match 1 (-0.5 covers), draws match 2, loses match 3 (first result).
      for (const [member, sides] of [
        [a, 'aaa'],
        [b, 'haa'],
        [c, 'hha'],
        [d, 'hhh'],
        [e, 'ahh'],
      ] as const) {
        const joined = await pickAndJoin(s, member, roomid, sides);
        expect(joined.body.status, JSON.stringify(joined.body)).toBe('1');
      }
      // A sixth join by someone already in, and a join without picks.
      expect((await s.room(a, 'roomjoin', { roomid })).body.statusdesc).toBe('memberJoinedBefore');
      const credit = await bettor(env(), 'democredit');
      expect((await s.room(credit, 'roomjoin', { roomid })).body.statusdesc).toBe('betNotExists');
      for (const [i, member] of s.members.entries()) {
        const now = await member.balance();
        expect(Number(now.balance)).toBe(Number(before[i]!.balance) - 100);
      }

      env().advance(2 * HOUR + 60_000);
      await env().services.rooms.runDue();
      expect(await status(s, roomid)).toBe('0');
      expect((await s.room(b, 'bet', { roomid, picks: [] })).body.statusdesc).toBe('matchChangeTime');

      await result(s, 0, 2, 1);
      await result(s, 1, 0, 0);
      await result(s, 2, 1, 3);
      await env().services.rooms.runDue();
      expect(await status(s, roomid)).toBe('3');
      // Pool 500 less the 10% fee = 450: 225 / 135 / 90.
      expect(await ranks(s, roomid)).toEqual([
        ['roomone', 1, '315', '225.00'],
        ['demomyr', 2, '120', '135.00'],
        ['roomtwo', 3, '105', '90.00'],
        ['roomthree', 4, '-105', '0.00'],
        ['roomfour', 5, '-300', '0.00'],
      ]);

      // Corrected before payout: home wins match 3. roomtwo and roomfour tie on points, wins and losses:
      // roomtwo picked first, so it ranks above.
      await result(s, 2, 3, 1);
      await env().services.rooms.runDue();
      expect(await ranks(s, roomid)).toEqual([
        ['roomone', 1, '105', '225.00'],
        ['roomthree', 2, '90', '135.00'],
        ['demomyr', 3, '-90', '90.00'],
        ['roomtwo', 4, '-105', '0.00'],
        ['roomfour', 5, '-105', '0.00'],
      ]);

      env().advance(PAYOUT_DELAY_MS + 1_000);
      await env().services.rooms.runDue();
      await env().services.rooms.runDue();
      expect(await status(s, roomid)).toBe('1');
      const prizes = [90, 225, 0, 135, 0];
      for (const [i, member] of s.members.entries()) {
        expect(Number((await member.balance()).balance)).toBe(Number(before[i]!.balance) - 100 + prizes[i]!);
      }
      const books = await env().ctx.ledger.verify(env().ctx.db);
      expect(books.ok, JSON.stringify(books)).toBe(true);
      const finished = await call(env().app, '/api/gameresult', { ...b.session });
      expect(finished.body.rooms).toEqual([
        expect.objectContaining({ roomid, rank: 1, prize: '225.00', status: '1' }),
      ]);
    });

    it("another brand's members neither see nor join a room", async () => {
      const s = await scene(env());
      await env().services.brands.refresh();
      const usd = await bettor(env(), 'demousd');
      const roomid = await createRoom(s, usd, {});
      const jadeHost = { host: 'jade.localhost' };
      const login = await call(
        env().app,
        '/api/authlogin',
        { account_id: 'jadeusd', password: 'Demo1234' },
        jadeHost,
      );
      const token = (login.body.member_profile as { player_info: [{ session_token: string }] }).player_info[0]
        .session_token;
      const jade = { account_id: 'jadeusd', session_token: token };
      const listed = await call(env().app, '/tournament/roomlist', { ...jade }, jadeHost);
      expect(listed.body.status, JSON.stringify(listed.body)).toBe('1');
      expect(listed.body.total_rows).toBe(0);
      const sameBrand = await s.room(usd, 'roomlist', {});
      expect(sameBrand.body.total_rows).toBe(1);
      const joined = await call(env().app, '/tournament/roomjoin', { ...jade, roomid }, jadeHost);
      expect(joined.body.statusdesc).toBe('roomNotExists');
    });

    it('keeps private rooms behind their PIN and gives each member one', async () => {
      const s = await scene(env());
      const [a, b, c] = s.members as [Member, Member, Member];
      const roomid = await createRoom(s, a, { type: 2, room_password: '123456' });
      const second = await s.room(a, 'roomcreate', {
        type: 2,
        room_password: '654321',
        rate: '10',
        room_limit: '3',
        terms: true,
        matches: s.matches.map((m) => m.id),
      });
      expect(second.body.statusdesc).toBe('roomExists');
      expect((await pickAndJoin(s, b, roomid, 'hhh')).body.statusdesc).toBe('roomPasswordRequired');
      expect((await s.room(b, 'roomjoin', { roomid, room_password: '111111' })).body.statusdesc).toBe(
        'invalidRoomPassword',
      );
      expect((await s.room(b, 'roomjoin', { roomid, room_password: '123456' })).body.status).toBe('1');
      expect((await pickAndJoin(s, c, roomid, 'aaa', { room_password: '123456' })).body.status).toBe('1');
      const bad = await s.room(a, 'roomcreate', {
        type: 2,
        room_password: '12ab56',
        rate: '10',
        room_limit: '3',
        terms: true,
        matches: s.matches.map((m) => m.id),
      });
      // The PIN is checked before the one-private-room rule.
      expect(bad.body.statusdesc).toBe('invalidRoomPassword');
    });

    it('refuses a second join of a free room from one address unless the operator allows it', async () => {
      const s = await scene(env());
      const [a, b, c] = s.members as [Member, Member, Member];
      const roomid = await createRoom(s, a, { type: 3, rate: undefined });
      const before = await b.balance();
      expect((await pickAndJoin(s, a, roomid, 'hhh')).body.status).toBe('1');
      expect((await pickAndJoin(s, b, roomid, 'hhh')).body.statusdesc).toBe('IPJoinedBefore');
      const op = await boLogin(env().app);
      expect((await op.call('tournament/allowip', { roomid, ip: '127.0.0.1' })).body.status).toBe('1');
      expect((await s.room(b, 'roomjoin', { roomid })).body.status).toBe('1');
      expect(await b.balance()).toEqual(before);
      expect((await pickAndJoin(s, c, roomid, 'aaa')).body.status).toBe('1');
    });

    it('cancels a room short of players at join close and refunds each entry once', async () => {
      const s = await scene(env());
      const [a, b] = s.members as [Member, Member];
      const before = [await a.balance(), await b.balance()];
      const roomid = await createRoom(s, a, {});
      await pickAndJoin(s, a, roomid, 'hhh');
      await pickAndJoin(s, b, roomid, 'aaa');
      expect(Number((await a.balance()).balance)).toBe(Number(before[0]!.balance) - 100);
      env().advance(2 * HOUR + 60_000);
      await env().services.rooms.runDue();
      await env().services.rooms.runDue();
      expect(await status(s, roomid)).toBe('2');
      expect([await a.balance(), await b.balance()]).toEqual(before);
      const refunds = await call(env().app, '/api/tournamentrefund', { ...a.session });
      expect(refunds.body.rooms).toEqual([
        expect.objectContaining({ roomid, refunded: true, refund: '100.00' }),
      ]);
      expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
    });

    it('carries on after a restart in the middle of the lifecycle', async () => {
      const s = await scene(env());
      const [a, b, c] = s.members as [Member, Member, Member];
      const roomid = await createRoom(s, a, {});
      for (const member of [a, b, c]) await pickAndJoin(s, member, roomid, 'hhh');
      env().advance(2 * HOUR + 60_000);
      await env().services.rooms.runDue();
      await result(s, 0, 1, 0);
      // A new process on the same database picks the room up where the old one left it.
      const restarted = await buildApp(env().ctx, { logger: false });
      try {
        await result(s, 1, 1, 0);
        await result(s, 2, 1, 0);
        await restarted.services.rooms.matchChanged(s.matches[2]!.id);
        await restarted.services.rooms.runDue();
        expect(await status(s, roomid)).toBe('3');
        env().advance(PAYOUT_DELAY_MS + 1_000);
        await restarted.services.rooms.runDue();
        await env().services.rooms.runDue();
        expect(await status(s, roomid)).toBe('1');
        // The same picks: the earlier last change ranks higher. Pool 270: 135 / 81 / 54.
        expect((await ranks(s, roomid)).map((r) => [r[0], r[3]])).toEqual([
          ['demomyr', '135.00'],
          ['roomone', '81.00'],
          ['roomtwo', '54.00'],
        ]);
        expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
      } finally {
        await restarted.app.close();
      }
    });

    it('locks a room the moment one of its matches kicks off before its scheduled time', async () => {
      const s = await scene(env());
      const [a, b, c, d] = s.members as [Member, Member, Member, Member];
      const roomid = await createRoom(s, a, {});
      for (const member of [a, b, c]) await pickAndJoin(s, member, roomid, 'hhh');
      // Scheduled two hours ahead, the first match is in play now.
      await s.desk.trade('live', { match_id: s.matches[0]!.id, period: '1h', minute: 1, home: 0, away: 0 });
      await settle();
      // Picks are refused at once, before the lifecycle's next pass...
      expect((await s.room(b, 'bet', { roomid, picks: [] })).body.statusdesc).toBe('matchChangeTime');
      await env().services.rooms.matchChanged(s.matches[0]!.id);
      await env().services.rooms.runDue();
      // ...and the pass closes the room to joins and makes it active.
      expect(await status(s, roomid)).toBe('0');
      expect((await s.room(d, 'roomjoin', { roomid })).body.statusdesc).toBe('roomClosed');
    });

    it('answers tournamentDisabled when the upline switched tournaments off', async () => {
      const s = await scene(env());
      const off = await s.agent.call('setfeatures', {
        account_id: 'demomyr',
        features: { tournament: false },
      });
      expect(off.body.status, JSON.stringify(off.body)).toBe('1');
      const reply = await s.room(s.members[0]!, 'roomlist', {});
      expect(reply.body.statusdesc).toBe('tournamentDisabled');
    });
  },
  { config: { TOURNAMENT_PAYOUT_DELAY_MS: String(PAYOUT_DELAY_MS), TOURNAMENT_INTERVAL_MS: '600000' } },
);
