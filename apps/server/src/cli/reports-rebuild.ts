import { boot } from '../boot';
import { parseConfig } from '../config';
import { gameReports, reportRecords } from '../modules/statement/service';

/** Runs of the game-rounds job before the rebuild (each counts up to 10,000 rounds; the job does the rest). */
const COUNT_RUNS_MAX = 100;

/**
 * `npm run reports:rebuild`: builds the back office's daily win/loss pre-aggregate again from the settled bets
 * and the counted game rounds of the configured database (a repair after bets were changed by hand, or bets
 * loaded by SQL). Finished game rounds not counted yet are counted first (with their chains' shares now; those
 * counted keep the shares they were counted with). Safe while the platform runs: settlement batches and the
 * game-rounds job wait for it and then add their own changes.
 */
const runtime = await boot(parseConfig());
const started = Date.now();
let rounds = 0;
for (let run = 0; run < COUNT_RUNS_MAX; run += 1) {
  const counted = await gameReports.countDue(runtime.ctx.db);
  rounds += counted;
  if (counted === 0) break;
}
const { rows } = await reportRecords.rebuild(runtime.ctx.db);
console.log(JSON.stringify({ rows, rounds, seconds: (Date.now() - started) / 1000 }));
await runtime.close();
process.exit(0);
