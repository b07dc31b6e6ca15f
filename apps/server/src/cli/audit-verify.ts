import { boot } from '../boot';
import { parseConfig } from '../config';

/** `npm run audit:verify`: walks the audit log's SHA-256 chain of the configured database; exit 1 if it breaks. */
const runtime = await boot(parseConfig());
const report = await runtime.ctx.audit.verify(runtime.ctx.db);
console.log(JSON.stringify(report, null, 2));
await runtime.close();
process.exit(report.ok ? 0 : 1);
