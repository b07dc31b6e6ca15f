import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import type { AccountService } from '../modules/account/service';
import { catalogRepository } from '../modules/catalog/repository';
import type { MarketSnapshot } from '../modules/catalog/snapshot';
import { isTopic, type PushHub, type PushSocket, type Topic } from './hub';

const AUTH_TIMEOUT_MS = 10_000;
const MAX_MESSAGE_BYTES = 16_384;
const MAX_BAD_MESSAGES = 5;
/** A reconnect that missed more than this many events of a match resynchronises from a snapshot instead. */
const MAX_REPLAY_EVENTS = 200;

const clientMessage = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('auth'),
    account_id: z.string().min(1).max(30),
    session_token: z.string().min(1).max(200),
  }),
  z.object({
    op: z.literal('sub'),
    topics: z.array(z.string()).max(500),
    /** Last sequence number held per match id: the server replays what was missed, or asks for a resync. */
    since: z.record(z.string().regex(/^\d{1,12}$/), z.number().int().min(0)).optional(),
  }),
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
export async function pushRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { hub: PushHub; snapshot: MarketSnapshot; accounts: AccountService },
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.get('/ws', { websocket: true }, (socket) => {
    const pushed = pushSocket(socket);
    let authed = false;
    let bad = 0;
    const send = (payload: object) => socket.send(JSON.stringify(payload));
    const timer = setTimeout(() => {
      if (!authed) socket.close(4001, 'auth timeout');
    }, AUTH_TIMEOUT_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      deps.hub.remove(pushed);
    });
    // Messages are handled one at a time, in order: a 'sub' right behind an 'auth' waits for it.
    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (raw: Buffer) => {
      queue = queue
        .then(() => handle(raw))
        .catch((error: unknown) => {
          ctx.log.error({ err: error }, 'websocket message failed');
          send({ op: 'err', code: 'systemError' });
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
      if (parsed.op === 'ping') return send({ op: 'pong', t: parsed.t ?? Date.now() });
      if (parsed.op === 'auth') {
        try {
          const session = await deps.accounts.requireSession(parsed);
          authed = true;
          clearTimeout(timer);
          deps.hub.add(pushed);
          deps.hub.joinMember(pushed, session.account.account_id);
          return send({ op: 'ready', version: deps.snapshot.version });
        } catch (error) {
          const code = error instanceof AppError ? error.code : 'systemError';
          send({ op: 'err', code });
          socket.close(4003, code);
          return;
        }
      }
      if (!authed) return refuse('invalidSession');
      const topics = parsed.topics.filter(isTopic) as Topic[];
      if (topics.length !== parsed.topics.length) return refuse('invalid_request');
      if (parsed.op === 'unsub') {
        deps.hub.unsubscribe(pushed, topics);
        return send({ op: 'unsubbed', topics });
      }
      if (!deps.hub.subscribe(pushed, topics)) return refuse('requestLimit');
      send({ op: 'subbed', topics });
      for (const [id, seq] of Object.entries(parsed.since ?? {})) await resume(Number(id), seq);
    }

    /** Replays what a reconnecting client missed of one match, in order, or tells it to resync. */
    async function resume(matchId: number, heldSeq: number): Promise<void> {
      const match = deps.snapshot.matches.get(matchId);
      if (!match) return send({ op: 'gone', id: matchId });
      if (match.seq <= heldSeq) return;
      if (match.seq - heldSeq > MAX_REPLAY_EVENTS) return send({ op: 'resync', id: matchId, seq: match.seq });
      const batches = await catalogRepository.eventsSince(ctx.db, matchId, heldSeq, MAX_REPLAY_EVENTS);
      for (const batch of batches) {
        for (const change of Array.isArray(batch) ? batch : [batch])
          send({ op: 'chg', c: change, replay: true });
      }
    }
  });
}
