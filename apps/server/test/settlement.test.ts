import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { boLogin, login, seeded } from './support/fixtures';
import { settle, tradingDesk } from './support/catalog';
import { bettor, pricedMatch, runSettlement } from './support/sportsbook';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

const HOUR = 3_600_000;

const match = pricedMatch;

/** A member betting in decimal odds: here a placement answers its ticket number. */
async function member(env: TestEnv, accountId = 'demomyr') {
  const me = await bettor(env, accountId);
  return {
    ...me,
    bet: async (name: string, body: Record<string, unknown>) => (await me.bet(name, body)).ref,
  };
}

/** The usual arrangement: demo data, a trading desk, one priced match, the demo member logged in. */
async function scene(env: TestEnv) {
  await seeded(env);
  const desk = await tradingDesk(env);
  const game = await match(env, desk);
  const me = await member(env);
  return { desk, game, me };
}

async function betRow(env: TestEnv, refNo: string) {
  return env.ctx.db
    .selectFrom('bets')
    .select(['status', 'payout', 'win_loss', 'valid_turnover', 'commission', 'settle_gen'])
    .where('ref_no', '=', refNo)
    .executeTakeFirstOrThrow();
}

const money = (value: bigint | null) => (value === null ? null : (Number(value) / 100).toFixed(2));

/** A bet's transfers as kind:amount; a settlement that paid a rebate with the payout shows it as +rebate. */
async function transfersOf(env: TestEnv, refNo: string) {
  const result = await sql<{ kind: string; amount: string; rebate: string }>`
    select t.kind, t.amount::text as amount,
      (coalesce(sum(e.amount) filter (where la.kind = 'available'), 0) - t.amount)::text as rebate
    from transfers t
    join entries e on e.transfer_pk = t.id
    join ledger_accounts la on la.id = e.ledger_account_id
    where t.ref = ${refNo}
    group by t.id
    order by t.id`.execute(env.ctx.db);
  return result.rows.map(
    (row) =>
      `${row.kind}:${money(BigInt(row.amount))}` +
      (row.kind === 'settle' && BigInt(row.rebate) !== 0n ? `+${money(BigInt(row.rebate))}` : ''),
  );
}

/** The ledger holds the upline's parts: each level's account equals its parts of the standing settlements. */
async function expectSharesInLedger(env: TestEnv) {
  const result = await sql<{ account_pk: string; parts: string; ledger: string }>`
    with parts as (
      select s.account_pk, b.currency, sum(s.win_loss + s.commission) as total
      from bet_shares s join bets b on b.id = s.bet_id and b.settle_gen = s.settle_gen and b.cancelled_at is null
      group by 1, 2)
    select coalesce(p.account_pk, l.owner_pk)::text as account_pk, coalesce(p.total, 0)::text as parts,
      coalesce(l.balance, 0)::text as ledger
    from parts p full join (select * from ledger_accounts where kind = 'upline_pl') l
      on l.owner_pk = p.account_pk and l.currency = p.currency`.execute(env.ctx.db);
  expect(result.rows.length).toBeGreaterThan(0);
  for (const row of result.rows) expect(row.ledger, `upline ${row.account_pk}`).toBe(row.parts);
  expect((await env.ctx.ledger.verify(env.ctx.db)).ok).toBe(true);
}

describeEachDatabase('settlement', (env) => {
  it('settles singles on the full-time result: outcomes, payouts, rebates, balances, books balanced', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const first = await match(env(), desk);
    const quarter = await match(env(), desk, '-0.25');
    const me = await member(env());
    const homeMinusHalf = await me.bet('betsingle', {
      market_id: first.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    const awayPlusHalf = await me.bet('betsingle', {
      market_id: first.hdp,
      selection: 'a',
      odds: '2.10',
      stake: '100',
    });
    const over = await me.bet('betsingle', {
      market_id: first.ou,
      selection: 'o',
      odds: '1.80',
      stake: '100',
    });
    const draw = await me.bet('betsingle', {
      market_id: first.oneXTwo,
      selection: 'x',
      odds: '3.30',
      stake: '100',
    });
    const quarterHome = await me.bet('betsingle', {
      market_id: quarter.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    expect(await me.balance()).toEqual({ balance: '9500.00', outstanding: '500.00' });

    await desk.trade('result', { match_id: first.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } });
    await desk.trade('result', { match_id: quarter.id, ht: { home: 0, away: 0 }, ft: { home: 1, away: 1 } });
    await runSettlement(env());

    const rows = await Promise.all(
      [homeMinusHalf, awayPlusHalf, over, draw, quarterHome].map((r) => betRow(env(), r)),
    );
    expect(
      rows.map((r) => [r.status, money(r.payout), money(r.valid_turnover), money(r.commission)]),
    ).toEqual([
      ['won', '195.00', '100.00', '0.25'],
      ['lost', '0.00', '100.00', '0.25'],
      ['won', '180.00', '100.00', '0.25'],
      ['lost', '0.00', '100.00', '0.25'],
      // -0.25 on a draw: half lost; half the stake is valid turnover, rebate 0.125 rounded half-up.
      ['lost_half', '50.00', '50.00', '0.13'],
    ]);
    // 10,000 - 500 staked + 425 paid + 1.13 rebate.
    expect(await me.balance()).toEqual({ balance: '9926.13', outstanding: '0.00' });
    expect(await transfersOf(env(), homeMinusHalf)).toEqual(['stake:100.00', 'settle:195.00+0.25']);
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);

    // The upline's parts add up to the book's result on every bet.
    const shares = await sql<{ ref_no: string; book: string; parts: string; levels: string }>`
      select b.ref_no, (-b.win_loss)::text as book, sum(s.win_loss)::text as parts, count(*)::text as levels
      from bets b join bet_shares s on s.bet_id = b.id and s.settle_gen = b.settle_gen
      group by b.id`.execute(env().ctx.db);
    expect(shares.rows).toHaveLength(5);
    for (const row of shares.rows) {
      expect(row.parts).toBe(row.book);
      expect(row.levels).toBe('6');
    }
  });

  it("the upline's parts follow each level's position-taking share; a chain never takes more than all", async () => {
    const { desk, game, me } = await scene(env());
    const bo = await boLogin(env().app);
    // The demo chain takes 20/10/10/10/20%: raising the master to 50% would make it 110%.
    expect((await bo.call('setshare', { account_id: 'demoma', share: '0.5' })).body).toMatchObject({
      statusdesc: 'invalid_request',
    });
    expect((await bo.call('setshare', { account_id: 'demomyr', share: '0.1' })).body.statusdesc).toBe(
      'invalid_request',
    );
    expect((await bo.call('setshare', { account_id: 'demoag', share: '0.25' })).body.status).toBe('1');
    const ref = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    await desk.trade('result', { match_id: game.id, ht: null, ft: { home: 3, away: 0 } });
    await runSettlement(env());
    const parts = await sql<{ account_id: string; win_loss: string; commission: string }>`
      select a.account_id, s.win_loss::text as win_loss, s.commission::text as commission
      from bet_shares s join accounts a on a.id = s.account_pk join bets b on b.id = s.bet_id
      where b.ref_no = ${ref} order by a.path`.execute(env().ctx.db);
    // The member won 95.00: the book lost it. Agent 25%, shareholder 20%, the others 10%, the operator the rest.
    expect(parts.rows.map((r) => [r.account_id, r.win_loss])).toEqual([
      ['demoop', '-2375'],
      ['demosh', '-1900'],
      ['demoss', '-950'],
      ['demosr', '-950'],
      ['demoma', '-950'],
      ['demoag', '-2375'],
    ]);
    // Commission: each level's rate above its downline's on 100.00 of valid turnover (agent 0.30% - 0.25%).
    expect(parts.rows.find((r) => r.account_id === 'demoag')?.commission).toBe('5');
    await expectSharesInLedger(env());
  });

  it('publishing the same result twice changes nothing; a corrected result resettles through new transfers', async () => {
    const { desk, game, me } = await scene(env());
    const home = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    const draw = await me.bet('betsingle', {
      market_id: game.oneXTwo,
      selection: 'x',
      odds: '3.30',
      stake: '100',
    });
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } });
    await runSettlement(env());
    expect(await me.balance()).toEqual({ balance: '9995.50', outstanding: '0.00' });
    const transfers = await env().ctx.ledger.verify(env().ctx.db);

    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } });
    await runSettlement(env());
    expect(await me.balance()).toEqual({ balance: '9995.50', outstanding: '0.00' });
    expect((await env().ctx.ledger.verify(env().ctx.db)).counts.transfers).toBe(transfers.counts.transfers);

    // Corrected to 1-1: the home bet now loses, the draw wins.
    const corrected = await desk.trade('result', {
      match_id: game.id,
      ht: { home: 1, away: 0 },
      ft: { home: 1, away: 1 },
    });
    expect(corrected.status, JSON.stringify(corrected)).toBe('1');
    await runSettlement(env());
    expect(await betRow(env(), home)).toMatchObject({ status: 'lost', payout: 0n, settle_gen: 3 });
    expect(await betRow(env(), draw)).toMatchObject({ status: 'won', payout: 33000n, settle_gen: 3 });
    // 10,000 - 200 + 330 + 0.50 rebate.
    expect(await me.balance()).toEqual({ balance: '10130.50', outstanding: '0.00' });
    expect(await transfersOf(env(), home)).toEqual([
      'stake:100.00',
      'settle:195.00+0.25',
      'reversal:195.25',
      'settle:0.00+0.25',
    ]);

    // And back again: the statement keeps every step, the balance is the first settlement's.
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } });
    await runSettlement(env());
    expect(await me.balance()).toEqual({ balance: '9995.50', outstanding: '0.00' });
    expect(await betRow(env(), home)).toMatchObject({ status: 'won', settle_gen: 5 });
    await expectSharesInLedger(env());
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('a result corrected more than 72 hours after settlement is not recognised for the bets (E13)', async () => {
    const { desk, game, me } = await scene(env());
    const home = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    await desk.trade('result', { match_id: game.id, ht: null, ft: { home: 2, away: 1 } });
    await runSettlement(env());
    expect(await betRow(env(), home)).toMatchObject({ status: 'won', settle_gen: 1 });
    env().advance(73 * HOUR);
    await desk.trade('result', { match_id: game.id, ht: null, ft: { home: 1, away: 1 } });
    await runSettlement(env());
    expect(await betRow(env(), home)).toMatchObject({ status: 'won', payout: 19500n, settle_gen: 1 });
    expect(await transfersOf(env(), home)).toEqual(['stake:100.00', 'settle:195.00+0.25']);
  });

  it('a half-time result settles first-half bets only; the full-time result the rest', async () => {
    const { desk, game, me } = await scene(env());
    const firstHalf = await me.bet('betsingle', {
      market_id: game.hdp1h,
      selection: 'h',
      odds: '1.90',
      stake: '100',
    });
    const fullTime = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    await desk.trade('live', { match_id: game.id, period: 'ht', minute: 45, home: 1, away: 0 });
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: null });
    await runSettlement(env());
    expect(await betRow(env(), firstHalf)).toMatchObject({ status: 'won', payout: 19000n });
    expect(await betRow(env(), fullTime)).toMatchObject({ status: 'running', payout: null });
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 1, away: 2 } });
    await runSettlement(env());
    expect(await betRow(env(), firstHalf)).toMatchObject({ status: 'won', settle_gen: 1 });
    expect(await betRow(env(), fullTime)).toMatchObject({ status: 'lost', payout: 0n });
  });

  it('parlays: a lost leg loses the ticket at once; a winner settles on its last leg; a void leg counts 1', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const games = [await match(env(), desk), await match(env(), desk), await match(env(), desk)];
    const me = await member(env());
    const legs = (selection: 'h' | 'a') =>
      games.map((g) => ({ market_id: g.hdp, selection, odds: selection === 'h' ? '1.95' : '2.10' }));
    const homes = await me.bet('betparlay', { picks: legs('h'), stake: '10' });
    const aways = await me.bet('betparlay', { picks: legs('a'), stake: '10' });
    const [a, b, c] = games;
    if (!a || !b || !c) throw new Error('three games');

    await desk.trade('result', { match_id: a.id, ht: { home: 1, away: 0 }, ft: { home: 1, away: 0 } });
    await runSettlement(env());
    expect(await betRow(env(), aways)).toMatchObject({ status: 'lost', payout: 0n });
    expect(await betRow(env(), homes)).toMatchObject({ status: 'running' });

    await desk.trade('state', { match_id: b.id, state: 2, detail: 'cancelled' });
    await runSettlement(env());
    expect(await betRow(env(), homes)).toMatchObject({ status: 'running' });

    await desk.trade('result', { match_id: c.id, ht: { home: 0, away: 0 }, ft: { home: 3, away: 0 } });
    await runSettlement(env());
    // 10 x 1.95 x 1 (void) x 1.95 = 38.025 -> 38.03 (half-up once).
    expect(await betRow(env(), homes)).toMatchObject({ status: 'won', payout: 3803n });
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('settles every market kind by the domain rules: oe, dc, cs, ht/ft, first/last goal, total goals, ml', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const id = await desk.createMatch({
      home: 'Kinds FC',
      away: 'Rules United',
      kickoff: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    const markets: [string, Record<string, string>][] = [
      ['oe', { o: '1.95', e: '1.95' }],
      ['dc', { '1x': '1.30', x2: '1.60', '12': '1.25' }],
      ['cs', { '2-1': '9.00', '1-1': '6.50', '1-0': '7.00' }],
      ['htft', { hh: '3.00', dh: '4.50', ah: '20.00' }],
      ['fglg', { hf: '2.10', al: '3.20', ng: '9.00' }],
      ['tg', { '0-1': '4.00', '2-3': '2.00', '4-6': '3.50' }],
      ['ml', { h: '1.70', a: '2.20' }],
    ];
    for (const [kind, prices] of markets) await desk.trade('market', { match_id: id, kind, prices });
    await settle();
    const byKind = new Map<string, number>(
      env()
        .services.snapshot.marketsOf(id)
        .map((m) => [m.kind, m.id]),
    );
    const me = await member(env());
    const picks: [string, string, string, string][] = [
      ['oe', 'o', '1.95', 'won'],
      ['dc', 'x2', '1.60', 'lost'],
      ['dc', '12', '1.25', 'won'],
      ['cs', '2-1', '9.00', 'won'],
      ['cs', '1-1', '6.50', 'lost'],
      ['htft', 'dh', '4.50', 'won'],
      ['htft', 'hh', '3.00', 'lost'],
      ['fglg', 'al', '3.20', 'lost'],
      ['fglg', 'hf', '2.10', 'lost'],
      ['tg', '2-3', '2.00', 'won'],
      ['ml', 'h', '1.70', 'won'],
    ];
    const refs: string[] = [];
    for (const [kind, selection, odds] of picks) {
      refs.push(await me.bet('betsingle', { market_id: byKind.get(kind), selection, odds, stake: '10' }));
    }
    // 0-0 at half time, then away, home, home: 2-1.
    await desk.trade('result', {
      match_id: id,
      ht: { home: 0, away: 0 },
      ft: { home: 2, away: 1 },
      goals: ['a', 'h', 'h'],
    });
    await runSettlement(env());
    const statuses = await Promise.all(refs.map(async (ref) => (await betRow(env(), ref)).status));
    // Away scored first, home last: 'al' (away last) and 'hf' (home first) both lose.
    expect(statuses).toEqual(picks.map(([, , , expected]) => expected));
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('outrights settle on the winners, a dead heat dividing the win (E17); abandoned in the second half keeps 1H bets', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const outright = await desk.createMatch({
      home: 'Golden Boot 2026',
      away: 'Outright',
      outright: true,
      kickoff: new Date(Date.now() + 48 * HOUR).toISOString(),
    });
    await desk.trade('market', {
      match_id: outright,
      kind: 'outright',
      prices: { kane: '3.50', haaland: '2.50', salah: '6.00' },
    });
    const game = await match(env(), desk);
    await settle();
    const outrightMarket = env().services.snapshot.marketsOf(outright)[0]?.id ?? 0;
    const me = await member(env());
    const kane = await me.bet('betsingle', {
      market_id: outrightMarket,
      selection: 'kane',
      odds: '3.50',
      stake: '100',
    });
    const salah = await me.bet('betsingle', {
      market_id: outrightMarket,
      selection: 'salah',
      odds: '6.00',
      stake: '100',
    });
    const firstHalf = await me.bet('betsingle', {
      market_id: game.hdp1h,
      selection: 'a',
      odds: '1.90',
      stake: '100',
    });
    const fullTime = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    await desk.trade('result', { match_id: outright, ht: null, ft: null, winners: ['kane', 'haaland'] });
    await desk.trade('live', { match_id: game.id, period: '2h', minute: 60, home: 0, away: 1 });
    await desk.trade('result', { match_id: game.id, ht: { home: 0, away: 1 }, ft: null });
    await desk.trade('state', { match_id: game.id, state: 2, detail: 'abandoned_2h' });
    await runSettlement(env());
    // E17: 100 @ 3.50 between two winners: 100 + 250 / 2 = 225.
    expect(await betRow(env(), kane)).toMatchObject({ status: 'won', payout: 22500n });
    expect(await betRow(env(), salah)).toMatchObject({ status: 'lost', payout: 0n });
    expect(await betRow(env(), firstHalf)).toMatchObject({ status: 'won', payout: 19000n });
    expect(await betRow(env(), fullTime)).toMatchObject({ status: 'void', payout: 10000n });
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('system parlays pay every winning combination, rounded once per ticket', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const games = [await match(env(), desk), await match(env(), desk), await match(env(), desk)];
    const me = await member(env());
    const picks = games.map((g) => ({ market_id: g.hdp, selection: 'h', odds: '1.95' }));
    const allWin = await me.bet('betsysparlay', { picks, stake: '10', fold_sizes: [2, 3] });
    const oneLoses = await me.bet('betsysparlay', {
      picks: picks.map((p, i) => (i === 2 ? { ...p, selection: 'a', odds: '2.10' } : p)),
      stake: '10',
      fold_sizes: [2, 3],
    });
    for (const game of games) {
      await desk.trade('result', { match_id: game.id, ht: null, ft: { home: 2, away: 0 } });
    }
    await runSettlement(env());
    // Three doubles at 1.95 x 1.95 and the treble: 10 x (3 x 3.8025 + 7.414875) = 188.22375 -> 188.22.
    expect(await betRow(env(), allWin)).toMatchObject({ status: 'won', payout: 18822n });
    // Only the double of the two winners: 38.025 -> 38.03; the stake was 4 x 10.
    expect(await betRow(env(), oneLoses)).toMatchObject({
      status: 'lost_half',
      payout: 3803n,
      win_loss: -197n,
    });
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('Myanmar odds: the ball and percentage decide, the house takes 5% of winnings, no rebate', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const [a, b] = [await match(env(), desk), await match(env(), desk)];
    const { token } = await login(env().app, 'demommk');
    const session = { account_id: 'demommk', session_token: token };
    const mmo = async (name: string, body: Record<string, unknown>) => {
      const reply = await call(env().app, `/api/bet/${name}`, {
        ...session,
        idempotency_key: randomUUID(),
        ...body,
      });
      expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
      return reply.body;
    };
    const line = async (market: number, selection: string) =>
      (await mmo('betmmoclick', { market_id: market, selection, line: '=' })).line as string;
    const favourite = await mmo('betsinglemmo', {
      market_id: a.hdp,
      selection: 'h',
      line: await line(a.hdp, 'h'),
      stake: '100',
    });
    const underdog = await mmo('betsinglemmo', {
      market_id: a.hdp,
      selection: 'a',
      line: await line(a.hdp, 'a'),
      stake: '100',
    });
    const maung = await mmo('betparlaymmo', {
      picks: [
        { market_id: a.hdp, selection: 'h', line: await line(a.hdp, 'h') },
        { market_id: b.ou, selection: 'u', line: await line(b.ou, 'u') },
      ],
      stake: '100',
    });
    const lineOf = (reply: Record<string, unknown>) => (reply.bet as { odds: string }).odds;
    expect(lineOf(favourite)).toBe('1+90');
    await desk.trade('result', { match_id: a.id, ht: null, ft: { home: 1, away: 0 } });
    await desk.trade('result', { match_id: b.id, ht: null, ft: { home: 0, away: 0 } });
    await runSettlement(env());
    const ref = (reply: Record<string, unknown>) => (reply.bet as { ref_no: string }).ref_no;
    // Won by exactly the ball: the favourite wins 90%; gross 190, 5% of the 90 won is the house's: 185.50.
    expect(await betRow(env(), ref(favourite))).toMatchObject({
      status: 'won',
      payout: 18550n,
      commission: 0n,
    });
    // The underdog loses 90%: 10 back.
    expect(await betRow(env(), ref(underdog))).toMatchObject({ status: 'lost_half', payout: 1000n });
    // Maung: 100 x 1.9 x 2 (under won in full on 0-0) = 380 gross, 5% of the 280 won taken: 366.
    expect(await betRow(env(), ref(maung))).toMatchObject({ status: 'won', payout: 36600n });
    const houseCut = await env()
      .ctx.db.selectFrom('bets')
      .select('house_cut')
      .where('ref_no', '=', ref(favourite))
      .executeTakeFirstOrThrow();
    expect(houseCut.house_cut).toBe(450n);
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('a live handicap bet counts only the goals after it', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const game = await match(env(), desk);
    await desk.trade('live', { match_id: game.id, period: '1h', minute: 30, home: 1, away: 0 });
    await settle();
    const me = await member(env());
    const live = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    env().advance(env().ctx.config.liveAcceptDelayMs + 1);
    await env().services.betting.acceptDue();
    expect((await betRow(env(), live)).status).toBe('running');
    // 2-1 in full, but 1-1 after the bet: home -0.5 loses.
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } });
    await runSettlement(env());
    expect(await betRow(env(), live)).toMatchObject({ status: 'lost', payout: 0n });
  });

  it('a cancelled match voids its singles: the stake comes back, no turnover, no rebate', async () => {
    const { desk, game, me } = await scene(env());
    const ref = await me.bet('betsingle', { market_id: game.ou, selection: 'u', odds: '2.05', stake: '250' });
    await desk.trade('state', { match_id: game.id, state: 2, detail: 'cancelled' });
    await runSettlement(env());
    expect(await betRow(env(), ref)).toMatchObject({
      status: 'void',
      payout: 25000n,
      valid_turnover: 0n,
      commission: 0n,
    });
    expect(await me.balance()).toEqual({ balance: '10000.00', outstanding: '0.00' });
  });

  it('the operator cancels a running bet (stake released) and a settled one (settlement reversed, stake back)', async () => {
    const { desk, game, me } = await scene(env());
    const running = await me.bet('betsingle', {
      market_id: game.ou,
      selection: 'o',
      odds: '1.80',
      stake: '100',
    });
    const won = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    const bo = await boLogin(env().app);
    await desk.trade('result', { match_id: game.id, ht: null, ft: { home: 1, away: 0 } });
    await runSettlement(env());
    // Settled: 9,800 + 195 + 0.25 (won) + 0 (over lost) + 0.25.
    expect(await me.balance()).toEqual({ balance: '9995.50', outstanding: '0.00' });

    const cancelled = await bo.call('trade/cancelbet', { ref_no: won, reason: 'palpable error' });
    expect(cancelled.body).toMatchObject({ status: '1', ref_no: won, bet_status: 'void' });
    expect(await betRow(env(), won)).toMatchObject({ status: 'void', payout: 10000n, commission: 0n });
    expect(await me.balance()).toEqual({ balance: '9900.25', outstanding: '0.00' });
    expect((await bo.call('trade/cancelbet', { ref_no: 'NOPE' })).body.statusdesc).toBe('betNotExists');
    expect((await bo.call('trade/cancelbet', { ref_no: won })).body.statusdesc).toBe('betNotExists');
    expect(running).toBeTruthy();
    await expectSharesInLedger(env());
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('a running bet the operator cancels gives its stake and its room on the match back', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const game = await match(env(), desk);
    const bo = await boLogin(env().app);
    await bo.call('setbetlimits', {
      account_id: 'demomyr',
      limits: [{ id: '1', min: '5', max: '100', max_payout: '1000', max_per_match: '150' }],
    });
    const me = await member(env());
    const bet = () => me.bet('betsingle', { market_id: game.ou, selection: 'o', odds: '1.80', stake: '100' });
    const first = await bet();
    const refused = await me.api('bet/betsingle', {
      odds_type: '4',
      idempotency_key: randomUUID(),
      market_id: game.ou,
      selection: 'o',
      odds: '1.80',
      stake: '100',
    });
    expect(refused.statusdesc).toBe('betOverMaxPerMatch');
    const cancelled = await bo.call('trade/cancelbet', { ref_no: first, reason: 'wrong line' });
    expect(cancelled.body).toMatchObject({ status: '1', bet_status: 'void' });
    expect(await betRow(env(), first)).toMatchObject({ status: 'void' });
    expect(await me.balance()).toEqual({ balance: '10000.00', outstanding: '0.00' });
    // The cancelled stake no longer counts against the match's 150.
    expect(await bet()).toBeTruthy();
    expect(await me.balance()).toEqual({ balance: '9900.00', outstanding: '100.00' });
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('resettlement of a member who spent the winnings books the shortfall as receivable, never below zero', async () => {
    const { desk, game, me } = await scene(env());
    const bo = await boLogin(env().app);
    await me.bet('betsingle', { market_id: game.oneXTwo, selection: 'x', odds: '3.30', stake: '5000' });
    await desk.trade('result', { match_id: game.id, ht: null, ft: { home: 1, away: 1 } });
    await runSettlement(env());
    expect(await me.balance()).toEqual({ balance: '21512.50', outstanding: '0.00' });
    const withdrawn = await bo.call('withdraw', {
      account_id: 'demomyr',
      amount: '21000',
      transfer_id: randomUUID(),
    });
    expect(withdrawn.body.status, JSON.stringify(withdrawn.body)).toBe('1');
    await desk.trade('result', { match_id: game.id, ht: null, ft: { home: 2, away: 1 } });
    await runSettlement(env());
    // The reversal took the 512.50 left; the new settlement's rebate (12.50) is the balance now.
    expect(await me.balance()).toEqual({ balance: '12.50', outstanding: '0.00' });
    const receivable = await sql<{ balance: string }>`
      select l.balance::text as balance from ledger_accounts l join accounts a on a.id = l.owner_pk
      where a.account_id = 'demomyr' and l.kind = 'receivable'`.execute(env().ctx.db);
    // 16,500 paid + 12.50 rebate taken back; 512.50 was there: 16,000 is owed.
    expect(receivable.rows[0]?.balance).toBe('-1600000');
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });
});
