import { randomUUID } from 'node:crypto';
import { bettingDay } from '@sb/domain';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { boLogin, seeded } from './support/fixtures';
import { tradingDesk } from './support/catalog';
import { bettor, pricedMatch, runSettlement } from './support/sportsbook';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

const DAY = 86_400_000;

const match = pricedMatch;
const member = bettor;

/**
 * Moves everything recorded so far one day back, as if it had happened yesterday. The ledger stamps its
 * transfers with the database clock (not the test clock), so passing a day is simulated on the data:
 * the append-only guard is lifted for this one statement only.
 */
async function ageOneDay(env: TestEnv) {
  await env.ctx.db.transaction().execute(async (trx) => {
    await sql`alter table transfers disable trigger transfers_append_only`.execute(trx);
    await sql`update transfers set created_at = created_at - interval '1 day'`.execute(trx);
    await sql`alter table transfers enable trigger transfers_append_only`.execute(trx);
    await sql`update bets set created_at = created_at - interval '1 day',
      settled_at = settled_at - interval '1 day', cancelled_at = cancelled_at - interval '1 day'`.execute(
      trx,
    );
  });
}

const dayName = (ms: number) => bettingDay(ms);
type Row = Record<string, unknown>;
const rows = (reply: Row) => reply.data as Row[];

describeEachDatabase('statements and reports', (env) => {
  it('daily statement: exact rows over two days, opening = previous closing, resettlement and withdrawal shown', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const bo = await boLogin(env().app);
    const first = await match(env(), desk);
    const quarter = await match(env(), desk, '-0.25');
    const me = await member(env());

    // Yesterday: three singles settled (won, lost, lost half).
    const home = await me.bet('betsingle', {
      market_id: first.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    const over = await me.bet('betsingle', {
      market_id: first.ou,
      selection: 'o',
      odds: '1.80',
      stake: '100',
    });
    const half = await me.bet('betsingle', {
      market_id: quarter.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    await desk.trade('result', { match_id: first.id, ht: { home: 0, away: 0 }, ft: { home: 1, away: 0 } });
    await desk.trade('result', { match_id: quarter.id, ht: { home: 0, away: 0 }, ft: { home: 1, away: 1 } });
    await runSettlement(env());
    await ageOneDay(env());

    // Today: the first match's result is corrected to 1-1 (the home bet resettles to lost), a new winner,
    // a bet still running, and a withdrawal.
    const second = await match(env(), desk);
    const open = await match(env(), desk);
    const under = await me.bet('betsingle', {
      market_id: second.ou,
      selection: 'u',
      odds: '2.05',
      stake: '200',
    });
    const running = await me.bet('betsingle', {
      market_id: open.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    await desk.trade('result', { match_id: first.id, ht: { home: 0, away: 0 }, ft: { home: 1, away: 1 } });
    await desk.trade('result', { match_id: second.id, ht: { home: 0, away: 0 }, ft: { home: 0, away: 0 } });
    await runSettlement(env());
    const withdrawn = await bo.call('withdraw', {
      account_id: 'demomyr',
      amount: '45.13',
      transfer_id: randomUUID(),
    });
    expect(withdrawn.body.status, JSON.stringify(withdrawn.body)).toBe('1');

    const today = dayName(Date.now());
    const yesterday = dayName(Date.now() - DAY);
    const statement = await me.api('dailystatement', { start_date: yesterday, end_date: today });
    expect(statement.status, JSON.stringify(statement)).toBe('1');
    expect(rows(statement)).toEqual([
      {
        transaction_date: yesterday,
        opening_balance: '0.00',
        // The seed's opening deposit, three settlements (+95, -100, -50) and their rebates (0.25, 0.25, 0.13).
        adjustment: '10000.00',
        game_win_loss: '0.00',
        lottery: '0.00',
        mini_game: '0.00',
        tournament: '0.00',
        settled_amount: '-55.00',
        commission: '0.63',
        closing_balance: '9945.63',
        // The home bet's standing settlement is today's: yesterday keeps the over and the half loss (valid half).
        turnover: '200.00',
        valid_turnover: '150.00',
        bets: 2,
      },
      {
        transaction_date: today,
        opening_balance: '9945.63',
        // Reversal of the home win (-95.00, rebate -0.25), its new settlement (-100.00, +0.25), the under (+210.00, +0.50).
        settled_amount: '15.00',
        commission: '0.50',
        adjustment: '-45.13',
        game_win_loss: '0.00',
        lottery: '0.00',
        mini_game: '0.00',
        tournament: '0.00',
        closing_balance: '9916.00',
        turnover: '300.00',
        valid_turnover: '300.00',
        bets: 2,
      },
    ]);
    // The closing balance is the member's money now: available plus the running stake.
    expect(await me.balance()).toEqual({ balance: '9816.00', outstanding: '100.00' });

    // Continuity on any range: today's opening is yesterday's closing however the range is cut.
    const one = await me.api('dailystatement', { working_date: today });
    expect(rows(one)[0]).toMatchObject({ opening_balance: '9945.63', closing_balance: '9916.00' });
    const week = rows(
      await me.api('dailystatement', { start_date: dayName(Date.now() - 6 * DAY), end_date: today }),
    );
    expect(week).toHaveLength(7);
    for (let i = 1; i < week.length; i += 1) {
      expect(week[i]?.opening_balance).toBe(week[i - 1]?.closing_balance);
    }
    expect(week[0]).toMatchObject({ opening_balance: '0.00', closing_balance: '0.00' });

    // Settlement history shows the home bet three times: settled, reversed, settled again.
    const history = rows(await me.api('settlementhistory', { start_date: yesterday, end_date: today }));
    const homeMoves = history
      .filter((row) => row.ref_no === home.ref)
      .map((row) => [row.movement, row.payout, row.win_loss, row.commission, row.resettled]);
    expect(homeMoves).toEqual([
      ['settle', '0.00', '-100.00', '0.25', true],
      ['reversal', '-195.00', '-95.00', '-0.25', true],
      ['settle', '195.00', '95.00', '0.25', true],
    ]);
    expect(history.filter((row) => row.ref_no === under.ref)).toMatchObject([
      { movement: 'settle', payout: '410.00', win_loss: '210.00', commission: '0.50', resettled: false },
    ]);
    expect(history).toHaveLength(6);

    // The settled bet lists per day: valid turnover halves on a half loss; the resettled bet is marked.
    const yesterdayBets = rows(await me.api('sportsbook', { working_date: yesterday }));
    expect(yesterdayBets.map((b) => [b.ref_no, b.status, b.valid_turnover, b.commission])).toEqual([
      [half.ref, 'lost_half', '50.00', '0.13'],
      [over.ref, 'lost', '100.00', '0.25'],
    ]);
    const todayBets = rows(await me.api('sportsbook', { working_date: today }));
    expect(todayBets.map((b) => b.ref_no).sort()).toEqual([home.ref, under.ref].sort());
    expect(todayBets.find((b) => b.ref_no === home.ref)).toMatchObject({
      status: 'lost',
      resettled: true,
      bet_type: 'BT_HDP',
      legs: [{ outcome: 'lost', result: '1-1', choice: 'h' }],
    });
    expect(JSON.stringify(todayBets)).not.toContain(running.ref);

    const platform = await me.api('platformwinlose', { start_date: yesterday, end_date: today });
    // Standing settlements: home -100, over -100, half -50, under +210; rebates 0.25+0.25+0.13+0.50.
    expect(rows(platform)).toEqual([
      {
        product: 'sportsbook',
        bets: 4,
        turnover: '500.00',
        valid_turnover: '450.00',
        win_loss: '-40.00',
        commission: '1.13',
        total: '-38.87',
      },
      // Our own games have their own lines (nothing played here).
      {
        product: 'lottery',
        bets: 0,
        turnover: '0.00',
        valid_turnover: '0.00',
        win_loss: '0.00',
        commission: '0.00',
        total: '0.00',
      },
      {
        product: 'mini_game',
        bets: 0,
        turnover: '0.00',
        valid_turnover: '0.00',
        win_loss: '0.00',
        commission: '0.00',
        total: '0.00',
      },
    ]);

    const adjustments = rows(await me.api('adjustment', { start_date: yesterday, end_date: today }));
    expect(adjustments.map((row) => [row.kind, row.amount, row.transaction_date])).toEqual([
      ['withdraw', '-45.13', today],
      ['deposit', '10000.00', yesterday],
    ]);
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('a credit member: the credit line stays out of the balance, which is the net position', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const game = await match(env(), desk);
    const me = await member(env(), 'democredit');
    await me.bet('betsingle', { market_id: game.hdp, selection: 'a', odds: '2.10', stake: '100' });
    await desk.trade('result', { match_id: game.id, ht: null, ft: { home: 0, away: 0 } });
    await runSettlement(env());
    const today = dayName(Date.now());
    const [row] = rows(await me.api('dailystatement', { start_date: today, end_date: today }));
    // Given credit 5,000 is not the member's money: +110 won, +0.25 rebate.
    expect(row).toMatchObject({
      opening_balance: '0.00',
      settled_amount: '110.00',
      commission: '0.25',
      adjustment: '0.00',
      closing_balance: '110.25',
    });
    expect(await me.balance()).toMatchObject({ balance: '5110.25' });
  });

  it('system parlays: tickets, matches, combinations with each one stake and return; parlay details', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const games = [await match(env(), desk), await match(env(), desk), await match(env(), desk)];
    const me = await member(env());
    const picks = games.map((g) => ({ market_id: g.hdp, selection: 'h', odds: '1.95' }));
    const ticket = await me.bet('betsysparlay', { picks, stake: '10', fold_sizes: [2, 3] });
    const [a, b, c] = games;
    if (!a || !b || !c) throw new Error('three games');

    const runningBets = rows(await me.api('betsysparlaybet', { bet_id: ticket.id }));
    expect(runningBets.map((row) => [row.bet_type, row.odds, row.stake, row.status])).toEqual([
      ['2/3', '3.803', '10.00', 'running'],
      ['2/3', '3.803', '10.00', 'running'],
      ['2/3', '3.803', '10.00', 'running'],
      ['3/3', '7.415', '10.00', 'running'],
    ]);

    await desk.trade('result', { match_id: a.id, ht: null, ft: { home: 1, away: 0 } });
    await desk.trade('state', { match_id: b.id, state: 2, detail: 'cancelled' });
    await desk.trade('result', { match_id: c.id, ht: null, ft: { home: 2, away: 0 } });
    await runSettlement(env());

    const list = rows(await me.api('betsysparlay'));
    expect(list).toMatchObject([{ ref_no: ticket.ref, kind: 'system', fold_sizes: [2, 3], combinations: 4 }]);
    const matches = await me.api('betsysparlaymatch', { bet_id: String(ticket.id) });
    expect(rows(matches).map((leg) => [leg.outcome, leg.result])).toEqual([
      ['won', '1-0'],
      ['void', null],
      ['won', '2-0'],
    ]);
    const combos = await me.api('betsysparlaybet', { bet_id: ticket.id });
    // A+B: 10 x 1.95 x 1; A+C: 10 x 1.95 x 1.95 = 38.025 -> 38.03; B+C; A+B+C = 38.03.
    expect(rows(combos).map((row) => [row.leg_nos, row.payout, row.win_loss, row.status])).toEqual([
      [[1, 2], '19.50', '9.50', 'won'],
      [[1, 3], '38.03', '28.03', 'won'],
      [[2, 3], '19.50', '9.50', 'won'],
      [[1, 2, 3], '38.03', '28.03', 'won'],
    ]);
    // The ticket rounds once over every combination: 10 x (1.95 + 3.8025 + 1.95 + 3.8025) = 115.05.
    expect(combos).toMatchObject({ unit_stake: '10.00', ticket_payout: '115.05' });

    const details = await me.api('parlaybetdetails', { bet_id: ticket.id });
    expect(details.bet).toMatchObject({
      ref_no: ticket.ref,
      status: 'won',
      payout: '115.05',
      legs: [{}, {}, {}],
    });
  });

  it('a member only ever sees their own bets and money', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const games = [await match(env(), desk), await match(env(), desk)];
    const me = await member(env());
    const other = await member(env(), 'democny');
    const [a, b] = games;
    if (!a || !b) throw new Error('two games');
    const mine = await me.bet('betparlay', {
      picks: games.map((g) => ({ market_id: g.hdp, selection: 'h', odds: '1.95' })),
      stake: '10',
    });
    const theirs = await other.bet('betsingle', {
      market_id: a.hdp,
      selection: 'a',
      odds: '2.10',
      stake: '300',
    });
    await desk.trade('result', { match_id: a.id, ht: null, ft: { home: 0, away: 1 } });
    await desk.trade('state', { match_id: b.id, state: 2, detail: 'cancelled' });
    await runSettlement(env());
    const today = dayName(Date.now());
    const range = { start_date: today, end_date: today };

    for (const name of ['sportsbook', 'settlementhistory', 'cancelledbetlist']) {
      const seen = JSON.stringify(await me.api(name, range));
      expect(seen, name).not.toContain(theirs.ref);
      expect(JSON.stringify(await other.api(name, range)), name).not.toContain(mine.ref);
    }
    expect(rows(await me.api('sportsbook', range)).map((row) => row.ref_no)).toEqual([mine.ref]);
    expect((await other.api('parlaybetdetails', { bet_id: mine.id })).statusdesc).toBe('betNotExists');
    expect((await other.api('betsysparlaybet', { bet_id: mine.id })).statusdesc).toBe('betNotExists');
    expect((await me.api('parlaybetdetails', { bet_id: mine.id })).bet).toMatchObject({
      status: 'lost',
      legs: [{ outcome: 'lost' }, { outcome: 'void' }],
    });
    const [theirRow] = rows(await other.api('dailystatement', range));
    expect(theirRow).toMatchObject({
      settled_amount: '330.00',
      adjustment: '10000.00',
      closing_balance: '10330.75',
    });
  });

  it('operator cancellations: listed as cancelled, the refund reverses the settlement, the day still adds up', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const bo = await boLogin(env().app);
    const game = await match(env(), desk);
    const later = await match(env(), desk);
    const me = await member(env());
    const won = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    const running = await me.bet('betsingle', {
      market_id: later.ou,
      selection: 'o',
      odds: '1.80',
      stake: '100',
    });
    await desk.trade('result', { match_id: game.id, ht: null, ft: { home: 1, away: 0 } });
    await runSettlement(env());
    for (const bet of [won, running]) {
      const reply = await bo.call('trade/cancelbet', { ref_no: bet.ref, reason: 'palpable error' });
      expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
    }
    const today = dayName(Date.now());
    const range = { start_date: today, end_date: today };
    const cancelled = rows(await me.api('cancelledbetlist', range));
    expect(cancelled.map((b) => [b.ref_no, b.status, b.payout, b.reject_reason])).toEqual([
      [running.ref, 'void', '100.00', 'palpable error'],
      [won.ref, 'void', '100.00', 'palpable error'],
    ]);
    const history = rows(await me.api('settlementhistory', range));
    expect(
      history.map((row) => [row.ref_no, row.movement, row.payout, row.win_loss, row.commission]),
    ).toEqual([
      [won.ref, 'cancel', '-195.00', '-95.00', '-0.25'],
      [won.ref, 'settle', '195.00', '95.00', '0.25'],
    ]);
    expect(rows(await me.api('dailystatement', range))).toEqual([
      {
        transaction_date: today,
        opening_balance: '0.00',
        settled_amount: '0.00',
        commission: '0.00',
        adjustment: '10000.00',
        game_win_loss: '0.00',
        lottery: '0.00',
        mini_game: '0.00',
        tournament: '0.00',
        closing_balance: '10000.00',
        turnover: '0.00',
        valid_turnover: '0.00',
        bets: 0,
      },
    ]);
    expect(await me.balance()).toEqual({ balance: '10000.00', outstanding: '0.00' });
    // The web echoes ids back as text: accepted as well as numbers.
    expect((await me.api('parlaybetdetails', { bet_id: String(won.id) })).statusdesc).toBe('betNotExists');
  });

  it('refuses bad input with the spec codes', async () => {
    await seeded(env());
    const me = await member(env());
    const code = async (name: string, body: Record<string, unknown>) => (await me.api(name, body)).statusdesc;
    expect(await code('dailystatement', {})).toBe('start_date_required');
    expect(await code('dailystatement', { start_date: '2026-01-01' })).toBe('end_date_required');
    expect(await code('dailystatement', { start_date: '', end_date: '2026-01-01' })).toBe(
      'start_date_required',
    );
    expect(await code('dailystatement', { start_date: '2026-02-30', end_date: '2026-03-01' })).toBe(
      'invalid_date',
    );
    expect(await code('dailystatement', { start_date: '01/02/2026', end_date: '2026-03-01' })).toBe(
      'invalid_date',
    );
    expect(await code('dailystatement', { start_date: '2026-03-02', end_date: '2026-03-01' })).toBe(
      'invalid_date',
    );
    expect(await code('dailystatement', { start_date: '2025-01-01', end_date: '2026-03-01' })).toBe(
      'invalid_date',
    );
    expect(await code('sportsbook', { working_date: 'yesterday' })).toBe('invalid_date');
    expect(await code('settlementhistory', { end_date: '2026-03-01' })).toBe('start_date_required');
    expect(await code('parlaybetdetails', {})).toBe('bet_id_required');
    expect(await code('betsysparlaybet', { bet_id: 999999 })).toBe('betNotExists');
    const forged = await call(env().app, '/api/dailystatement', {
      account_id: 'demomyr',
      session_token: 'forged',
      start_date: '2026-01-01',
      end_date: '2026-01-02',
    });
    expect(forged.body.status).toBe('0');
    expect(['session_not_exists', 'invalidSession']).toContain(forged.body.statusdesc);
  });

  it('upline reports: win/loss per downline and member with shares that add up, outstanding, liability', async () => {
    await seeded(env());
    // The agent takes half of its members' results, the levels between take none, the operator the rest.
    await sql`update accounts set pt_share = case when account_id = 'demoag' then 0.5 else 0 end
      where level not in ('member', 'operator')`.execute(env().ctx.db);
    const desk = await tradingDesk(env());
    const bo = await boLogin(env().app);
    const agent = await boLogin(env().app, 'demoag');
    const settled = await match(env(), desk);
    const open = await match(env(), desk);
    const other = await match(env(), desk);
    const me = await member(env());
    await me.bet('betsingle', { market_id: settled.hdp, selection: 'h', odds: '1.95', stake: '100' });
    await me.bet('betsingle', { market_id: settled.ou, selection: 'o', odds: '1.80', stake: '200' });
    await me.bet('betsingle', { market_id: open.hdp, selection: 'h', odds: '1.95', stake: '100' });
    await me.bet('betsingle', { market_id: open.hdp, selection: 'a', odds: '2.10', stake: '50' });
    await me.bet('betparlay', {
      picks: [
        { market_id: open.hdp, selection: 'h', odds: '1.95' },
        { market_id: other.hdp, selection: 'h', odds: '1.95' },
      ],
      stake: '10',
    });
    await desk.trade('result', { match_id: settled.id, ht: null, ft: { home: 1, away: 0 } });
    await runSettlement(env());
    const today = dayName(Date.now());
    const range = { start_date: today, end_date: today };

    // Member: +95 (home) - 200 (over) = -105; valid turnover 300, rebate 0.75.
    const report = await bo.call('winloss', range);
    expect(report.body.status, JSON.stringify(report.body)).toBe('1');
    const expected = {
      account_id: 'demomyr',
      level: 'member',
      currency: 'MYR',
      bets: 2,
      turnover: '300.00',
      valid_turnover: '300.00',
      member_win_loss: '-105.00',
      member_commission: '0.75',
      // The operator keeps half the book's +105; the agent (downline) the other half.
      own_win_loss: '52.50',
      own_commission: '0.00',
      downline_win_loss: '52.50',
      upline_win_loss: '0.00',
    };
    expect(report.body.members).toEqual([expected]);
    expect(report.body.downlines).toEqual([{ ...expected, account_id: 'demosh', level: 'shareholder' }]);

    // The agent's view: its half, its commission margin (0.30% - 0.25% of 300), the upline's half.
    const agentView = await agent.call('winloss', range);
    expect(agentView.body.members).toEqual([
      {
        ...expected,
        own_win_loss: '52.50',
        own_commission: '0.15',
        downline_win_loss: '0.00',
        upline_win_loss: '52.50',
      },
    ]);
    expect((await agent.call('winloss', { ...range, account_id: 'demoop' })).body.statusdesc).toBe(
      'forbiddenAccess',
    );
    expect((await bo.call('winloss', { ...range, account_id: 'demoag' })).body.members).toEqual([
      {
        ...expected,
        own_win_loss: '52.50',
        own_commission: '0.15',
        downline_win_loss: '0.00',
        upline_win_loss: '52.50',
      },
    ]);
    expect((await bo.call('winloss', {})).body.statusdesc).toBe('start_date_required');

    const outstanding = await bo.call('outstanding', {});
    expect(outstanding.body.data).toMatchObject([
      { account_id: 'demomyr', currency: 'MYR', bets: 3, outstanding: '160.00' },
    ]);

    const liability = await bo.call('liability', { match_id: open.id });
    const [view] = liability.body.data as { match_id: number; markets: Row[] }[];
    expect(view?.match_id).toBe(open.id);
    expect(liability.body.truncated).toBe(false);
    const hdp = view?.markets.find((m) => m.kind === 'hdp');
    // Singles: 150 at risk; home wins -> pays 195 (book -45); away wins -> pays 105 (book +45).
    // The parlay's open leg on home carries its potential net win: 10 x 1.95 x 1.95 = 38.03 - 10.
    expect(hdp).toMatchObject({
      currency: 'MYR',
      stake: '150.00',
      outcomes: [
        {
          selection: 'a',
          bets: 1,
          stake: '50.00',
          payout_if_wins: '105.00',
          book_if_wins: '45.00',
          parlay_bets: 0,
          parlay_exposure: '0.00',
        },
        {
          selection: 'h',
          bets: 1,
          stake: '100.00',
          payout_if_wins: '195.00',
          book_if_wins: '-45.00',
          parlay_bets: 1,
          parlay_exposure: '28.03',
        },
      ],
    });
    const all = await bo.call('liability', {});
    expect((all.body.data as { match_id: number }[]).map((m) => m.match_id).sort()).toEqual(
      [open.id, other.id].sort(),
    );
    // A member session is not a backoffice token.
    const denied = await call(
      env().app,
      '/bo/liability',
      {},
      { authorization: `Bearer ${me.session.session_token}` },
    );
    expect(denied.body.statusdesc).toBe('unauthenticatedUser');
  });
});
