import type { FastifyBaseLogger } from 'fastify';

/** A background job: what it does each time, and how often. */
export interface Job {
  /** Short name, for the logs ('live-bet-acceptor', 'settlement', ...). */
  name: string;
  intervalMs: number;
  run: () => unknown;
}

/** Something long-lived the runner starts and stops with its jobs (the report job's thread). */
export interface Companion {
  name: string;
  start(): void;
  stop(): Promise<void>;
}

/** Bound on registered jobs: each is one timer; a runaway registration should fail loudly, not leak timers. */
const MAX_JOBS = 64;

/** The golden ratio's fractional part: multiples of it modulo 1 are spread as evenly as any sequence can be. */
const GOLDEN_FRACTION = (Math.sqrt(5) - 1) / 2;

/**
 * When the job registered `index`-th first runs after start, in ms: its own share of its interval, k * 0.618...
 * modulo 1 for k = index + 1. Started together on one interval, jobs would all run at the same instant every time
 * (every job on 2 s, 1 s, 500 ms and 100 ms together every 2 s, every minute job together each minute): a burst of
 * work on the cores the latency-bound paths (the wallet's batches, the feed's pushes) share. Spread this way, no
 * two jobs of one interval ever start at the same instant (eight are at least 9% of it apart), and jobs of
 * different intervals only now and then. Exported for its test.
 */
export function firstRunAfter(index: number, intervalMs: number): number {
  return Math.floor((((index + 1) * GOLDEN_FRACTION) % 1) * intervalMs);
}

/**
 * Runs the process's background jobs on their intervals. A run never overlaps the same job's previous run (the
 * tick is skipped while it is under way); a failed run is logged and the job carries on at its next tick; stop()
 * clears the timers and waits for the runs under way. Every job must be safe with several processes running it
 * at once (locked rows, leases): this runner only keeps one process from tripping over itself.
 */
export class JobRunner {
  private readonly jobs: Job[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly companions: Companion[] = [];
  private started = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  register(job: Job): void {
    if (this.started) throw new Error(`job ${job.name} registered after start`);
    if (this.jobs.length + this.companions.length >= MAX_JOBS) throw new Error(`more than ${MAX_JOBS} jobs`);
    if (this.jobs.some((known) => known.name === job.name))
      throw new Error(`job ${job.name} registered twice`);
    if (!(job.intervalMs > 0)) throw new Error(`job ${job.name}: interval must be positive`);
    this.jobs.push(job);
  }

  /** Starts `companion` with the jobs and stops it with them. */
  attach(companion: Companion): void {
    if (this.started) throw new Error(`${companion.name} attached after start`);
    if (this.jobs.length + this.companions.length >= MAX_JOBS) throw new Error(`more than ${MAX_JOBS} jobs`);
    this.companions.push(companion);
  }

  /** The registered jobs' names and intervals (for logs and tests). */
  list(): { name: string; intervalMs: number }[] {
    return this.jobs.map(({ name, intervalMs }) => ({ name, intervalMs }));
  }

  /** Each job runs first at its own share of its interval (firstRunAfter), then every interval. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.jobs.forEach((job, index) => {
      const first = setTimeout(
        () => {
          void this.tick(job);
          this.keep(setInterval(() => void this.tick(job), job.intervalMs));
        },
        firstRunAfter(index, job.intervalMs),
      );
      this.keep(first);
    });
    for (const companion of this.companions) companion.start();
  }

  /** Runs a job now unless it is under way; resolves when this run (or the one under way) is over. */
  runNow(name: string): Promise<void> {
    const job = this.jobs.find((known) => known.name === name);
    if (!job) return Promise.reject(new Error(`no job ${name}`));
    return this.tick(job);
  }

  async stop(): Promise<void> {
    // clearTimeout clears a timeout or an interval alike.
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
    await Promise.all([...this.running.values(), ...this.companions.map((companion) => companion.stop())]);
  }

  /** A job's timer never keeps the process alive on its own; stop() clears it. */
  private keep(timer: NodeJS.Timeout): void {
    timer.unref();
    this.timers.push(timer);
  }

  private tick(job: Job): Promise<void> {
    const under = this.running.get(job.name);
    if (under) return under;
    // Started on the next microtask, so the run is known as under way before the job's code starts (even when
    // it throws at once).
    const run = Promise.resolve()
      .then(() => job.run())
      .then(
        () => undefined,
        (error: unknown) => {
          this.log.error({ err: error, job: job.name }, `job ${job.name} failed`);
        },
      )
      .finally(() => {
        this.running.delete(job.name);
      });
    this.running.set(job.name, run);
    return run;
  }
}
