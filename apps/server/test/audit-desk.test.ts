import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { seeded } from './support/fixtures';
import { tradingDesk } from './support/catalog';
import { bettor, pricedMatch } from './support/sportsbook';
import { describeEachDatabase, type TestEnv } from './support/harness';

/** The audit rows of one action, oldest first, with their before and after as stored (JSON text parsed). */
async function auditRows(env: TestEnv, action: string) {
  const rows = await sql<{ target: string; before: string; after: string }>`
    select target, before, after from audit_log where action = ${action} order by seq`.execute(env.ctx.db);
  return rows.rows.map((row) => ({
    target: row.target,
    before: JSON.parse(row.before) as Record<string, unknown>,
    after: JSON.parse(row.after) as Record<string, unknown>,
  }));
}

/**
 * The trading desk's changes keep what they replaced (issue 18, part 3): a price override its old prices, a
 * suspension the market's open status, a result the result it corrects, a payout cap the old cap, a cancelled
 * bet its standing figures.
 */
describeEachDatabase('audit: the trading desk’s before and after', (env) => {
  it('records the prices, status, result, cap and bet each desk change replaced', async () => {
    await seeded(env());
    const desk = await tradingDesk(env());
    const game = await pricedMatch(env(), desk, '-0.5');

    const override = { match_id: game.id, kind: 'hdp', line: '-0.5', prices: { h: '1.85', a: '2.20' } };
    expect((await desk.trade('price', override)).status).toBe('1');
    const [price] = await auditRows(env(), 'trade.price');
    expect(price?.before).toMatchObject({ market: { status: 'open', prices: { h: '1.95', a: '2.10' } } });
    expect(price?.after).toMatchObject({ prices: { h: '1.85', a: '2.20' } });

    const suspend = { match_id: game.id, status: 'suspended', kind: 'ou', line: '2.5' };
    expect((await desk.trade('marketstatus', suspend)).status).toBe('1');
    const [status] = await auditRows(env(), 'trade.marketstatus');
    expect(status?.before).toMatchObject({ market: { status: 'open' } });

    const me = await bettor(env(), 'demomyr');
    const placed = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.85',
      stake: '10',
    });

    // A result, then its correction: the correction's before is the first result.
    const first = { match_id: game.id, ht: { home: 0, away: 0 }, ft: { home: 1, away: 0 } };
    expect((await desk.trade('result', first)).status).toBe('1');
    const corrected = { match_id: game.id, ht: { home: 0, away: 1 }, ft: { home: 1, away: 2 } };
    expect((await desk.trade('result', corrected)).status).toBe('1');
    const results = await auditRows(env(), 'trade.result');
    expect(results[0]?.before).toMatchObject({ result: null });
    expect(results[1]?.before).toMatchObject({ result: { ht: [0, 0], ft: [1, 0] } });

    const cap = { sport_id: 1, currency: 'MYR', cap: '50000' };
    expect((await desk.trade('setpayoutcap', cap)).status).toBe('1');
    expect((await desk.trade('setpayoutcap', { ...cap, cap: '60000' })).status).toBe('1');
    const caps = await auditRows(env(), 'trade.setpayoutcap');
    expect(caps[0]?.before).toEqual({ cap: null });
    expect(caps[1]?.before).toEqual({ cap: '50000.00' });

    expect((await desk.trade('cancelbet', { ref_no: placed.ref })).status).toBe('1');
    const [cancel] = await auditRows(env(), 'trade.cancelbet');
    expect(cancel?.target).toBe(`ref_no:${placed.ref}`);
    expect(cancel?.before).toMatchObject({ stake: '10.00', cancelled_at: null });
    expect(['running', 'won', 'lost']).toContain(cancel?.before.status);
  });
});
