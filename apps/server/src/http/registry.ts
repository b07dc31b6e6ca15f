import type { BoAccess } from './backoffice';
import type { CallSpec } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** A call as registered: the contract's entry, or (older registrations) its path and request schema only. */
export type RecordedCall = CallSpec | { path: string; request: z.ZodType };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by postCall: what the OpenAPI document says of the route. */
    call?: RecordedCall;
  }
}

/** A route the app serves, with its call when postCall registered it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  call: RecordedCall | undefined;
  /** The back-office role its hook checks (routes registered with boCall). */
  backoffice: BoAccess['role'] | undefined;
  /** What a staff sub-account needs for it (boCall routes): a flag, 'any' or 'none'. */
  staff: BoAccess['staff'] | undefined;
  /** Answers a session that has not enrolled its second factor yet. */
  duringEnrolment: boolean;
}

/** Bound per app: a registration loop gone wrong fails loudly instead of growing without end. */
const MAX_ROUTES = 2_000;

/**
 * Every route the app registers from now on (in any plugin, by postCall or by hand), in order: what the OpenAPI
 * document is built from, so no route can be missing from it. Call before any route is registered.
 */
export function collectRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (routes.length >= MAX_ROUTES) throw new Error(`more than ${MAX_ROUTES} routes`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds HEAD beside every GET by itself: not a call of ours.
      if (method === 'HEAD') continue;
      const access = route.config?.backoffice;
      routes.push({
        method,
        url: route.url,
        call: route.config?.call,
        backoffice: access?.role,
        staff: access?.staff,
        duringEnrolment: access?.duringEnrolment === true,
      });
    }
  });
  return routes;
}
