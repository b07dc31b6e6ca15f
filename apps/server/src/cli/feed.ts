import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createServices } from '../app';
import { boot } from '../boot';
import { parseConfig } from '../config';
import { replayAdapter, seedSports } from '../modules/feed/start';
import { Simulator } from '../modules/feed/adapters/simulator';
import type { FeedAdapter } from '../modules/feed/adapters/plan';
import { DEFAULT_RUNNER_OPTIONS, FeedRunner } from '../modules/feed/runner';

/**
 * `npm run feed -- replay <file.csv> [--speed N] [--max-idle MINUTES]` or `npm run feed -- simulator`:
 * runs a feed on its own against the configured database. Beside a running server use PostgreSQL
 * (DATABASE_URL) and Redis (REDIS_URL) so the server's snapshot and pushes see every change; the embedded
 * database belongs to one process at a time.
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    speed: { type: 'string', default: '1' },
    'max-idle': { type: 'string' },
    seed: { type: 'string', default: '1' },
    for: { type: 'string', description: 'stop after this many seconds' },
  },
});
const [kind, file] = positionals;
if (kind !== 'replay' && kind !== 'simulator') {
  console.error(
    'usage: npm run feed -- replay <file.csv> [--speed N] [--max-idle MINUTES] | simulator [--seed N]',
  );
  process.exit(2);
}
if (kind === 'replay' && !file) {
  console.error('usage: npm run feed -- replay <file.csv> [--speed N]');
  process.exit(2);
}
const speed = Number(values.speed);
if (!(speed > 0)) {
  console.error('--speed must be a positive number');
  process.exit(2);
}

const runtime = await boot(parseConfig());
const { ctx } = runtime;
await seedSports(ctx);
const { services, stop } = await createServices(ctx);
const adapter: FeedAdapter =
  kind === 'replay'
    ? await replayAdapter(ctx, resolve(ctx.config.invocationDir, file ?? ''), {
        speed,
        maxIdleMs: values['max-idle'] ? Number(values['max-idle']) * 60_000 : Number.POSITIVE_INFINITY,
      })
    : new Simulator(Number(values.seed));
const runner = new FeedRunner(
  {
    catalog: services.catalog,
    snapshot: services.snapshot,
    adapters: [adapter],
    now: () => Date.now(),
    log: ctx.log,
  },
  { ...DEFAULT_RUNNER_OPTIONS, tickMs: ctx.config.feed.tickMs },
);
runner.start();
console.log(`feed running: ${kind}${file ? ` ${file}` : ''} at speed ${speed} (Ctrl-C stops)`);

const shutdown = async () => {
  await runner.stop();
  await stop();
  await runtime.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
if (values.for) setTimeout(() => void shutdown(), Number(values.for) * 1000);
