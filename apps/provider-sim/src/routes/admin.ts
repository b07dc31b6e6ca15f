import type { FastifyInstance } from 'fastify';
import { parseJsonObject, type Sim } from '../app';
import { drive, parseDriveRequest } from '../play/driver';

/** Test-only routes (SIM_ADMIN=true): fault switches, the simulator's own books, and the round driver. */
export function registerAdminRoutes(app: FastifyInstance, sim: Sim): void {
  app.get('/admin/faults', async () => ({ settings: sim.faults.settings, injected: sim.faults.injected }));

  app.post('/admin/faults', async (request, reply) => {
    const body = parseJsonObject(request.body);
    if (body?.reset === true) sim.faults.reset();
    const settings = body ? sim.faults.update(body) : null;
    if (!settings) return reply.code(400).send({ error: 'bad_faults' });
    return { settings, injected: sim.faults.injected };
  });

  app.get<{ Querystring: { user?: string; rounds?: string } }>('/admin/ledger', async (request) => {
    const { user } = request.query;
    const users = user ? [user] : sim.books.allUsers();
    return {
      pending: sim.wallet.deliverer.pendingCount,
      users: users.slice(0, 1_000).map((name) => sim.books.view(name)),
      rounds: sim.books
        .recentRounds(user, Math.min(Number(request.query.rounds ?? 20) || 20, 500))
        .map((round) => ({
          ...round,
          stake: round.stake.toString(),
          win: round.win.toString(),
        })),
    };
  });

  app.post('/admin/drive', async (request, reply) => {
    const input = parseDriveRequest(parseJsonObject(request.body));
    if (typeof input === 'string') return reply.code(400).send({ error: input });
    return drive(sim, input);
  });
}
