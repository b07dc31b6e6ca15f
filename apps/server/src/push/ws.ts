import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { safeString } from '@sb/contract';
import { z } from 'zod';
import type { AppContext } from '../context';
import { hostBrand } from '../http/brand';
import { AppError } from '../lib/app-error';
import { hashSessionToken, tokenBrand } from '../lib/security';
import type { AccountService } from '../modules/account/service';
import type { BoAccessService } from '../modules/boaccess/service';
import { catalogRepository } from '../modules/catalog/repository';
import type { MarketSnapshot } from '../modules/catalog/snapshot';
import { isTopic, type PushHub, type PushSocket, type Topic } from './hub';
import { DESK_ACCESS, refusal } from '../http/backoffice';

const AUTH_TIMEOUT_MS = 10_000;
const MAX_MESSAGE_BYTES = 16_384;
const MAX_BAD_MESSAGES = 5;
/** A reconnect that missed more than this many events of a match resynchronises from a snapshot instead. */
const MAX_REPLAY_EVENTS = 200;
/** Messages of one socket waiting to be handled: a client sending faster than it is served is dropped. */
const MAX_QUEUED_MESSAGES = 32;

const clientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('auth'),
    account_id: safeString().min(1).max(30),
    session_token: safeString().min(1).max(200),
  }),
  z.object({
    op: z.literal('sub'),
    topics: z.array(z.string()).max(500),
    /** Last sequence number held per match id: the server replays what was missed, or asks for a resync. */
    since: z.record(z.string().regex(/^\d{1,12}$/), z.number().int().min(0)).optional(),
  }),
  /** An operator's trading desk: signs in with its back-office bearer token (never a member's session). */
  z.object({ op: z.literal('bo_auth'), token: safeString().min(1).max(200) }),
  z.object({ op: z.literal('unsub'), topics: z.array(z.string()).max(500) }),
  z.object({ op: z.literal('ping'), t: z.number().optional() }),
]);

/**
 * The hub's view of a ws socket. A push is a frame made once for thousands of sockets, so it is written to
 * the connection as is, skipping ws's per-socket framing; ws writes its own frames synchronously to the same
 * connection (no compression is negotiated), so the two never interleave within a frame.
 */
function pushSocket(socket: WebSocket): PushSocket {
  const connection = (socket as unknown as { _socket: Duplex })._socket;
  return {
    push: (messages) => {
      if (socket.readyState !== socket.OPEN) return;
      const [only] = messages;
      if (messages.length === 1 && only) {
        connection.write(only.frame);
        return;
      }
      connection.cork();
      for (const message of messages) connection.write(message.frame);
      connection.uncork();
    },
    close: (code, reason) => socket.close(code, reason),
    terminate: () => socket.terminate(),
    get bufferedAmount() {
      return socket.bufferedAmount;
    },
  };
}

/**
 * The one WebSocket endpoint, /ws. A browser authenticates with its session token, subscribes to what it
 * shows (sport:<id>, match:<id>, all) and receives catalogue changes carrying the match sequence number;
 * its own member topic carries balance and bet pushes.
 */
export async function pushRoutes(app: FastifyInstance, ctx: AppContext, deps: PushDeps): Promise<void> {
  // The plugin in a context of its own: its onRequest and onResponse hooks then run for /ws alone, not for
  // every API call (a measurable share of a small cached answer such as uxmarket's). Its upgrades come only
  // from /ws: an upgrade of any other path is refused at once here (out of the plugin's scope, its hook would
  // no longer close such a socket after the answer).
  const socketUpgrades = createServer(); // never listens: /ws upgrades are handed to it
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isSocketPath(request.url)) {
      socketUpgrades.emit('upgrade', request, socket, head);
      return;
    }
    // Node drops its own error listener before 'upgrade': a client resetting now must not be an unhandled error.
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  await app.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: MAX_MESSAGE_BYTES, server: socketUpgrades },
    });
    socketRoute(scope, ctx, deps);
    // Tests open sockets through the app (injectWS), which the plugin decorated its own scope with.
    app.decorate('injectWS', scope.injectWS);
  });
}

/** What the socket endpoint reads: the hub, the catalogue, members' and back-office sessions. */
type PushDeps = {
  hub: PushHub;
  snapshot: MarketSnapshot;
  accounts: AccountService;
  boAccess: BoAccessService;
};

const isSocketPath = (url: string | undefined) => url === '/ws' || url?.startsWith('/ws?') === true;

function socketRoute(app: FastifyInstance, ctx: AppContext, deps: PushDeps): void {
  const limits = ctx.config.ws;
  app.get('/ws', { websocket: true }, (socket, request) => {
    // The brand of the host the socket was opened on: a session of another brand is refused like a bad one.
    const brand = hostBrand(request);
    const pushed = pushSocket(socket);
    let authed = false;
    let bad = 0;
    let queued = 0;
    /** Subscriptions in the current second (bounded: replays cost database reads and bytes). */
    let subsWindow = { startedAt: 0, count: 0 };
    let gone = false;
    let recheck: ReturnType<typeof setInterval> | undefined;
    /**
     * Answers go through the same bound as pushes: a client that stops reading is dropped before what waits
     * for it grows past maxBufferedBytes. False once the socket is gone, so a replay stops.
     */
    const send = (payload: object): boolean => {
      if (gone || socket.readyState !== socket.OPEN) return false;
      if (deps.hub.tooSlow(pushed)) {
        gone = true;
        deps.hub.drop(pushed);
        return false;
      }
      socket.send(JSON.stringify(payload));
      return true;
    };
    const timer = setTimeout(() => {
      if (!authed) socket.close(4001, 'auth timeout');
    }, AUTH_TIMEOUT_MS);
    socket.on('close', () => {
      gone = true;
      clearTimeout(timer);
      clearInterval(recheck);
      deps.hub.remove(pushed);
    });
    // Messages are handled one at a time, in order: a 'sub' right behind an 'auth' waits for it.
    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (raw: Buffer) => {
      if (gone) return;
      if (queued >= MAX_QUEUED_MESSAGES) {
        gone = true;
        deps.hub.drop(pushed);
        return;
      }
      queued += 1;
      queue = queue
        .then(() => (gone ? undefined : handle(raw)))
        .catch((error: unknown) => {
          ctx.log.error({ err: error }, 'websocket message failed');
          send({ op: 'err', code: 'systemError' });
        })
        .finally(() => {
          queued -= 1;
        });
    });

    const refuse = (code: string) => {
      send({ op: 'err', code });
      bad += 1;
      if (bad >= MAX_BAD_MESSAGES) socket.close(4002, 'too many bad messages');
    };

    async function handle(raw: Buffer): Promise<void> {
      let parsed: z.infer<typeof clientMessage>;
      try {
        const result = clientMessage.safeParse(JSON.parse(raw.toString('utf8')));
        if (!result.success) return refuse('invalid_request');
        parsed = result.data;
      } catch {
        return refuse('invalid_request');
      }
      if (parsed.op === 'ping') {
        send({ op: 'pong', t: parsed.t ?? Date.now() });
        return;
      }
      if (parsed.op === 'auth') {
        try {
          const issuedOn = tokenBrand(parsed.session_token);
          if (issuedOn !== null && brand !== undefined && issuedOn !== brand.id) {
            throw new AppError('session_not_exists');
          }
          const session = await deps.accounts.requireSession(parsed);
          authed = true;
          clearTimeout(timer);
          deps.hub.add(pushed);
          deps.hub.joinMember(pushed, session.account.account_id, hashSessionToken(session.token));
          send({ op: 'ready', version: deps.snapshot.version });
          return;
        } catch (error) {
          const code = error instanceof AppError ? error.code : 'systemError';
          send({ op: 'err', code });
          socket.close(4003, code);
          return;
        }
      }
      if (parsed.op === 'bo_auth') {
        if (authed) return refuse('invalid_request');
        return operatorAuth(parsed.token);
      }
      if (!authed) return refuse('invalidSession');
      const topics = parsed.topics.filter(isTopic) as Topic[];
      if (topics.length !== parsed.topics.length) return refuse('invalid_request');
      if (parsed.op === 'unsub') {
        deps.hub.unsubscribe(pushed, topics);
        send({ op: 'unsubbed', topics });
        return;
      }
      const since = Object.entries(parsed.since ?? {});
      const now = Date.now();
      if (now - subsWindow.startedAt >= 1000) subsWindow = { startedAt: now, count: 0 };
      subsWindow.count += 1;
      if (subsWindow.count > limits.subsPerSecond || since.length > limits.maxReplayMatches) {
        return refuse('requestLimit');
      }
      if (!deps.hub.subscribe(pushed, topics)) return refuse('requestLimit');
      if (!send({ op: 'subbed', topics })) return;
      for (const [id, seq] of since) if (!(await resume(Number(id), seq))) return;
    }

    /**
     * An operator's desk: the back-office token is resolved as the back-office hook resolves it (same brand
     * rule), the caller must be the operator or its trading staff, and its socket joins its brand's risk pushes; the token is
     * checked again every ws.boRecheckMs (config), and the socket closed once it no longer holds.
     */
    async function operatorAuth(token: string): Promise<void> {
      try {
        const issuedOn = tokenBrand(token);
        if (issuedOn !== null && brand !== undefined && issuedOn !== brand.id) {
          throw new AppError('unauthenticatedUser');
        }
        const caller = await deps.boAccess.requireCaller(token, request.ip);
        // As the forecast call: the operator, or its staff with the trading right; never an enrolling session.
        const refused = refusal(DESK_ACCESS, caller);
        if (refused) throw refused;
        // Closed while the token was being checked: nothing to join, no timer to leave behind.
        if (gone) return;
        authed = true;
        clearTimeout(timer);
        deps.hub.add(pushed);
        deps.hub.joinRisk(pushed, caller.brand_id);
        recheck = setInterval(() => {
          deps.boAccess.requireCaller(token, request.ip).catch((error: unknown) => {
            deps.hub.remove(pushed);
            socket.close(4003, error instanceof AppError ? error.code : 'systemError');
          });
        }, limits.boRecheckMs);
        send({ op: 'ready', version: deps.snapshot.version });
      } catch (error) {
        const code = error instanceof AppError ? error.code : 'systemError';
        send({ op: 'err', code });
        socket.close(4003, code);
      }
    }

    /**
     * Replays what a reconnecting client missed of one match, in order, or tells it to resync. False when the
     * socket went (or was dropped as too slow) meanwhile: the caller stops replaying.
     */
    async function resume(matchId: number, heldSeq: number): Promise<boolean> {
      const match = deps.snapshot.matches.get(matchId);
      if (!match) return send({ op: 'gone', id: matchId });
      if (match.seq <= heldSeq) return !gone;
      if (match.seq - heldSeq > MAX_REPLAY_EVENTS) return send({ op: 'resync', id: matchId, seq: match.seq });
      const batches = await catalogRepository.eventsSince(ctx.db, matchId, heldSeq, MAX_REPLAY_EVENTS);
      for (const batch of batches) {
        for (const change of Array.isArray(batch) ? batch : [batch]) {
          if (!send({ op: 'chg', c: change, replay: true })) return false;
        }
      }
      return !gone;
    }
  });
}
