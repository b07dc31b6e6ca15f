import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { boot } from './boot';
import { parseConfig } from './config';
import { DEMO_MEMBERS, demoTotpSecret, JADE_MEMBERS, DEMO_PASSWORD, seedDemo } from './db/seed';
import { seedSports, startFeeds } from './modules/feed/start';

const here = fileURLToPath(new URL('.', import.meta.url));

async function main(): Promise<void> {
  const config = parseConfig();
  const runtime = await boot(config);
  const { ctx } = runtime;
  if (config.seedDemo) {
    const { created } = await seedDemo(ctx);
    if (created) ctx.log.info('demo data created');
  }
  await seedSports(ctx);
  const webDist = config.webDist ?? resolve(here, '../../web/dist');
  const backofficeDist = config.backofficeDist ?? resolve(here, '../../backoffice/dist');
  const { app, state, services } = await buildApp(ctx, { webDist, backofficeDist });
  await app.listen({ host: config.host, port: config.port });
  // The address first: the feeds' first pass over a full book takes a moment.
  const url = `http://localhost:${config.port}`;
  console.log(
    [
      '',
      `  ${config.brand} Sports Betting Platform is running at ${url}`,
      `  database: ${ctx.dbKind === 'pglite' ? `embedded PGlite (${config.database.kind === 'pglite' ? config.database.dataDir : ''})` : 'PostgreSQL'}`,
      `  member logins (password ${DEMO_PASSWORD}): ${DEMO_MEMBERS.map((m) => m.accountId).join(', ')}`,
      `  back office ${url}/bo-app/ (password ${DEMO_PASSWORD}, then the code of the TOTP seed in an authenticator):`,
      ...['demoop', 'demoag', 'jadeop'].map((login) => `    ${login}: TOTP seed ${demoTotpSecret(login)}`),
      `  brand Jade on jade.localhost: members ${JADE_MEMBERS.map((m) => m.accountId).join(', ')}, operator jadeop`,
      `  live feed: ${config.feed.adapters.length > 0 ? config.feed.adapters.join(' + ') : 'off'}`,
      `  provider games: ${config.games.simUrl ? `simulator at ${config.games.simUrl}` : 'off (PROVIDER_SIM_URL unset)'}`,
      '',
    ].join('\n'),
  );

  const feed = await startFeeds(ctx, services);

  // Graceful shutdown: stop taking work (readyz says 503), finish in-flight requests, close the database.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    state.shuttingDown = true;
    ctx.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs);
    force.unref();
    await feed?.stop();
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
