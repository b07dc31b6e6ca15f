import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { demoTotpSecret } from '../src/db/seed';
import { base32Decode, totpCode } from '../src/lib/totp';
import { boLogin, rememberSecret, seeded, totpNow } from './support/fixtures';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const statusOf = async (reply: Promise<Awaited<ReturnType<typeof call>>>) => (await reply).body.statusdesc;

async function signIn(env: TestEnv, body: Record<string, unknown>) {
  return call(env.app, '/bo/login', { account_id: 'demoag', password: 'Demo1234', ...body });
}

describeEachDatabase('back-office access: second factor, lock-out, staff, audit', (env) => {
  it('asks for the authenticator code after the password, takes each code once, and trusts a device on request', async () => {
    await seeded(env());
    expect((await signIn(env(), {})).body.statusdesc).toBe('totpRequired');
    // The wrong password is the wrong password, code or not: nothing tells which half was wrong.
    expect(await statusOf(signIn(env(), { password: 'Wrong1234', code: totpNow(env().app, 'demoag') }))).toBe(
      'account_not_exists',
    );
    const code = totpNow(env().app, 'demoag');
    const first = await signIn(env(), { code, trust_device: true, device_label: 'office pc' });
    expect(first.body).toMatchObject({
      status: '1',
      account_id: 'demoag',
      level: 'agent',
      enrol_required: false,
    });
    const device = first.body.device_token as string;
    // The same code again (replayed from a log or over a shoulder) is refused.
    expect(await statusOf(signIn(env(), { code }))).toBe('invalidTotp');
    // The trusted device signs in without a code, until it is revoked.
    const trusted = await signIn(env(), { device_token: device });
    expect(trusted.body.status).toBe('1');
    const token = trusted.body.token as string;
    const devices = await call(env().app, '/bo/2fa/devices', {}, bearer(token));
    expect(devices.body.devices).toMatchObject([{ label: 'office pc' }]);
    const id = (devices.body.devices as { id: string }[])[0]?.id;
    expect((await call(env().app, '/bo/2fa/revokedevice', { id }, bearer(token))).body.devices).toEqual([]);
    expect(await statusOf(signIn(env(), { device_token: device }))).toBe('totpRequired');
    // Another login's device is not this login's.
    expect(await statusOf(signIn(env(), { account_id: 'demoma', device_token: device }))).toBe(
      'totpRequired',
    );
  });

  it('locks a login after three failures in a row until its upline unlocks it, and audits both', async () => {
    await seeded(env());
    env().advance(60_000);
    expect(await statusOf(signIn(env(), { password: 'Wrong1234' }))).toBe('account_not_exists');
    expect(await statusOf(signIn(env(), { code: '000000' }))).toBe('invalidTotp');
    // A success in between starts the count again.
    expect((await signIn(env(), { code: totpNow(env().app, 'demoag') })).body.status).toBe('1');
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect(await statusOf(signIn(env(), { password: `Wrong12${attempt}x` }))).toBe('account_not_exists');
    // Locked: even the right password and code are refused.
    env().advance(31_000);
    expect(await statusOf(signIn(env(), { code: totpNow(env().app, 'demoag') }))).toBe('accountLocked');
    // Another agent cannot unlock it; its master can.
    const master = await boLogin(env().app, 'demoma');
    expect((await master.call('unlock', { account_id: 'demoag' })).body.status).toBe('1');
    expect((await signIn(env(), { code: totpNow(env().app, 'demoag') })).body.status).toBe('1');
    const audit = await master.call('audit', { target: 'demoag', action: 'access.' });
    expect((audit.body.rows as { action: string }[]).map((row) => row.action)).toEqual([
      'access.unlock',
      'access.locked',
    ]);
  });

  it('a new upline account must enrol a second factor at its first sign-in; recovery codes sign in once each', async () => {
    await seeded(env());
    const operator = await boLogin(env().app);
    const create = (password: string) =>
      operator.call('createaccount', {
        account_id: 'newag',
        password,
        parent_id: 'demoma',
        commission_rate: '0.003',
      });
    // The upline password rule: 8+ characters, 2+ letters, 2+ digits.
    expect((await create('abc12')).body.statusdesc).toBe('weakPassword');
    expect((await create('abcdefg1')).body.statusdesc).toBe('weakPassword');
    expect((await create('New12345')).body.status).toBe('1');
    const first = await call(env().app, '/bo/login', { account_id: 'newag', password: 'New12345' });
    expect(first.body).toMatchObject({ status: '1', enrol_required: true });
    const token = first.body.token as string;
    // Nothing but enrolment until then.
    expect(await statusOf(call(env().app, '/bo/memberlist', {}, bearer(token)))).toBe('enrolmentRequired');
    const enrol = await call(env().app, '/bo/2fa/enrol', {}, bearer(token));
    const secret = enrol.body.secret as string;
    expect(base32Decode(secret)).toHaveLength(20);
    expect(enrol.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+%3Anewag\?secret=[A-Z2-7]+&/);
    expect(await statusOf(call(env().app, '/bo/2fa/confirm', { code: '123456' }, bearer(token)))).toBe(
      'invalidTotp',
    );
    rememberSecret(env().app, 'newag', secret);
    const confirmed = await call(
      env().app,
      '/bo/2fa/confirm',
      { code: totpNow(env().app, 'newag') },
      bearer(token),
    );
    const codes = confirmed.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await call(env().app, '/bo/memberlist', {}, bearer(token))).body.status).toBe('1');
    // Enrolled: a second enrolment is refused (an upline resets it), and sign-in now asks for the code.
    expect(await statusOf(call(env().app, '/bo/2fa/enrol', {}, bearer(token)))).toBe('secondFactorEnrolled');
    const again = { account_id: 'newag', password: 'New12345' };
    expect(await statusOf(call(env().app, '/bo/login', again))).toBe('totpRequired');
    const recovery = { ...again, recovery_code: codes[3]?.toUpperCase() };
    expect((await call(env().app, '/bo/login', recovery)).body.status).toBe('1');
    expect(await statusOf(call(env().app, '/bo/login', recovery))).toBe('invalidTotp');
    const me = await call(env().app, '/bo/me', {}, bearer(token));
    expect(me.body).toMatchObject({ login: 'newag', second_factor: true, recovery_codes_left: 9 });
    // A browser it trusts (the lost phone's, say), with the next step's code (this one's was used to enrol).
    const trusting = await call(env().app, '/bo/login', {
      ...again,
      code: totpNow(env().app, 'newag', 30_000),
      trust_device: true,
    });
    const device = trusting.body.device_token as string;
    expect(device).toMatch(/.{20,}/);
    // The master resets it (a lost phone): sessions end, the trusted browsers are forgotten, and the next
    // sign-in enrols again, with or without the old device token.
    const master = await boLogin(env().app, 'demoma');
    expect((await master.call('reset2fa', { account_id: 'newag' })).body.status).toBe('1');
    expect((await call(env().app, '/bo/memberlist', {}, bearer(token))).http).toBe(401);
    expect((await call(env().app, '/bo/login', again)).body.enrol_required).toBe(true);
    const viaDevice = await call(env().app, '/bo/login', { ...again, device_token: device });
    expect(viaDevice.body.enrol_required).toBe(true);
    // Enrolled anew, the old device still skips nothing: the new code is asked for.
    const reenrol = bearer(String(viaDevice.body.token));
    const fresh = String((await call(env().app, '/bo/2fa/enrol', {}, reenrol)).body.secret);
    rememberSecret(env().app, 'newag', fresh);
    const reconfirmed = await call(
      env().app,
      '/bo/2fa/confirm',
      { code: totpNow(env().app, 'newag') },
      reenrol,
    );
    expect(reconfirmed.body.status).toBe('1');
    expect(await statusOf(call(env().app, '/bo/login', { ...again, device_token: device }))).toBe(
      'totpRequired',
    );
  });

  it('staff sub-accounts act for their account with the rights it gave, never more, and close at once', async () => {
    await seeded(env());
    const agent = await boLogin(env().app, 'demoag');
    const save = (body: object) => agent.call('staff/save', body);
    expect((await save({ login_id: 'otherSub01', password: 'Staff123' })).body.statusdesc).toBe(
      'invalid_request',
    );
    expect((await save({ login_id: 'demoagSub01', password: 'short1' })).body.statusdesc).toBe(
      'weakPassword',
    );
    // Trading is the operator desk's only.
    expect(
      (await save({ login_id: 'demoagSub01', password: 'Staff123', permissions: ['trading'] })).body
        .statusdesc,
    ).toBe('forbiddenAccess');
    const created = await save({ login_id: 'demoagSub01', password: 'Staff123', permissions: ['reports'] });
    expect(created.body.staff).toMatchObject({
      login_id: 'demoagSub01',
      permissions: ['reports'],
      state: 'active',
    });
    // One namespace: no account can take a sub-account's login, and the other way round.
    const operator = await boLogin(env().app);
    const clash = await operator.call('createaccount', {
      account_id: 'demoagSub01',
      password: 'Clash123',
      parent_id: 'demoag',
      currency: 'MYR',
    });
    expect(clash.body.statusdesc).toBe('account_exists');
    const sub = await boLogin(env().app, 'demoagSub01', 'Staff123');
    expect((await sub.call('me', {})).body).toMatchObject({
      account_id: 'demoag',
      login: 'demoagSub01',
      permissions: ['reports'],
    });
    expect((await sub.call('outstanding', {})).body.status).toBe('1');
    expect((await sub.call('memberlist', {})).body.status).toBe('1');
    const deposit = await sub.call('deposit', { account_id: 'demomyr', amount: '5', transfer_id: 'sub-1' });
    expect([deposit.http, deposit.body.statusdesc]).toEqual([403, 'noSubAccountPermission']);
    // It can never raise its own rights.
    expect(
      (await sub.call('staff/save', { login_id: 'demoagSub01', permissions: ['transfer'] })).body.statusdesc,
    ).toBe('noSubAccountPermission');
    // Its owner gives it transfer: its session ends, it signs in again, the deposit is its and audited as its.
    expect(
      (await save({ login_id: 'demoagSub01', permissions: ['reports', 'transfer'] })).body,
    ).toMatchObject({
      status: '1',
    });
    expect((await sub.call('outstanding', {})).http).toBe(401);
    const again = await boLogin(env().app, 'demoagSub01', 'Staff123');
    expect(
      (await again.call('deposit', { account_id: 'demomyr', amount: '5', transfer_id: 'sub-1' })).body.status,
    ).toBe('1');
    const rows = (await agent.call('audit', { target: 'demomyr', action: 'account.deposit' })).body.rows;
    // Newest first: the sub-account's deposit, then the seed's opening one.
    expect((rows as object[])[0]).toMatchObject({
      actor: 'demoagSub01',
      after: { amount: '5.00', transfer_id: 'sub-1' },
    });
    // Closed: forced out on its next call.
    expect((await save({ login_id: 'demoagSub01', state: 'closed' })).body.status).toBe('1');
    expect((await again.call('memberlist', {})).http).toBe(401);
    expect(
      await statusOf(call(env().app, '/bo/login', { account_id: 'demoagSub01', password: 'Staff123' })),
    ).toBe('account_inactive');
    const list = await agent.call('staff/list', {});
    expect(list.body.staff).toMatchObject([
      { login_id: 'demoagSub01', state: 'closed', permissions: ['reports', 'transfer'] },
    ]);
  });

  it('audits every change in its own transaction, scoped to the caller’s subtree, and the chain proves it', async () => {
    await seeded(env());
    const operator = await boLogin(env().app);
    const agent = await boLogin(env().app, 'demoag');
    expect(
      (await agent.call('setcredit', { account_id: 'democredit', amount: '700', transfer_id: 'c1' })).body
        .status,
    ).toBe('1');
    expect((await agent.call('setstate', { account_id: 'demomyr', state: 'suspended' })).body.status).toBe(
      '1',
    );
    expect(
      (await agent.call('setfeatures', { account_id: 'demomyr', features: { live_casino: false } })).body
        .status,
    ).toBe('1');
    expect(
      (await agent.call('resetpassword', { account_id: 'demomyr', new_password: 'Pass99' })).body.status,
    ).toBe('1');
    // A refused call is audited as the caller's attempt.
    expect((await agent.call('trade/state', { match_id: 1, state: 'suspended' })).body.statusdesc).toBe(
      'forbiddenAccess',
    );
    const mine = await agent.call('audit', { page_size: 200 });
    const actions = (mine.body.rows as { action: string; target: string; actor: string }[]).map(
      (row) => `${row.action} ${row.target}`,
    );
    expect(actions.slice(0, 5)).toEqual([
      'access.denied /bo/trade/state',
      'account.password demomyr',
      'account.features demomyr',
      'account.state demomyr',
      'account.credit democredit',
    ]);
    expect((mine.body.rows as { after: unknown }[])[1]?.after).toEqual({ password: 'reset' });
    expect((mine.body.rows as { before: unknown; after: unknown }[])[3]).toMatchObject({
      before: { state: 'active' },
      after: { state: 'suspended' },
    });
    // The seed's rows (the whole book) are the operator's to see, not the agent's.
    const all = await operator.call('audit', { page_size: 200 });
    expect(all.body.total as number).toBeGreaterThan(mine.body.total as number);
    expect(
      (mine.body.rows as { target: string }[]).every((row) => !['demoma', 'demosr'].includes(row.target)),
    ).toBe(true);
    // The whole chain (both brands' rows) holds.
    const proof = await env().ctx.audit.verify(env().ctx.db);
    expect(proof.ok).toBe(true);
    expect(proof.rows).toBeGreaterThanOrEqual(all.body.total as number);

    // The database itself refuses to change or remove a row.
    await expect(sql`update audit_log set after = '{}' where seq = 1`.execute(env().ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log where seq = 2`.execute(env().ctx.db)).rejects.toThrow(
      /append-only/,
    );
    // Someone with the owner's rights switches the guard off and edits a row: verification names the row.
    const target = (mine.body.rows as { seq: string }[])[4]?.seq ?? '';
    await sql`alter table audit_log disable trigger audit_log_append_only`.execute(env().ctx.db);
    await sql`update audit_log set after = ${'{"given_credit":"70000.00"}'} where seq = ${target}`.execute(
      env().ctx.db,
    );
    await sql`alter table audit_log enable trigger audit_log_append_only`.execute(env().ctx.db);
    expect(await env().ctx.audit.verify(env().ctx.db)).toMatchObject({
      ok: false,
      broken: { seq: target, reason: 'hash' },
    });
  });

  it('keeps one chain when many changes are audited at once', async () => {
    const actor = { login: 'demoop', accountPk: null, staffPk: null, address: '127.0.0.1' };
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 === 0
          ? env().ctx.audit.record(env().ctx.db, env().ctx.now(), actor, {
              action: 'test.same',
              target: 'x',
              scopePath: '/1/',
              before: {},
              after: { same: true },
            })
          : env()
              .ctx.db.transaction()
              .execute((trx) =>
                env().ctx.audit.record(trx, env().ctx.now(), actor, {
                  action: 'test.trx',
                  target: String(i),
                  scopePath: '/1/',
                  before: {},
                  after: { i },
                }),
              ),
      ),
    );
    expect(await env().ctx.audit.verify(env().ctx.db)).toEqual({ ok: true, rows: 24 });
  });

  it('the demo seeds are the printed ones', () => {
    const at = new Date('2026-11-26T00:00:00Z');
    expect(totpCode(demoTotpSecret('demoop'), at)).toMatch(/^\d{6}$/);
    expect(demoTotpSecret('demoop')).not.toBe(demoTotpSecret('demoag'));
    expect(demoTotpSecret('DEMOAG')).toBe(demoTotpSecret('demoag'));
  });
});
