import { GAME_PRODUCTS } from '@sb/contract';
import { z } from 'zod';
import { signBody } from '../signature';
import type { GameProviderAdapter, LaunchRequest, ProviderGame } from './adapter';

/** Longest wait for the provider's Games API: a launch is a member waiting. */
const REQUEST_TIMEOUT_MS = 5_000;
/** Most games one list may carry (a bound on what one sync writes). */
const MAX_GAMES = 5_000;

const listReply = z.object({
  games: z
    .array(
      z.looseObject({
        game_code: z.string().min(1).max(80),
        name: z.string().min(1).max(120),
        studio: z.string().min(1).max(40),
        studio_name: z.string().min(1).max(80),
        product: z.enum(GAME_PRODUCTS),
        category: z.string().min(1).max(60),
        thumbnail_url: z.string().max(500),
        tags: z.array(z.string()).default([]),
        platforms: z.array(z.string()).default(['desktop', 'mobile']),
        rtp: z.string().max(10).nullish(),
        enabled: z.boolean().default(true),
      }),
    )
    .max(MAX_GAMES),
});
const urlReply = z.looseObject({ url: z.string().url() });

/**
 * The provider simulator "Demo Gaming" (wallet provider `sim`), spoken to over HTTP as any aggregator's Games
 * API (games-protocol.md): POST JSON, signed with X-Signature = base64 HMAC-SHA256 of the raw body, our
 * operator code in X-Operator-Id.
 */
export class SimAdapter implements GameProviderAdapter {
  readonly code = 'sim';
  readonly name = 'Demo Gaming';

  constructor(
    private readonly options: { baseUrl: string; secret: string; operatorCode: string },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async listGames(): Promise<ProviderGame[]> {
    const reply = listReply.parse(await this.post('/game/list', {}));
    return reply.games.map((game) => ({
      gameCode: game.game_code,
      name: game.name,
      studio: game.studio,
      studioName: game.studio_name,
      product: game.product,
      category: game.category,
      thumbnailUrl: game.thumbnail_url,
      hot: game.tags.includes('hot'),
      isNew: game.tags.includes('new'),
      platforms: game.platforms,
      rtp: game.rtp ?? null,
      enabled: game.enabled,
    }));
  }

  async launchUrl(request: LaunchRequest): Promise<string> {
    const body = {
      user: request.user,
      ...(request.token === undefined ? {} : { token: request.token }),
      currency: request.currency,
      lang: request.lang,
      game_code: request.gameCode,
      platform: request.platform,
      lobby_url: request.lobbyUrl,
      mode: request.mode,
    };
    return urlReply.parse(await this.post('/game/url', body)).url;
  }

  private async post(path: string, payload: object): Promise<unknown> {
    const raw = JSON.stringify(payload);
    const response = await this.fetchImpl(`${this.options.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': signBody(this.options.secret, raw),
        'x-operator-id': this.options.operatorCode,
      },
      body: raw,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`provider ${this.code} ${path} answered HTTP ${response.status}`);
    return response.json();
  }
}
