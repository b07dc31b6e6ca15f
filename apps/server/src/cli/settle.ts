import { boot } from '../boot';
import { parseConfig } from '../config';
import { DEFAULT_SETTLEMENT_OPTIONS, SettlementService } from '../modules/settlement/service';
import { settlementRepository } from '../modules/settlement/repository';

/**
 * `npm run settle [-- --watch]`: a settlement worker beside the web processes (which then run with
 * SETTLEMENT_WORKER=false). It works the queue until it is empty, or with --watch for ever. Killed at any
 * moment, it leaves no bet half settled: its lease runs out and the next worker finishes the job.
 */
const watch = process.argv.includes('--watch');
const config = parseConfig();
const runtime = await boot(config);
const settlement = new SettlementService(runtime.ctx, {
  ...DEFAULT_SETTLEMENT_OPTIONS,
  batchSize: config.settlementBatchSize,
  leaseMs: config.settlementLeaseMs,
});
let stopping = false;
const stop = () => {
  stopping = true;
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
let total = 0;
while (!stopping) {
  const { bets } = await settlement.runDue();
  total += bets;
  // A job leased by a process that died is taken over when its lease runs out: wait for it.
  const pending = await settlementRepository.pendingJobs(runtime.ctx.db);
  if (pending === 0 && !watch) break;
  await new Promise((resolve) => setTimeout(resolve, Math.min(config.settlementIntervalMs, 1_000)));
}
runtime.ctx.log.info({ bets: total }, 'settlement worker done');
await runtime.close();
