import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where the back-office app (apps/backoffice, built by vite with base '/bo-app/') is served. */
export const BACKOFFICE_APP_PATH = '/bo-app/';

/**
 * Serves the built back-office app under /bo-app/: its files, and its page for any other GET below the path
 * (history-mode routing of its screens). Its calls stay at /bo. Nothing is served when it was not built.
 */
export async function serveBackofficeApp(app: FastifyInstance, dist: string | undefined): Promise<boolean> {
  if (dist === undefined || !existsSync(join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: dist,
    prefix: BACKOFFICE_APP_PATH,
    wildcard: false,
    index: false,
    // The member app's registration owns reply.sendFile; this one only serves its files.
    decorateReply: false,
  });
  const page = readFileSync(join(dist, 'index.html'), 'utf8');
  const sendPage = (_request: unknown, reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  app.get('/bo-app', (_request, reply) => reply.redirect(BACKOFFICE_APP_PATH));
  app.get(BACKOFFICE_APP_PATH, sendPage);
  app.get(`${BACKOFFICE_APP_PATH}*`, sendPage);
  return true;
}
