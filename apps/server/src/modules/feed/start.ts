import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Services } from '../../app';
import type { AppContext } from '../../context';
import { accountRecords } from '../account/service';
import { catalogRecords } from '../catalog/service';
import type { FeedAdapter } from './adapters/plan';
import { ReplayAdapter } from './adapters/replay';
import { Simulator } from './adapters/simulator';
import { parseFootballData, readReplayFile, replaySchedule } from './replay';
import { FeedRunner, DEFAULT_RUNNER_OPTIONS } from './runner';
import { SPORTS } from './sports/catalogue';

/** Relative replay paths in configuration are relative to the server package (where data/ lives). */
const SERVER_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The sports catalogue in the database (idempotent): ids are stable, names and flags follow the code. */
export async function seedSports(ctx: AppContext): Promise<void> {
  await catalogRecords.upsertSports(
    ctx.db,
    SPORTS.map((sport, index) => ({
      id: sport.id,
      name: sport.name,
      order: index + 1,
      excluded: !sport.inMenu,
      group: sport.group,
      model: sport.model,
    })),
  );
}

/**
 * A replay adapter for a football-data.co.uk file. The season's start instant is kept in the database,
 * so a restart replays the same timeline instead of starting the season again.
 */
export async function replayAdapter(
  ctx: AppContext,
  file: string,
  options: { speed: number; maxIdleMs: number; startAt?: Date },
): Promise<FeedAdapter> {
  const text = await readReplayFile(resolve(SERVER_ROOT, file));
  const parsed = parseFootballData(text);
  const stored = await accountRecords.getOrCreateSetting(
    ctx.db,
    `replay_start:${basename(file)}:${options.speed}`,
    () => String((options.startAt ?? ctx.now()).getTime() + 60_000),
  );
  const schedule = replaySchedule(parsed.rows, {
    startAt: new Date(Number(stored)),
    speed: options.speed,
    maxIdleMs: options.maxIdleMs,
    publishLeadMs: 36 * 60 * 60_000,
  });
  ctx.log.info({ file, matches: schedule.matches.length, issues: parsed.issues.length }, 'replay loaded');
  return new ReplayAdapter(schedule, `replay:${basename(file).replace(/\.csv$/i, '')}`);
}

/** Starts the configured feed adapters in this process (the simulator and a real-season replay by default). */
export async function startFeeds(ctx: AppContext, services: Services): Promise<FeedRunner | null> {
  const adapters: FeedAdapter[] = [];
  if (ctx.config.feed.adapters.includes('simulator'))
    adapters.push(new Simulator(ctx.config.feed.simulatorSeed));
  if (ctx.config.feed.adapters.includes('replay')) {
    adapters.push(
      await replayAdapter(ctx, ctx.config.feed.replayFile, {
        speed: ctx.config.feed.replaySpeed,
        maxIdleMs: ctx.config.feed.replayMaxIdleMs,
      }),
    );
  }
  if (adapters.length === 0) return null;
  const runner = new FeedRunner(
    {
      catalog: services.catalog,
      snapshot: services.snapshot,
      adapters,
      now: () => ctx.now().getTime(),
      log: ctx.log,
    },
    { ...DEFAULT_RUNNER_OPTIONS, tickMs: ctx.config.feed.tickMs },
  );
  runner.start();
  return runner;
}
