import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The wallet bench's HTTP floor (http-floor.ts), run in its own process: a bare node:http server doing a wallet
 * call's protocol work and nothing else. It reads the body, checks its signature (HMAC-SHA256 over the raw
 * bytes), parses it, and answers a signed RS_OK reply of a wallet reply's size. No framework, no database: what
 * one call costs on this machine before the platform does anything of its own.
 */
const secret = process.env.HTTP_FLOOR_SECRET ?? '';
/** Largest body read (a wallet call is a few hundred bytes). */
const MAX_BODY_BYTES = 64 * 1024;
const sign = (raw: string | Buffer) => createHmac('sha256', secret).update(raw).digest();

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  request.on('end', () => {
    const raw = Buffer.concat(chunks);
    const given = Buffer.from(String(request.headers['x-signature'] ?? ''), 'base64');
    const expected = sign(raw);
    const signed = given.length === expected.length && timingSafeEqual(given, expected);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      response.writeHead(400, { 'content-length': 0 }).end();
      return;
    }
    const reply = JSON.stringify({
      user: body.user,
      status: signed ? 'RS_OK' : 'RS_ERROR_INVALID_SIGNATURE',
      request_uuid: body.request_uuid,
      currency: 'MYR',
      balance: 100_000_000,
    });
    response
      .writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(reply),
        'x-signature': sign(reply).toString('base64'),
      })
      .end(reply);
  });
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
