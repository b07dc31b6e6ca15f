import { crashDurationMs, crashMultiplierAt } from '@sb/domain';
import { expect, it } from 'vitest';
import { call, describeEachDatabase, type TestEnv } from './support/harness';
import { ownGamesDesk } from './support/own-games';
import { login } from './support/fixtures';

type Round = {
  round_id: number;
  status: string;
  payout: string | null;
  stake: string;
  detail: Record<string, unknown>;
};
const minor = (text: string) => BigInt(text.replace('.', ''));

/** Opens crash rounds (busting the ones too low) until one flies to at least `atLeast` hundredths. */
async function crashRoundReaching(env: TestEnv, atLeast: number) {
  for (let attempt = 0; attempt < 80; attempt += 1) {
    await env.services.crash.tick();
    const round = await env.ctx.db
      .selectFrom('crash_rounds')
      .selectAll()
      .where('status', '<>', 'busted')
      .executeTakeFirstOrThrow();
    if (round.crash_point >= atLeast) return round;
    env.advance(round.bust_at.getTime() - env.ctx.now().getTime() + 1);
    await env.services.crash.tick(); // running
    await env.services.crash.tick(); // bust
  }
  throw new Error('no crash round high enough');
}

describeEachDatabase(
  'mini games',
  (env) => {
    it('crash: one shared round, a cash-out, an automatic cash-out, a cash-out racing the bust, a loss', async () => {
      const a = await ownGamesDesk(env());
      const bLogin = await login(env().app, 'democny');
      const b = { account_id: bLogin.accountId, session_token: bLogin.token };
      const round = await crashRoundReaching(env(), 300);
      const roundId = Number(round.id);
      const before = await a.available();
      const bet = await a.ok('crashbet', { stake: '10.00' });
      expect((bet.bet as Round).status).toBe('open');
      expect(await a.available()).toBe(before - 1_000n);
      expect((await a.api('crashbet', { stake: '10.00' })).statusdesc).toBe('betExists');
      const auto = await call(env().app, '/api/crashbet', { ...b, stake: '20.00', auto_cashout: '2.00' });
      expect(auto.body.statusdesc, JSON.stringify(auto.body)).toBe('success');
      expect((await a.api('crashcashout', { round_id: roundId })).statusdesc).toBe('roundClosed');

      // The round flies: 1.50x after about 6.76 s.
      env().advance(round.starts_at.getTime() - env().ctx.now().getTime());
      await env().services.crash.tick();
      expect((await a.api('crashbet', { stake: '1.00' })).statusdesc).toBe('roundClosed');
      env().advance(6_800);
      const cashed = await a.ok('crashcashout', { round_id: roundId });
      // Paid at the multiplier of the instant it was decided (about 1.50x), stake x multiplier to the cent.
      const at = Number((cashed.bet as Round).detail.cashout);
      expect(at).toBeGreaterThanOrEqual(crashMultiplierAt(6_800));
      expect(at).toBeLessThan(crashMultiplierAt(6_800 + 5_000));
      expect(minor((cashed.bet as Round).payout!)).toBe((1_000n * BigInt(at)) / 100n);
      expect(await a.available()).toBe(before - 1_000n + (1_000n * BigInt(at)) / 100n);
      expect((await a.api('crashcashout', { round_id: roundId })).statusdesc).toBe('roundClosed');

      // Past 2.00x the automatic cash-out is paid in flight, at its target.
      env().advance(crashDurationMs(200) - 6_800 + 50);
      await env().services.crash.tick();
      const bRounds = await call(env().app, '/api/minigamerounds', { ...b, game: 'crash' });
      expect((bRounds.body.data as Round[])[0]).toMatchObject({ status: 'won', payout: '40.00' });

      // The race: a third member bets in the next round and cashes out at the very instant of the bust.
      env().advance(round.bust_at.getTime() - env().ctx.now().getTime() - 1);
      await env().services.crash.tick();
      const c = await login(env().app, 'demosgd');
      const cSession = { account_id: c.accountId, session_token: c.token };
      env().advance(1);
      const [late] = await Promise.all([
        call(env().app, '/api/crashcashout', { ...cSession, round_id: roundId }),
        env().services.crash.tick(),
      ]);
      expect(late.body.statusdesc).toBe('roundNotExists'); // C had no bet in this round
      const busted = await env()
        .ctx.db.selectFrom('crash_rounds')
        .selectAll()
        .where('id', '=', String(roundId))
        .executeTakeFirstOrThrow();
      expect(busted.status).toBe('busted');
      expect((await a.api('crashcashout', { round_id: roundId })).statusdesc).toBe('roundClosed');

      // Next round: C bets and races the bust with a cash-out; it is paid once or refused, never both.
      const next = await crashRoundReaching(env(), 150);
      await call(env().app, '/api/crashbet', { ...cSession, stake: '5.00' });
      env().advance(next.bust_at.getTime() - env().ctx.now().getTime() - 1);
      await env().services.crash.tick(); // running
      const [race] = await Promise.all([
        call(env().app, '/api/crashcashout', { ...cSession, round_id: Number(next.id) }),
        (async () => {
          env().advance(1);
          await env().services.crash.tick();
        })(),
      ]);
      expect(['success', 'roundBusted']).toContain(race.body.statusdesc);
      await env().services.crash.tick();
      const cBet = await env()
        .ctx.db.selectFrom('minigame_rounds')
        .selectAll()
        .where('crash_round_id', '=', String(next.id))
        .executeTakeFirstOrThrow();
      expect(cBet.status).toBe(race.body.statusdesc === 'success' ? 'won' : 'lost');
      const wins = await env()
        .ctx.db.selectFrom('transfers')
        .select('transfer_id')
        .where('transfer_id', '=', `mini:crash:${String(cBet.id)}:win`)
        .execute();
      expect(wins).toHaveLength(race.body.statusdesc === 'success' ? 1 : 0);

      // The crash point verifies once the daily seed is revealed.
      await env().services.fair.rotate('crash');
      const verified = await call(env().app, '/api/fairverify', { game: 'crash', round_id: roundId });
      expect(verified.body.matches, JSON.stringify(verified.body)).toBe(true);
      await a.verifyLedger();
    });

    it('dice and hi-lo on the member seed: exact money, verify after rotation, statement adds up', async () => {
      const desk = await ownGamesDesk(env());
      const start = await desk.available();
      let expected = start;
      const diceRounds: Round[] = [];
      for (let i = 0; i < 6; i += 1) {
        const reply = await desk.ok('dicebet', {
          stake: '10.00',
          side: i % 2 ? 'over' : 'under',
          target: '49.50',
        });
        const round = reply.round as Round;
        diceRounds.push(round);
        expected += minor(round.payout ?? '0') - 1_000n;
        const roll = Number(round.detail.roll);
        expect(round.status).toBe((i % 2 ? roll > 49.5 : roll < 49.5) ? 'won' : 'lost');
        // Under 49.50 wins on 4,950 rolls of 10,000 (x2.00); over 49.50 on 5,049 (99 / 50.49 = x1.96).
        if (round.status === 'won') expect(round.payout).toBe(i % 2 ? '19.60' : '20.00');
      }
      expect(await desk.available()).toBe(expected);
      expect((await desk.api('dicebet', { stake: '10.00', side: 'under', target: '0.50' })).statusdesc).toBe(
        'invalidBetType',
      );
      expect((await desk.api('dicebet', { stake: '0.50', side: 'under', target: '50' })).statusdesc).toBe(
        'betLowerMin',
      );
      expect((await desk.api('dicebet', { stake: '99999', side: 'under', target: '50' })).statusdesc).toBe(
        'betOverMax',
      );

      // Hi-lo: guess the likelier side until a loss or three wins, then cash out.
      const started = (await desk.ok('hilostart', { stake: '10.00' })).round as Round;
      expected -= 1_000n;
      let round = started;
      for (let step = 0; step < 3 && round.status === 'open'; step += 1) {
        const cards = round.detail.cards as number[];
        const rank = Math.floor(cards[cards.length - 1]! / 4) + 1;
        round = (
          await desk.ok('hiloguess', { round_id: started.round_id, guess: rank <= 7 ? 'higher' : 'lower' })
        ).round as Round;
      }
      // The seed cannot be revealed while the game is open (its next cards would show).
      if (round.status === 'open') {
        expect((await desk.api('fairrotate')).statusdesc).toBe('roundInProgress');
        round = (await desk.ok('hilocashout', { round_id: started.round_id })).round as Round;
      }
      expected += minor(round.payout ?? '0');
      expect(await desk.available()).toBe(expected);

      const rotated = await desk.ok('fairrotate', { client_seed: 'my-own-seed' });
      expect((rotated.current as { client_seed: string }).client_seed).toBe('my-own-seed');
      for (const dice of diceRounds.slice(0, 2)) {
        const verified = await call(env().app, '/api/fairverify', { game: 'dice', round_id: dice.round_id });
        expect(verified.body.matches, JSON.stringify(verified.body)).toBe(true);
      }
      const hilo = await call(env().app, '/api/fairverify', { game: 'hilo', round_id: started.round_id });
      expect(hilo.body.matches, JSON.stringify(hilo.body)).toBe(true);

      // The daily statement adds up with the mini-game line; platformwinlose has it as its own product.
      const today = new Date(env().ctx.now().getTime() - 4 * 3_600_000).toISOString().slice(0, 10);
      const statement = await desk.ok('dailystatement', { working_date: today });
      const [day] = statement.data as Record<string, string>[];
      const sum = ['opening_balance', 'settled_amount', 'commission', 'adjustment', 'lottery', 'mini_game']
        .map((k) => minor(day![k]!))
        .reduce((x, y) => x + y, 0n);
      expect(minor(day!.closing_balance!)).toBe(sum);
      expect(minor(day!.mini_game!)).toBe(expected - start);
      const products = (await desk.ok('platformwinlose', { working_date: today })).data as Record<
        string,
        string
      >[];
      expect(products.find((p) => p.product === 'mini_game')?.win_loss).toBe(day!.mini_game);
      await desk.verifyLedger();
    });

    it('MiniGameDisabled by the upline is refused on the server', async () => {
      const desk = await ownGamesDesk(env());
      await desk.bo.call('setfeatures', { account_id: 'demomyr', features: { mini_game: false } });
      expect((await desk.api('dicebet', { stake: '1', side: 'under', target: '50' })).statusdesc).toBe(
        'MiniGameDisabled',
      );
      expect((await desk.api('crashstate')).statusdesc).toBe('MiniGameDisabled');
    });
  },
  { config: { OWN_GAMES_TIMERS: 'false', CRASH_BETTING_MS: '5000' } },
);
