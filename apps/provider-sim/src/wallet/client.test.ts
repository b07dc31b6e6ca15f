import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unitsFromDecimal } from '../money';
import { drained, seatIdFrom, startHarness } from '../testing/harness';

type Harness = Awaited<ReturnType<typeof startHarness>>;
const START = 100_000_000; // 1,000.00

describe('wallet client against an operator that follows the decision table', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  const json = (body: unknown) => JSON.stringify(body);
  const post = (url: string, body: unknown) =>
    h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: json(body),
    });

  /** Books and operator agree: balance = start + Σ wins − Σ bets not rolled back, nothing applied twice. */
  function expectBooksMatch(users: string[]): void {
    for (const user of users) {
      const view = h.sim.books.view(user);
      const expected =
        BigInt(START) + (unitsFromDecimal(view.wins) ?? 0n) - (unitsFromDecimal(view.bets) ?? 0n);
      expect(BigInt(h.operator.balances.get(user) ?? 0), user).toBe(expected);
      expect(view.pending).toBe(0);
      expect(view.stuck).toBe(0);
      expect(view.anomalies).toBe(0);
    }
    expect(h.operator.doubleApplied).toBe(0);
  }

  it('a launched slot page exchanges its token and a spin moves the balance', async () => {
    const token = h.operator.addMember('m1', START);
    const page = await h.app.inject({ method: 'GET', url: `/play/rl_lucky_lanterns?t=${token}&lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('1000.00');
    const seat = seatIdFrom(page.body);
    const spin = (await post('/api/play', { seat, stake: '2.00', choice: {} })).json();
    expect(spin.ok).toBe(true);
    expect(spin.balance).toBe((1000 - 2 + Number(spin.win)).toFixed(2));
    expectBooksMatch(['m1']);
    // The launch token is single use: a reload shows the expired page.
    const again = await h.app.inject({ method: 'GET', url: `/play/rl_lucky_lanterns?t=${token}` });
    expect(again.statusCode).toBe(403);
  });

  it('a refused bet (not enough money) is not rolled back and not counted', async () => {
    const token = h.operator.addMember('poor', 100_000);
    const seat = seatIdFrom(
      (await h.app.inject({ method: 'GET', url: `/play/jg_european_roulette?t=${token}` })).body,
    );
    const reply = (await post('/api/play', { seat, stake: '5.00', choice: { bet: { kind: 'red' } } })).json();
    expect(reply).toMatchObject({ ok: false, error: 'insufficient_funds', balance: '1.00' });
    expect(h.sim.books.view('poor')).toMatchObject({ bets: '0.00', refused_bets: 1, rollbacks: 0 });
  });

  it('bets whose answer is lost are rolled back; wins retried until the operator answers', async () => {
    const token = h.operator.addMember('m2', START);
    const seat = seatIdFrom(
      (await h.app.inject({ method: 'GET', url: `/play/ok_ocean_king?t=${token}` })).body,
    );
    h.sim.faults.update({ drop: 1 });
    const reply = (await post('/api/play', { seat, stake: '1.00', choice: { fish: 'clown' } })).json();
    expect(reply).toMatchObject({ ok: false, error: 'bet_rolled_back' });
    // The operator took the bet and its rollback, but both answers were lost: the rollback is retried.
    expect(h.operator.balances.get('m2')).toBe(START);
    expect(h.sim.books.view('m2').pending).toBe(1);
    h.sim.faults.update({ drop: 0 });
    await drained(h.sim);
    expect(h.operator.balances.get('m2')).toBe(START);
    expectBooksMatch(['m2']);
  });

  it('a rollback sent before its bet leaves a tombstone and the bet is refused', async () => {
    const token = h.operator.addMember('m3', START);
    const seat = seatIdFrom(
      (await h.app.inject({ method: 'GET', url: `/play/rl_dragon_gold?t=${token}` })).body,
    );
    h.sim.faults.update({ rollback_before_bet: 1 });
    const reply = (await post('/api/play', { seat, stake: '1.00', choice: {} })).json();
    expect(reply).toMatchObject({ ok: false, error: 'bet_rolled_back' });
    expect(h.operator.balances.get('m3')).toBe(START);
    expectBooksMatch(['m3']);
  });

  it('the driver plays 400 rounds with every fault on and the books still match to the cent', async () => {
    const users = ['d1', 'd2', 'd3', 'd4'];
    const games = ['rl_lucky_lanterns', 'gt_baccarat_a', 'ok_dragon_fishing', 'jg_european_roulette'];
    const sessions = users.flatMap((user) =>
      games.map((game_code) => ({ game_code, launch_token: h.operator.addMember(user, START) })),
    );
    const faults = await post('/admin/faults', {
      delay: 0.2,
      delay_ms: 5,
      drop: 0.15,
      duplicate: 0.2,
      rollback_before_bet: 0.1,
      reorder: 0.2,
      reorder_hold_ms: 20,
    });
    expect(faults.statusCode).toBe(200);
    const driven = (await post('/admin/drive', { sessions, rounds: 400, concurrency: 8 })).json();
    expect(driven.rounds).toBe(400);
    expect(driven.refused_seats).toEqual([]);
    for (const name of ['delay', 'drop', 'duplicate', 'rollbackBeforeBet', 'reorder']) {
      expect(driven.faults[name], name).toBeGreaterThan(0);
    }
    await post('/admin/faults', { reset: true });
    await drained(h.sim);
    expectBooksMatch(users);
    const ledger = (await h.app.inject({ method: 'GET', url: '/admin/ledger?user=d1' })).json();
    expect(ledger.users[0].user).toBe('d1');
    expect(ledger.users[0].accepted_bets).toBeGreaterThan(0);
  }, 60_000);
});
