import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { validationError } from './reply';

export type Success<T extends object> = T & { statusdesc?: 'success' | 'no_changes' };

/**
 * A POST JSON call answering the spec envelope. The body is parsed with the contract schema (unknown
 * fields stripped); the handler returns the reply fields; errors go through the one error handler.
 * Every call is rate limited per account (or client address when anonymous): requestLimit.
 */
export function postCall<S extends z.ZodType, R extends object>(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  schema: S,
  handler: (body: z.output<S>, request: FastifyRequest) => Promise<Success<R>>,
): void {
  app.post(path, async (request) => {
    const body = await admit(ctx, schema, request);
    const result = await handler(body, request);
    return { status: '1', statusdesc: 'success', ...result };
  });
}

/** Like postCall, for a handler that answers the whole success reply already serialised (hot cached answers). */
export function postRawCall<S extends z.ZodType>(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  schema: S,
  handler: (body: z.output<S>) => string,
): void {
  app.post(path, async (request, reply) => {
    const body = await admit(ctx, schema, request);
    return reply.type('application/json; charset=utf-8').send(handler(body));
  });
}

/** Parses the body with the contract schema and applies the per-caller rate limit. */
async function admit<S extends z.ZodType>(
  ctx: AppContext,
  schema: S,
  request: FastifyRequest,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const body = parsed.data;
  const who =
    typeof body === 'object' && body !== null && 'account_id' in body && typeof body.account_id === 'string'
      ? `a:${body.account_id.toLowerCase()}`
      : `ip:${request.ip}`;
  const hits = await ctx.limits.hit(`req:${who}`, 1_000);
  if (hits > ctx.config.requestsPerSecond) throw new AppError('requestLimit', { httpStatus: 429 });
  return body;
}
