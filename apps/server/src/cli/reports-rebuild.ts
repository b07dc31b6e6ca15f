import { boot } from '../boot';
import { parseConfig } from '../config';
import { reportRecords } from '../modules/statement/service';

/**
 * `npm run reports:rebuild`: builds the back office's daily win/loss pre-aggregate again from the settled bets
 * of the configured database (a repair after bets were changed by hand, or bets loaded by SQL). Safe while the
 * platform runs: settlement batches wait for it and then add their own changes.
 */
const runtime = await boot(parseConfig());
const started = Date.now();
const { rows } = await reportRecords.rebuild(runtime.ctx.db);
console.log(JSON.stringify({ rows, seconds: (Date.now() - started) / 1000 }));
await runtime.close();
process.exit(0);
