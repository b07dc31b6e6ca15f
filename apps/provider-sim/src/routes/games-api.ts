import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseJsonObject, type Sim } from '../app';
import { thumbnailSvg } from '../art';
import { CATALOGUE, findGame, STUDIOS } from '../catalog';
import { toLang } from '../i18n';
import { toPercent } from '../rational';
import { verifySignature } from '../signature';

/**
 * The Games API the platform calls (games-protocol.md): signed with the shared secret over the raw body,
 * carrying X-Operator-Id. Errors answer HTTP 200 with an RS_* status and no payload, like the wallet.
 */
function signedBody(sim: Sim, request: FastifyRequest, reply: FastifyReply): Record<string, unknown> | null {
  const signature = request.headers['x-signature'];
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  if (!verifySignature(sim.config.secret, raw, typeof signature === 'string' ? signature : undefined)) {
    void reply.send({ status: 'RS_ERROR_INVALID_SIGNATURE' });
    return null;
  }
  if (typeof request.headers['x-operator-id'] !== 'string') {
    void reply.send({ status: 'RS_ERROR_WRONG_SYNTAX' });
    return null;
  }
  const body = parseJsonObject(request.body);
  if (!body) void reply.send({ status: 'RS_ERROR_WRONG_SYNTAX' });
  return body;
}

export function registerGamesApi(app: FastifyInstance, sim: Sim): void {
  const { publicUrl } = sim.config;

  app.post('/game/list', async (request, reply) => {
    if (!signedBody(sim, request, reply)) return reply;
    return {
      status: 'RS_OK',
      games: CATALOGUE.map((game) => ({
        game_code: game.code,
        name: game.name,
        studio: game.studio,
        studio_name: STUDIOS[game.studio],
        product: game.product,
        category: game.category,
        thumbnail_url: `${publicUrl}/thumb/${game.code}.svg`,
        tags: game.tags,
        platforms: ['desktop', 'mobile'],
        rtp: toPercent(game.rtp),
        enabled: true,
      })),
    };
  });

  app.post('/game/url', async (request, reply) => {
    const body = signedBody(sim, request, reply);
    if (!body) return reply;
    const game = typeof body.game_code === 'string' ? findGame(body.game_code) : undefined;
    if (!game) return { status: 'RS_ERROR_INVALID_GAME' };
    const demo = body.mode === 'demo' || body.currency === 'FUN';
    const token = typeof body.token === 'string' && body.token.length > 0 ? body.token : null;
    if (!demo && !token) return { status: 'RS_ERROR_INVALID_TOKEN' };
    const url = new URL(`/play/${game.code}`, publicUrl);
    if (!demo && token) url.searchParams.set('t', token);
    url.searchParams.set('lang', toLang(body.lang));
    return { status: 'RS_OK', url: url.toString() };
  });

  app.get<{ Params: { file: string } }>('/thumb/:file', async (request, reply) => {
    const game = findGame(request.params.file.replace(/\.svg$/, ''));
    if (!game || !request.params.file.endsWith('.svg')) return reply.code(404).send({ error: 'not_found' });
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('access-control-allow-origin', '*')
      .send(thumbnailSvg(game));
  });
}
