import { createHash } from 'node:crypto';
import { isSafeText, type CallSpec } from '@sb/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { RecordedCall } from './registry';
import { AppError } from '../lib/app-error';
import { tokenBrand } from '../lib/security';
import { hostBrand } from './brand';
import { validationError } from './reply';

export type Success<T extends object> = T & { statusdesc?: 'success' | 'no_changes' };

/** The reply fields a call's handler returns: the contract's reply without the envelope. */
export type ReplyOf<C extends CallSpec> = string extends keyof z.input<C['reply']>
  ? Success<object> // a reply the contract does not describe yet
  : Success<Omit<z.input<C['reply']>, 'status' | 'statusdesc'>>;

/**
 * A POST JSON call answering the spec envelope. The body is parsed with the contract schema (unknown
 * fields stripped); the handler returns the reply fields; errors go through the one error handler.
 * Every call is rate limited per caller (requestLimit): see callerKey.
 *
 * Given a call of the contract's table (CALLS.betcheck), the request and the reply are typed from it; given a
 * path and a request schema (the older form), the call is still recorded for the OpenAPI document.
 */
export function postCall<C extends CallSpec>(
  app: FastifyInstance,
  ctx: AppContext,
  call: C,
  handler: (body: z.output<C['request']>, request: FastifyRequest) => Promise<ReplyOf<C>>,
): void;
export function postCall<S extends z.ZodType, R extends object>(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  schema: S,
  handler: (body: z.output<S>, request: FastifyRequest) => Promise<Success<R>>,
): void;
export function postCall(
  app: FastifyInstance,
  ctx: AppContext,
  callOrPath: CallSpec | string,
  schemaOrHandler: z.ZodType | ((body: never, request: FastifyRequest) => Promise<object>),
  maybeHandler?: (body: never, request: FastifyRequest) => Promise<object>,
): void {
  const { path, schema, handler } = normalise(callOrPath, schemaOrHandler, maybeHandler);
  const call = typeof callOrPath === 'string' ? { path, request: schema } : callOrPath;
  registerCall(app, ctx, call, {}, handler);
}

/**
 * What postCall and boCall share: the POST route with its call recorded (and any further route config, e.g. the
 * back-office role its hook checks), the body admitted by the call's schema, the reply in the envelope.
 */
export function registerCall(
  app: FastifyInstance,
  ctx: AppContext,
  call: RecordedCall,
  config: Omit<FastifyContextConfig, 'call'>,
  handler: (body: never, request: FastifyRequest) => Promise<object>,
): void {
  app.post(call.path, { config: { ...config, call } }, async (request) => {
    const body: unknown = await admit(ctx, call.request, request);
    const result = await handler(body as never, request);
    return { status: '1', statusdesc: 'success', ...result };
  });
}

/** Like postCall, for a handler that answers the whole success reply already serialised (hot cached answers). */
export function postRawCall<C extends CallSpec>(
  app: FastifyInstance,
  ctx: AppContext,
  call: C,
  handler: (body: z.output<C['request']>) => string,
): void {
  app.post(call.path, { config: { call } }, async (request, reply) => {
    const body: z.output<C['request']> = await admit(ctx, call.request as C['request'], request);
    return reply.type('application/json; charset=utf-8').send(handler(body));
  });
}

function normalise(
  callOrPath: CallSpec | string,
  schemaOrHandler: z.ZodType | ((body: never, request: FastifyRequest) => Promise<object>),
  maybeHandler: ((body: never, request: FastifyRequest) => Promise<object>) | undefined,
) {
  if (typeof callOrPath === 'string') {
    if (typeof schemaOrHandler === 'function' || !maybeHandler)
      throw new Error(`${callOrPath}: schema and handler`);
    return { path: callOrPath, schema: schemaOrHandler, handler: maybeHandler };
  }
  if (typeof schemaOrHandler !== 'function') throw new Error(`${callOrPath.path}: handler expected`);
  return { path: callOrPath.path, schema: callOrPath.request, handler: schemaOrHandler };
}

/** Parses the body with the contract schema and applies the per-caller rate limit. */
async function admit<S extends z.ZodType>(
  ctx: AppContext,
  schema: S,
  request: FastifyRequest,
): Promise<z.output<S>> {
  // Text PostgreSQL cannot store (a NUL, a lone surrogate) is refused in any field, whatever its schema says:
  // such a string must never reach a query, where it would fail the statement (and a grouped read with it).
  // The common case (nothing unsafe) is a walk that allocates nothing; the path is worked out only for a refusal.
  if (hasUnsafeText(request.body, 0)) {
    const unsafe = unsafeTextPath(request.body);
    throw new AppError('invalid_request', unsafe ? { field: unsafe } : {});
  }
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const body = parsed.data;
  refuseOtherBrandsToken(body, request);
  const hits = await ctx.limits.hit(`req:${callerKey(body, request)}`, 1_000);
  if (hits > ctx.config.requestsPerSecond) throw new AppError('requestLimit', { httpStatus: 429 });
  return body;
}

/**
 * A member session issued on another brand's host is no session here: refused as one that does not exist,
 * before anything is read, so nothing of brand A is reachable on brand B's host with A's token.
 */
function refuseOtherBrandsToken(body: unknown, request: FastifyRequest): void {
  if (typeof body !== 'object' || body === null || !('session_token' in body)) return;
  const token = body.session_token;
  if (typeof token !== 'string') return;
  const issuedOn = tokenBrand(token);
  const brand = hostBrand(request);
  if (issuedOn !== null && brand !== undefined && issuedOn !== brand.id)
    throw new AppError('session_not_exists');
}

/**
 * Whom a call's rate limit counts against: the session it presents (a member call), the bearer token (a
 * back-office call), else the client's address. Never the body's account_id: anyone can write a member's id,
 * and a stranger sending junk tokens with it must not use up that member's calls. A token is known only to
 * the one account it was issued to, so this counts per authenticated caller; the key holds a hash of the
 * token, never the token.
 */
function callerKey(body: unknown, request: FastifyRequest): string {
  const token =
    typeof body === 'object' &&
    body !== null &&
    'session_token' in body &&
    typeof body.session_token === 'string'
      ? body.session_token
      : bearerToken(request.headers.authorization);
  return token ? tokenLimitKey(token) : `ip:${request.ip}`;
}

/** The rate-limit key of calls presenting this token (a hash: the limit store never holds a token). */
export function tokenLimitKey(token: string): string {
  // Remembered: a member's every call presents the same token, and hashing it each time was measurable.
  let key = limitKeys.get(token);
  if (key === undefined) {
    key = `t:${createHash('sha256').update(token).digest('base64url').slice(0, 24)}`;
    if (limitKeys.size >= LIMIT_KEYS_MAX) limitKeys.clear();
    limitKeys.set(token, key);
  }
  return key;
}

/** Tokens whose limit key is remembered, at most (then forgotten all at once and learnt again). */
const LIMIT_KEYS_MAX = 50_000;
const limitKeys = new Map<string, string>();

export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() || undefined : undefined;
}

/** Nesting a request body may have before it is refused as a whole (also bounds the walk below). */
const MAX_BODY_DEPTH = 32;

/** Whether a parsed JSON body holds a string (key or value) PostgreSQL cannot store, or nests too deep. */
function hasUnsafeText(value: unknown, depth: number): boolean {
  if (depth > MAX_BODY_DEPTH) return true;
  if (typeof value === 'string') return !isSafeText(value);
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (hasUnsafeText(item, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!isSafeText(key) || hasUnsafeText(record[key], depth + 1)) return true;
  }
  return false;
}

/**
 * The path of the first string (key or value) in a parsed JSON body that PostgreSQL cannot store, '' for the
 * body itself (or one nested too deep), or null when there is none.
 */
function unsafeTextPath(value: unknown, path = '', depth = 0): string | null {
  if (depth > MAX_BODY_DEPTH) return path;
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsafeTextPath(item, path ? `${path}.${index}` : String(index), depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (!isSafeText(key)) return here;
      const found = unsafeTextPath(item, here, depth + 1);
      if (found !== null) return found;
    }
  }
  return null;
}
