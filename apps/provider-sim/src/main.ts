import { buildSimApp } from './app';
import { CATALOGUE } from './catalog';
import { parseSimConfig } from './config';

async function main(): Promise<void> {
  const config = parseSimConfig();
  const { app } = await buildSimApp(config);
  await app.listen({ host: config.host, port: config.port });
  console.log(
    `  Demo Gaming provider simulator is running at ${config.publicUrl} (${CATALOGUE.length} games, wallet ${config.walletUrl}${config.admin ? ', admin routes on' : ''})`,
  );
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
