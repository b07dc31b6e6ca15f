import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boLogin, login, seeded } from './support/fixtures';
import { settle, tradingDesk } from './support/catalog';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

const HOUR = 3_600_000;

/** A match with AH, O/U and 1X2 markets; answers the market ids by kind. */
async function bookedMatch(
  env: TestEnv,
  desk: Awaited<ReturnType<typeof tradingDesk>>,
  options: { home?: string; live?: boolean } = {},
) {
  const id = await desk.createMatch({
    home: options.home ?? `Home ${randomUUID().slice(0, 6)}`,
    away: 'Away FC',
    kickoff: new Date(Date.now() + (options.live ? -HOUR / 2 : 2 * HOUR)).toISOString(),
  });
  await desk.trade('market', { match_id: id, kind: 'hdp', line: '-0.5', prices: { h: '1.95', a: '2.10' } });
  await desk.trade('market', { match_id: id, kind: 'ou', line: '2.5', prices: { o: '1.80', u: '2.05' } });
  await desk.trade('market', { match_id: id, kind: '1x2', prices: { '1': '2.40', x: '3.30', '2': '3.00' } });
  if (options.live) await desk.trade('live', { match_id: id, period: '1h', minute: 20, home: 0, away: 0 });
  await settle();
  const markets = env.services.snapshot.marketsOf(id);
  const market = (kind: string) => markets.find((m) => m.kind === kind)?.id ?? 0;
  return { id, hdp: market('hdp'), ou: market('ou'), oneXTwo: market('1x2') };
}

async function member(env: TestEnv, accountId = 'demomyr') {
  const { token } = await login(env.app, accountId);
  const session = { account_id: accountId, session_token: token };
  const bet = (name: string, body: Record<string, unknown>) =>
    call(env.app, `/api/bet/${name}`, { ...session, odds_type: '1', idempotency_key: randomUUID(), ...body });
  const balance = async () =>
    (await call(env.app, '/api/userbalance', session)).body as unknown as {
      balance: string;
      outstanding_balance: string;
    };
  return { session, bet, balance };
}

describeEachDatabase('bet placement', (env) => {
  it('places a pre-match single at MY odds: stake reserved, bet running, listed, books balanced', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const match = await bookedMatch(env(), desk);
    const me = await member(env());
    const check = await me.bet('betcheck', { market_id: match.hdp, selection: 'h', odds: '0.95' });
    expect(check.body).toMatchObject({
      status: '1',
      odds: '0.95',
      min_stake: '5.00',
      max_stake: '20000.00',
      max_payout: '200000.00',
    });
    const placed = await me.bet('betsingle', {
      market_id: match.hdp,
      selection: 'h',
      odds: '0.95',
      stake: '100',
    });
    expect(placed.body.status, JSON.stringify(placed.body)).toBe('1');
    expect(placed.body.bet).toMatchObject({
      kind: 'single',
      bet_type: 'BT_HDP',
      status: 'running',
      odds: '0.95',
      odds_type: 'MY',
      stake: '100.00',
      risk: '100.00',
      max_payout: '195.00',
      legs: [expect.objectContaining({ match_id: match.id, choice: 'h', line: '-0.5', odds: '0.95' })],
    });
    expect(await me.balance()).toMatchObject({ balance: '9900.00', outstanding_balance: '100.00' });
    const running = await call(env().app, '/api/bet/betacceptlist', me.session);
    expect((running.body.bets as { ref_no: string }[]).map((b) => b.ref_no)).toEqual([
      (placed.body.bet as { ref_no: string }).ref_no,
    ]);
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('negative Malay odds: the stake is what is won, the risk is stake x |odds|', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const match = await bookedMatch(env(), desk);
    const me = await member(env());
    // Decimal 2.10 is MY -0.91.
    const placed = await me.bet('betsingle', {
      market_id: match.hdp,
      selection: 'a',
      odds: '-0.91',
      stake: '100',
    });
    expect(placed.body.bet).toMatchObject({
      odds: '-0.91',
      stake: '100.00',
      risk: '91.00',
      max_payout: '191.00',
    });
    expect(await me.balance()).toMatchObject({ balance: '9909.00' });
  });

  it('a moved price asks to re-confirm unless the member accepts better or any odds', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const match = await bookedMatch(env(), desk);
    const me = await member(env());
    await desk.trade('price', {
      match_id: match.id,
      kind: 'ou',
      line: '2.5',
      prices: { o: '1.85', u: '2.00' },
    });
    await settle();
    const refused = await me.bet('betsingle', {
      market_id: match.ou,
      selection: 'o',
      odds: '0.80',
      stake: '10',
    });
    expect(refused.body).toMatchObject({ status: '0', statusdesc: 'oddsChanged', odds: '0.85' });
    await call(env().app, '/api/usersettings', { ...me.session, acceptBetterOdds: 'true' });
    const better = await me.bet('betsingle', {
      market_id: match.ou,
      selection: 'o',
      odds: '0.80',
      stake: '10',
    });
    expect(better.body.bet).toMatchObject({ odds: '0.85' });
    // Worse than offered: better-only still asks; any-odds accepts.
    const worse = await me.bet('betsingle', {
      market_id: match.ou,
      selection: 'o',
      odds: '0.90',
      stake: '10',
    });
    expect(worse.body.statusdesc).toBe('oddsChanged');
    await call(env().app, '/api/usersettings', { ...me.session, acceptAnyOdds: 'true' });
    const any = await me.bet('betsingle', { market_id: match.ou, selection: 'o', odds: '0.90', stake: '10' });
    expect(any.body.bet).toMatchObject({ odds: '0.85' });
  });

  it('a retried request is answered with the first bet; the same key with another body is refused', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const match = await bookedMatch(env(), desk);
    const me = await member(env());
    const body = {
      market_id: match.oneXTwo,
      selection: 'x',
      odds: '3.30',
      stake: '50',
      idempotency_key: 'slip-1',
    };
    const first = await me.bet('betsingle', body);
    const again = await me.bet('betsingle', body);
    expect(again.body.bet).toEqual(first.body.bet);
    expect(await me.balance()).toMatchObject({ balance: '9950.00' });
    expect((await me.bet('betsingle', { ...body, stake: '60' })).body.statusdesc).toBe('betExists');
    // Ten parallel clicks of one slip: one bet.
    const key = 'double-click';
    const clicks = await Promise.all(
      Array.from({ length: 10 }, () => me.bet('betsingle', { ...body, idempotency_key: key })),
    );
    expect(new Set(clicks.map((c) => (c.body.bet as { ref_no: string }).ref_no)).size).toBe(1);
    expect(await me.balance()).toMatchObject({ balance: '9900.00' });
  });

  it('refuses what the spec refuses, with its codes, writing nothing', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const match = await bookedMatch(env(), desk);
    const me = await member(env());
    const cases: [Record<string, unknown>, string][] = [
      [{ market_id: 999999, selection: 'h', odds: '0.95', stake: '10' }, 'invalidBet'],
      [{ market_id: match.hdp, selection: 'x', odds: '0.95', stake: '10' }, 'invalidBetTeam'],
      [{ market_id: match.hdp, selection: 'h', odds: '1.50', stake: '10' }, 'invalidOdds'],
      [{ market_id: match.hdp, selection: 'h', odds: 'abc', stake: '10' }, 'invalidOdds'],
      [{ market_id: match.hdp, selection: 'h', odds: '0.95', stake: '1.234' }, 'invalidBetAmount'],
      [{ market_id: match.hdp, selection: 'h', odds: '0.95', stake: '-5' }, 'invalidBetAmount'],
      [{ market_id: match.hdp, selection: 'h', odds: '0.95', stake: '' }, 'betAmountRequired'],
      [{ market_id: match.hdp, selection: 'h', odds: '0.95', stake: '1' }, 'betLowerMin'],
      [{ market_id: match.hdp, selection: 'h', odds: '0.95', stake: '20001' }, 'betOverMax'],
      [{ market_id: match.hdp, selection: 'h', odds: '0.95', stake: '10001' }, 'insufficient_balance'],
      [
        { market_id: match.hdp, selection: 'h', odds: '0.95', stake: '10', odds_type: '7' },
        'oddsDisplayInvalid',
      ],
    ];
    for (const [body, code] of cases) {
      const reply = await me.bet('betsingle', body);
      expect(reply.body.statusdesc, JSON.stringify(body)).toBe(code);
    }
    await desk.trade('marketstatus', { match_id: match.id, status: 'suspended', kind: 'ou', line: '2.5' });
    await settle();
    expect(
      (await me.bet('betsingle', { market_id: match.ou, selection: 'o', odds: '0.80', stake: '10' })).body
        .statusdesc,
    ).toBe('oddsIsUpdating');
    const bo = await boLogin(env().app);
    await bo.call('setbetlimits', {
      account_id: 'demomyr',
      limits: [{ id: '1', min: '5', max: '100', max_payout: '150' }],
    });
    expect(
      (await me.bet('betsingle', { market_id: match.hdp, selection: 'h', odds: '0.95', stake: '100' })).body
        .statusdesc,
    ).toBe('betOverMaxPayout');
    expect(await me.balance()).toMatchObject({ balance: '10000.00', outstanding_balance: '0.00' });
    const bets = await env().ctx.db.selectFrom('bets').select('id').execute();
    expect(bets).toHaveLength(0);
  });

  it('view-only and members without commission cannot bet; nobody sees another member’s bet', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const match = await bookedMatch(env(), desk);
    const usd = await member(env(), 'demousd');
    const placed = await usd.bet('betparlay', {
      picks: [
        { market_id: match.hdp, selection: 'h', odds: '0.95' },
        { market_id: (await bookedMatch(env(), desk)).ou, selection: 'u', odds: '-0.95' },
      ],
      stake: '10',
    });
    expect(placed.body.status, JSON.stringify(placed.body)).toBe('1');
    const me = await member(env());
    const betId = (placed.body.bet as { bet_id: number }).bet_id;
    expect(
      (await call(env().app, '/api/bet/parlayacceptbetdetails', { ...me.session, bet_id: betId })).body
        .statusdesc,
    ).toBe('betNotExists');
    expect(
      (await call(env().app, '/api/bet/parlayacceptbetdetails', { ...usd.session, bet_id: betId })).body
        .status,
    ).toBe('1');
    const bo = await boLogin(env().app);
    await bo.call('setstate', { account_id: 'demomyr', state: 'suspended' });
    expect(
      (await me.bet('betsingle', { market_id: match.hdp, selection: 'h', odds: '0.95', stake: '10' })).body
        .statusdesc,
    ).toBe('SUSPEND');
    await bo.call('setstate', { account_id: 'demomyr', state: 'active' });
    await env()
      .ctx.db.updateTable('accounts')
      .set({ commission_rate: null })
      .where('account_id', '=', 'demomyr')
      .execute();
    expect(
      (await me.bet('betsingle', { market_id: match.hdp, selection: 'h', odds: '0.95', stake: '10' })).body
        .statusdesc,
    ).toBe('memberCommissionNotSetup');
  });

  describe('parlays', () => {
    it('mix parlay: legs on different matches, decimal product, the leg rules', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const [a, b, c] = [
        await bookedMatch(env(), desk),
        await bookedMatch(env(), desk),
        await bookedMatch(env(), desk),
      ];
      const me = await member(env());
      // MY 0.95 -> 1.95; MY -0.95 (decimal 2.05) -> 1 + 1/0.95; 1X2 2.40.
      const placed = await me.bet('betparlay', {
        picks: [
          { market_id: a.hdp, selection: 'h', odds: '0.95' },
          { market_id: b.ou, selection: 'u', odds: '-0.95' },
          { market_id: c.oneXTwo, selection: '1', odds: '2.40' },
        ],
        stake: '10',
      });
      expect(placed.body.bet).toMatchObject({
        kind: 'parlay',
        bet_type: 'BT_PARLAY',
        stake: '10.00',
        risk: '10.00',
        status: 'running',
      });
      expect((placed.body.bet as { legs: unknown[] }).legs).toHaveLength(3);
      const one = await me.bet('betparlay', {
        picks: [{ market_id: a.hdp, selection: 'h', odds: '0.95' }],
        stake: '10',
      });
      expect(one.body.statusdesc).toBe('atLeastTwoMatchToBetParlay');
      const same = await me.bet('betparlay', {
        picks: [
          { market_id: a.hdp, selection: 'h', odds: '0.95' },
          { market_id: a.ou, selection: 'o', odds: '0.80' },
        ],
        stake: '10',
      });
      expect(same.body.statusdesc).toBe('invalidBets');
      const live = await bookedMatch(env(), desk, { live: true });
      const withLive = await me.bet('betparlay', {
        picks: [
          { market_id: a.hdp, selection: 'h', odds: '0.95' },
          { market_id: live.hdp, selection: 'h', odds: '0.95' },
        ],
        stake: '10',
      });
      expect(withLive.body.statusdesc).toBe('atLeastThreeMatchToBetParlay');
    });

    it('system parlay: every combination of the chosen fold sizes at the unit stake', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const [a, b, c] = [
        await bookedMatch(env(), desk),
        await bookedMatch(env(), desk),
        await bookedMatch(env(), desk),
      ];
      const me = await member(env());
      const picks = [
        { market_id: a.hdp, selection: 'h', odds: '0.95' },
        { market_id: b.hdp, selection: 'h', odds: '0.95' },
        { market_id: c.hdp, selection: 'h', odds: '0.95' },
      ];
      const trixie = await me.bet('betsysparlay', { picks, stake: '10', fold_sizes: [2, 3] });
      expect(trixie.body.bet).toMatchObject({
        kind: 'system',
        combinations: 4,
        stake: '10.00',
        risk: '40.00',
        fold_sizes: [2, 3],
      });
      expect(await me.balance()).toMatchObject({ balance: '9960.00' });
      expect((await me.bet('betsysparlay', { picks, stake: '10', fold_sizes: [4] })).body.statusdesc).toBe(
        'invalidBetType',
      );
    });
  });

  describe('Myanmar odds', () => {
    it('an MMK member bets body and maung at the line shown; others are refused', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const [a, b] = [await bookedMatch(env(), desk), await bookedMatch(env(), desk)];
      const mmk = await member(env(), 'demommk');
      const click = await mmk.bet('betmmoclick', { market_id: a.hdp, selection: 'h', line: '=' });
      // AH -0.5 at MY 0.95 for the home favourite: one ball, +90 (rules.md 4.5).
      expect(click.body).toMatchObject({ status: '1', side: 'favourite', line: '1+90', line_changed: true });
      const moved = await mmk.bet('betsinglemmo', {
        market_id: a.hdp,
        selection: 'h',
        line: '1+80',
        stake: '100',
      });
      expect(moved.body).toMatchObject({ statusdesc: 'oddsChanged', line: '1+90' });
      const body = await mmk.bet('betsinglemmo', {
        market_id: a.hdp,
        selection: 'a',
        line: '1+90',
        stake: '100',
      });
      expect(body.body.bet).toMatchObject({
        kind: 'single',
        odds_type: 'MM',
        odds: '1+90',
        stake: '100.00',
        risk: '100.00',
        max_payout: '195.00',
        legs: [expect.objectContaining({ choice: 'a', odds: '1+90' })],
      });
      const goals = await mmk.bet('betmmoclick', { market_id: b.ou, selection: 'o', line: '=' });
      const maung = await mmk.bet('betparlaymmo', {
        picks: [
          {
            market_id: a.ou,
            selection: 'u',
            line: (await mmk.bet('betmmoclick', { market_id: a.ou, selection: 'u', line: '=' })).body.line,
          },
          { market_id: b.ou, selection: 'o', line: goals.body.line },
        ],
        stake: '50',
      });
      expect(maung.body.bet, JSON.stringify(maung.body)).toMatchObject({
        kind: 'parlay',
        odds_type: 'MM',
        risk: '50.00',
      });
      const myr = await member(env(), 'demomyr');
      expect(
        (await myr.bet('betsinglemmo', { market_id: a.hdp, selection: 'h', line: '1+90', stake: '100' })).body
          .statusdesc,
      ).toBe('invalidCurrency');
      expect(
        (await mmk.bet('betsinglemmo', { market_id: a.oneXTwo, selection: 'h', line: '1+90', stake: '100' }))
          .body.statusdesc,
      ).toBe('invalidBetType');
      expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
    });
  });

  describe('live bets', () => {
    it('wait, then run when nothing happened; are rejected and refunded after a goal', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const match = await bookedMatch(env(), desk, { live: true });
      const me = await member(env());
      const quiet = await me.bet('betsingle', {
        market_id: match.hdp,
        selection: 'h',
        odds: '0.95',
        stake: '100',
      });
      expect(quiet.body.bet).toMatchObject({
        status: 'waiting',
        legs: [expect.objectContaining({ live: true, score_at_bet: '0-0' })],
      });
      expect((await call(env().app, '/api/bet/pendingbetlist', me.session)).body.bets).toHaveLength(1);
      env().advance(env().ctx.config.liveAcceptDelayMs + 1);
      await env().services.betting.acceptDue();
      expect((await call(env().app, '/api/bet/betacceptlist', me.session)).body.bets).toHaveLength(1);

      const unlucky = await me.bet('betsingle', {
        market_id: match.ou,
        selection: 'o',
        odds: '0.80',
        stake: '100',
      });
      expect(unlucky.body.bet).toMatchObject({ status: 'waiting' });
      expect(await me.balance()).toMatchObject({ balance: '9800.00' });
      await desk.trade('live', { match_id: match.id, period: '1h', minute: 22, home: 1, away: 0, goal: 'h' });
      await settle();
      env().advance(env().ctx.config.liveAcceptDelayMs + 1);
      await env().services.betting.acceptDue();
      const rejected = await call(env().app, '/api/bet/betrejectlist', me.session);
      expect(rejected.body.bets).toEqual([
        expect.objectContaining({ status: 'rejected', reject_reason: 'goal' }),
      ]);
      expect(await me.balance()).toMatchObject({ balance: '9900.00', outstanding_balance: '100.00' });
      expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
    });
  });

  describe('limits across bets', () => {
    it('max stake per match: open singles on a match add up, exactly, under concurrency too', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const [a, b, c] = [
        await bookedMatch(env(), desk),
        await bookedMatch(env(), desk),
        await bookedMatch(env(), desk),
      ];
      const bo = await boLogin(env().app);
      await bo.call('setbetlimits', {
        account_id: 'demomyr',
        limits: [{ id: '1', min: '5', max: '100', max_payout: '1000', max_per_match: '250' }],
      });
      const me = await member(env());
      const single = (market: number, stake: string) =>
        me.bet('betsingle', { market_id: market, selection: '2', odds: '3.00', stake });
      expect((await single(a.oneXTwo, '100')).body.status).toBe('1');
      expect(
        (await me.bet('betsingle', { market_id: a.ou, selection: 'o', odds: '0.80', stake: '100' })).body,
      ).toMatchObject({ status: '1' });
      const over = await single(a.oneXTwo, '60');
      expect(over.body).toMatchObject({
        statusdesc: 'betOverMaxPerMatch',
        params: { max: '250.00', remaining: '50.00' },
      });
      expect((await single(a.oneXTwo, '50')).body.status).toBe('1');
      // Another match has its own total; a parlay spans matches and is not counted per match.
      expect((await single(b.oneXTwo, '100')).body.status).toBe('1');
      const parlay = await me.bet('betparlay', {
        picks: [
          { market_id: a.hdp, selection: 'h', odds: '0.95' },
          { market_id: b.hdp, selection: 'h', odds: '0.95' },
        ],
        stake: '10',
      });
      expect(parlay.body.status, JSON.stringify(parlay.body)).toBe('1');
      expect(await me.balance()).toMatchObject({ balance: '9640.00', outstanding_balance: '360.00' });

      // Ten at once on a fresh match capped at 250: exactly two of 100 fit; the refused ones write nothing.
      const burst = await Promise.all(Array.from({ length: 10 }, () => single(c.oneXTwo, '100')));
      expect(burst.filter((r) => r.body.status === '1')).toHaveLength(2);
      expect(burst.filter((r) => r.body.statusdesc === 'betOverMaxPerMatch')).toHaveLength(8);
      const onC = await env()
        .ctx.db.selectFrom('bet_legs')
        .select('bet_id')
        .where('match_id', '=', String(c.id))
        .execute();
      expect(onC).toHaveLength(2);
      expect(await me.balance()).toMatchObject({ balance: '9440.00', outstanding_balance: '560.00' });
      expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
    });

    it('a rejected live bet no longer counts against its match', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const match = await bookedMatch(env(), desk, { live: true });
      const bo = await boLogin(env().app);
      await bo.call('setbetlimits', {
        account_id: 'demomyr',
        limits: [{ id: '1', min: '5', max: '100', max_payout: '1000', max_per_match: '150' }],
      });
      const me = await member(env());
      const bet = () =>
        me.bet('betsingle', { market_id: match.ou, selection: 'o', odds: '0.80', stake: '100' });
      const room = async () => {
        const check = await me.bet('betcheck', { market_id: match.ou, selection: 'o', odds: '0.80' });
        return [check.body.max_stake, check.body.max_per_match_left];
      };
      expect(await room()).toEqual(['100.00', '150.00']);
      expect((await bet()).body.bet).toMatchObject({ status: 'waiting' });
      // The ticket check shows the room left on the match: 50 of the 150 cap, below the 100 max stake.
      expect(await room()).toEqual(['50.00', '50.00']);
      expect((await bet()).body.statusdesc).toBe('betOverMaxPerMatch');
      await desk.trade('live', { match_id: match.id, period: '1h', minute: 22, home: 1, away: 0, goal: 'h' });
      await settle();
      env().advance(env().ctx.config.liveAcceptDelayMs + 1);
      await env().services.betting.acceptDue();
      const again = await me.bet('betsingle', {
        market_id: match.ou,
        selection: 'o',
        odds: (await me.bet('betcheck', { market_id: match.ou, selection: 'o', odds: '0.80' })).body.odds,
        stake: '100',
      });
      expect(again.body.bet, JSON.stringify(again.body)).toMatchObject({ status: 'waiting' });
    });

    it('per-day payout cap per sport and currency (decision 0.10): the day’s potential payouts add up', async () => {
      await seeded(env());
      const desk = await tradingDesk(env());
      const [a, b] = [await bookedMatch(env(), desk), await bookedMatch(env(), desk)];
      // Set by the operator (the table is emptied between tests; migrated defaults are 200,000.00 for soccer in
      // MYR): soccer in MYR capped at 300.00 a day, any other sport at 1,000.00; USD has no cap here.
      const bo = await boLogin(env().app);
      expect(
        (await bo.call('trade/setpayoutcap', { sport_id: 1, currency: 'MYR', cap: '300' })).body,
      ).toMatchObject({ status: '1', cap: { sport_id: 1, currency: 'MYR', cap: '300.00' } });
      await bo.call('trade/setpayoutcap', { sport_id: 0, currency: 'MYR', cap: '1000.00' });
      expect((await bo.call('trade/payoutcaps', {})).body.caps).toEqual([
        { sport_id: 0, currency: 'MYR', cap: '1000.00' },
        { sport_id: 1, currency: 'MYR', cap: '300.00' },
      ]);
      // Bad input changes nothing; an agent may not set caps.
      const refused = [
        [{ sport_id: 424242, currency: 'MYR', cap: '5' }, 'invalid_request'],
        [{ sport_id: 1, currency: 'XYZ', cap: '5' }, 'invalidCurrency'],
        [{ sport_id: 1, currency: 'MYR', cap: '0' }, 'invalid_amount'],
        [{ sport_id: 1, currency: 'MYR', cap: '1.234' }, 'invalid_amount'],
      ] as const;
      for (const [body, code] of refused) {
        expect((await bo.call('trade/setpayoutcap', body)).body.statusdesc, JSON.stringify(body)).toBe(code);
      }
      const agent = await boLogin(env().app, 'demoag');
      expect(
        (await agent.call('trade/setpayoutcap', { sport_id: 1, currency: 'MYR', cap: '9999' })).body
          .statusdesc,
      ).toBe('forbiddenAccess');
      expect((await bo.call('trade/payoutcaps', {})).body.caps).toHaveLength(2);
      const me = await member(env());
      const usd = await member(env(), 'demousd');
      const single = (who: typeof me, market: number) =>
        who.bet('betsingle', { market_id: market, selection: '1', odds: '2.40', stake: '50' });
      // 50 at 2.40 pays 120.00: two fit in 300.00, a third would make 360.00.
      expect((await single(me, a.oneXTwo)).body.status).toBe('1');
      expect((await single(me, b.oneXTwo)).body.status).toBe('1');
      expect((await single(me, a.oneXTwo)).body).toMatchObject({
        statusdesc: 'betOverMaxPayout',
        params: { maxPayout: '60.00' },
      });
      // Parlays count against each of their sports' day too.
      const parlay = await me.bet('betparlay', {
        picks: [
          { market_id: a.hdp, selection: 'h', odds: '0.95' },
          { market_id: b.hdp, selection: 'h', odds: '0.95' },
        ],
        stake: '100',
      });
      expect(parlay.body.statusdesc).toBe('betOverMaxPayout');
      // Another currency has its own cap; the next GMT+8 day starts from zero.
      expect((await single(usd, a.oneXTwo)).body.status).toBe('1');
      env().advance(24 * HOUR);
      const next = await member(env());
      expect((await single(next, a.oneXTwo)).body.status).toBe('1');
      expect(await next.balance()).toMatchObject({ balance: '9850.00', outstanding_balance: '150.00' });
      expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
    });
  });

  it('bets of many members placed together: a refused one (replayed key, short balance) leaves the others', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const match = await bookedMatch(env(), desk);
    const bo = await boLogin(env().app);
    // demothb keeps 40.00: one stake of 40 fits, a second does not.
    await bo.call('withdraw', { account_id: 'demothb', amount: '9960', transfer_id: 'short-1' });
    const members = await Promise.all(
      ['demomyr', 'demousd', 'democny', 'demosgd', 'demoidr', 'demothb'].map((id) => member(env(), id)),
    );
    const [myr] = members;
    if (!myr) throw new Error('no member');
    const first = await myr.bet('betsingle', {
      market_id: match.oneXTwo,
      selection: 'x',
      odds: '3.30',
      stake: '50',
      idempotency_key: 'kept-key',
    });
    expect(first.body.status).toBe('1');
    // Everyone at once, three bets each; demomyr's first reuses its key with another body.
    const replies = await Promise.all(
      members.flatMap((me, m) =>
        Array.from({ length: 3 }, (_, k) =>
          me.bet('betsingle', {
            market_id: match.oneXTwo,
            selection: '1',
            odds: '2.40',
            stake: '40',
            ...(m === 0 && k === 0 ? { idempotency_key: 'kept-key' } : {}),
          }),
        ),
      ),
    );
    const codes = replies.map((r) => r.body.statusdesc);
    expect(codes[0]).toBe('betExists');
    // demothb (last): exactly one of its three fits.
    expect(codes.slice(15).filter((c) => c === 'success')).toHaveLength(1);
    expect(codes.slice(15).filter((c) => c === 'insufficient_balance')).toHaveLength(2);
    expect(codes.slice(1, 15).every((c) => c === 'success')).toBe(true);
    const placed = await env().ctx.db.selectFrom('bets').select('id').execute();
    expect(placed).toHaveLength(1 + 2 + 3 * 4 + 1);
    expect(await myr.balance()).toMatchObject({ balance: '9870.00', outstanding_balance: '130.00' });
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('one hot member: 40 concurrent bets against a balance that covers 20, exactly 20 accepted', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const match = await bookedMatch(env(), desk);
    const bo = await boLogin(env().app);
    // THB limits start at 40.00: leave 800.00, enough for exactly 20 stakes of 40.
    await bo.call('withdraw', { account_id: 'demothb', amount: '9200', transfer_id: 'hot-1' });
    const me = await member(env(), 'demothb');
    const replies = await Promise.all(
      Array.from({ length: 40 }, () =>
        me.bet('betsingle', { market_id: match.oneXTwo, selection: '2', odds: '3.00', stake: '40' }),
      ),
    );
    expect(
      replies.filter((r) => r.body.status === '1'),
      JSON.stringify(replies[0]?.body),
    ).toHaveLength(20);
    expect(replies.filter((r) => r.body.statusdesc === 'insufficient_balance')).toHaveLength(20);
    expect(await me.balance()).toMatchObject({ balance: '0.00', outstanding_balance: '800.00' });
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });
});
