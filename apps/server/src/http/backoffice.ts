import type { CallSpec, StaffPermission } from '@sb/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import type { BoCaller } from '../modules/boaccess/service';
import { tokenBrand } from '../lib/security';
import { hostBrand } from './brand';
import type { RecordedCall } from './registry';
import { bearerToken, registerCall, type ReplyOf, type Success } from './route';

/**
 * Who may make a back-office call: any upline level signed in at /bo/login (scoped to its downline by the
 * service), or the operator only (trading, draws, payout caps, announcements for the whole book).
 */
export type BackofficeRole = 'upline' | 'operator';

/**
 * Who may make a call: the role, and what a staff sub-account needs for it. Given as a bare role, a call is the
 * account's own (no sub-account may make it): a new call stays closed to staff until someone grants it a flag.
 */
export interface BoAccess {
  role: BackofficeRole;
  /** The flag a sub-account needs; 'any': every sign-in of the account, staff included. */
  staff: StaffPermission | 'any' | 'none';
  /** Answers a session that has not enrolled its second factor yet (enrolment, sign-out, me). */
  duringEnrolment?: boolean;
  /**
   * For calls whose service keeps no before/after of its own (trading, draws, caps, brands, announcements): the
   * audit action written once the call succeeded, with the request as the change.
   */
  audit?: string;
}

/** A request as the audit keeps it: never a password, at any depth. */
function redacted(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redacted(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) =>
      /password/i.test(key) ? [key, '(set)'] : [key, redacted(item, depth + 1)],
    ),
  );
}

/** The trading desk's risk views (forecast, risk pushes): the operator, or its staff with the trading right. */
export const DESK_ACCESS: BoAccess = { role: 'operator', staff: 'trading' };

/** What an audited call acted on, from its request: the first identifying field it has. */
function auditTarget(body: unknown, path: string): string {
  if (body !== null && typeof body === 'object') {
    const fields = body as Record<string, unknown>;
    for (const key of ['match_id', 'account_id', 'ref_no', 'code', 'draw_id', 'id', 'number'] as const) {
      const value = fields[key];
      if (typeof value === 'string' || typeof value === 'number') return `${key}:${String(value)}`;
    }
  }
  return path;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by boCall: the call needs a back-office caller with this access, resolved by the one hook below. */
    backoffice?: BoAccess;
  }
  interface FastifyRequest {
    /** The back-office caller the hook resolved (only on routes registered with boCall). */
    backofficeCaller?: BoCaller;
  }
}

/** Resolves a bearer token to its signed-in back-office caller (the access service's requireCaller). */
export type BackofficeResolver = (token: string | undefined, address: string) => Promise<BoCaller>;

/** The access check after the caller is known: the error a refusal answers with, or null when allowed. */
export function refusal(access: BoAccess, caller: BoCaller): AppError | null {
  if (caller.bo.enrolmentOnly && access.duringEnrolment !== true)
    return new AppError('enrolmentRequired', { httpStatus: 403 });
  if (access.role === 'operator' && caller.level !== 'operator')
    return new AppError('forbiddenAccess', { httpStatus: 403 });
  const staff = caller.bo.staff;
  if (
    staff &&
    access.staff !== 'any' &&
    (access.staff === 'none' || !staff.permissions.includes(access.staff))
  )
    return new AppError('noSubAccountPermission', { httpStatus: 403 });
  return null;
}

/**
 * The one hook of the back office: on every route registered with boCall it resolves the caller from the bearer
 * token and checks the role before the body is read, and logs every denial (who, what, from where). Handlers get
 * the caller; none of them reads a header. Register it before any route.
 */
export function backofficeAccess(app: FastifyInstance, ctx: AppContext, resolve: BackofficeResolver): void {
  const check = async (request: FastifyRequest) => {
    const access = request.routeOptions.config.backoffice;
    if (!access) return;
    let caller: BoCaller | undefined;
    try {
      const token = bearerToken(request.headers.authorization);
      // A back-office session of another brand's host is no session here (as for members).
      const issuedOn = token === undefined ? null : tokenBrand(token);
      const brand = hostBrand(request);
      if (issuedOn !== null && brand !== undefined && issuedOn !== brand.id) {
        throw new AppError('unauthenticatedUser', { httpStatus: 401 });
      }
      caller = await resolve(token, request.ip);
      const refused = refusal(access, caller);
      if (refused) throw refused;
      request.backofficeCaller = caller;
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'systemError';
      ctx.log.warn({ url: request.url, ip: request.ip, code }, 'back-office access denied');
      // A signed-in caller refused a call is audited too (who tried what): its rights are the question.
      if (caller) {
        await ctx.audit
          .record(ctx.db, ctx.now(), caller.bo.actor, {
            action: 'access.denied',
            target: request.url,
            scopePath: caller.path,
            before: {},
            after: { code },
          })
          .catch((auditError: unknown) => ctx.log.error({ err: auditError }, 'audit of a denial failed'));
      }
      throw error;
    }
  };
  // Attached to the back-office routes only (those with a role), so no member call pays for the hook.
  app.addHook('onRoute', (route) => {
    const access = (route.config as { backoffice?: unknown } | undefined)?.backoffice;
    if (!access) return;
    const own = route.preHandler;
    route.preHandler = [check, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}

type CallLike = CallSpec | RecordedCall;
type BoReply<C extends CallLike> = C extends CallSpec ? ReplyOf<C> : Success<object>;

/**
 * A back-office call: registered like postCall (contract schema, envelope, rate limit, OpenAPI) and marked with
 * the access the back-office hook checks; the handler receives the resolved caller. A bare role admits the
 * account itself only (no staff sub-account).
 */
export function boCall<C extends CallLike>(
  app: FastifyInstance,
  ctx: AppContext,
  call: C,
  access: BackofficeRole | (BoAccess & { auditBefore?: AuditBefore<z.output<C['request']>> }),
  handler: (caller: BoCaller, body: z.output<C['request']>, request: FastifyRequest) => Promise<BoReply<C>>,
): void {
  const backoffice: BoAccess = typeof access === 'string' ? { role: access, staff: 'none' } : access;
  const readBefore = typeof access === 'string' ? undefined : access.auditBefore;
  registerCall(app, ctx, call, { backoffice }, async (body, request) => {
    const caller = request.backofficeCaller;
    // The hook always sets it on these routes; this guards against a route registered outside boCall.
    if (!caller) throw new AppError('unauthenticatedUser', { httpStatus: 401 });
    const input = body as z.output<C['request']>;
    // What the change is about to replace, read just before it (the desk's state as the operator saw it).
    const before = backoffice.audit !== undefined && readBefore ? await readBefore(input) : {};
    const reply = await handler(caller, input, request);
    if (backoffice.audit !== undefined) {
      await ctx.audit.record(ctx.db, ctx.now(), caller.bo.actor, {
        action: backoffice.audit,
        target: auditTarget(body, call.path),
        scopePath: caller.path,
        before,
        after: redacted(body),
      });
    }
    return reply;
  });
}

/** Reads the state an audited call is about to change, for the audit row's "before" ({} when there was none). */
export type AuditBefore<B> = (body: B) => Promise<object>;
