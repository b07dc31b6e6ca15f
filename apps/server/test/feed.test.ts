import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ReplayAdapter } from '../src/modules/feed/adapters/replay';
import { Simulator } from '../src/modules/feed/adapters/simulator';
import { parseFootballData, replaySchedule } from '../src/modules/feed/replay';
import { FeedRunner, DEFAULT_RUNNER_OPTIONS } from '../src/modules/feed/runner';
import { seedSports } from '../src/modules/feed/start';
import { sportById } from '../src/modules/feed/sports/catalogue';
import { settle } from './support/catalog';
import { call, describeEachDatabase, toMorningGmt8, type TestEnv } from './support/harness';
import { MarketSnapshot } from '../src/modules/catalog/snapshot';

const MINUTE = 60_000;

async function runnerFor(
  env: TestEnv,
  adapters: ConstructorParameters<typeof FeedRunner>[0]['adapters'],
  clock: { now: number },
  snapshot: MarketSnapshot = env.services.snapshot,
) {
  await seedSports(env.ctx);
  // The app's snapshot loaded before the sports existed.
  const { catalogRepository } = await import('../src/modules/catalog/repository');
  for (const sport of await catalogRepository.sports(env.ctx.db)) {
    env.services.snapshot.sports.set(sport.id, {
      id: sport.id,
      name: sport.name,
      order: sport.sort_order,
      excluded: sport.menu_excluded,
      group: sport.sport_group,
    });
  }
  const logs: string[] = [];
  const runner = new FeedRunner(
    {
      catalog: env.services.catalog,
      snapshot,
      adapters,
      now: () => clock.now,
      log: { info: () => {}, error: (obj) => logs.push(JSON.stringify(obj)) },
    },
    { ...DEFAULT_RUNNER_OPTIONS, maxNewPerTick: 500, repriceChance: 0 },
  );
  const tick = async () => {
    const report = await runner.tick();
    await settle();
    return report;
  };
  return { tick, logs };
}

describeEachDatabase('feed adapters', (env) => {
  it('the simulator lists soccer with a full book, plays it live (goals suspend, then reprice) and publishes results', async () => {
    const soccer = sportById(1);
    if (!soccer) throw new Error('no soccer');
    // One sport keeps the test small; 10-minute slots, two matches each.
    const clock = { now: Date.UTC(2026, 10, 22, 4, 0, 30) };
    const { tick } = await runnerFor(env(), [new Simulator(3, [soccer], 4 * 60 * MINUTE)], clock);
    const first = await tick();
    expect(first.rejected).toBe(0);
    expect(first.created).toBeGreaterThan(30);
    const snapshot = env().services.snapshot;
    // Only the simulator's soccer: our own draws and races (their jobs run in every app) share the catalogue.
    const matches = [...snapshot.matches.values()].filter((m) => m.sportId === soccer.id);
    const live = matches.filter((m) => m.live);
    expect(live.length).toBeGreaterThan(10);
    const upcoming = matches.find((m) => !m.live && m.kickoff > clock.now);
    if (!upcoming) throw new Error('no upcoming match');
    const kinds = new Set(snapshot.marketsOf(upcoming.id).map((m) => m.kind));
    for (const kind of ['hdp', 'ou', '1x2', 'oe', 'dc', 'cs', 'htft', 'fglg', 'tg'])
      expect(kinds, kind).toContain(kind);
    // Play the upcoming match through: every minute a tick.
    let sawGoalSuspension = false;
    for (let minute = 0; minute < 130; minute += 1) {
      clock.now = upcoming.kickoff + minute * MINUTE + 1;
      const report = await tick();
      expect(report.rejected).toBe(0);
      const held = snapshot.matches.get(upcoming.id);
      if (held && held.live && snapshot.marketsOf(upcoming.id).every((m) => m.status === 'suspended'))
        sawGoalSuspension = true;
    }
    const finished = snapshot.matches.get(upcoming.id);
    expect(finished?.state).toBe(1);
    const result = snapshot.results.get(upcoming.id);
    expect(result?.ft).toEqual(finished?.score);
    expect(result?.goals.length).toBe((result?.ft?.[0] ?? 0) + (result?.ft?.[1] ?? 0));
    if ((result?.goals.length ?? 0) > 0) expect(sawGoalSuspension).toBe(true);
    expect(snapshot.marketsOf(upcoming.id)).toEqual([]);
    // 131 ticks of a full soccer book: minutes on a loaded two-core machine.
  }, 240_000);

  it('prices basketball in play (handicap on the rest of the game, total moved by the score) and lists corners as a child', async () => {
    const basketball = sportById(2);
    const soccer = sportById(1);
    if (!basketball || !soccer) throw new Error('no sports');
    const clock = { now: Date.UTC(2026, 10, 22, 8, 30, 0) };
    const { tick } = await runnerFor(env(), [new Simulator(11, [basketball, soccer], 60 * MINUTE)], clock);
    expect((await tick()).rejected).toBe(0);
    const snapshot = env().services.snapshot;
    const liveGame = [...snapshot.matches.values()].find((m) => m.sportId === 2 && m.live && m.minute > 10);
    if (!liveGame) throw new Error('no live basketball game');
    const open = snapshot.marketsOf(liveGame.id).filter((m) => m.status === 'open');
    expect(new Set(open.map((m) => m.kind))).toEqual(new Set(['hdp', 'ou']));
    const scored = liveGame.score[0] + liveGame.score[1];
    const total = open.find((m) => m.kind === 'ou');
    expect(Number(total?.line)).toBeGreaterThan(scored);
    // A corners child beside its soccer parent, with its own handicap and total.
    const child = [...snapshot.matches.values()].find((m) => m.childType === 'corners');
    if (!child) throw new Error('no corners child');
    const parent = snapshot.matches.get(child.parentId ?? 0);
    expect(child.home).toBe(`${parent?.home} (Corners)`);
    expect(new Set(snapshot.marketsOf(child.id).map((m) => m.kind))).toEqual(new Set(['hdp', 'ou']));
  });

  it('a restart carries on: a fresh runner over the same catalogue sends nothing new for the same instant', async () => {
    const soccer = sportById(1);
    if (!soccer) throw new Error('no soccer');
    const clock = { now: Date.UTC(2026, 10, 22, 6, 3, 0) };
    const a = await runnerFor(env(), [new Simulator(5, [soccer], 3 * 60 * MINUTE)], clock);
    await a.tick();
    clock.now += 1000;
    await a.tick();
    // A new process: its own snapshot loaded from the database, its own simulator.
    const fresh = new MarketSnapshot();
    await fresh.load(env().ctx.db, new Date(clock.now));
    const b = await runnerFor(env(), [new Simulator(5, [soccer], 3 * 60 * MINUTE)], clock, fresh);
    const report = await b.tick();
    expect(report.created).toBe(0);
    expect(report.rejected).toBe(0);
  });

  it('the replay plays a real EPL match: real teams, the real handicap line and prices, the real result', async () => {
    const text = readFileSync(new URL('../data/EPL-2023-24-E0.csv', import.meta.url), 'utf8');
    const rows = parseFootballData(text).rows.slice(0, 3);
    // The season starts an hour after the next 09:00 GMT+8 of the server's clock: its first match is today's.
    const startAt = new Date(toMorningGmt8(env()) + 60 * MINUTE);
    const schedule = replaySchedule(rows, { startAt, speed: 60, publishLeadMs: 6 * 60 * MINUTE });
    const clock = { now: startAt.getTime() - MINUTE };
    const { tick } = await runnerFor(env(), [new ReplayAdapter(schedule, 'replay:E0')], clock);
    await tick();
    const snapshot = env().services.snapshot;
    const burnley = [...snapshot.matches.values()].find((m) => m.home === 'Burnley');
    if (!burnley) throw new Error('Burnley v Man City not listed');
    expect(burnley.away).toBe('Man City');
    const hdp = snapshot.marketsOf(burnley.id).find((m) => m.kind === 'hdp' && m.isMain);
    // Closing Asian handicap of the file: Burnley +1.5 at 1.95 / 1.98 (opening 1.86 / 2.07 moved towards it).
    expect(hdp?.line).toBe('1.5');
    expect(hdp?.prices).toEqual({ h: '1.95', a: '1.98' });
    const reply = await call(env().app, '/cache/uxmarket', { sport_id: 1, menu: 'today', search: 'burnley' });
    expect(reply.body.total).toBe(1);
    // Past the result (105 match minutes at speed 60 is under two real minutes).
    for (let second = 0; second <= 150; second += 5) {
      clock.now = startAt.getTime() + second * 1000;
      await tick();
    }
    expect(snapshot.matches.get(burnley.id)?.state).toBe(1);
    expect(snapshot.results.get(burnley.id)).toMatchObject({ ft: [0, 3], ht: [0, 2] });
  });
});
