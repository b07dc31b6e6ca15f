import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { RawHttpPool } from './raw-http';

let server: Server | undefined;
let pool: RawHttpPool | undefined;

afterEach(async () => {
  pool?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** A JSON echo server closing idle keep-alive connections after `keepAliveMs`, answering in pieces. */
async function echoServer(keepAliveMs: number): Promise<URL> {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.stringify({ path: request.url, got: JSON.parse(Buffer.concat(chunks).toString()) });
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      // Head and body in separate writes: the client must wait for the whole body.
      response.write(body.slice(0, 3));
      setTimeout(() => response.end(body.slice(3)), 5);
    });
  });
  server.keepAliveTimeout = keepAliveMs;
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

it('answers each request with its own reply, more requests than connections waiting their turn', async () => {
  pool = new RawHttpPool(await echoServer(5_000), 4);
  const replies = await Promise.all(
    Array.from({ length: 25 }, (_, i) => pool?.post(`/n/${i}`, JSON.stringify({ i, text: 'ä€' }), {})),
  );
  expect(replies).toEqual(
    Array.from({ length: 25 }, (_, i) => ({ path: `/n/${i}`, got: { i, text: 'ä€' } })),
  );
});

it('a connection the server closed while it rested is never used again (its request would hang)', async () => {
  pool = new RawHttpPool(await echoServer(300), 8);
  const burst = () => Promise.all(Array.from({ length: 16 }, (_, i) => pool?.post('/b', `{"i":${i}}`, {})));
  expect(await burst()).toHaveLength(16);
  // Past the server's keep-alive time every resting connection is closed on the server's side.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('hung'), 3_000));
  expect(await Promise.race([burst().then((replies) => replies.length), timeout])).toBe(16);
});
