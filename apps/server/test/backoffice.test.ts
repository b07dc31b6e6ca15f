import { describe, expect, it } from 'vitest';
import { boLogin, login, seeded } from './support/fixtures';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

/** A second agent beside demoag (same master) with a member of its own. */
async function secondAgent(env: TestEnv) {
  const bo = await boLogin(env.app);
  expect(
    (
      await bo.call('createaccount', {
        account_id: 'otherag',
        password: 'Other123',
        parent_id: 'demoma',
        commission_rate: '0.003',
      })
    ).body.status,
  ).toBe('1');
  expect(
    (
      await bo.call('createaccount', {
        account_id: 'othermem',
        password: 'Other123',
        parent_id: 'otherag',
        currency: 'MYR',
        commission_rate: '0.0025',
      })
    ).body.status,
  ).toBe('1');
  return bo;
}

describeEachDatabase('backoffice calls', (env) => {
  it('needs a bearer token from /bo/login with an upline account', async () => {
    await seeded(env());
    expect((await call(env().app, '/bo/memberlist', {})).http).toBe(401);
    expect(
      (await call(env().app, '/bo/memberlist', {}, { authorization: 'Bearer nope' })).body.statusdesc,
    ).toBe('unauthenticatedUser');
    expect(
      (await call(env().app, '/bo/login', { account_id: 'demomyr', password: 'Demo1234' })).body.statusdesc,
    ).toBe('account_not_exists');
    // A member session token is not a backoffice token.
    const member = await login(env().app, 'demomyr');
    expect(
      (await call(env().app, '/bo/memberlist', {}, { authorization: `Bearer ${member.token}` })).body
        .statusdesc,
    ).toBe('unauthenticatedUser');
  });

  it('a closed, blocked or frozen upline closes the back office of its whole downline at once', async () => {
    await seeded(env());
    const operator = await boLogin(env().app);
    const agent = await boLogin(env().app, 'demoag');
    expect((await agent.call('memberlist', {})).body.status).toBe('1');
    for (const state of ['closed', 'blocked', 'frozen'] as const) {
      expect((await operator.call('setstate', { account_id: 'demoma', state })).body.status).toBe('1');
      // The agent's open token stops working on its next call, for reads and for money alike...
      const read = await agent.call('memberlist', {});
      expect([read.http, read.body.statusdesc]).toEqual([403, 'account_inactive']);
      const money = await agent.call('deposit', {
        account_id: 'demomyr',
        amount: '1',
        transfer_id: `after-${state}`,
      });
      expect(money.body.statusdesc).toBe('account_inactive');
      // ...and it cannot sign in again while a level above it is not active.
      const again = await call(env().app, '/bo/login', { account_id: 'demoag', password: 'Demo1234' });
      expect(again.body.statusdesc).toBe('account_inactive');
      expect((await operator.call('setstate', { account_id: 'demoma', state: 'active' })).body.status).toBe(
        '1',
      );
      expect((await agent.call('memberlist', {})).body.status).toBe('1');
    }
  });

  it('/bo/logout ends the token on the server', async () => {
    await seeded(env());
    const agent = await boLogin(env().app, 'demoag');
    expect((await agent.call('logout', {})).body.status).toBe('1');
    const after = await agent.call('memberlist', {});
    expect([after.http, after.body.statusdesc]).toEqual([401, 'unauthenticatedUser']);
  });

  it('operator calls refuse every other level, and every /bo route goes through the one back-office hook', async () => {
    await seeded(env());
    const agent = await boLogin(env().app, 'demoag');
    for (const name of ['trade/payoutcaps', 'lottery/caps', 'announce', 'trade/cancelbet']) {
      const reply = await agent.call(name, {});
      expect([name, reply.http, reply.body.statusdesc]).toEqual([name, 403, 'forbiddenAccess']);
    }
    // A /bo route registered without a role would skip the hook: none may exist but the sign-in.
    const unguarded = env()
      .routes.filter((route) => route.url.startsWith('/bo/') && route.backoffice === undefined)
      .map((route) => route.url);
    expect(unguarded).toEqual(['/bo/login']);
  });

  it('creates the chain level by level; upline levels need a commission rate, members a currency', async () => {
    await seeded(env());
    const bo = await boLogin(env().app, 'demoag');
    const noCurrency = await bo.call('createaccount', { account_id: 'newmem', password: 'Secret12' });
    expect(noCurrency.body.statusdesc).toBe('currency_required');
    const created = await bo.call('createaccount', {
      account_id: 'newmem',
      password: 'Secret12',
      currency: 'THB',
      member_type: 'credit',
    });
    expect(created.body.account).toMatchObject({
      account_id: 'newmem',
      level: 'member',
      parent_id: 'demoag',
      currency: 'THB',
      member_type: 'credit',
    });
    expect(
      (await bo.call('createaccount', { account_id: 'NEWMEM', password: 'Secret12', currency: 'THB' })).body
        .statusdesc,
    ).toBe('account_exists');
    expect(
      (await bo.call('createaccount', { account_id: 'short', password: '123', currency: 'THB' })).body
        .statusdesc,
    ).toBe('invalid_new_password');
    const master = await boLogin(env().app, 'demoma');
    expect(
      (await master.call('createaccount', { account_id: 'agent2', password: 'Secret12' })).body.statusdesc,
    ).toBe('rate_required');
    const agent = await master.call('createaccount', {
      account_id: 'agent2',
      password: 'Secret12',
      commission_rate: '0.002',
    });
    expect(agent.body.account).toMatchObject({
      level: 'agent',
      parent_id: 'demoma',
      commission_rate: '0.0020',
    });
    expect(
      (
        await master.call('createaccount', {
          account_id: 'agent3',
          password: 'Secret12',
          commission_rate: '1.5',
        })
      ).body.statusdesc,
    ).toBe('invalid_request');
    const member = await login(env().app, 'newmem', 'Secret12');
    expect(member.profile.player_wallet[0].available_balance).toBe('0.00');
  });

  it('an agent cannot see or touch another agent’s member', async () => {
    await seeded(env());
    await secondAgent(env());
    const demoag = await boLogin(env().app, 'demoag');
    for (const [name, body] of [
      ['setstate', { account_id: 'othermem', state: 'blocked' }],
      ['deposit', { account_id: 'othermem', amount: '10', transfer_id: 'x1' }],
      ['withdraw', { account_id: 'othermem', amount: '10', transfer_id: 'x2' }],
      [
        'setbetlimits',
        { account_id: 'othermem', limits: [{ id: '1', min: '1', max: '2', max_payout: '3' }] },
      ],
      ['setcommission', { account_id: 'othermem', rate: '0.01' }],
      ['setfeatures', { account_id: 'othermem', features: { lottery: false } }],
      ['resetpassword', { account_id: 'othermem', new_password: 'Hacked12' }],
      ['issuetoken', { account_id: 'othermem' }],
      ['memberlist', { parent_id: 'otherag' }],
      [
        'createaccount',
        { account_id: 'sneaky', password: 'Sneaky12', parent_id: 'otherag', currency: 'MYR' },
      ],
      ['setstate', { account_id: 'demoma', state: 'closed' }],
      ['setstate', { account_id: 'demoag', state: 'closed' }],
    ] as const) {
      const reply = await demoag.call(name, body);
      expect(reply.body.statusdesc, name).toBe('forbiddenAccess');
    }
    await login(env().app, 'othermem', 'Other123');
    const list = await demoag.call('memberlist', {});
    const ids = (list.body.members as { account_id: string }[]).map((m) => m.account_id);
    expect(ids).not.toContain('othermem');
    expect(ids).toContain('demomyr');
    // Their common master sees both.
    const master = await boLogin(env().app, 'demoma');
    expect((await master.call('memberlist', { page_size: 500 })).body.total).toBe(9);
  });

  it('deposits and withdraws exactly, idempotent by transfer id, never below zero', async () => {
    await seeded(env());
    const bo = await boLogin(env().app, 'demoag');
    const dep = await bo.call('deposit', { account_id: 'demomyr', amount: '250.55', transfer_id: 'dep-1' });
    expect(dep.body.account).toMatchObject({ available_balance: '10250.55' });
    const replay = await bo.call('deposit', {
      account_id: 'demomyr',
      amount: '250.55',
      transfer_id: 'dep-1',
    });
    expect(replay.body.account).toMatchObject({ available_balance: '10250.55' });
    expect(
      (await bo.call('deposit', { account_id: 'demomyr', amount: '1', transfer_id: 'dep-1' })).body
        .statusdesc,
    ).toBe('duplicate_credit_record');
    expect(
      (await bo.call('withdraw', { account_id: 'demomyr', amount: '10250.56', transfer_id: 'wd-1' })).body
        .statusdesc,
    ).toBe('insufficient_balance');
    expect(
      (await bo.call('withdraw', { account_id: 'demomyr', amount: '10250.55', transfer_id: 'wd-2' })).body
        .account,
    ).toMatchObject({
      available_balance: '0.00',
    });
    for (const amount of ['0', '-5', '1.234', 'abc', '1e3', 12.5]) {
      const reply = await bo.call('deposit', {
        account_id: 'demomyr',
        amount,
        transfer_id: `bad-${String(amount)}`,
      });
      if (amount === 12.5) expect(reply.body.status).toBe('1');
      else expect(reply.body.statusdesc, String(amount)).toMatch(/amount/);
    }
    expect((await bo.call('deposit', { account_id: 'demomyr', amount: '5' })).body.statusdesc).toBe(
      'transfer_id_required',
    );
    expect(
      (await bo.call('deposit', { account_id: 'ghost', amount: '5', transfer_id: 'g' })).body.statusdesc,
    ).toBe('account_not_exists');
  });

  it('sets a credit member’s given credit up and down against the upline credit line', async () => {
    await seeded(env());
    const bo = await boLogin(env().app, 'demoag');
    const up = await bo.call('setcredit', { account_id: 'democredit', amount: '8000', transfer_id: 'cr-1' });
    expect(up.body.account).toMatchObject({ given_credit: '8000.00', available_balance: '8000.00' });
    const down = await bo.call('setcredit', {
      account_id: 'democredit',
      amount: '1000.50',
      transfer_id: 'cr-2',
    });
    expect(down.body.account).toMatchObject({ given_credit: '1000.50', available_balance: '1000.50' });
    expect(
      (await bo.call('setcredit', { account_id: 'demomyr', amount: '10', transfer_id: 'cr-3' })).body
        .statusdesc,
    ).toBe('invalid_request');
    const member = await login(env().app, 'democredit');
    expect(member.profile.player_wallet[0]).toMatchObject({
      available_balance: '1000.50',
      given_credit: '1000.50',
    });
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('sets bet limits, commission and feature switches that the member profile shows', async () => {
    await seeded(env());
    const bo = await boLogin(env().app, 'demoag');
    expect(
      (
        await bo.call('setbetlimits', {
          account_id: 'demousd',
          limits: [{ id: '1', min: '10', max: '5', max_payout: '50' }],
        })
      ).body.statusdesc,
    ).toBe('invalid_amount');
    expect(
      (
        await bo.call('setbetlimits', {
          account_id: 'demousd',
          limits: [{ id: 'parlay', min: '2', max: '100', max_payout: '5000' }],
        })
      ).body.status,
    ).toBe('1');
    expect(
      (
        await bo.call('setfeatures', {
          account_id: 'demousd',
          features: { lottery: false, live_casino: false },
        })
      ).body.status,
    ).toBe('1');
    expect((await bo.call('setcommission', { account_id: 'demousd', rate: '0.002' })).body.status).toBe('1');
    const member = await login(env().app, 'demousd');
    const info = member.profile as unknown as {
      player_info: [{ features: Record<string, boolean> }];
      player_bet_limit: unknown[];
    };
    expect(info.player_info[0].features).toEqual({
      live_casino: false,
      lottery: false,
      mini_game: true,
      esports: true,
      tournament: true,
    });
    expect(info.player_bet_limit).toContainEqual({ i: 'parlay', n: '2.00', x: '100.00', p: '5000.00' });
  });

  it('a level gives its downline no rate or limit above its own (no risk-free rebate paid by the house)', async () => {
    await seeded(env());
    const agent = await boLogin(env().app, 'demoag'); // its own rate: 0.0030
    const refused = async (name: string, body: object) =>
      expect((await agent.call(name, body)).body.statusdesc, name).toBe('aboveUplineLimit');
    // The attack: a member's rebate of 100% from an agent at 0.3%.
    await refused('setcommission', { account_id: 'demomyr', rate: '1' });
    await refused('setcommission', { account_id: 'demomyr', rate: '0.0031' });
    expect((await agent.call('setcommission', { account_id: 'demomyr', rate: '0.0030' })).body.status).toBe(
      '1',
    );
    await refused('createaccount', {
      account_id: 'greedy',
      password: 'Greedy123',
      currency: 'MYR',
      commission_rate: '0.05',
    });
    // Bet limits above the house's for the member's currency.
    await refused('setbetlimits', {
      account_id: 'demomyr',
      limits: [{ id: '1', min: '5', max: '1000000', max_payout: '2000000' }],
    });
    // No level drops below what it already passes down (its margin would be negative): the agent now gives
    // demomyr 0.0030, so its master cannot set it to 0.0029, nor the operator the master to 0.0020.
    const master = await boLogin(env().app, 'demoma');
    expect(
      (await master.call('setcommission', { account_id: 'demoag', rate: '0.0029' })).body.statusdesc,
    ).toBe('aboveUplineLimit');
    const operator = await boLogin(env().app);
    expect(
      (await operator.call('setcommission', { account_id: 'demoma', rate: '0.0020' })).body.statusdesc,
    ).toBe('aboveUplineLimit');
    expect((await master.call('setcommission', { account_id: 'demoag', rate: '0.0035' })).body.status).toBe(
      '1',
    );
    // Nothing of the refused calls stands: the member's rate is still the last one allowed.
    const rows = await agent.call('memberlist', {});
    const me = (rows.body.members as { account_id: string; commission_rate: string }[] | undefined)?.find(
      (m) => m.account_id === 'demomyr',
    );
    if (me) expect(Number(me.commission_rate)).toBe(0.003);
  });

  it('caps one deposit by the level making it (agent 50,000 MYR, scaled per currency); the operator has none', async () => {
    await seeded(env());
    const agent = await boLogin(env().app, 'demoag');
    const deposit = (bo: typeof agent, account: string, amount: string, id: string) =>
      bo.call('deposit', { account_id: account, amount, transfer_id: id });
    expect((await deposit(agent, 'demomyr', '50000.01', 'cap-1')).body.statusdesc).toBe('aboveUplineLimit');
    expect((await deposit(agent, 'demomyr', '50000', 'cap-2')).body.status).toBe('1');
    // USD: a quarter of the MYR figure.
    expect((await deposit(agent, 'demousd', '12500.01', 'cap-3')).body.statusdesc).toBe('aboveUplineLimit');
    expect((await deposit(agent, 'demousd', '12500', 'cap-4')).body.status).toBe('1');
    expect((await deposit(await boLogin(env().app), 'demomyr', '1000000', 'cap-5')).body.status).toBe('1');
    expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
  });

  it('resets a password and ends the member’s sessions', async () => {
    await seeded(env());
    const member = await login(env().app, 'demoidr');
    const bo = await boLogin(env().app, 'demoag');
    expect(
      (await bo.call('resetpassword', { account_id: 'demoidr', new_password: 'x' })).body.statusdesc,
    ).toBe('invalid_new_password');
    expect(
      (await bo.call('resetpassword', { account_id: 'demoidr', new_password: 'Fresh123' })).body.status,
    ).toBe('1');
    expect(
      (await call(env().app, '/api/userbalance', { account_id: 'demoidr', session_token: member.token })).body
        .statusdesc,
    ).toBe('session_expired');
    await login(env().app, 'demoidr', 'Fresh123');
  });

  it('lists members with balances, paged', async () => {
    await seeded(env());
    const bo = await boLogin(env().app);
    const page1 = await bo.call('memberlist', { page: 1, page_size: 3 });
    expect(page1.body.total).toBe(8);
    expect(page1.body.members).toHaveLength(3);
    const all = await bo.call('memberlist', { page_size: 100 });
    expect(all.body.members).toContainEqual(
      expect.objectContaining({
        account_id: 'democredit',
        member_type: 'credit',
        given_credit: '5000.00',
        available_balance: '5000.00',
      }),
    );
    expect((await bo.call('memberlist', { page: 0 })).body.statusdesc).toBe('invalid_request');
  });

  describe('seed', () => {
    it('creates the two demo brands, their chains and members once', async () => {
      await seeded(env());
      await seeded(env());
      const members = await env().ctx.db.selectFrom('accounts').select(['account_id', 'brand_id']).execute();
      // Demo: operator, five levels, eight members; Jade: operator, five levels, two members.
      expect(members).toHaveLength(22);
      const brands = await env().ctx.db.selectFrom('brands').select(['id', 'code', 'is_default']).execute();
      expect(brands.map((b) => [b.code, b.is_default]).sort()).toEqual([
        ['demo', true],
        ['jade', false],
      ]);
      const jade = brands.find((b) => b.code === 'jade')?.id;
      expect(
        members
          .filter((m) => m.brand_id === jade)
          .map((m) => m.account_id)
          .sort(),
      ).toEqual(['jadeag', 'jadema', 'jadeop', 'jadesh', 'jadesr', 'jadess', 'jadethb', 'jadeusd'].sort());
      expect((await env().ctx.ledger.verify(env().ctx.db)).ok).toBe(true);
    });
  });
});
