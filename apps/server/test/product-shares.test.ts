import { expect, it } from 'vitest';
import { boLogin, seeded } from './support/fixtures';
import { describeEachDatabase } from './support/harness';

/** The operator opens a product's commission down the demo chain (a level gives at most what it has). */
async function openChain(bo: Awaited<ReturnType<typeof boLogin>>, product: string, rate: string) {
  for (const account of ['demosh', 'demoss', 'demosr']) {
    const reply = await bo.call('setproducts', {
      account_id: account,
      settings: [{ product, commission_rate: rate }],
    });
    expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
  }
}

/** Issue 18 item 4: position taking and commission per product, presets, every change audited. */
describeEachDatabase('product shares', (env) => {
  it('keeps the sportsbook values as the sportsbook product and sets casino and games inside the parent', async () => {
    await seeded(env());
    const bo = await boLogin(env().app);
    const read = async (account: string) => (await bo.call('products', { account_id: account })).body;
    expect(await read('demoag')).toMatchObject({
      status: '1',
      products: [
        { product: 'sportsbook', pt_share: '0.2000', commission_rate: '0.0030' },
        { product: 'casino', pt_share: '0', commission_rate: null },
        { product: 'games', pt_share: '0', commission_rate: null },
      ],
    });
    await openChain(bo, 'casino', '0.004');
    // Casino: the master takes 50%, its agent 50% more would be a chain of 100% + the levels above: refused.
    const set = async (account: string, settings: unknown[]) =>
      (await bo.call('setproducts', { account_id: account, settings })).body;
    expect(
      await set('demoma', [{ product: 'casino', pt_share: '0.5', commission_rate: '0.004' }]),
    ).toMatchObject({
      status: '1',
    });
    expect(await set('demoag', [{ product: 'casino', pt_share: '0.6' }])).toMatchObject({
      statusdesc: 'invalid_request',
    });
    expect(await set('demoag', [{ product: 'casino', pt_share: '0.5' }])).toMatchObject({ status: '1' });
    // Commission: above the parent's casino rate is refused; a parent without a games rate gives none.
    expect(await set('demoag', [{ product: 'casino', commission_rate: '0.005' }])).toMatchObject({
      statusdesc: 'aboveUplineLimit',
    });
    expect(await set('demoag', [{ product: 'games', commission_rate: '0.001' }])).toMatchObject({
      statusdesc: 'aboveUplineLimit',
    });
    expect(await set('demoag', [{ product: 'casino', commission_rate: '0.003' }])).toMatchObject({
      status: '1',
    });
    // A member takes no position.
    expect(await set('demomyr', [{ product: 'casino', pt_share: '0.1' }])).toMatchObject({
      statusdesc: 'invalid_request',
    });
    expect(await set('demomyr', [{ product: 'casino', commission_rate: '0.002' }])).toMatchObject({
      status: '1',
    });
    // The master cannot now go below what it passes down.
    expect(await set('demoma', [{ product: 'casino', commission_rate: '0.001' }])).toMatchObject({
      statusdesc: 'aboveUplineLimit',
    });
    // The sportsbook product writes the values the settlement reads.
    expect(await set('demoag', [{ product: 'sportsbook', pt_share: '0.25' }])).toMatchObject({ status: '1' });
    const agent = await env()
      .ctx.db.selectFrom('accounts')
      .select(['pt_share'])
      .where('account_id', '=', 'demoag')
      .executeTakeFirstOrThrow();
    expect(String(agent.pt_share)).toBe('0.2500');
    const audit = await env()
      .ctx.db.selectFrom('audit_log')
      .select(['action', 'target'])
      .where('action', '=', 'account.products')
      .orderBy('seq')
      .execute();
    expect(audit.map((row) => row.target)).toEqual([
      'demosh',
      'demoss',
      'demosr',
      'demoma',
      'demoag',
      'demoag',
      'demomyr',
      'demoag',
    ]);
  });

  it('saves, lists, applies and deletes a preset, refusing one outside the parent', async () => {
    await seeded(env());
    const op = await boLogin(env().app);
    await openChain(op, 'games', '0.01');
    expect(
      (
        await op.call('setproducts', {
          account_id: 'demoma',
          settings: [{ product: 'games', pt_share: '0.1', commission_rate: '0.01' }],
        })
      ).body.status,
    ).toBe('1');
    const master = await boLogin(env().app, 'demoma');
    const save = async (name: string, settings: unknown[]) =>
      (await master.call('presetsave', { name, settings })).body;
    expect(
      await save('standard', [{ product: 'games', pt_share: '0.2', commission_rate: '0.005' }]),
    ).toMatchObject({
      status: '1',
    });
    expect(await save('greedy', [{ product: 'games', commission_rate: '0.02' }])).toMatchObject({
      status: '1',
    });
    expect(
      await save('twice', [
        { product: 'games', pt_share: '0.1' },
        { product: 'games', pt_share: '0.1' },
      ]),
    ).toMatchObject({ statusdesc: 'invalid_request' });
    expect((await master.call('presetlist', {})).body.presets).toEqual([
      { name: 'greedy', settings: [{ product: 'games', commission_rate: '0.02' }] },
      { name: 'standard', settings: [{ product: 'games', pt_share: '0.2', commission_rate: '0.005' }] },
    ]);
    expect((await master.call('presetapply', { account_id: 'demoag', name: 'standard' })).body.status).toBe(
      '1',
    );
    expect(((await master.call('products', { account_id: 'demoag' })).body.products as unknown[])[2]).toEqual(
      {
        product: 'games',
        pt_share: '0.2000',
        commission_rate: '0.0050',
      },
    );
    expect((await master.call('presetapply', { account_id: 'demoag', name: 'greedy' })).body.statusdesc).toBe(
      'aboveUplineLimit',
    );
    expect(
      (await master.call('presetapply', { account_id: 'demoag', name: 'nothing' })).body.statusdesc,
    ).toBe('invalid_request');
    // Another level does not see the master's presets.
    expect((await op.call('presetlist', {})).body.presets).toEqual([]);
    expect((await master.call('presetdelete', { name: 'greedy' })).body.status).toBe('1');
    expect((await master.call('presetlist', {})).body.presets).toHaveLength(1);
    const actions = await env()
      .ctx.db.selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'preset.%')
      .orderBy('seq')
      .execute();
    expect(actions.map((row) => row.action)).toEqual(['preset.save', 'preset.save', 'preset.delete']);
  });
});
