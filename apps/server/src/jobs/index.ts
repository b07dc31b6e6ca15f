import type { AppContext } from '../context';
import type { CatalogChange } from '../modules/catalog/events';
import type { BettingService } from '../modules/betting/service';
import type { MarketSnapshot } from '../modules/catalog/snapshot';
import type { SettlementService } from '../modules/settlement/service';
import type { TournamentLifecycle } from '../modules/tournament/lifecycle';
import { ROUND_CLOSE_INTERVAL_MS, type GamesService } from '../modules/games/service';
import type { LotteryService } from '../modules/lottery/service';
import type { DrawsService } from '../modules/draws/service';
import type { RacingService } from '../modules/racing/service';
import type { CrashEngine } from '../modules/minigame/crash';
import { registerReportRounds } from './report-rounds';
import { JobRunner } from './runner';

/** What the core jobs work with (a subset of the app's services). */
export interface JobServices {
  betting: BettingService;
  settlement: SettlementService;
  snapshot: MarketSnapshot;
  rooms: TournamentLifecycle;
  games: GamesService;
  lottery: LotteryService;
  draws: DrawsService;
  racing: RacingService;
  crash: CrashEngine;
}

/** The 4D schedule is extended this often; due draws are drawn and settled this often. */
const LOTTERY_SCHEDULE_INTERVAL_MS = 10 * 60_000;
const LOTTERY_DRAW_INTERVAL_MS = 5_000;
/** Virtual races are made this often (each a few minutes apart) and their closes and offs checked this often. */
const RACING_SCHEDULE_INTERVAL_MS = 30_000;
const RACING_RUN_INTERVAL_MS = 1_000;
/** The crash round's clock: betting window, flight and bust are stepped this often. */
const CRASH_TICK_MS = 100;

/** How often the acceptor looks for live bets whose delay is over. */
const ACCEPT_INTERVAL_MS = 500;
/** How often finished matches leave the in-memory snapshot. */
const EVICT_INTERVAL_MS = 10 * 60_000;

/**
 * Every background job of a server process, registered in one place. A new capability adds its jobs here (draw
 * schedules, room lifecycle, open-round closing...), each safe to run on several nodes at once.
 *
 * `onCatalogChange` subscribes to committed catalogue changes, for jobs that should also run at once when
 * something happens (settlement, when a result or a cancellation is committed).
 */
export function createJobs(
  ctx: AppContext,
  services: JobServices,
  onCatalogChange: (react: (change: CatalogChange) => void) => void,
): JobRunner {
  const jobs = new JobRunner(ctx.log);

  // Live bets are decided when their delay is over; every process takes its share (rows are locked).
  jobs.register({
    name: 'live-bet-acceptor',
    intervalMs: ACCEPT_INTERVAL_MS,
    run: () => services.betting.acceptDue(),
  });

  // Settlement: at once when a result or a cancellation is committed (its queue row is committed with it), and
  // on a timer for the queue's leftovers (another process's expired lease, a restart after a crash). Off when
  // separate workers (`npm run settle`) do it.
  if (ctx.config.settlementWorker) {
    const settleNow = () => {
      services.settlement
        .runDue()
        .catch((error: unknown) => ctx.log.error({ err: error }, 'settlement failed'));
    };
    onCatalogChange((change) => {
      if (change.t === 'result' || (change.t === 'match' && change.match.state === 2)) settleNow();
    });
    jobs.register({
      name: 'settlement',
      intervalMs: ctx.config.settlementIntervalMs,
      // The service queues its runs (never two at once); a tick while one is under way or waiting is skipped.
      run: () => (services.settlement.busy ? undefined : services.settlement.runDue()),
    });
  }

  // Tournament rooms: a result or a match state marks its rooms for scoring at once; the lifecycle pass closes,
  // scores, pays and cancels rooms (each step one transaction on the locked room, so several nodes may run it).
  onCatalogChange((change) => {
    if (
      change.t === 'result' ||
      (change.t === 'match' && (change.incident === 'state' || change.incident === 'period'))
    ) {
      services.rooms
        .matchChanged(change.id)
        .catch((error: unknown) => ctx.log.error({ err: error }, 'tournament rescore mark failed'));
    }
  });
  jobs.register({
    name: 'tournament-rooms',
    intervalMs: ctx.config.tournament.intervalMs,
    run: () => services.rooms.runDue(),
  });

  // Provider games: the catalogue synced from every adapter, and rounds left open too long closed.
  jobs.register({
    name: 'games-catalogue',
    intervalMs: ctx.config.games.syncIntervalMs,
    run: () => services.games.syncCatalogue(),
  });
  jobs.register({
    name: 'games-stale-rounds',
    intervalMs: ROUND_CLOSE_INTERVAL_MS,
    run: () => services.games.closeStaleRounds(),
  });

  // Finished game rounds (provider, mini-game, 4D) counted into the win/loss report in bounded batches, on a
  // thread of its own with PostgreSQL; every process may run it (rounds are locked, skipping those another holds).
  registerReportRounds(ctx, jobs);

  // Our own games' clocks (off with OWN_GAMES_TIMERS=false: tests drive them): the 4D schedule and draws, crash.
  if (ctx.config.ownGamesTimers) {
    services.lottery
      .ensureSchedule()
      .catch((error: unknown) => ctx.log.error({ err: error }, '4D schedule failed'));
    jobs.register({
      name: 'lottery-schedule',
      intervalMs: LOTTERY_SCHEDULE_INTERVAL_MS,
      run: () => services.lottery.ensureSchedule(),
    });
    jobs.register({
      name: 'lottery-draws',
      intervalMs: LOTTERY_DRAW_INTERVAL_MS,
      run: () => services.lottery.runDue(),
    });
    registerDraws(ctx, jobs, services.draws);
    // Virtual races: the card kept RACES_AHEAD races ahead, betting closed before the off, due races run.
    jobs.register({
      name: 'racing-schedule',
      intervalMs: RACING_SCHEDULE_INTERVAL_MS,
      run: () => services.racing.ensureSchedule(),
    });
    jobs.register({
      name: 'racing-runs',
      intervalMs: RACING_RUN_INTERVAL_MS,
      run: () => services.racing.runDue(),
    });
    jobs.register({ name: 'crash-rounds', intervalMs: CRASH_TICK_MS, run: () => services.crash.tick() });
  }

  // Finished matches leave the in-memory snapshot (the database keeps them).
  jobs.register({
    name: 'snapshot-eviction',
    intervalMs: EVICT_INTERVAL_MS,
    run: () => services.snapshot.evict(ctx.now()),
  });

  return jobs;
}

/** Keno and number-game draws are listed ahead this often; due draws are drawn and reported this often. */
const DRAWS_SCHEDULE_INTERVAL_MS = 60_000;
const DRAWS_DUE_INTERVAL_MS = 2_000;

/** The draws' clock: the schedule at once and every minute; due draws (one missed while down, too) at once. */
function registerDraws(ctx: AppContext, jobs: JobRunner, draws: DrawsService): void {
  const failed = (error: unknown) => ctx.log.error({ err: error }, 'draws failed');
  draws
    .runDue()
    .then(() => draws.ensureSchedule())
    .catch(failed);
  jobs.register({
    name: 'draws-schedule',
    intervalMs: DRAWS_SCHEDULE_INTERVAL_MS,
    run: () => draws.ensureSchedule(),
  });
  jobs.register({ name: 'draws-due', intervalMs: DRAWS_DUE_INTERVAL_MS, run: () => draws.runDue() });
}
