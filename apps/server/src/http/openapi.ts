import { CALL_BY_PATH, type CallSpec } from '@sb/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RegisteredRoute } from './registry';

type JsonSchema = Record<string, unknown>;

/** The envelope every reply carries (spec section 7). */
const OK_ENVELOPE: JsonSchema = {
  type: 'object',
  required: ['status', 'statusdesc'],
  properties: { status: { const: '1' }, statusdesc: { enum: ['success', 'no_changes'] } },
};
const ERROR_REPLY: JsonSchema = {
  type: 'object',
  required: ['status', 'statusdesc', 'message'],
  properties: {
    status: { const: '0' },
    statusdesc: { type: 'string', description: 'The error code (packages/contract/src/errors.ts).' },
    message: { type: 'string' },
    field: { type: 'string', description: 'Which field failed validation, when one did.' },
    code: { type: 'integer', description: "The books' numeric code for some betting errors." },
  },
};

const SURFACE_TAGS: Record<string, string> = {
  member: 'Member app (/api)',
  cache: 'Market cache (/cache)',
  bo: 'Back office (/bo)',
  wallet: 'Wallet (/wallet)',
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms and defaults have no JSON Schema of their own: describe what goes over the wire.
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

function surfaceOf(path: string): string {
  if (path.startsWith('/bo/')) return 'bo';
  if (path.startsWith('/cache/')) return 'cache';
  if (path.startsWith('/wallet/')) return 'wallet';
  return 'member';
}

/**
 * The OpenAPI 3.1 document of every route the app registered: a call of the contract's table with its request
 * and reply; a call registered by path with its request (reply not described yet); any other route bare. Built
 * from the routes themselves, so none can be missing.
 */
export function openApiDocument(
  routes: readonly RegisteredRoute[],
  info: { title: string; version: string },
) {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const spec: CallSpec | undefined = CALL_BY_PATH.get(route.url);
    const request = spec?.request ?? route.call?.request;
    const method = route.method.toLowerCase();
    const tag = SURFACE_TAGS[spec?.surface ?? surfaceOf(route.url)] ?? 'Other';
    const reply = spec
      ? { allOf: [OK_ENVELOPE, jsonSchema(spec.reply, 'output')] }
      : { ...OK_ENVELOPE, additionalProperties: true, description: 'Reply fields not described yet.' };
    const operation: Record<string, unknown> = {
      operationId: `${method}${route.url.replace(/[^a-zA-Z0-9]+/g, '_')}`,
      tags: [tag],
      summary: spec?.summary ?? route.url,
      responses: {
        '200': {
          description: 'The envelope: status "1" with the reply fields, or status "0" with an error code.',
          content: { 'application/json': { schema: { oneOf: [reply, ERROR_REPLY] } } },
        },
      },
    };
    if (request) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(request, 'input') } },
      };
    }
    paths[route.url] = { ...paths[route.url], [method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'Every call is a POST of a JSON body answering the envelope {status, statusdesc, ...}. Member calls carry ' +
        'account_id and session_token; back-office calls a bearer token from /bo/login.',
    },
    paths,
  };
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A readable page of the document: plain HTML, no scripts, nothing fetched from elsewhere. */
export function openApiPage(document: ReturnType<typeof openApiDocument>): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations) as [string, Record<string, unknown>][]) {
      const tag = (operation.tags as string[] | undefined)?.[0] ?? 'Other';
      const body = operation.requestBody as
        { content: { 'application/json': { schema: unknown } } } | undefined;
      const responses = operation.responses as Record<
        string,
        { content: Record<string, { schema: unknown }> }
      >;
      const section = [
        `<section id="${escape(operation.operationId as string)}"><h3><code>${method.toUpperCase()} ${escape(path)}</code></h3>`,
        body
          ? `<details><summary>Request</summary><pre>${escape(JSON.stringify(body.content['application/json'].schema, null, 2))}</pre></details>`
          : '',
        `<details><summary>Reply</summary><pre>${escape(JSON.stringify(responses['200']?.content['application/json']?.schema, null, 2))}</pre></details></section>`,
      ].join('');
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const sections = [...byTag].map(([tag, items]) => `<h2>${escape(tag)}</h2>${items.join('')}`).join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(document.info.title)} API</title>` +
    '<style>body{font:14px/1.5 system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em}' +
    'pre{background:#f4f4f4;padding:.5em;overflow:auto}h3{margin:.2em 0}section{border-top:1px solid #ddd;padding:.4em 0}</style>' +
    `</head><body><h1>${escape(document.info.title)} API ${escape(document.info.version)}</h1>` +
    `<p>${escape(document.info.description)} The machine-readable document: <a href="/openapi.json">/openapi.json</a>.</p>` +
    `${sections}</body></html>`
  );
}

/** Serves /openapi.json and /docs, built once on first request (every route is registered by then). */
export function openApiRoutes(
  app: FastifyInstance,
  routes: readonly RegisteredRoute[],
  info: { title: string; version: string },
): void {
  let document: ReturnType<typeof openApiDocument> | undefined;
  let page: string | undefined;
  const built = () => (document ??= openApiDocument(routes, info));
  app.get('/openapi.json', async (_request, reply) => reply.type('application/json').send(built()));
  app.get('/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send((page ??= openApiPage(built()))),
  );
}
