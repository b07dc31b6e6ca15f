import Fastify, { type FastifyInstance } from 'fastify';
import type { SimConfig } from './config';
import { BaccaratFloor } from './play/baccarat-table';
import { RoundService } from './play/service';
import { SeatStore } from './play/sessions';
import { cryptoRandom, type RandomSource } from './rng';
import { registerAdminRoutes } from './routes/admin';
import { registerGamesApi } from './routes/games-api';
import { registerPlayRoutes } from './routes/play';
import { Books } from './wallet/books';
import { WalletClient } from './wallet/client';
import { Faults } from './wallet/faults';
import { WalletTransport } from './wallet/transport';

/** Everything one simulator process holds: its books, seats, tables and the wallet client. */
export interface Sim {
  config: SimConfig;
  books: Books;
  faults: Faults;
  wallet: WalletClient;
  seats: SeatStore;
  rounds: RoundService;
  floor: BaccaratFloor;
  random: RandomSource;
}

export async function buildSimApp(config: SimConfig): Promise<{ app: FastifyInstance; sim: Sim }> {
  const books = new Books();
  const faults = new Faults();
  const transport = new WalletTransport({
    baseUrl: config.walletUrl,
    secret: config.secret,
    providerId: config.providerId,
    timeoutMs: config.walletTimeoutMs,
    faults,
  });
  const wallet = new WalletClient(transport, books, faults, config.retry);
  const rounds = new RoundService(wallet, books);
  const sim: Sim = {
    config,
    books,
    faults,
    wallet,
    seats: new SeatStore(),
    rounds,
    floor: new BaccaratFloor(rounds, cryptoRandom),
    random: cryptoRandom,
  };
  const app = Fastify({ logger: false, bodyLimit: 1_000_000 });
  // Keep the raw bytes: signatures are checked over them, never over re-serialised JSON.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  registerGamesApi(app, sim);
  registerPlayRoutes(app, sim);
  if (config.admin) registerAdminRoutes(app, sim);
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.addHook('onClose', async () => {
    sim.floor.stop();
    sim.wallet.deliverer.stop();
  });
  return { app, sim };
}

/** The JSON object of a raw body, or null when it is not one. */
export function parseJsonObject(body: unknown): Record<string, unknown> | null {
  if (!Buffer.isBuffer(body)) return null;
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
