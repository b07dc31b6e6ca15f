import type { AppContext } from '../../context';
import type { SettlementBatches } from './batch';
import { decisionOf, type Decision } from './decision';
import { settlementRepository as repo } from './repository';
import type { SettlementOptions } from './service';

/**
 * The settlement job runner. Jobs come from the settlement queue (written with the result, so none is lost);
 * a job is leased, the match's bets walked in id order in bounded batches (see batch.ts), the lease renewed per
 * batch, and the job finished. Runs in this process never overlap; other processes take other jobs (leases).
 */
export class SettlementRunner {
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly options: SettlementOptions,
    private readonly batches: SettlementBatches,
  ) {}

  /** True while a run is under way or waiting: the timer skips its tick then. */
  get busy(): boolean {
    return this.pending > 0;
  }

  /** Resolves when no run is under way (shutdown waits for the batch in hand). */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.queue;
  }

  /** Works through the due jobs, after any run already under way in this process (runs never overlap). */
  runDue(): Promise<{ jobs: number; bets: number }> {
    this.pending += 1;
    const run = this.queue.then(() => this.drain());
    this.queue = run
      .catch(() => undefined)
      .finally(() => {
        this.pending -= 1;
      });
    return run;
  }

  private async drain(): Promise<{ jobs: number; bets: number }> {
    const total = { jobs: 0, bets: 0 };
    for (;;) {
      const now = this.ctx.now();
      const job = await repo.leaseNext(this.ctx.db, now, new Date(now.getTime() + this.options.leaseMs));
      if (!job) return total;
      total.bets += await this.runJob(job.id, job.match_id);
      total.jobs += 1;
    }
  }

  private async runJob(jobId: string, matchId: string): Promise<number> {
    const match = await repo.matchWithResult(this.ctx.db, matchId);
    const decision = match ? decisionOf(match) : null;
    let moved = 0;
    if (decision) {
      const lanes = this.ctx.dbKind === 'pglite' ? 1 : Math.max(1, this.options.lanes);
      // At most `lanes` batches in flight; the cursor moves on as soon as a batch's ids are known.
      const inFlight: Promise<number>[] = [];
      const takeOldest = async () => {
        const oldest = inFlight.shift();
        if (oldest) moved += await oldest;
      };
      try {
        let after = '0';
        for (;;) {
          const ids = await repo.nextBetIds(this.ctx.db, {
            matchId,
            decidedOn: decision.key,
            after,
            limit: this.options.batchSize,
          });
          if (ids.length === 0) break;
          after = ids[ids.length - 1] ?? after;
          const batch = this.runBatch(jobId, matchId, decision, ids);
          // Awaited below in order; this only keeps a failure from being unhandled while an earlier one runs.
          batch.catch(() => undefined);
          inFlight.push(batch);
          if (inFlight.length >= lanes) await takeOldest();
        }
        while (inFlight.length > 0) await takeOldest();
      } catch (error) {
        await Promise.allSettled(inFlight);
        throw error;
      }
    }
    await repo.finish(this.ctx.db, jobId, this.ctx.now());
    if (moved > 0) this.ctx.log.info({ matchId, bets: moved }, 'settled');
    return moved;
  }

  /** One batch in its own transaction, then its pushes and the job's lease renewed: answers the bets moved. */
  private async runBatch(jobId: string, matchId: string, decision: Decision, ids: string[]): Promise<number> {
    const batch = await this.batches.settle(matchId, decision, ids);
    const until = new Date(this.ctx.now().getTime() + this.options.leaseMs);
    await repo.renewLease(this.ctx.db, jobId, until, batch.moved);
    return batch.moved;
  }
}
