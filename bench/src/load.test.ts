import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { runOpenLoad } from './load';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server answering every POST with the request's index (`n` of its body) as status 1; counts what it got. */
async function countingServer(): Promise<{ url: string; received: () => number[] }> {
  const received: number[] = [];
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { n } = JSON.parse(Buffer.concat(chunks).toString()) as { n: number };
      received.push(n);
      const body = JSON.stringify({ status: '1', n });
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/call`, received: () => received };
}

it('runs the warm-up and the window as one load: only the window counted, onWindow once at its start', async () => {
  const { url, received } = await countingServer();
  const windows: number[] = [];
  const seen: number[] = [];
  let made = 0;
  const result = await runOpenLoad(
    'test.load',
    {
      rate: 500,
      seconds: 0.4,
      warmupSeconds: 0.2,
      maxOutstanding: 64,
      isOk: (reply) => {
        seen.push(Number(reply.n));
        return reply.status === '1';
      },
      // The requests made so far: exactly the warm-up's.
      onWindow: () => windows.push(made),
    },
    (n) => {
      made = n + 1;
      return { url, body: { n } };
    },
  );
  // 0.2 s of warm-up then 0.4 s counted, at 500 a second: 100 requests, then 200.
  expect(received()).toHaveLength(300);
  expect(new Set(received()).size).toBe(300);
  expect(windows).toEqual([100]);
  expect(result.requests).toBe(200);
  expect(result.ok).toBe(200);
  expect(result.failed).toBe(0);
  // Every reply is shown to isOk, the warm-up's too (a bench keeps what they said).
  expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => i));
});

it('without a warm-up counts every request and starts the window at once', async () => {
  const { url, received } = await countingServer();
  const windows: number[] = [];
  let made = 0;
  const result = await runOpenLoad(
    'test.load',
    { rate: 500, seconds: 0.2, maxOutstanding: 64, onWindow: () => windows.push(made) },
    (n) => {
      made = n + 1;
      return { url, body: { n } };
    },
  );
  expect(windows).toEqual([0]);
  expect(result.requests).toBe(100);
  expect(received()).toHaveLength(100);
});
