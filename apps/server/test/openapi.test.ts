import { CALLS } from '@sb/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from './support/harness';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
}

describeEachDatabase(
  'OpenAPI document',
  (env) => {
    it('documents every route the server registers, and every call of the contract is served', async () => {
      const reply = await env().app.inject({ method: 'GET', url: '/openapi.json' });
      expect(reply.statusCode).toBe(200);
      const document = reply.json<OpenApiDocument>();
      expect(document.openapi).toBe('3.1.0');
      const routes = env().routes;
      expect(routes.length).toBeGreaterThan(90);
      for (const route of routes) {
        expect(
          document.paths[route.url]?.[route.method.toLowerCase()],
          `${route.method} ${route.url}`,
        ).toBeDefined();
      }
      const served = new Set(routes.map((route) => `${route.method} ${route.url}`));
      for (const [name, call] of Object.entries(CALLS)) {
        expect(served.has(`POST ${call.path}`), `${name}: ${call.path} in the contract but not served`).toBe(
          true,
        );
      }
    });

    it('describes requests and replies from the contract (betcheck, results, messages, games)', async () => {
      const document = (
        await env().app.inject({ method: 'GET', url: '/openapi.json' })
      ).json<OpenApiDocument>();
      const betcheck = document.paths['/api/bet/betcheck']?.post;
      expect(JSON.stringify(betcheck?.requestBody)).toContain('market_id');
      const replies = JSON.stringify(betcheck?.responses);
      expect(replies).toContain('max_per_match_left');
      expect(JSON.stringify(document.paths['/api/matchresult']?.post?.responses)).toContain('league_name');
      expect(JSON.stringify(document.paths['/api/personallist']?.post?.responses)).toContain('"read"');
      expect(JSON.stringify(document.paths['/api/GameList']?.post?.responses)).toContain('provider_name');
      expect(JSON.stringify(document.paths['/api/launchslotgame']?.post?.requestBody)).toContain('game_code');
      expect(JSON.stringify(document.paths['/api/livecasino']?.post?.responses)).toContain('total_rows');
    });

    it('serves a readable page of the document, with nothing fetched from elsewhere', async () => {
      const reply = await env().app.inject({ method: 'GET', url: '/docs' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toContain('text/html');
      expect(reply.body).toContain('/api/bet/betcheck');
      expect(reply.body).toContain('/bo/winloss');
      expect(reply.body).not.toMatch(/<script|<link|src=|href="https?:/);
    });
  },
  { only: ['pglite'] },
);
