import { Worker } from 'node:worker_threads';
import type { AppContext } from '../context';
import type { DatabaseTarget } from '../db/database';
import { gameReports } from '../modules/statement/service';
import type { JobRunner } from './runner';

/**
 * How often finished game rounds are counted into the win/loss report (its lag at most). A run takes a core of
 * the database for as long as its rounds need, and the wallet's calls queue behind that while it lasts, so the
 * job runs often and short. Every five seconds, at 2,000 wallet calls a second, runs were a dozen batches back to
 * back and the wallet's p99 rose from 74 ms to 160-180 ms while they ran. Every second, at 3,000 calls a second
 * (traced, 2026-11-30), a run took 160-300 ms and 79% of the calls over 20 ms fell in one. Every 200 ms a run
 * takes 40-60 ms (about 300 rounds), and in calm stretches the slowest call of each 100 ms was 13-20 ms.
 */
export const REPORT_ROUNDS_INTERVAL_MS = 200;

/** What the server hands its report thread. */
export interface ReportThreadData {
  target: Extract<DatabaseTarget, { kind: 'postgres' }>;
  intervalMs: number;
  logLevel: string;
}

/** The messages between the server and its report thread. */
export type ReportThreadMessage = { t: 'ready'; threadId: number } | { t: 'stop' };

/**
 * Registers the report job: on its own worker thread with PostgreSQL (REPORT_ROUNDS_THREAD, on by default),
 * else on the main thread (PGlite is one connection inside this process, so it stays there).
 *
 * Why a thread: the job's JS (every round's figures, the levels' shares, the ledger's transfers) ran five times a
 * second on the thread that answers the seamless wallet, and its garbage was collected in the same heap. At 3,000
 * wallet calls a second, `npm run bench -- wallet` in four alternating pairs (2026-12-07, 2 vCPUs): the main
 * thread did 90-93% of the server's CPU with the job on it and 82-83% with the job on its thread (101-119 ms per
 * 1,000 calls against 113-161), so the thread that answers has that much more room. The wallet's p99 did not
 * move beyond that machine's noise (median 43 ms against 45 over nine and eight runs): there the two cores, not
 * the thread, were the bound. Each process still runs the job (rounds are locked, skipping those another
 * holds), so several server processes share the backlog as before.
 */
export function registerReportRounds(ctx: AppContext, jobs: JobRunner): void {
  const target = threadTarget(ctx);
  if (!target) {
    jobs.register({
      name: 'report-game-rounds',
      intervalMs: REPORT_ROUNDS_INTERVAL_MS,
      run: () => gameReports.countDue(ctx.db),
    });
    return;
  }
  jobs.attach(
    new ReportThread(
      { target, intervalMs: REPORT_ROUNDS_INTERVAL_MS, logLevel: ctx.config.logLevel },
      ctx.log,
    ),
  );
}

/** The report thread's connection's application_name (pg_stat_activity tells it from the server's). */
export const REPORT_APPLICATION = 'sb-report';

/** The thread's database: the server's own, on one connection (a run is one transaction at a time). */
function threadTarget(ctx: AppContext): ReportThreadData['target'] | null {
  const database = ctx.config.database;
  if (!ctx.config.reportRoundsThread || database.kind !== 'postgres' || ctx.dbKind !== 'postgres')
    return null;
  return {
    kind: 'postgres',
    url: database.url,
    poolSize: 1,
    applicationName: REPORT_APPLICATION,
    ...(database.searchPath ? { searchPath: database.searchPath } : {}),
  };
}

/** How long a stopping thread may take to finish its run under way before it is ended. */
const STOP_GRACE_MS = 10_000;
/** How long after a thread's failure (its database away, say) a new one is started. */
const RESTART_AFTER_MS = 1_000;

/** The report thread as the server sees it: started and stopped with the jobs, started again after a failure. */
export class ReportThread {
  readonly name = 'report-game-rounds-thread';
  private worker: Worker | undefined;
  private restart: NodeJS.Timeout | undefined;
  private stopping = false;

  constructor(
    private readonly data: ReportThreadData,
    private readonly log: AppContext['log'],
  ) {}

  start(): void {
    if (this.stopping || this.worker) return;
    // thread-boot.mjs registers tsx's hooks on the thread, then loads the entry.
    const worker = new Worker(new URL('./thread-boot.mjs', import.meta.url), {
      workerData: { ...this.data, entry: new URL('./report-rounds-thread.ts', import.meta.url).href },
      // The workspace packages' TypeScript source, as the server's own process resolves them. Nothing else of the
      // server's flags: a thread takes no V8 flags of its own (they are the process's).
      execArgv: ['--conditions=source'],
    });
    this.worker = worker;
    worker.on('message', (message: ReportThreadMessage) => {
      if (message.t === 'ready') this.log.info({ threadId: message.threadId }, 'report thread running');
    });
    worker.on('error', (error) => this.log.error({ err: error }, 'report thread failed'));
    worker.on('exit', (code) => {
      this.worker = undefined;
      if (this.stopping) return;
      this.log.error({ code }, 'report thread ended; starting another');
      this.restart = setTimeout(() => this.start(), RESTART_AFTER_MS);
      this.restart.unref();
    });
  }

  /** Asks the thread to finish its run under way and end; ends it after STOP_GRACE_MS. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restart);
    const worker = this.worker;
    if (!worker) return;
    const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ t: 'stop' } satisfies ReportThreadMessage);
    const grace = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
    await ended;
    clearTimeout(grace);
  }
}
