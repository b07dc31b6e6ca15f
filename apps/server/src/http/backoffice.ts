import type { CallSpec } from '@sb/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { AccountRow } from '../db/schema';
import { AppError } from '../lib/app-error';
import { tokenBrand } from '../lib/security';
import { hostBrand } from './brand';
import type { RecordedCall } from './registry';
import { bearerToken, registerCall, type ReplyOf, type Success } from './route';

/**
 * Who may make a back-office call: any upline level signed in at /bo/login (scoped to its downline by the
 * service), or the operator only (trading, draws, payout caps, announcements for the whole book).
 */
export type BackofficeRole = 'upline' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by boCall: the call needs a back-office caller of this role, resolved by the one hook below. */
    backoffice?: BackofficeRole;
  }
  interface FastifyRequest {
    /** The back-office caller the hook resolved (only on routes registered with boCall). */
    backofficeCaller?: AccountRow;
  }
}

/** Resolves a bearer token to its signed-in, active upline account (the upline service's requireCaller). */
export type BackofficeResolver = (token: string | undefined) => Promise<AccountRow>;

/**
 * The one hook of the back office: on every route registered with boCall it resolves the caller from the bearer
 * token and checks the role before the body is read, and logs every denial (who, what, from where). Handlers get
 * the caller; none of them reads a header. Register it before any route.
 */
export function backofficeAccess(app: FastifyInstance, ctx: AppContext, resolve: BackofficeResolver): void {
  const check = async (request: FastifyRequest) => {
    const role = request.routeOptions.config.backoffice;
    if (!role) return;
    try {
      const token = bearerToken(request.headers.authorization);
      // A back-office session of another brand's host is no session here (as for members).
      const issuedOn = token === undefined ? null : tokenBrand(token);
      const brand = hostBrand(request);
      if (issuedOn !== null && brand !== undefined && issuedOn !== brand.id) {
        throw new AppError('unauthenticatedUser', { httpStatus: 401 });
      }
      const caller = await resolve(token);
      if (role === 'operator' && caller.level !== 'operator') {
        throw new AppError('forbiddenAccess', { httpStatus: 403 });
      }
      request.backofficeCaller = caller;
    } catch (error) {
      ctx.log.warn(
        {
          url: request.url,
          ip: request.ip,
          code: error instanceof AppError ? error.code : 'systemError',
        },
        'back-office access denied',
      );
      throw error;
    }
  };
  // Attached to the back-office routes only (those with a role), so no member call pays for the hook.
  app.addHook('onRoute', (route) => {
    const role = (route.config as { backoffice?: unknown } | undefined)?.backoffice;
    if (!role) return;
    const own = route.preHandler;
    route.preHandler = [check, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}

type CallLike = CallSpec | RecordedCall;
type BoReply<C extends CallLike> = C extends CallSpec ? ReplyOf<C> : Success<object>;

/**
 * A back-office call: registered like postCall (contract schema, envelope, rate limit, OpenAPI) and marked with
 * the role the back-office hook checks; the handler receives the resolved caller.
 */
export function boCall<C extends CallLike>(
  app: FastifyInstance,
  ctx: AppContext,
  call: C,
  role: BackofficeRole,
  handler: (caller: AccountRow, body: z.output<C['request']>, request: FastifyRequest) => Promise<BoReply<C>>,
): void {
  registerCall(app, ctx, call, { backoffice: role }, async (body, request) => {
    const caller = request.backofficeCaller;
    // The hook always sets it on these routes; this guards against a route registered outside boCall.
    if (!caller) throw new AppError('unauthenticatedUser', { httpStatus: 401 });
    return handler(caller, body as z.output<C['request']>, request);
  });
}
