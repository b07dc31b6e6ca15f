import type { FastifyInstance } from 'fastify';
import { buildSimApp, type Sim } from '../app';
import type { SimConfig } from '../config';
import { TestOperator } from './operator';

export const TEST_SECRET = 'test-secret-0123456789abcdef';

/** A simulator app (not listening: driven with inject) wired to a TestOperator, with fast retries. */
export async function startHarness(): Promise<{
  app: FastifyInstance;
  sim: Sim;
  operator: TestOperator;
  close: () => Promise<void>;
}> {
  const operator = new TestOperator(TEST_SECRET);
  await operator.start();
  const config: SimConfig = {
    host: '127.0.0.1',
    port: 0,
    publicUrl: 'http://sim.test',
    walletUrl: operator.url,
    secret: TEST_SECRET,
    providerId: 'sim',
    admin: true,
    walletTimeoutMs: 2_000,
    retry: {
      attempts: 3,
      baseDelayMs: 5,
      maxDelayMs: 20,
      pendingIntervalMs: 20,
      pendingMaxAttempts: 1_000,
      pendingMaxSize: 10_000,
    },
  };
  const { app, sim } = await buildSimApp(config);
  return {
    app,
    sim,
    operator,
    close: async () => {
      await app.close();
      await operator.stop();
    },
  };
}

/** Waits (bounded) until the simulator has no wallet call left in its pending queue. */
export async function drained(sim: Sim, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (sim.wallet.deliverer.pendingCount > 0) {
    if (Date.now() > deadline) throw new Error(`still ${sim.wallet.deliverer.pendingCount} pending calls`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function seatIdFrom(html: string): string {
  const match = /<script id="config" type="application\/json">(.*?)<\/script>/s.exec(html);
  const config = JSON.parse(match?.[1] ?? '{}') as { seat?: string };
  if (!config.seat) throw new Error('no seat in the page');
  return config.seat;
}
