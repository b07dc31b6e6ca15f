import type { WebSocket } from 'ws';
import type { TestEnv } from './harness';

/** How long a test waits for a push before it fails with what it did receive. */
const WAIT_MS = 3_000;
/** How often the waiting test looks again. */
const POLL_MS = 10;

/**
 * A WebSocket client through Fastify's injector, collecting what the server pushes (parsed as `M`, the shape the
 * test reads). `waitFor` answers the first message a predicate accepts, whenever it came.
 */
export async function connectSocket<M>(env: TestEnv) {
  await env.app.ready();
  const socket: WebSocket = await env.app.injectWS('/ws');
  const received: M[] = [];
  let closed = false;
  socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as M));
  socket.on('close', () => (closed = true));
  const send = (payload: object) => socket.send(JSON.stringify(payload));
  const waitFor = async (predicate: (m: M) => boolean, timeoutMs = WAIT_MS): Promise<M> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such message; got ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
  return { socket, received, send, waitFor, isClosed: () => closed };
}
