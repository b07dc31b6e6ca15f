import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Liveness (the process answers) and readiness (the database answers, and we are not shutting down). */
export function systemRoutes(app: FastifyInstance, ctx: AppContext, state: { shuttingDown: boolean }): void {
  app.get('/healthz', async () => ({ status: '1', statusdesc: 'success' }));
  app.get('/readyz', async (_request, reply) => {
    if (state.shuttingDown)
      return reply.status(503).send({ status: '0', statusdesc: 'systemError', message: 'shutting down' });
    try {
      await sql`select 1`.execute(ctx.db);
      return { status: '1', statusdesc: 'success', database: ctx.dbKind };
    } catch {
      return reply
        .status(503)
        .send({ status: '0', statusdesc: 'systemError', message: 'database unavailable' });
    }
  });
}
