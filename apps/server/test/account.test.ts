import { describe, expect, it } from 'vitest';
import { boLogin, login, seeded } from './support/fixtures';
import { internalCaller } from '../src/modules/boaccess/service';
import { call, describeEachDatabase } from './support/harness';
import { tokenLimitKey } from '../src/http/route';

describeEachDatabase('member account calls', (env) => {
  describe('login', () => {
    it.each(['authlogin', 'userlogin', 'securelogin', 'switchlogin'])(
      '%s returns the full profile',
      async (name) => {
        await seeded(env());
        const { body } = await call(env().app, `/api/${name}`, {
          account_id: 'demomyr',
          password: 'Demo1234',
        });
        expect(body.status).toBe('1');
        const profile = body.member_profile as Record<string, unknown[]>;
        expect(profile.player_info).toHaveLength(1);
        expect(profile.player_wallet).toHaveLength(1);
        expect(profile.player_info?.[0]).toMatchObject({
          account_id: 'demomyr',
          operator_type: 1,
          parent_id: 'demoag',
          has_secondary_account: false,
          currency: 'MYR',
          member_type: 'cash',
          view_only: false,
        });
        expect(profile.player_wallet?.[0]).toMatchObject({
          available_balance: '10000.00',
          cash_balance: '10000.00',
          frozen_balance: '0.00',
          currency_code: 'MYR',
        });
        expect(profile.player_bet_limit).toContainEqual({ i: '1', n: '5.00', x: '20000.00', p: '200000.00' });
      },
    );

    it('is case-insensitive on the login id and case-sensitive on the password', async () => {
      await seeded(env());
      expect(
        (await call(env().app, '/api/authlogin', { account_id: 'DemoMYR', password: 'Demo1234' })).body
          .status,
      ).toBe('1');
      expect(
        (await call(env().app, '/api/authlogin', { account_id: 'demomyr', password: 'demo1234' })).body
          .statusdesc,
      ).toBe('account_not_exists');
    });

    it.each([
      [{}, 'account_id_required'],
      [{ password: 'Demo1234' }, 'account_id_required'],
      [{ account_id: '   ', password: 'Demo1234' }, 'account_id_required'],
      [{ account_id: 'demomyr' }, 'password_required'],
      [{ account_id: 'demomyr', password: '' }, 'password_required'],
      [{ account_id: 42, password: 'Demo1234' }, 'account_id_required'],
      [{ account_id: 'nobody', password: 'Demo1234' }, 'account_not_exists'],
      [{ account_id: 'demomyr', password: 'wrongpass' }, 'account_not_exists'],
      [{ account_id: 'demoop', password: 'Demo1234' }, 'account_not_exists'],
    ])('refuses %j with %s', async (body, code) => {
      await seeded(env());
      const reply = await call(env().app, '/api/authlogin', body);
      expect(reply.body).toMatchObject({ status: '0', statusdesc: code });
      expect(typeof reply.body.message).toBe('string');
    });

    it('gives the spec messages for missing fields', async () => {
      const reply = await call(env().app, '/api/authlogin', { password: 'x' });
      expect(reply.body.message).toBe('Username is required!');
      const reply2 = await call(env().app, '/api/authlogin', { account_id: 'x' });
      expect(reply2.body.message).toBe('Password is required!');
    });

    it('answers malformed JSON and oversized bodies with a code, not a crash', async () => {
      const bad = await call(env().app, '/api/authlogin', '{"account_id":');
      expect(bad.http).toBe(400);
      expect(bad.body.statusdesc).toBe('invalid_request');
      const big = await call(env().app, '/api/authlogin', { account_id: 'x'.repeat(100_000), password: 'y' });
      expect(big.http).toBe(413);
      expect(big.body.statusdesc).toBe('payload_too_large');
      const unknown = await call(env().app, '/api/nosuchcall', {});
      expect(unknown.body.statusdesc).toBe('not_found');
    });

    it.each([
      ['blocked', 'BLOCK'],
      ['closed', 'CLOSE'],
      ['frozen', 'FREEZE'],
      ['inactive', 'account_inactive'],
    ])('refuses a %s member with %s', async (state, code) => {
      await seeded(env());
      const bo = await boLogin(env().app);
      expect((await bo.call('setstate', { account_id: 'demomyr', state })).body.status).toBe('1');
      const reply = await call(env().app, '/api/authlogin', { account_id: 'demomyr', password: 'Demo1234' });
      expect(reply.body.statusdesc).toBe(code);
    });

    it('refuses members under a closed agent', async () => {
      await seeded(env());
      const bo = await boLogin(env().app);
      await bo.call('setstate', { account_id: 'demoag', state: 'closed' });
      expect(
        (await call(env().app, '/api/authlogin', { account_id: 'demousd', password: 'Demo1234' })).body
          .statusdesc,
      ).toBe('CLOSE');
    });

    it('lets a suspended member in as view only', async () => {
      await seeded(env());
      const bo = await boLogin(env().app);
      await bo.call('setstate', { account_id: 'demomyr', state: 'suspended' });
      const { profile } = await login(env().app, 'demomyr');
      expect(profile.player_info[0].view_only).toBe(true);
    });

    it('throttles repeated logins with loginLimit', async () => {
      await seeded(env());
      const limit = env().ctx.config.loginAttemptsPerMinute;
      // The suite's config allows many; count failures up to the edge through the service's own store.
      for (let i = 0; i < limit; i += 1) await env().ctx.limits.hit('loginfail:a:demomyr', 60_000);
      const reply = await call(env().app, '/api/authlogin', { account_id: 'demomyr', password: 'Demo1234' });
      expect(reply.body.statusdesc).toBe('loginLimit');
      env().advance(61_000);
      expect(
        (await call(env().app, '/api/authlogin', { account_id: 'demomyr', password: 'Demo1234' })).body
          .status,
      ).toBe('1');
    });
  });

  describe('launch by token', () => {
    it('logs in once with a token the upline issued, and refuses reuse, forgery and expiry', async () => {
      await seeded(env());
      const bo = await boLogin(env().app);
      const issued = await bo.call('issuetoken', { account_id: 'demothb' });
      const token = issued.body.token as string;
      const first = await call(env().app, '/api/launch', { token });
      expect(first.body.status).toBe('1');
      expect(
        (first.body.member_profile as { player_info: [{ account_id: string }] }).player_info[0].account_id,
      ).toBe('demothb');
      expect((await call(env().app, '/api/launch', { token })).body.statusdesc).toBe('invalid_token');
      expect((await call(env().app, '/api/launch', { token: `${token}x` })).body.statusdesc).toBe(
        'invalid_token',
      );
      expect((await call(env().app, '/api/launch', { token: '' })).body.statusdesc).toBe('token_required');
      const late = (await bo.call('issuetoken', { account_id: 'demothb' })).body.token as string;
      env().advance(env().ctx.config.launchTokenTtlMs + 1);
      expect((await call(env().app, '/api/launch', { token: late })).body.statusdesc).toBe('invalid_token');
    });
  });

  describe('session calls', () => {
    it('userprofile answers no_changes until the upline changes something', async () => {
      await seeded(env());
      const { token } = await login(env().app, 'demomyr');
      const session = { account_id: 'demomyr', session_token: token };
      expect((await call(env().app, '/api/userprofile', session)).body.statusdesc).toBe('no_changes');
      const bo = await boLogin(env().app);
      await bo.call('setbetlimits', {
        account_id: 'demomyr',
        limits: [{ id: '1', min: '10', max: '300', max_payout: '3000' }],
      });
      const balance = await call(env().app, '/api/userbalance', session);
      expect(balance.body.retrieve_profile).toBe(true);
      const changed = await call(env().app, '/api/userprofile', session);
      expect(changed.body.statusdesc).toBe('success');
      expect(
        (changed.body.member_profile as { player_bet_limit: unknown[] }).player_bet_limit,
      ).toContainEqual({
        i: '1',
        n: '10.00',
        x: '300.00',
        p: '3000.00',
      });
      expect((await call(env().app, '/api/userprofile', session)).body.statusdesc).toBe('no_changes');
    });

    it('userbalance reports available, cash and outstanding exactly', async () => {
      await seeded(env());
      const { token } = await login(env().app, 'democredit');
      const reply = await call(env().app, '/api/userbalance', {
        account_id: 'democredit',
        session_token: token,
        parent_id: 'demoag',
      });
      expect(reply.body).toMatchObject({
        status: '1',
        balance: '5000.00',
        account_balance: '0.00',
        outstanding_balance: '0.00',
        retrieve_profile: false,
      });
    });

    it('refuses a parallel balance call for the same session with requestPending', async () => {
      await seeded(env());
      const { token } = await login(env().app, 'demomyr');
      await env().ctx.limits.acquire(`balance:${token}`, 10_000);
      const reply = await call(env().app, '/api/userbalance', {
        account_id: 'demomyr',
        session_token: token,
      });
      expect(reply.body.statusdesc).toBe('requestPending');
      await env().ctx.limits.release(`balance:${token}`);
      expect(
        (await call(env().app, '/api/userbalance', { account_id: 'demomyr', session_token: token })).body
          .status,
      ).toBe('1');
    });

    it('vuserbalance is for virtual operators only', async () => {
      await seeded(env());
      const { token } = await login(env().app, 'demomyr');
      const reply = await call(env().app, '/api/vuserbalance', {
        account_id: 'demomyr',
        session_token: token,
      });
      expect(reply.body.statusdesc).toBe('forbiddenAccess');
      const virtualOp = await env().services.upline.createOperator({
        account_id: 'vop',
        password: 'Demo1234',
        brandId: 1,
        operatorType: 2,
      });
      let parent = 'vop';
      for (const id of ['vsh', 'vss', 'vsr', 'vma', 'vag']) {
        await env().services.upline.createAccount(internalCaller(virtualOp, 'test'), {
          account_id: id,
          password: 'Demo1234',
          parent_id: parent,
          commission_rate: '0.01',
        });
        parent = id;
      }
      await env().services.upline.createAccount(internalCaller(virtualOp, 'test'), {
        account_id: 'vmember',
        password: 'Demo1234',
        parent_id: 'vag',
        currency: 'USD',
        commission_rate: '0.0025',
      });
      const member = await login(env().app, 'vmember');
      expect(member.profile.player_info[0]).toMatchObject({ operator_type: 2 });
      const virtualReply = await call(env().app, '/api/vuserbalance', {
        account_id: 'vmember',
        session_token: member.token,
      });
      expect(virtualReply.body).toMatchObject({ status: '1', balance: '0.00' });
      expect(
        (await call(env().app, '/api/userbalance', { account_id: 'vmember', session_token: member.token }))
          .body.statusdesc,
      ).toBe('forbiddenAccess');
    });

    it.each([
      [{ account_id: 'demomyr', session_token: 'nope' }, 'session_not_exists'],
      [{ account_id: 'demomyr' }, 'session_token_required'],
      [{ session_token: 'x' }, 'accountIdRequired'],
    ])('refuses %j with %s', async (body, code) => {
      await seeded(env());
      expect((await call(env().app, '/api/userbalance', body)).body.statusdesc).toBe(code);
    });

    it('refuses a token used with another account id', async () => {
      await seeded(env());
      const { token } = await login(env().app, 'demomyr');
      expect(
        (await call(env().app, '/api/userbalance', { account_id: 'demousd', session_token: token })).body
          .statusdesc,
      ).toBe('invalidSession');
    });

    it('expires an idle session, and a state change ends a live one', async () => {
      await seeded(env());
      const { token } = await login(env().app, 'demomyr');
      const bo = await boLogin(env().app);
      await bo.call('setstate', { account_id: 'demomyr', state: 'blocked' });
      expect(
        (await call(env().app, '/api/userbalance', { account_id: 'demomyr', session_token: token })).body
          .statusdesc,
      ).toBe('BLOCK');
      await bo.call('setstate', { account_id: 'demomyr', state: 'active' });
      expect(
        (await call(env().app, '/api/userbalance', { account_id: 'demomyr', session_token: token })).body
          .status,
      ).toBe('1');
      env().advance(env().ctx.config.sessionTtlMs + 1);
      expect(
        (await call(env().app, '/api/userbalance', { account_id: 'demomyr', session_token: token })).body
          .statusdesc,
      ).toBe('session_expired');
    });

    it('rate limits a flood of calls with requestLimit', async () => {
      await seeded(env());
      const { token } = await login(env().app, 'demomyr');
      for (let i = 0; i < env().ctx.config.requestsPerSecond; i += 1)
        await env().ctx.limits.hit(`req:${tokenLimitKey(token)}`, 1_000);
      const reply = await call(env().app, '/api/userbalance', {
        account_id: 'demomyr',
        session_token: token,
      });
      expect(reply.http).toBe(429);
      expect(reply.body.statusdesc).toBe('requestLimit');
    });
  });

  describe('usersettings', () => {
    it('saves settings that the next login returns, and a bad value writes nothing', async () => {
      await seeded(env());
      const { token } = await login(env().app, 'demomyr');
      const session = { account_id: 'demomyr', session_token: token };
      const saved = await call(env().app, '/api/usersettings', {
        ...session,
        oddsType: '2',
        language: 'cn',
        acceptBetterOdds: 'true',
      });
      expect(saved.body.status).toBe('1');
      const bad = await call(env().app, '/api/usersettings', { ...session, oddsType: '9', language: 'vi' });
      expect(bad.body).toMatchObject({ status: '0', statusdesc: 'invalid_request', field: 'oddsType' });
      const again = await login(env().app, 'demomyr');
      expect(again.profile.player_info[0]).toMatchObject({
        settings: expect.objectContaining({
          oddsType: '2',
          language: 'cn',
          acceptBetterOdds: 'true',
          pageSize: '10',
        }),
      });
    });
  });

  describe('changepassword', () => {
    it.each([
      [
        { current_password: 'Demo1234', new_password: 'abc', confirm_password: 'abc' },
        'invalid_new_password',
      ],
      [
        { current_password: 'Demo1234', new_password: 'abcdefghijk', confirm_password: 'abcdefghijk' },
        'invalid_new_password',
      ],
      [
        { current_password: 'Demo1234', new_password: 'NewPass1', confirm_password: 'NewPass2' },
        'password_not_match',
      ],
      [
        { current_password: 'Wrong123', new_password: 'NewPass1', confirm_password: 'NewPass1' },
        'invalid_password',
      ],
      [{ new_password: 'NewPass1', confirm_password: 'NewPass1' }, 'current_password_required'],
      [{ current_password: 'Demo1234', confirm_password: 'NewPass1' }, 'new_password_required'],
      [{ current_password: 'Demo1234', new_password: 'NewPass1' }, 'confirm_password_required'],
    ])('refuses %j with %s and keeps the old password', async (fields, code) => {
      await seeded(env());
      const { token } = await login(env().app, 'demomyr');
      const reply = await call(env().app, '/api/changepassword', {
        account_id: 'demomyr',
        session_token: token,
        ...fields,
      });
      expect(reply.body.statusdesc).toBe(code);
      await login(env().app, 'demomyr', 'Demo1234');
    });

    it('changes the password, ends other sessions and keeps this one', async () => {
      await seeded(env());
      const other = await login(env().app, 'demomyr');
      const mine = await login(env().app, 'demomyr');
      const reply = await call(env().app, '/api/changepassword', {
        account_id: 'demomyr',
        session_token: mine.token,
        current_password: 'Demo1234',
        new_password: 'NewPass1',
        confirm_password: 'NewPass1',
      });
      expect(reply.body.status).toBe('1');
      expect(
        (await call(env().app, '/api/authlogin', { account_id: 'demomyr', password: 'Demo1234' })).body
          .statusdesc,
      ).toBe('account_not_exists');
      await login(env().app, 'demomyr', 'NewPass1');
      expect(
        (await call(env().app, '/api/userbalance', { account_id: 'demomyr', session_token: other.token }))
          .body.statusdesc,
      ).toBe('session_expired');
      expect(
        (await call(env().app, '/api/userbalance', { account_id: 'demomyr', session_token: mine.token })).body
          .status,
      ).toBe('1');
    });
  });

  describe('addsecondary (nickname)', () => {
    it('sets the nickname once; it then logs in too', async () => {
      await seeded(env());
      const { token } = await login(env().app, 'demomyr');
      const session = { account_id: 'demomyr', session_token: token };
      expect(
        (await call(env().app, '/api/addsecondary', { ...session, nickname: 'abc' })).body.statusdesc,
      ).toBe('invalid_nickname');
      expect(
        (await call(env().app, '/api/addsecondary', { ...session, nickname: 'bad name!' })).body.statusdesc,
      ).toBe('invalid_nickname');
      expect(
        (await call(env().app, '/api/addsecondary', { ...session, nickname: 'demousd' })).body.statusdesc,
      ).toBe('new_login_id_exists');
      const ok = await call(env().app, '/api/addsecondary', { ...session, nickname: 'LuckyStar88' });
      expect(ok.body.status).toBe('1');
      expect(
        (ok.body.member_profile as { player_info: [{ nickname: string; has_secondary_account: boolean }] })
          .player_info[0],
      ).toMatchObject({
        nickname: 'LuckyStar88',
        has_secondary_account: true,
      });
      expect(
        (await call(env().app, '/api/addsecondary', { ...session, nickname: 'Another123' })).body.statusdesc,
      ).toBe('secondary_account_exists');
      const byNick = await login(env().app, 'luckystar88');
      expect(byNick.profile.player_info[0].account_id).toBe('demomyr');
      const usd = await login(env().app, 'demousd');
      expect(
        (
          await call(env().app, '/api/addsecondary', {
            account_id: 'demousd',
            session_token: usd.token,
            nickname: 'LUCKYSTAR88',
          })
        ).body.statusdesc,
      ).toBe('new_login_id_exists');
    });
  });

  it('version answers the brand', async () => {
    const reply = await call(env().app, '/api/version', {});
    expect(reply.body).toMatchObject({ status: '1', brand: 'Demo' });
  });
});
