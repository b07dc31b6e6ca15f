import { boot } from '../boot';
import { parseConfig } from '../config';

/** `npm run ledger:verify`: proves the books of the configured database; exit 1 on any broken invariant. */
const runtime = await boot(parseConfig());
const report = await runtime.ctx.ledger.verify(runtime.ctx.db);
console.log(
  JSON.stringify(report, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2),
);
await runtime.close();
process.exit(report.ok ? 0 : 1);
