import { expect, it } from 'vitest';
import { boLogin, seeded } from './support/fixtures';
import { describeEachDatabase } from './support/harness';

/**
 * Login prefixes (issue 18, part 4; agent sites: "username = the parent's prefix plus characters"): an upline
 * account created with a downline prefix takes only logins that start with it and add 1-10 letters or digits.
 */
describeEachDatabase('upline: a downline login carries its parent’s prefix', (env) => {
  it('refuses a login without the parent’s prefix, and a prefix on a member', async () => {
    await seeded(env());
    const master = await boLogin(env().app, 'demoma');
    const create = (body: Record<string, unknown>) => master.call('createaccount', body);

    const agent = await create({
      account_id: 'qqagent',
      password: 'Agent123',
      commission_rate: '0.002',
      downline_prefix: 'QQ7',
    });
    expect(agent.body.status, JSON.stringify(agent.body)).toBe('1');
    expect((agent.body.account as { downline_prefix: string }).downline_prefix).toBe('QQ7');
    expect(
      (await create({ account_id: 'qqbad', password: 'Agent123', downline_prefix: 'Q' })).body.statusdesc,
    ).toBe('invalid_request');

    const member = (account_id: string, extra: Record<string, unknown> = {}) =>
      create({ account_id, password: 'Secret12', parent_id: 'qqagent', currency: 'MYR', ...extra });
    for (const login of ['zz0001', 'QQ7', 'QQ7_01', 'QQ712345678901']) {
      const refused = await member(login);
      expect(refused.body.statusdesc, login).toBe('loginPrefix');
      expect(refused.body.field).toBe('account_id');
    }
    expect((await member('qq7ab', { downline_prefix: 'QQ7AB' })).body.statusdesc).toBe('invalid_request');
    const made = await member('QQ7ab');
    expect(made.body.status, JSON.stringify(made.body)).toBe('1');

    // The master's own downline has no prefix: any login still goes there.
    expect(
      (await create({ account_id: 'freeagent', password: 'Agent123', commission_rate: '0.002' })).body.status,
    ).toBe('1');
    const list = await master.call('memberlist', { parent_id: 'qqagent' });
    expect(JSON.stringify(list.body.members)).toContain('QQ7ab');
  });
});
