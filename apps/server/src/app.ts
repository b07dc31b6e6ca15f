import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { errorEnvelope, handleError } from './http/reply';
import { accountRoutes } from './modules/account/routes';
import { AccountService } from './modules/account/service';
import { systemRoutes } from './modules/system/routes';
import { uplineRoutes } from './modules/upline/routes';
import { UplineService } from './modules/upline/service';

export interface Services {
  accounts: AccountService;
  upline: UplineService;
}

export function createServices(ctx: AppContext): Services {
  return { accounts: new AccountService(ctx), upline: new UplineService(ctx) };
}

/** Builds the HTTP app around a ready context: API, backoffice, health, and the built web app. */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; webDist?: string } = {},
): Promise<{ app: FastifyInstance; services: Services; state: { shuttingDown: boolean } }> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    bodyLimit: ctx.config.bodyLimitBytes,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: true,
  });
  const state = { shuttingDown: false };
  const services = createServices(ctx);

  app.setErrorHandler(handleError);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  systemRoutes(app, ctx, state);
  accountRoutes(app, ctx, services.accounts);
  uplineRoutes(app, ctx, services.upline);

  const webDist = options.webDist;
  const hasWeb = webDist !== undefined && existsSync(webDist);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|bo|ws)(\/|$)/.test(request.url);
    // History-mode routing: any other GET is a screen of the web app.
    if (!isApi && hasWeb && request.method === 'GET') return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send(errorEnvelope('not_found'));
  });
  return { app, services, state };
}
