import { randomUUID } from 'node:crypto';
import { FairStream, drawRace } from '@sb/domain';
import type { RaceView } from '@sb/contract';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { LocalBus } from '../src/bus/bus';
import { seedSports } from '../src/modules/feed/start';
import { CLOSE_BEFORE_MS } from '../src/modules/racing/service';
import { call, describeEachDatabase, type TestEnv } from './support/harness';
import { ownGamesDesk } from './support/own-games';

type Desk = Awaited<ReturnType<typeof ownGamesDesk>>;

/** The order the next race run will draw: the test reads the committed (still secret) racing seed. */
async function predictOrder(env: TestEnv, ratings: number[]): Promise<number[]> {
  const seed = await env.services.fair.current(env.ctx.db, 'racing');
  return drawRace(new FairStream(seed.server_seed, seed.client_seed, seed.next_nonce), ratings);
}

async function firstGreyhoundRace(desk: Desk): Promise<RaceView> {
  const card = (await desk.ok('racecard')) as unknown as { upcoming: RaceView[] };
  const race = card.upcoming.find((r) => r.kind === 'greyhound' && r.markets.length > 0);
  if (!race) throw new Error(`no greyhound race on the card: ${JSON.stringify(card)}`);
  return race;
}

function marketOf(race: RaceView, kind: string, line = '') {
  const market = race.markets.find((m) => m.kind === kind && m.line === line);
  if (!market) throw new Error(`no ${kind} ${line} market`);
  return market;
}

async function bet(
  desk: Desk,
  app: TestEnv['app'],
  pick: { market_id: number; selection: string; odds: string },
) {
  const reply = await call(app, '/api/bet/betsingle', {
    ...desk.session,
    odds_type: '4',
    idempotency_key: randomUUID(),
    stake: '10.00',
    ...pick,
  });
  expect(reply.body.status, JSON.stringify(reply.body)).toBe('1');
  return (reply.body.bet as { bet_id: number }).bet_id;
}

/** Makes a race due now (its off moved, rather than the clock moved minutes on). */
async function dueNow(env: TestEnv, raceId: number): Promise<void> {
  await env.ctx.db
    .updateTable('races')
    .set({ off_at: new Date(env.ctx.now().getTime() - 1) })
    .where('id', '=', String(raceId))
    .execute();
}

/**
 * Moves the test clock to a second past a slot of the schedule (a race of one kind or the other goes off every
 * half interval), so no slot passes between two passes of ensureSchedule that a test compares: across one, the
 * second pass rightly adds the race that keeps the card RACES_AHEAD deep (a CI run met one).
 */
function justPastASlot(env: TestEnv): void {
  const half = env.ctx.config.cadenceMs.race / 2;
  const horizon = env.ctx.now().getTime() + CLOSE_BEFORE_MS;
  env.advance(half - (horizon % half) + 1_000);
}

const cents = (price: string) => BigInt(price.replace('.', ''));

describeEachDatabase(
  'virtual racing',
  (env) => {
    it('a race is made, bet on win/place/forecast/tricast, drawn from the fair source, settled exactly and verified', async () => {
      const desk = await ownGamesDesk(env());
      await seedSports(env().ctx);
      justPastASlot(env());
      expect(await env().services.racing.ensureSchedule()).toBe(8);
      // Made once: a second pass adds nothing.
      expect(await env().services.racing.ensureSchedule()).toBe(0);
      const race = await firstGreyhoundRace(desk);
      expect(race.runners).toHaveLength(6);
      expect(race.markets.map((m) => m.kind).sort()).toEqual(
        ['gh_fc', 'gh_place', 'gh_win', ...Array.from({ length: 6 }, () => 'gh_tc')].sort(),
      );
      const ratings = race.runners.map((r) => r.rating);
      const order = await predictOrder(env(), ratings);
      const [first, second, third] = order as [number, number, number];
      const loser = order[5] as number;
      const win = marketOf(race, 'gh_win');
      const place = marketOf(race, 'gh_place');
      const forecast = marketOf(race, 'gh_fc');
      const tricast = marketOf(race, 'gh_tc', String(first));
      const picks = [
        { market_id: win.market_id, selection: String(first), won: true },
        { market_id: win.market_id, selection: String(loser), won: false },
        { market_id: place.market_id, selection: String(second), won: true },
        { market_id: place.market_id, selection: String(third), won: false }, // 6 runners: two places paid
        { market_id: forecast.market_id, selection: `${first}-${second}`, won: true },
        { market_id: forecast.market_id, selection: `${second}-${first}`, won: false },
        { market_id: tricast.market_id, selection: `${first}-${second}-${third}`, won: true },
        { market_id: tricast.market_id, selection: `${first}-${third}-${second}`, won: false },
      ];
      const priceOf = (marketId: number, selection: string) =>
        race.markets.find((m) => m.market_id === marketId)?.prices[selection] ?? '';
      const before = await desk.available();
      const ids: number[] = [];
      for (const pick of picks) {
        ids.push(
          await bet(desk, env().app, {
            market_id: pick.market_id,
            selection: pick.selection,
            odds: priceOf(pick.market_id, pick.selection),
          }),
        );
      }
      expect(await desk.available()).toBe(before - 8_000n);
      // A race leg is a single only (here with another race's winner market: not the same-match refusal).
      const other = ((await desk.ok('racecard')) as unknown as { upcoming: RaceView[] }).upcoming.find(
        (r) => r.race_id !== race.race_id && r.markets.length > 0,
      );
      const otherWin = marketOf(other as RaceView, 'gh_win');
      const parlay = await call(env().app, '/api/bet/betparlay', {
        ...desk.session,
        odds_type: '4',
        idempotency_key: randomUUID(),
        stake: '10.00',
        picks: [
          { market_id: win.market_id, selection: String(first), odds: priceOf(win.market_id, String(first)) },
          { market_id: otherWin.market_id, selection: '1', odds: otherWin.prices['1'] },
        ],
      });
      expect(parlay.body.statusdesc).toBe('invalidBetType');

      await dueNow(env(), race.race_id);
      await env().services.racing.runDue();
      await env().services.settlement.runDue();
      await env().services.settlement.idle();

      const stored = await env()
        .ctx.db.selectFrom('races')
        .selectAll()
        .where('id', '=', String(race.race_id))
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe('resulted');
      expect(JSON.parse(stored.finish ?? '[]')).toEqual(order);
      // Betting closed: the race is off the card and its markets refuse bets.
      const late = await call(env().app, '/api/bet/betsingle', {
        ...desk.session,
        odds_type: '4',
        idempotency_key: randomUUID(),
        stake: '10.00',
        market_id: win.market_id,
        selection: String(first),
        odds: priceOf(win.market_id, String(first)),
      });
      expect(late.body.status).not.toBe('1');

      let paid = 0n;
      let rebates = 0n;
      for (const [i, pick] of picks.entries()) {
        const row = await env()
          .ctx.db.selectFrom('bets')
          .select(['status', 'payout', 'commission'])
          .where('id', '=', String(ids[i]))
          .executeTakeFirstOrThrow();
        expect(row.status, pick.selection).toBe(pick.won ? 'won' : 'lost');
        const expected = pick.won ? (1_000n * cents(priceOf(pick.market_id, pick.selection))) / 100n : 0n;
        expect(row.payout, pick.selection).toBe(expected);
        paid += expected;
        rebates += BigInt(row.commission ?? 0n);
      }
      expect(paid).toBeGreaterThan(0n);
      // The member's rebate on turnover is paid with settlement, as on any bet.
      expect(await desk.available()).toBe(before - 8_000n + paid + rebates);
      await desk.verifyLedger();

      // The day's results list the race with its finishing order (matchresult, filtered to the sport).
      // The day is the race's published kick-off's (GMT+8): the first race of a run just before midnight is on
      // the next day.
      const { kickoff } = await env()
        .ctx.db.selectFrom('matches')
        .select('kickoff')
        .where('id', '=', String(race.match_id))
        .executeTakeFirstOrThrow();
      const day = new Date(kickoff.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
      const results = await call(env().app, '/api/matchresult', { date: day, sport_id: 44 });
      const listed = (results.body.results as { match_id: number; winners?: string[] }[]).find(
        (r) => r.match_id === race.match_id,
      );
      expect(listed?.winners, JSON.stringify(results.body)).toEqual(order.map(String));

      // The card shows the race run with its finishing order.
      const card = (await desk.ok('racecard')) as unknown as { recent: RaceView[] };
      expect(card.recent.find((r) => r.race_id === race.race_id)?.finish).toEqual(order);

      // Fair: not verifiable while the seed is in use; after rotation the order recomputes from the seeds, and
      // the ratings from the race's ratings round.
      const early = await call(env().app, '/api/fairverify', { game: 'racing', round_id: race.race_id });
      expect(early.body.statusdesc).toBe('seedNotRevealed');
      await env().services.fair.rotate('racing');
      const verified = await call(env().app, '/api/fairverify', { game: 'racing', round_id: race.race_id });
      expect(verified.body.statusdesc, JSON.stringify(verified.body)).toBe('success');
      expect(verified.body.matches).toBe(true);
      expect(verified.body.hash_matches).toBe(true);
      expect((verified.body.outcome as { order: number[] }).order).toEqual(order);
      const ratingsRound = await call(env().app, '/api/fairverify', {
        game: 'racing',
        race: 'greyhound',
        server_seed: verified.body.server_seed,
        client_seed: verified.body.client_seed,
        nonce: Number(stored.rating_nonce),
      });
      expect((ratingsRound.body.outcome as { ratings: number[] }).ratings).toEqual(ratings);
    });

    it('a race due while the server was down runs once on start; a crash after the result pays nothing twice', async () => {
      const desk = await ownGamesDesk(env());
      await seedSports(env().ctx);
      await env().services.racing.ensureSchedule();
      const race = await firstGreyhoundRace(desk);
      const order = await predictOrder(
        env(),
        race.runners.map((r) => r.rating),
      );
      const win = marketOf(race, 'gh_win');
      const winner = String(order[0]);
      const price = win.prices[winner] ?? '';
      const before = await desk.available();
      const betId = await bet(desk, env().app, { market_id: win.market_id, selection: winner, odds: price });
      await dueNow(env(), race.race_id);

      // The server "restarts": a new process on the same database runs what fell due while it was down.
      const restart = async () => {
        const built = await buildApp({ ...env().ctx, bus: new LocalBus() }, { logger: false });
        await built.services.racing.runDue();
        await built.services.settlement.runDue();
        await built.services.settlement.idle();
        return built;
      };
      const seedBefore = await env().services.fair.current(env().ctx.db, 'racing');
      const first = await restart();
      const settledRow = await env()
        .ctx.db.selectFrom('bets')
        .select(['payout', 'commission'])
        .where('id', '=', String(betId))
        .executeTakeFirstOrThrow();
      expect(settledRow.payout).toBe((1_000n * cents(price)) / 100n);
      const expected = before - 1_000n + (1_000n * cents(price)) / 100n + BigInt(settledRow.commission ?? 0n);
      expect(await desk.available()).toBe(expected);
      const afterRun = await env().services.fair.current(env().ctx.db, 'racing');
      expect(afterRun.next_nonce).toBe(seedBefore.next_nonce + 1);

      // A crash after the catalogue took the result but before the race was marked: the next start re-runs the
      // step and takes no new round, draws nothing new and pays nothing twice.
      await env()
        .ctx.db.updateTable('races')
        .set({ status: 'drawn' })
        .where('id', '=', String(race.race_id))
        .execute();
      await first.app.close();
      const second = await restart();
      await second.services.racing.runDue();
      expect((await env().services.fair.current(env().ctx.db, 'racing')).next_nonce).toBe(
        afterRun.next_nonce,
      );
      expect(await desk.available()).toBe(expected);
      const row = await env()
        .ctx.db.selectFrom('bets')
        .select(['status', 'payout'])
        .where('id', '=', String(betId))
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('won');
      const raceRow = await env()
        .ctx.db.selectFrom('races')
        .select(['status', 'finish'])
        .where('id', '=', String(race.race_id))
        .executeTakeFirstOrThrow();
      expect(raceRow.status).toBe('resulted');
      expect(JSON.parse(raceRow.finish ?? '[]')).toEqual(order);
      await desk.verifyLedger();
      await second.app.close();
    });

    it('a race the catalogue refused to list is closed at its off without a draw, not retried', async () => {
      const desk = await ownGamesDesk(env());
      // No sports catalogue: every listing is refused.
      expect(await env().services.racing.ensureSchedule()).toBe(8);
      const race = await env()
        .ctx.db.selectFrom('races')
        .selectAll()
        .orderBy('off_at')
        .executeTakeFirstOrThrow();
      expect(race.listed).toBe(false);
      const nonce = (await env().services.fair.current(env().ctx.db, 'racing')).next_nonce;
      await dueNow(env(), Number(race.id));
      await env().services.racing.runDue();
      const after = await env()
        .ctx.db.selectFrom('races')
        .selectAll()
        .where('id', '=', race.id)
        .executeTakeFirstOrThrow();
      expect(after.status).toBe('resulted');
      expect(after.finish).toBeNull();
      expect((await env().services.fair.current(env().ctx.db, 'racing')).next_nonce).toBe(nonce);
      await desk.verifyLedger();
    });
  },
  // The test drives the race clock itself (the job would run the same steps on its timer).
  { config: { OWN_GAMES_TIMERS: 'false' } },
);

describeEachDatabase('virtual racing job', (env) => {
  it('the job on the JobRunner closes and runs a race that falls due', async () => {
    await seedSports(env().ctx);
    await env().services.racing.ensureSchedule();
    const race = await env()
      .ctx.db.selectFrom('races')
      .select('id')
      .orderBy('off_at')
      .executeTakeFirstOrThrow();
    await dueNow(env(), Number(race.id));
    const deadline = Date.now() + 10_000;
    let status = 'open';
    while (status !== 'resulted' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (
        await env()
          .ctx.db.selectFrom('races')
          .select('status')
          .where('id', '=', race.id)
          .executeTakeFirstOrThrow()
      ).status;
    }
    expect(status).toBe('resulted');
  });
});
