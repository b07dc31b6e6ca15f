import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { boLogin, login, seeded } from './support/fixtures';
import { tradingDesk } from './support/catalog';
import { pricedMatch } from './support/sportsbook';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

type Bo = Awaited<ReturnType<typeof boLogin>>;

/** Soccer's limit row (id '1') of an account, as the database holds it (minor units as strings). */
async function soccerRow(env: TestEnv, accountId: string) {
  const rows = await sql<{
    min_bet: string;
    max_bet: string;
    max_payout: string;
    max_per_match: string | null;
  }>`
    select l.min_bet::text, l.max_bet::text, l.max_payout::text, l.max_per_match::text
    from bet_limits l join accounts a on a.id = l.account_pk
    where a.account_id = ${accountId} and l.limit_id = '1'`.execute(env.ctx.db);
  return rows.rows[0];
}

async function auditRows(env: TestEnv, action: string) {
  const rows = await sql<{ target: string }>`
    select target from audit_log where action = ${action} order by seq`.execute(env.ctx.db);
  return rows.rows.map((row) => row.target);
}

const soccer = (max: string, extra: Record<string, string> = {}) => ({
  id: '1',
  min: '5',
  max,
  max_payout: '20000',
  ...extra,
});

/** An account's casino share and commission as numbers (the stored scale aside). */
async function casinoOf(bo: Bo, account: string) {
  const products = (await bo.call('products', { account_id: account })).body.products as {
    product: string;
    pt_share: string;
    commission_rate: string | null;
  }[];
  const casino = products.find((row) => row.product === 'casino');
  return { pt_share: Number(casino?.pt_share), commission_rate: Number(casino?.commission_rate) };
}

async function setLimits(bo: Bo, account: string, limit: Record<string, string>) {
  return (await bo.call('setbetlimits', { account_id: account, limits: [limit] })).body;
}

/** Issue 18, part 4: bet limits per sport and bet type inside the parent's, down the whole chain. */
describeEachDatabase('upline: bet limits inside the parent’s', (env) => {
  it('refuses a child outside its parent with the code and the field, and writes nothing', async () => {
    await seeded(env());
    const operator = await boLogin(env().app);
    expect(
      await setLimits(operator, 'demoma', soccer('1000', { min: '10', max_per_match: '3000' })),
    ).toMatchObject({
      status: '1',
    });
    const before = {
      agent: await soccerRow(env(), 'demoag'),
      audits: await auditRows(env(), 'account.bet_limits'),
    };
    for (const [limit, field] of [
      [soccer('1001', { min: '10' }), 'limits.max'],
      [soccer('500', { min: '9' }), 'limits.min'],
      [soccer('500', { min: '10', max_payout: '20001' }), 'limits.max_payout'],
      [soccer('500', { min: '10', max_per_match: '3001' }), 'limits.max_per_match'],
    ] as const) {
      const refused = await setLimits(operator, 'demoag', limit);
      expect(refused, JSON.stringify(limit)).toMatchObject({ statusdesc: 'aboveUplineLimit', field });
    }
    expect(await soccerRow(env(), 'demoag')).toEqual(before.agent);
    expect(await auditRows(env(), 'account.bet_limits')).toEqual(before.audits);
    // A member compares in its currency: 1,000 MYR is 250 USD (defaults' exact ratio).
    const usd = await setLimits(operator, 'demousd', soccer('251', { min: '10' }));
    expect(usd).toMatchObject({ statusdesc: 'aboveUplineLimit', field: 'limits.max' });
    expect(
      await setLimits(operator, 'demousd', soccer('250', { min: '10', max_payout: '5000' })),
    ).toMatchObject({
      status: '1',
    });
    // The caller must sit above the account: the agent cannot set its own limits or its master's.
    const agent = await boLogin(env().app, 'demoag');
    expect((await setLimits(agent, 'demoma', soccer('10'))).statusdesc).toBe('forbiddenAccess');
    // The read shows the ceiling beside each limit, in the account's unit.
    const read = (await operator.call('betlimits', { account_id: 'demoag' })).body;
    expect(read).toMatchObject({ status: '1', unit: 'MYR' });
    expect(read.limits).toContainEqual({
      id: '1',
      min: '10.00',
      max: '1000.00',
      max_payout: '20000.00',
      max_per_match: '3000.00',
      own: false,
    });
    expect(read.ceiling).toContainEqual({
      id: '1',
      min: '10.00',
      max: '1000.00',
      max_payout: '20000.00',
      max_per_match: '3000.00',
    });
  });

  it('lowering a level clamps every account below it at once, audited; the member’s next bet obeys', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const game = await pricedMatch(env(), desk);
    const { token } = await login(env().app, 'demomyr');
    const bet = (stake: string) =>
      call(env().app, '/api/bet/betsingle', {
        account_id: 'demomyr',
        session_token: token,
        odds_type: '4',
        idempotency_key: randomUUID(),
        market_id: game.ou,
        selection: 'o',
        odds: '1.80',
        stake,
      });
    // A first bet remembers the member's session and limits.
    expect((await bet('100')).body.status).toBe('1');
    const operator = await boLogin(env().app);
    expect(await setLimits(operator, 'demosr', soccer('80'))).toMatchObject({ status: '1' });
    // The master has no row of its own (it passes the senior's down); the agent and the member are clamped.
    expect(await soccerRow(env(), 'demoma')).toBeUndefined();
    expect(await soccerRow(env(), 'demomyr')).toMatchObject({ max_bet: '8000', max_payout: '2000000' });
    expect(await soccerRow(env(), 'demousd')).toMatchObject({ max_bet: '2000' });
    expect(await auditRows(env(), 'account.bet_limits.clamped')).toEqual(
      expect.arrayContaining(['demomyr', 'demousd']),
    );
    expect((await bet('90')).body.statusdesc).toBe('betOverMax');
    expect((await bet('80')).body.status).toBe('1');
    // Raising the senior again does not raise what was clamped (a member's own limits stay its own).
    expect(await setLimits(operator, 'demosr', soccer('20000'))).toMatchObject({ status: '1' });
    expect((await bet('90')).body.statusdesc).toBe('betOverMax');
  });

  it('a new account starts with its parent’s limits (a member’s in its currency)', async () => {
    await seeded(env());
    const operator = await boLogin(env().app);
    expect(await setLimits(operator, 'demoma', soccer('300', { max_payout: '6000' }))).toMatchObject({
      status: '1',
    });
    const master = await boLogin(env().app, 'demoma');
    const agent = await master.call('createaccount', {
      account_id: 'limitag',
      password: 'Agent123',
      commission_rate: '0.002',
    });
    expect(agent.body.status, JSON.stringify(agent.body)).toBe('1');
    expect(await soccerRow(env(), 'limitag')).toMatchObject({ max_bet: '30000', max_payout: '600000' });
    const member = await master.call('createaccount', {
      account_id: 'limitusd',
      password: 'Secret12',
      parent_id: 'limitag',
      currency: 'USD',
    });
    expect(member.body.status, JSON.stringify(member.body)).toBe('1');
    // 300 MYR is 75 USD, 6,000 MYR 1,500 USD; a limit id the chain has no row for keeps the house default.
    expect(await soccerRow(env(), 'limitusd')).toMatchObject({ max_bet: '7500', max_payout: '150000' });
    const read = (await master.call('betlimits', { account_id: 'limitusd' })).body;
    expect(read).toMatchObject({ unit: 'USD' });
    expect(read.limits).toContainEqual(expect.objectContaining({ id: 'parlay', max: '250.00' }));
  });

  it('creates an account with a preset or per-product settings, inside the chain, in one transaction', async () => {
    await seeded(env());
    const operator = await boLogin(env().app);
    for (const account of ['demosh', 'demoss', 'demosr', 'demoma']) {
      const opened = await operator.call('setproducts', {
        account_id: account,
        settings: [{ product: 'casino', commission_rate: '0.004' }],
      });
      expect(opened.body.status, JSON.stringify(opened.body)).toBe('1');
    }
    const master = await boLogin(env().app, 'demoma');
    expect(
      (
        await master.call('presetsave', {
          name: 'vip',
          settings: [{ product: 'casino', pt_share: '0.1', commission_rate: '0.003' }],
        })
      ).body.status,
    ).toBe('1');
    const made = await master.call('createaccount', {
      account_id: 'presetag',
      password: 'Agent123',
      commission_rate: '0.002',
      preset: 'vip',
    });
    expect(made.body.status, JSON.stringify(made.body)).toBe('1');
    expect(await casinoOf(master, 'presetag')).toEqual({ pt_share: 0.1, commission_rate: 0.003 });
    const audited = await sql<{ after: string }>`
      select after from audit_log where action = 'account.create' and target = 'presetag'`.execute(
      env().ctx.db,
    );
    // The creation's audit row (JSON text) names the preset and the products it set.
    expect(JSON.parse(audited.rows[0]?.after ?? '{}')).toMatchObject({
      preset: 'vip',
      products: [{ product: 'casino' }],
    });

    // Settings outside the parent's refuse the whole creation: no account is left behind.
    const refused = await master.call('createaccount', {
      account_id: 'greedyag',
      password: 'Agent123',
      commission_rate: '0.002',
      products: [{ product: 'casino', commission_rate: '0.005' }],
    });
    expect(refused.body).toMatchObject({ statusdesc: 'aboveUplineLimit', field: 'commission_rate' });
    const unknown = await master.call('createaccount', {
      account_id: 'greedyag',
      password: 'Agent123',
      commission_rate: '0.002',
      preset: 'nope',
    });
    expect(unknown.body).toMatchObject({ statusdesc: 'invalid_request', field: 'preset' });
    const left = await sql`select 1 from accounts where account_id = 'greedyag'`.execute(env().ctx.db);
    expect(left.rows).toHaveLength(0);
    const given = await master.call('createaccount', {
      account_id: 'givenag',
      password: 'Agent123',
      commission_rate: '0.002',
      products: [{ product: 'casino', pt_share: '0.05', commission_rate: '0.002' }],
    });
    expect(given.body.status, JSON.stringify(given.body)).toBe('1');
    expect(await casinoOf(master, 'givenag')).toEqual({ pt_share: 0.05, commission_rate: 0.002 });
  });
});
