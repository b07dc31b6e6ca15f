import { sql } from 'kysely';
import {
  bettingDay,
  drawLegOutcome,
  drawPaidPrice,
  drawPriceKey,
  settleSingle,
  toMinorUnits,
} from '@sb/domain';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { DRAW_AFTER_CLOSE_MS } from '../src/modules/draws/service';
import { catalogRepository } from '../src/modules/catalog/repository';
import { seeded } from './support/fixtures';
import { settle } from './support/catalog';
import { bettor, runSettlement } from './support/sportsbook';
import { call, describeEachDatabase, type TestEnv } from './support/harness';

const DRAW_SPORTS = [
  { id: 161, name: 'Number Game', order: 161, excluded: false, group: 'number-game', model: 'number-game' },
  { id: 162, name: 'Keno', order: 162, excluded: false, group: 'number-game', model: 'number-game' },
];

/** Moves the test's clock on to the given time before the next betting-day rollover (12:00 GMT+8, 04:00 UTC). */
function toBeforeRollover(env: TestEnv, beforeMs: number): void {
  const day = 24 * 3_600_000;
  const target = 4 * 3_600_000 - beforeMs;
  const sinceTarget = (env.ctx.now().getTime() - target + day) % day;
  env.advance((day - sinceTarget) % day);
}

/**
 * Moves the test's clock a second past the next draw instant when one is under 5 s away, so the two passes of
 * ensureSchedule that drawScene compares never straddle one (across one, the second pass rightly lists the next
 * draw, as in the racing test's flake). A clock placed farther from an instant (toBeforeRollover) is left alone.
 */
function clearOfADrawInstant(env: TestEnv): void {
  const cadences = [env.ctx.config.cadenceMs.keno, env.ctx.config.cadenceMs.numbers];
  for (let pass = 0; pass < cadences.length; pass += 1) {
    const now = env.ctx.now().getTime();
    const untilNext = Math.min(...cadences.map((step) => step - (now % step)));
    if (untilNext >= 5_000) return;
    env.advance(untilNext + 1_000);
  }
}

/** Demo data, the draw sports (database and this process's snapshot) and the schedule listed. */
async function drawScene(env: TestEnv) {
  await seeded(env);
  await catalogRepository.upsertSports(env.ctx.db, DRAW_SPORTS);
  for (const sport of DRAW_SPORTS) env.services.snapshot.sports.set(sport.id, { ...sport });
  clearOfADrawInstant(env);
  expect(await env.services.draws.ensureSchedule()).toBe(9);
  // Idempotent: a second pass (another node, the next tick) lists nothing new.
  expect(await env.services.draws.ensureSchedule()).toBe(0);
  await settle();
  const rows = await env.ctx.db.selectFrom('draws').selectAll().orderBy('draw_at').orderBy('id').execute();
  const first = (game: 'keno' | 'numbers') => rows.find((row) => row.game === game)!;
  return { keno: first('keno'), numbers: first('numbers'), me: await bettor(env) };
}

type Placed = { ref: string; kind: string; selection: string; price: string; stake: string };

/** Bets 10.00 on each given selection of the draw's markets at the offered price. */
async function betOn(
  env: TestEnv,
  me: Awaited<ReturnType<typeof bettor>>,
  matchId: string,
  picks: Record<string, string[]>,
  stake = '10.00',
): Promise<Placed[]> {
  const placed: Placed[] = [];
  for (const market of env.services.snapshot.marketsOf(Number(matchId))) {
    for (const selection of picks[market.kind] ?? []) {
      // A keno pick is priced by its count of numbers (the table's top prize).
      const price = market.prices[drawPriceKey(market.kind, selection)!]!;
      const { ref } = await me.bet('betsingle', { market_id: market.id, selection, odds: price, stake });
      placed.push({ ref, kind: market.kind, selection, price, stake });
    }
  }
  return placed;
}

async function available(env: TestEnv, accountId = 'demomyr') {
  const pk = (
    await env.ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow()
  ).id;
  return (await env.ctx.ledger.balances(env.ctx.db, String(pk), 'MYR')).available;
}

async function ballsOf(env: TestEnv, drawId: string, status = 'resulted'): Promise<number[]> {
  const row = await env.ctx.db
    .selectFrom('draws')
    .selectAll()
    .where('id', '=', drawId)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe(status);
  return JSON.parse(row.balls ?? '[]') as number[];
}

/**
 * Each bet settled once, its payout the domain's outcome on the stored balls; answers the total credited to the
 * member (payouts and the member's rebate, paid with the settlement).
 */
async function expectPaid(env: TestEnv, placed: Placed[], balls: number[]): Promise<bigint> {
  let paid = 0n;
  for (const bet of placed) {
    const row = await env.ctx.db
      .selectFrom('bets')
      .select(['status', 'payout', 'commission'])
      .where('ref_no', '=', bet.ref)
      .executeTakeFirstOrThrow();
    const decided = drawLegOutcome({ kind: bet.kind, line: '', selection: bet.selection }, balls);
    // A keno pick's hit count pays its own multiplier: stake x multiplier.
    const paidPrice = drawPaidPrice(decided);
    const outcome = paidPrice === null ? decided : 'won';
    const expected = settleSingle({
      format: 'DEC',
      price: paidPrice ?? bet.price,
      stake: bet.stake,
      outcome: outcome as 'won' | 'lost' | 'draw',
    }).payout;
    expect(row.status, JSON.stringify(bet)).toBe(
      outcome === 'won' ? 'won' : outcome === 'lost' ? 'lost' : 'draw',
    );
    expect(row.payout, `${bet.kind} ${bet.selection} ${outcome}`).toBe(toMinorUnits(expected));
    const settles = await sql<{ n: number }>`
      select count(*)::int as n from transfers where ref = ${bet.ref} and kind = 'settle'`.execute(
      env.ctx.db,
    );
    expect(settles.rows[0]?.n, bet.ref).toBe(1);
    paid += toMinorUnits(expected) + (row.commission ?? 0n);
  }
  return paid;
}

const KENO_PICKS = {
  keno: ['big', 'small', 'odd', 'even', 'up', 'down', 'equal'],
  keno_pick: ['7', '1,80', '5,10,15,20,25,30'],
};
const NUMBER_PICKS = {
  d1: ['over', 'under'],
  d2: ['odd'],
  d3: ['1', '3', '5'],
  d4: ['first', 'last'],
  d5: ['over', 'under'],
  d6: ['7', '38', '75'],
};

describeEachDatabase(
  'keno and number-game draws through the sportsbook',
  (env) => {
    it('bets, draw from the fair source, settlement, ngresult and verify: exact payouts, books balanced', async () => {
      // Three minutes before the betting day's rollover (12:00 GMT+8): the bets are placed on one day and the
      // draws fall on the next, whose seed must have been committed before the bets.
      toBeforeRollover(env(), 3 * 60_000);
      const { keno, numbers, me } = await drawScene(env());
      expect(bettingDay(keno.draw_at.getTime())).not.toBe(bettingDay(env().ctx.now().getTime()));
      // Priced from the exact chances less 5%: big/small 1.89 (810 refunds), equal 4.67, D_6 71.25.
      const kenoMarket = env().services.snapshot.marketsOf(Number(keno.match_id))[0]!;
      // The draws' seeds are committed (their SHA-256 shown to members) before any ball is drawn: today's, and
      // the next betting day's, which these draws use.
      const shown = (await me.api('fairseed')).draws as { seed_hash: string; next_seed_hash: string };
      const committed = shown.next_seed_hash;
      expect(committed).toMatch(/^[0-9a-f]{64}$/);
      expect(committed).not.toBe(shown.seed_hash);
      expect(kenoMarket.prices).toMatchObject({ big: '1.89', small: '1.89', equal: '4.67' });
      // The draws are in the sportsbook's menu (keno 162, number game 161) like any sport's matches.
      const menu = (await call(env().app, '/cache/uxmenu', {})).body.sports as unknown[][];
      expect(
        menu
          .find((row) => row[0] === 162)
          ?.slice(2, 5)
          .some((n) => Number(n) > 0),
      ).toBe(true);
      expect(
        menu
          .find((row) => row[0] === 161)
          ?.slice(2, 5)
          .some((n) => Number(n) > 0),
      ).toBe(true);

      // And in the sport's match list (any market type): 'more' opens the draw's markets (open markets, head[7]).
      const listed: number[][] = [];
      for (const menu of ['today', 'early']) {
        for (const sport of [161, 162]) {
          const list = await call(env().app, '/cache/uxmarket', {
            sport_id: sport,
            menu,
            market_type: 'hdpou',
          });
          listed.push(...(list.body.heads as number[][]));
        }
      }
      // Keno: the sum/count market and pick 1-10.
      expect(listed.find((head) => head[0] === Number(keno.match_id))?.[7]).toBe(2);
      expect(listed.find((head) => head[0] === Number(numbers.match_id))?.[7]).toBe(6);

      const before = await available(env());
      const placed = [
        ...(await betOn(env(), me, keno.match_id, KENO_PICKS)),
        ...(await betOn(env(), me, numbers.match_id, NUMBER_PICKS)),
      ];
      const staked = BigInt(placed.length) * 1000n;
      expect(await available(env())).toBe(before - staked);

      // The clock reaches both draws: betting closes, the balls are drawn once, the results go to the catalogue.
      // Keno's first draw is the first ahead (the number game's is at or after it): nothing else is due yet.
      env().advance(keno.draw_at.getTime() - env().ctx.now().getTime() + 1_000);
      // At the draw time betting closes; the balls follow a few seconds later.
      expect(await env().services.draws.runDue()).toBe(0);
      await settle();
      const late = await me.api('bet/betsingle', {
        market_id: kenoMarket.id,
        selection: 'big',
        odds: '1.89',
        stake: '10.00',
        odds_type: '4',
        idempotency_key: 'late-keno-bet',
      });
      // A closed market leaves the book: the bet names a market no longer offered.
      expect(late.statusdesc).toBe('invalidBet');
      expect(await ballsOf(env(), keno.id, 'open')).toEqual([]);
      env().advance(numbers.draw_at.getTime() - env().ctx.now().getTime() + DRAW_AFTER_CLOSE_MS);
      expect(await env().services.draws.runDue()).toBeGreaterThanOrEqual(2);
      await settle();
      await runSettlement(env());

      const kenoBalls = await ballsOf(env(), keno.id);
      const numberBalls = await ballsOf(env(), numbers.id);
      expect(new Set(kenoBalls).size).toBe(20);
      expect([...numberBalls].sort((a, b) => a - b)).toEqual(Array.from({ length: 75 }, (_, i) => i + 1));
      const paidKeno = await expectPaid(
        env(),
        placed.filter((bet) => bet.kind.startsWith('keno')),
        kenoBalls,
      );
      const paidNumbers = await expectPaid(
        env(),
        placed.filter((bet) => !bet.kind.startsWith('keno')),
        numberBalls,
      );
      // One of over/under and one of first/last always win: the number game paid something.
      expect(paidNumbers).toBeGreaterThan(0n);
      expect(await available(env())).toBe(before - staked + paidKeno + paidNumbers);
      const books = await env().ctx.ledger.verify(env().ctx.db);
      expect(books.ok, JSON.stringify(books)).toBe(true);

      // ngresult: the day's draws with their balls and each market's winner.
      const day = new Date(keno.draw_at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      const results = (await me.api('ngresult', { date: day })).results as {
        match_id: number;
        game?: string;
        balls?: number[];
        outcomes?: Record<string, string>;
      }[];
      const kenoRow = results.find((row) => row.match_id === Number(keno.match_id));
      expect(kenoRow?.game).toBe('keno');
      expect(kenoRow?.balls).toEqual(kenoBalls);
      expect(kenoRow?.outcomes?.sum).toBe(String(kenoBalls.reduce((a, b) => a + b, 0)));
      const numbersDay = new Date(numbers.draw_at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      const numberRows = (await me.api('ngresult', { date: numbersDay })).results as typeof results;
      const numberRow = numberRows.find((row) => row.match_id === Number(numbers.match_id));
      expect(numberRow?.balls).toEqual(numberBalls);
      expect(numberRow?.outcomes?.d6).toBe(String(numberBalls[0]));

      // The fair source: not verifiable while the day's seed is in use; revealed, it recomputes the balls.
      // From the rollover on the committed seed is the one in use, and the previous day's is revealed.
      const afterRollover = await me.api('fairseed');
      expect((afterRollover.draws as { seed_hash: string }).seed_hash).toBe(committed);
      expect(
        (afterRollover.revealed_shared as { seed_hash: string }[]).map((seed) => seed.seed_hash),
      ).toContain(shown.seed_hash);
      const early = await call(env().app, '/api/fairverify', {
        game: 'keno',
        round_id: Number(keno.match_id),
      });
      expect(early.body.statusdesc).toBe('seedNotRevealed');
      await env().services.fair.rotate('draws');
      for (const [game, draw, balls] of [
        ['keno', keno, kenoBalls],
        ['numbers', numbers, numberBalls],
      ] as const) {
        const verified = await call(env().app, '/api/fairverify', { game, round_id: Number(draw.match_id) });
        expect(verified.body.statusdesc, JSON.stringify(verified.body)).toBe('success');
        expect(verified.body.matches).toBe(true);
        expect(verified.body.hash_matches).toBe(true);
        expect(verified.body.seed_hash).toBe(committed);
        expect((verified.body.outcome as { balls: number[] }).balls).toEqual(balls);
      }
    });

    it('keno pick 1-10: each hit count pays stake x its paytable multiplier, once, books balanced', async () => {
      const { keno, me } = await drawScene(env());
      const pickMarket = env()
        .services.snapshot.marketsOf(Number(keno.match_id))
        .find((market) => market.kind === 'keno_pick')!;
      // Priced at each table's top prize (pick 1 3.80, pick 10 125011.04).
      expect(pickMarket.prices['1']).toBe('3.80');
      expect(pickMarket.prices['10']).toBe('125011.04');
      // Not a canonical pick (unsorted, repeated, 11 numbers, out of range): refused as an unknown selection.
      for (const selection of ['2,1', '3,3', '1,2,3,4,5,6,7,8,9,10,11', '81', 'big']) {
        const refused = await me.api('bet/betsingle', {
          market_id: pickMarket.id,
          selection,
          odds: '3.80',
          stake: '1.00',
          odds_type: '4',
          idempotency_key: `bad-pick-${selection}`,
        });
        expect(refused.statusdesc, selection).toBe('invalidBetTeam');
      }
      // The balls are drawn first so this test knows which picks hit (a member never can: betting closes before
      // the draw); the bets then go through the ordinary placement, result and settlement path.
      const drawn = (await env().services.draws.draw(keno.id, 'keno'))!;
      const missed = Array.from({ length: 80 }, (_, i) => i + 1).filter((n) => !drawn.includes(n));
      const pick = (...numbers: number[]) => [...numbers].sort((a, b) => a - b).join(',');
      const picks = [
        pick(drawn[0]!), // pick 1, 1 hit: 3.80
        pick(drawn[0]!, drawn[1]!, drawn[2]!), // pick 3, 3 hits: 47.71
        pick(drawn[0]!, drawn[1]!, missed[0]!), // pick 3, 2 hits: 2.07
        pick(drawn[0]!, missed[0]!, missed[1]!), // pick 3, 1 hit: lost
        pick(...drawn.slice(0, 3), ...missed.slice(0, 4)), // pick 7, 3 hits: 1.31
        pick(...drawn.slice(0, 5), ...missed.slice(0, 2)), // pick 7, 5 hits: 26.36
      ];
      const before = await available(env());
      const placed = await betOn(env(), me, keno.match_id, { keno_pick: picks }, '5.00');
      expect(placed).toHaveLength(picks.length);
      // The normal limits apply at the top prize: pick 10 at 5.00 would pay more than keno's maximum (150,000).
      const tooBig = await me.api('bet/betsingle', {
        market_id: pickMarket.id,
        selection: pick(...missed.slice(0, 10)),
        odds: '125011.04',
        stake: '5.00',
        odds_type: '4',
        idempotency_key: 'pick-10-over-max-payout',
      });
      expect(tooBig.statusdesc).toBe('betOverMaxPayout');
      // A keno pick is a single only: not even with the next draw's sum market in a parlay.
      const next = await env()
        .ctx.db.selectFrom('draws')
        .select('match_id')
        .where('game', '=', 'keno')
        .where('draw_at', '>', keno.draw_at)
        .orderBy('draw_at')
        .executeTakeFirstOrThrow();
      const nextSum = env()
        .services.snapshot.marketsOf(Number(next.match_id))
        .find((market) => market.kind === 'keno')!;
      const parlay = await me.api('bet/betparlay', {
        picks: [
          { market_id: pickMarket.id, selection: picks[0], odds: '3.80' },
          { market_id: nextSum.id, selection: 'big', odds: nextSum.prices.big },
        ],
        stake: '2.00',
        odds_type: '4',
        idempotency_key: 'pick-parlay',
      });
      expect(parlay.statusdesc).toBe('invalidBetType');
      // Keno's own limits (1.00 up, payout to 150,000) let a pick 10 be played at 1.00 (next draw's, left open).
      const nextPick = env()
        .services.snapshot.marketsOf(Number(next.match_id))
        .find((market) => market.kind === 'keno_pick')!;
      const pickTen = await me.api('bet/betsingle', {
        market_id: nextPick.id,
        selection: pick(...missed.slice(0, 10)),
        odds: '125011.04',
        stake: '1.00',
        odds_type: '4',
        idempotency_key: 'pick-10-at-one',
      });
      expect(pickTen.status, JSON.stringify(pickTen)).toBe('1');

      env().advance(keno.draw_at.getTime() - env().ctx.now().getTime() + DRAW_AFTER_CLOSE_MS);
      await env().services.draws.runDue();
      await settle();
      await runSettlement(env());
      // Settling again (a restart, another pass) pays nothing twice.
      await runSettlement(env());
      expect(await ballsOf(env(), keno.id)).toEqual(drawn);
      const payouts = await env()
        .ctx.db.selectFrom('bets')
        .select(['ref_no', 'payout'])
        .where(
          'ref_no',
          'in',
          placed.map((bet) => bet.ref),
        )
        .execute();
      const payoutOf = (index: number) => payouts.find((row) => row.ref_no === placed[index]!.ref)?.payout;
      expect([0, 1, 2, 3, 4, 5].map(payoutOf)).toEqual([1900n, 23855n, 1035n, 0n, 655n, 13180n]);
      const paid = await expectPaid(env(), placed, drawn);
      expect(await available(env())).toBe(before - 3000n - 100n + paid);
      const books = await env().ctx.ledger.verify(env().ctx.db);
      expect(books.ok, JSON.stringify(books)).toBe(true);
    });

    it('a restart during a draw: the drawn balls stand and every bet is paid exactly once', async () => {
      const { keno, me } = await drawScene(env());
      const before = await available(env());
      const placed = await betOn(env(), me, keno.match_id, KENO_PICKS);
      env().advance(keno.draw_at.getTime() - env().ctx.now().getTime() + DRAW_AFTER_CLOSE_MS);
      // The process closes betting, draws the balls (stored with their seed and nonce), then dies.
      const drawn = await env().services.draws.draw(keno.id, 'keno');
      expect(drawn).toHaveLength(20);
      // Drawing again answers the stored balls: the fair source is not asked twice.
      expect(await env().services.draws.draw(keno.id, 'keno')).toEqual(drawn);
      await env().app.close();
      // Two processes come up on the same database and both carry on at once.
      const first = await buildApp(env().ctx, { logger: false });
      const second = await buildApp(env().ctx, { logger: false });
      try {
        for (const app of [first, second]) {
          for (const sport of DRAW_SPORTS) app.services.snapshot.sports.set(sport.id, { ...sport });
        }
        await Promise.all([first.services.draws.runDue(), second.services.draws.runDue()]);
        await settle();
        await Promise.all([first.services.settlement.runDue(), second.services.settlement.runDue()]);
        await first.services.settlement.runDue();
        expect(await ballsOf(env(), keno.id)).toEqual(drawn);
        const paid = await expectPaid(env(), placed, drawn!);
        expect(await available(env())).toBe(before - BigInt(placed.length) * 1000n + paid);
        const books = await env().ctx.ledger.verify(env().ctx.db);
        expect(books.ok, JSON.stringify(books)).toBe(true);
      } finally {
        await first.app.close();
        await second.app.close();
      }
    });
  },
  { config: { OWN_GAMES_TIMERS: 'false' } },
);
