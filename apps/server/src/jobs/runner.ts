import type { FastifyBaseLogger } from 'fastify';

/** A background job: what it does each time, and how often. */
export interface Job {
  /** Short name, for the logs ('live-bet-acceptor', 'settlement', ...). */
  name: string;
  intervalMs: number;
  run: () => unknown;
}

/** Bound on registered jobs: each is one timer; a runaway registration should fail loudly, not leak timers. */
const MAX_JOBS = 64;

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
  private started = false;

  constructor(private readonly log: FastifyBaseLogger) {}

  register(job: Job): void {
    if (this.started) throw new Error(`job ${job.name} registered after start`);
    if (this.jobs.length >= MAX_JOBS) throw new Error(`more than ${MAX_JOBS} jobs`);
    if (this.jobs.some((known) => known.name === job.name))
      throw new Error(`job ${job.name} registered twice`);
    if (!(job.intervalMs > 0)) throw new Error(`job ${job.name}: interval must be positive`);
    this.jobs.push(job);
  }

  /** The registered jobs' names and intervals (for logs and tests). */
  list(): { name: string; intervalMs: number }[] {
    return this.jobs.map(({ name, intervalMs }) => ({ name, intervalMs }));
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs) {
      const timer = setInterval(() => this.tick(job), job.intervalMs);
      // A job never keeps the process alive on its own.
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Runs a job now unless it is under way; resolves when this run (or the one under way) is over. */
  runNow(name: string): Promise<void> {
    const job = this.jobs.find((known) => known.name === name);
    if (!job) return Promise.reject(new Error(`no job ${name}`));
    return this.tick(job);
  }

  async stop(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all(this.running.values());
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
