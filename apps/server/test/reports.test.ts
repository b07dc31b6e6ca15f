import { bettingDay } from '@sb/domain';
import { expect, it } from 'vitest';
import { dayNumberOf, windowOf } from '../src/modules/statement/days';
import { statementRepository as repo } from '../src/modules/statement/repository';
import { reportRecords } from '../src/modules/statement/service';
import { DEMO_PASSWORD } from '../src/db/seed';
import { boLogin, seeded } from './support/fixtures';
import { tradingDesk } from './support/catalog';
import { bettor, pricedMatch, runSettlement } from './support/sportsbook';
import { describeEachDatabase, type TestEnv } from './support/harness';

const DAY = 86_400_000;
type Row = Record<string, unknown>;
type Ticket = Row & {
  ref_no: string;
  account_id: string;
  status: string;
  win_loss: string | null;
  settled_at: string | null;
  cancelled_at: string | null;
  shares: { account_id: string; level: string; win_loss: string; commission: string }[];
  upline_win_loss: string | null;
  legs: Row[];
};

const cents = (text: string | null) => BigInt(Math.round(Number(text ?? '0') * 100));

/**
 * A settled book over two betting days under two agents: singles and a parlay in two currencies, a result
 * corrected the next day (the resettled bets move to that day), a settled bet cancelled, one left running.
 */
async function book(env: TestEnv) {
  await seeded(env);
  const desk = await tradingDesk(env);
  const bo = await boLogin(env.app);
  const made = async (name: string, body: object) =>
    expect((await bo.call(name, body)).body.status, `${name} ${JSON.stringify(body)}`).toBe('1');
  await made('createaccount', {
    account_id: 'otherag',
    password: 'Other123',
    parent_id: 'demoma',
    commission_rate: '0.003',
    pt_share: '0.1',
  });
  await made('createaccount', {
    account_id: 'othermem',
    password: DEMO_PASSWORD,
    parent_id: 'otherag',
    commission_rate: '0.002',
    currency: 'MYR',
  });
  await made('deposit', { account_id: 'othermem', amount: '5000', transfer_id: 'rep-1' });
  const first = await pricedMatch(env, desk);
  const second = await pricedMatch(env, desk);
  const open = await pricedMatch(env, desk);
  const myr = await bettor(env, 'demomyr');
  const usd = await bettor(env, 'demousd');
  const other = await bettor(env, 'othermem');
  const single = (market: number, selection: string, odds: string, stake: string) => ({
    market_id: market,
    selection,
    odds,
    stake,
  });
  const bets = {
    myrHome: await myr.bet('betsingle', single(first.hdp, 'h', '1.95', '100')),
    myrOver: await myr.bet('betsingle', single(first.ou, 'o', '1.80', '40')),
    myrDraw: await myr.bet('betsingle', single(second.oneXTwo, 'x', '3.30', '25')),
    usdAway: await usd.bet('betsingle', single(first.hdp, 'a', '2.10', '30')),
    usdSecond: await usd.bet('betsingle', single(second.hdp, 'h', '1.95', '60')),
    otherUnder: await other.bet('betsingle', single(second.ou, 'u', '2.05', '70')),
    otherParlay: await other.bet('betparlay', {
      picks: [
        { market_id: first.oneXTwo, selection: '1', odds: '2.40' },
        { market_id: second.hdp, selection: 'h', odds: '1.95' },
      ],
      stake: '15',
    }),
    running: await other.bet('betsingle', single(open.hdp, 'h', '1.95', '10')),
  };
  const firstDay = bettingDay(env.ctx.now().getTime());
  await desk.trade('result', { match_id: first.id, ht: null, ft: { home: 2, away: 0 } });
  await runSettlement(env);
  env.advance(DAY);
  // A day later: the back-office sessions of yesterday have expired.
  const nextDesk = await tradingDesk(env);
  const secondDay = bettingDay(env.ctx.now().getTime());
  const result = async (body: object) =>
    expect((await nextDesk.trade('result', body)).status, JSON.stringify(body)).toBe('1');
  await result({ match_id: second.id, ht: null, ft: { home: 1, away: 1 } });
  await runSettlement(env);
  // Corrected: the first match's bets whose outcome changes resettle on the second day.
  await result({ match_id: first.id, ht: null, ft: { home: 0, away: 0 } });
  await runSettlement(env);
  const cancel = await nextDesk.bo.call('trade/cancelbet', {
    ref_no: bets.usdSecond.ref,
    reason: 'palpable error',
  });
  expect(cancel.body.status, JSON.stringify(cancel.body)).toBe('1');
  return { bo: nextDesk.bo, bets, firstDay, secondDay, first, second, open };
}

const ROOTS = ['demoop', 'demosh', 'demoss', 'demosr', 'demoma', 'demoag', 'otherag'];

describeEachDatabase('back-office reports', (env) => {
  it('win/loss from the daily pre-aggregate equals win/loss from the bets at every level and range; each bet sums to zero', async () => {
    const { bo, firstDay, secondDay } = await book(env());
    const ranges = [
      { first: dayNumberOf(firstDay, 'start_date'), last: dayNumberOf(firstDay, 'start_date') },
      { first: dayNumberOf(secondDay, 'start_date'), last: dayNumberOf(secondDay, 'start_date') },
      { first: dayNumberOf(firstDay, 'start_date'), last: dayNumberOf(secondDay, 'start_date') },
    ];
    let compared = 0;
    for (const accountId of ROOTS) {
      const account = await repo.accountByLogin(env().ctx.db, accountId);
      if (!account) throw new Error(accountId);
      const root = {
        id: String(account.id),
        path: account.path,
        depth: account.path.split('/').filter(Boolean).length,
        level: account.level,
      };
      for (const days of ranges) {
        const page = { limit: 100, offset: 0 };
        const daily = await repo.winLossDays(env().ctx.db, root, days, {
          downline: page,
          member: page,
          all: page,
        });
        for (const group of ['downline', 'member', 'all'] as const) {
          const raw = await repo.winLossFromBets(env().ctx.db, root, windowOf(days), group, page);
          expect(daily[group], `${accountId} ${group} ${JSON.stringify(days)}`).toEqual(raw);
          compared += raw.rows.length;
          // Member + this level + the levels below + the levels above = 0, row by row.
          for (const row of raw.rows) {
            expect(row.member_win_loss + row.own_win_loss + row.downline_win_loss + row.upline_win_loss).toBe(
              0n,
            );
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
    // Paged alike: each page of members and of the downline is the same page.
    const operator = await repo.accountByLogin(env().ctx.db, 'demoma');
    if (!operator) throw new Error('demoma');
    const at = { id: String(operator.id), path: operator.path, depth: 5, level: operator.level };
    const both = ranges[2] ?? { first: 0, last: 0 };
    for (const offset of [0, 1, 2]) {
      const page = { limit: 1, offset };
      const daily = await repo.winLossDays(env().ctx.db, at, both, {
        downline: page,
        member: page,
        all: page,
      });
      for (const group of ['downline', 'member'] as const) {
        const raw = await repo.winLossFromBets(env().ctx.db, at, windowOf(both), group, page);
        expect(daily[group], `${group} page ${offset}`).toEqual(raw);
      }
    }

    // The call answers the same through HTTP: the operator's totals over both days, per currency.
    const report = await bo.call('winloss', { start_date: firstDay, end_date: secondDay });
    expect(report.body.status, JSON.stringify(report.body)).toBe('1');
    const totals = report.body.totals as Row[];
    expect(totals.map((row) => [row.currency, row.bets])).toEqual([
      ['MYR', 5],
      ['USD', 1],
    ]);
    // The first day lost the bets the correction resettled; the over bet lost either way and stayed.
    const firstOnly = await bo.call('winloss', { start_date: firstDay, end_date: firstDay });
    expect((firstOnly.body.totals as Row[]).map((row) => [row.currency, row.bets])).toEqual([['MYR', 1]]);

    // Kept in step by every batch, the aggregate is what a rebuild from the bets makes.
    const members = await repo.accountsByPk(
      env().ctx.db,
      (await env().ctx.db.selectFrom('accounts').select('id').where('level', '=', 'member').execute()).map(
        (row) => String(row.id),
      ),
    );
    const pks = members.map((row) => String(row.id));
    const kept = await repo.reportDayRows(env().ctx.db, pks);
    expect(kept.length).toBeGreaterThan(0);
    await reportRecords.rebuild(env().ctx.db);
    expect(await repo.reportDayRows(env().ctx.db, pks)).toEqual(kept);
  });

  it('ticket search under the caller: filters, legs, each level’s part summing to zero; cancelled bets', async () => {
    const { bo, bets, firstDay, secondDay, first, open } = await book(env());
    const agent = await boLogin(env().app, 'demoag');
    const otherAgent = await boLogin(env().app, 'otherag', 'Other123');
    const range = { start_date: firstDay, end_date: secondDay };
    const tickets = async (caller: typeof bo, body: object) => {
      const reply = await caller.call('tickets', body);
      expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
      return { data: reply.body.data as Ticket[], total: reply.body.total as number };
    };

    // The operator sees all eight, newest first; each agent its own members' only.
    const all = await tickets(bo, range);
    expect(all.total).toBe(8);
    expect((await tickets(agent, range)).data.map((t) => t.account_id).sort()).toEqual(
      ['demomyr', 'demomyr', 'demomyr', 'demousd', 'demousd'].sort(),
    );
    expect((await tickets(otherAgent, range)).data.map((t) => t.ref_no).sort()).toEqual(
      [bets.otherUnder.ref, bets.otherParlay.ref, bets.running.ref].sort(),
    );
    // Another branch's member, or a level above, is refused.
    expect((await otherAgent.call('tickets', { ...range, account_id: 'demomyr' })).body.statusdesc).toBe(
      'forbiddenAccess',
    );
    expect((await agent.call('tickets', { ...range, account_id: 'demoma' })).body.statusdesc).toBe(
      'forbiddenAccess',
    );

    // Filters: one member, a ref_no (no dates needed), a match, a status.
    expect((await tickets(bo, { ...range, account_id: 'demousd' })).total).toBe(2);
    const byRef = await tickets(bo, { ref_no: bets.otherParlay.ref });
    expect(byRef.data.map((t) => [t.ref_no, t.account_id, t.legs.length])).toEqual([
      [bets.otherParlay.ref, 'othermem', 2],
    ]);
    expect((await tickets(bo, { match_id: first.id })).total).toBe(4);
    expect((await tickets(bo, { match_id: open.id, status: 'running' })).data.map((t) => t.ref_no)).toEqual([
      bets.running.ref,
    ]);
    expect((await tickets(bo, { ...range, status: 'cancelled' })).data.map((t) => t.ref_no)).toEqual([
      bets.usdSecond.ref,
    ]);
    // Settled by day: what win/loss counts on that day (the corrected match's bets moved to the second).
    expect((await tickets(bo, { ...range, status: 'settled', date_kind: 'settled' })).total).toBe(6);
    expect(
      (await tickets(bo, { start_date: firstDay, end_date: firstDay, date_kind: 'settled' })).data.map(
        (t) => t.ref_no,
      ),
    ).toEqual([bets.myrOver.ref]);
    expect((await bo.call('tickets', {})).body.statusdesc).toBe('start_date_required');
    expect((await bo.call('tickets', { ...range, status: 'lucky' })).body.statusdesc).toBe('invalid_request');

    // Each standing ticket: member + every level's part = 0, whoever looks; the agent sees its part and
    // the levels above it together.
    const settled = await tickets(bo, { ...range, status: 'settled' });
    for (const ticket of settled.data) {
      expect(ticket.shares.map((s) => s.level)).toEqual([
        'operator',
        'shareholder',
        'super_senior',
        'senior',
        'master',
        'agent',
      ]);
      const sum = ticket.shares.reduce((acc, s) => acc + cents(s.win_loss), cents(ticket.win_loss));
      expect(sum + cents(ticket.upline_win_loss), ticket.ref_no).toBe(0n);
      expect(ticket.upline_win_loss).toBe('0.00');
    }
    const agentView = await tickets(agent, { ...range, status: 'settled' });
    expect(agentView.total).toBe(4);
    for (const ticket of agentView.data) {
      expect(ticket.shares.map((s) => [s.account_id, s.level])).toEqual([['demoag', 'agent']]);
      const sum = cents(ticket.win_loss) + cents(ticket.shares[0]?.win_loss ?? null);
      expect(sum + cents(ticket.upline_win_loss), ticket.ref_no).toBe(0n);
    }
    // The agent's part of the member's result is its 20% position: the corrected home bet lost 100.
    const home = agentView.data.find((t) => t.ref_no === bets.myrHome.ref);
    expect(home).toMatchObject({ status: 'lost', win_loss: '-100.00' });
    expect(home?.shares[0]?.win_loss).toBe('20.00');

    // Cancelled bets: the operator's cancellation, dated by the day it was cancelled.
    const cancelled = await bo.call('cancelled', { start_date: secondDay, end_date: secondDay });
    expect(cancelled.body.status, JSON.stringify(cancelled.body)).toBe('1');
    expect((cancelled.body.data as Ticket[]).map((t) => [t.ref_no, t.status, t.reject_reason])).toEqual([
      [bets.usdSecond.ref, 'void', 'palpable error'],
    ]);
    expect(((cancelled.body.data as Ticket[])[0]?.cancelled_at ?? '').length).toBeGreaterThan(0);
    expect(
      ((await bo.call('cancelled', { start_date: firstDay, end_date: firstDay })).body.data as Ticket[])
        .length,
    ).toBe(0);
    expect(
      (await otherAgent.call('cancelled', { start_date: secondDay, end_date: secondDay })).body.data,
    ).toEqual([]);
  });
});
