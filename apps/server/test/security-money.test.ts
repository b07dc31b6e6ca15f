import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { CALLER_TRANSFER_PREFIX } from '../src/modules/ledger/transfer-ids';
import { boLogin, seeded } from './support/fixtures';
import { settle, tradingDesk } from './support/catalog';
import { bettor, pricedMatch, runSettlement } from './support/sportsbook';
import { describeEachDatabase, type TestEnv } from './support/harness';

/**
 * Adversarial money (issue 14, defect 1): ids chosen by callers, concurrent deposits and bets, replays. Each
 * attack ends with the bets decided and paid as the rules say and `ledger:verify` ok.
 */
async function expectBooksOk(env: TestEnv) {
  const report = await env.ctx.ledger.verify(env.ctx.db);
  expect(
    report,
    JSON.stringify(report, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)),
  ).toMatchObject({ ok: true });
}

async function scene(env: TestEnv, options: { live?: boolean } = {}) {
  await seeded(env);
  const desk = await tradingDesk(env);
  const game = await pricedMatch(env, desk);
  if (options.live) {
    await desk.trade('live', { match_id: game.id, period: '1h', minute: 20, home: 0, away: 0 });
    await settle();
  }
  const me = await bettor(env);
  return { desk, game, me, bo: desk.bo };
}

async function betRow(env: TestEnv, refNo: string) {
  return env.ctx.db
    .selectFrom('bets')
    .select(['status', 'payout', 'settle_gen'])
    .where('ref_no', '=', refNo)
    .executeTakeFirstOrThrow();
}

describeEachDatabase('security: adversarial money', (env) => {
  it('a deposit with transfer_id reject:<live ref> is harmless: the live acceptor still rejects and refunds', async () => {
    const { desk, game, me, bo } = await scene(env(), { live: true });
    const { ref } = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    const planted = await bo.call('deposit', {
      account_id: 'demousd',
      amount: '0.01',
      transfer_id: `reject:${ref}`,
    });
    expect(planted.body.status, JSON.stringify(planted.body)).toBe('1');
    await desk.trade('live', { match_id: game.id, period: '1h', minute: 22, home: 1, away: 0, goal: 'h' });
    await settle();
    env().advance(env().ctx.config.liveAcceptDelayMs + 1);
    expect(await env().services.betting.acceptDue()).toEqual({ accepted: 0, rejected: 1 });
    expect(await betRow(env(), ref)).toMatchObject({ status: 'rejected' });
    expect(await me.balance()).toEqual({ balance: '10000.00', outstanding: '0.00' });
    await expectBooksOk(env());
  });

  it('a deposit with transfer_id settle:<ref>:1 is harmless: the bet is settled and paid', async () => {
    const { desk, game, me, bo } = await scene(env());
    const { ref } = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    const planted = await bo.call('deposit', {
      account_id: 'demousd',
      amount: '0.01',
      transfer_id: `settle:${ref}:1`,
    });
    expect(planted.body.status).toBe('1');
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } });
    await runSettlement(env());
    expect(await betRow(env(), ref)).toMatchObject({ status: 'won', payout: 19500n, settle_gen: 1 });
    // 10,000 - 100 + 195 + 0.25 rebate.
    expect(await me.balance()).toEqual({ balance: '10095.25', outstanding: '0.00' });
    await expectBooksOk(env());
  });

  it('a deposit with transfer_id reverse:<ref>:2 is harmless: a corrected result resettles', async () => {
    const { desk, game, me, bo } = await scene(env());
    const { ref } = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    for (const id of [`reverse:${ref}:2`, `settle:${ref}:3`, `cancel:${ref}`, `stake:${ref}`]) {
      const planted = await bo.call('deposit', { account_id: 'demousd', amount: '0.01', transfer_id: id });
      expect(planted.body.status).toBe('1');
    }
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } });
    await runSettlement(env());
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 1, away: 1 } });
    await runSettlement(env());
    expect(await betRow(env(), ref)).toMatchObject({ status: 'lost', payout: 0n, settle_gen: 3 });
    expect(await me.balance()).toEqual({ balance: '9900.25', outstanding: '0.00' });
    const cancelled = await bo.call('trade/cancelbet', { ref_no: ref });
    expect(cancelled.body.status, JSON.stringify(cancelled.body)).toBe('1');
    expect(await me.balance()).toEqual({ balance: '10000.00', outstanding: '0.00' });
    await expectBooksOk(env());
  });

  it('caller ids live in their own namespace, per caller; system ids may never enter it', async () => {
    const { bo } = await scene(env());
    const reply = await bo.call('deposit', { account_id: 'demomyr', amount: '1', transfer_id: 'T-1' });
    expect(reply.body.status).toBe('1');
    const stored = await env()
      .ctx.db.selectFrom('transfers')
      .select('transfer_id')
      .where('kind', '=', 'deposit')
      .execute();
    const op = await env()
      .ctx.db.selectFrom('accounts')
      .select('id')
      .where('account_id', '=', 'demoop')
      .executeTakeFirstOrThrow();
    expect(stored.map((row) => row.transfer_id)).toContain(`${CALLER_TRANSFER_PREFIX}${op.id}:T-1`);
    // A system id in the callers' namespace is a bug in the module deriving it: refused before any write.
    await expect(
      env()
        .ctx.db.transaction()
        .execute((trx) =>
          env().ctx.ledger.credit(trx, {
            transferId: `${CALLER_TRANSFER_PREFIX}${op.id}:T-2`,
            ownerPk: String(op.id),
            currency: 'MYR',
            amount: 1n,
            kind: 'deposit',
          }),
        ),
    ).rejects.toThrow(/namespace/);
  });

  it('the bulk write never reads a different movement under its id as done: the batch is refused', async () => {
    const { desk, game, me } = await scene(env());
    const { ref } = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    const usd = await env()
      .ctx.db.selectFrom('accounts')
      .select('id')
      .where('account_id', '=', 'demousd')
      .executeTakeFirstOrThrow();
    // Planted through the ledger itself (as a buggy module could): a deposit under the settlement's id.
    await env()
      .ctx.db.transaction()
      .execute((trx) =>
        env().ctx.ledger.credit(trx, {
          transferId: `settle:${ref}:1`,
          ownerPk: String(usd.id),
          currency: 'USD',
          amount: 1n,
          kind: 'deposit',
        }),
      );
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } });
    // The run started by the result fails and keeps its lease; once the lease is over, a run fails again.
    await runSettlement(env()).catch(() => undefined);
    env().advance(env().ctx.config.settlementLeaseMs + 1);
    await expect(runSettlement(env())).rejects.toThrow(/another movement/);
    // Not "won but never paid": the bet still runs, its stake still held, the books agree.
    expect(await betRow(env(), ref)).toMatchObject({ status: 'running' });
    expect(await me.balance()).toEqual({ balance: '9900.00', outstanding: '100.00' });
    await expectBooksOk(env());
  });

  it('ledger verify catches a settled bet without its settlement and a settled bet still holding its stake', async () => {
    const { desk, game, me } = await scene(env());
    const paid = await me.bet('betsingle', {
      market_id: game.hdp,
      selection: 'h',
      odds: '1.95',
      stake: '100',
    });
    const other = await pricedMatch(env(), desk);
    const held = await me.bet('betsingle', {
      market_id: other.ou,
      selection: 'o',
      odds: '1.80',
      stake: '100',
    });
    await desk.trade('result', { match_id: game.id, ht: { home: 1, away: 0 }, ft: { home: 2, away: 1 } });
    await runSettlement(env());
    await expectBooksOk(env());
    // Planted: a running bet marked won (its reservation open, no settlement), and a settled bet's
    // settlement generation moved past its transfer.
    await sql`update bets set status = 'won', payout = 18000, settled_at = now() where ref_no = ${held.ref}`.execute(
      env().ctx.db,
    );
    await sql`update bets set settle_gen = settle_gen + 1 where ref_no = ${paid.ref}`.execute(env().ctx.db);
    const report = await env().ctx.ledger.verify(env().ctx.db);
    expect(report.ok).toBe(false);
    expect(report.bets).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ref_no: held.ref, problem: 'reservation still open' }),
        expect.objectContaining({ ref_no: paid.ref, problem: `no transfer settle:${paid.ref}:2` }),
      ]),
    );
  });

  it('ticket numbers are not predictable from one another', async () => {
    const { game, me } = await scene(env());
    const refs: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      refs.push(
        (await me.bet('betsingle', { market_id: game.hdp, selection: 'h', odds: '1.95', stake: '5' })).ref,
      );
    }
    // The part after the time must look random: two tickets agree on few of its positions.
    const tails = refs.map((ref) => ref.slice(-12));
    for (let a = 0; a < tails.length; a += 1) {
      for (let b = a + 1; b < tails.length; b += 1) {
        const same = [...(tails[a] ?? '')].filter((ch, i) => tails[b]?.[i] === ch).length;
        expect(same, `${refs[a]} vs ${refs[b]}`).toBeLessThan(7);
      }
    }
  });

  it('concurrent deposits with one caller id, concurrent with bets, move the money once', async () => {
    const { game, me, bo } = await scene(env());
    const ag = await boLogin(env().app, 'demoag');
    const replies = await Promise.all([
      ...Array.from({ length: 12 }, () =>
        bo.call('deposit', { account_id: 'demomyr', amount: '50', transfer_id: 'same-id' }),
      ),
      // Another caller's identical id is another movement (its own namespace).
      ag.call('deposit', { account_id: 'demomyr', amount: '50', transfer_id: 'same-id' }),
      ...Array.from({ length: 8 }, () =>
        me.bet('betsingle', { market_id: game.hdp, selection: 'h', odds: '1.95', stake: '10' }),
      ),
    ]);
    for (const reply of replies) {
      if ('body' in reply) expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
    }
    // A replay with another amount is refused, never applied.
    const changed = await bo.call('deposit', { account_id: 'demomyr', amount: '60', transfer_id: 'same-id' });
    expect(changed.body.status).toBe('0');
    expect(await me.balance()).toEqual({ balance: '10020.00', outstanding: '80.00' });
    const again = await bo.call('withdraw', {
      account_id: 'demomyr',
      amount: '20',
      transfer_id: randomUUID(),
    });
    expect(again.body.status).toBe('1');
    expect(await me.balance()).toEqual({ balance: '10000.00', outstanding: '80.00' });
    await expectBooksOk(env());
  });
});
