import {
  CALLS,
  walletBalanceRequest,
  walletBetRequest,
  walletCheckRequest,
  walletRollbackRequest,
  walletWinRequest,
  type GameProduct,
  type WalletReply,
} from '@sb/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { postCall } from '../../http/route';
import type { GamesService } from './service';
import { verifyBody } from './signature';

const LIVE: readonly GameProduct[] = ['live_casino'];
const NOT_LIVE: readonly GameProduct[] = ['slots', 'fishing', 'others', 'poker'];
const ANY: readonly GameProduct[] = [...LIVE, ...NOT_LIVE];

/**
 * Member calls of provider games (spec envelope) and the seamless wallet the providers call (their own
 * protocol: HTTP 200 with an RS_* status, signed requests verified over the raw body).
 */
export async function gamesRoutes(app: FastifyInstance, ctx: AppContext, games: GamesService): Promise<void> {
  postCall(app, ctx, CALLS.GameList, (body) => games.gameList(body));
  const lobbyOf = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return typeof origin === 'string' && /^https?:\/\/[\w.:-]{1,200}$/.test(origin) ? `${origin}/` : '';
  };
  postCall(app, ctx, CALLS.LaunchGame, (body, request) => games.launch(body, LIVE, lobbyOf(request)));
  postCall(app, ctx, CALLS.launchslotgame, (body, request) => games.launch(body, NOT_LIVE, lobbyOf(request)));
  postCall(app, ctx, CALLS.launchgp, (body, request) => games.launch(body, ANY, lobbyOf(request)));
  postCall(app, ctx, CALLS.slots, (body) =>
    games.report(body, [body.product && body.product !== 'live_casino' ? body.product : 'slots']),
  );
  postCall(app, ctx, CALLS.livecasino, (body) => games.report(body, LIVE));

  await app.register(async (wallet) => {
    // The signature covers the bytes sent: keep them, parse JSON ourselves (never re-serialise to verify).
    wallet.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    const walletCall = <S extends z.ZodType>(
      path: string,
      schema: S,
      handle: (provider: string, body: z.output<S>) => Promise<WalletReply>,
    ) =>
      wallet.post(path, async (request, reply) => {
        const answer = await walletAnswer(ctx, games, request, schema, handle);
        return reply.status(200).send(answer);
      });
    walletCall('/wallet/check', walletCheckRequest, (provider, body) => games.wallet.check(provider, body));
    walletCall('/wallet/balance', walletBalanceRequest, (provider, body) =>
      games.wallet.balance(provider, body),
    );
    walletCall('/wallet/bet', walletBetRequest, (provider, body) => games.wallet.bet(provider, body));
    walletCall('/wallet/win', walletWinRequest, (provider, body) => games.wallet.win(provider, body));
    walletCall('/wallet/rollback', walletRollbackRequest, (provider, body) =>
      games.wallet.rollback(provider, body),
    );
  });
}

/**
 * Signature first (over the raw body, the provider's secret by X-Provider-Id), then JSON, then the body's
 * shape; any failure is the protocol's status, never an HTTP error. An unexpected failure answers
 * RS_ERROR_UNKNOWN: the provider rolls a bet back and retries a win or rollback, and nothing was written.
 */
async function walletAnswer<S extends z.ZodType>(
  ctx: AppContext,
  games: GamesService,
  request: FastifyRequest,
  schema: S,
  handle: (provider: string, body: z.output<S>) => Promise<WalletReply>,
): Promise<WalletReply> {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const providerHeader = request.headers['x-provider-id'];
  const provider = typeof providerHeader === 'string' ? providerHeader : '';
  const signature = request.headers['x-signature'];
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    json = undefined;
  }
  const requestUuid =
    typeof json === 'object' &&
    json !== null &&
    'request_uuid' in json &&
    typeof json.request_uuid === 'string'
      ? json.request_uuid
      : '';
  const secret = provider ? await games.catalogue.secretOf(provider) : undefined;
  if (!secret || !verifyBody(secret, raw, typeof signature === 'string' ? signature : undefined)) {
    ctx.log.warn(
      {
        security: 'wallet_signature',
        provider,
        ip: request.ip,
        path: request.url,
        request_uuid: requestUuid,
      },
      'wallet call refused: bad signature',
    );
    return { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: requestUuid };
  }
  if (json === undefined) return { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: requestUuid };
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const given = json as Record<string, unknown>;
    const missing = parsed.error.issues.some((issue) => {
      const field = issue.path[0];
      return typeof field === 'string' && given[field] === undefined;
    });
    return { status: missing ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_WRONG_TYPES', request_uuid: requestUuid };
  }
  try {
    return await handle(provider, parsed.data);
  } catch (error) {
    ctx.log.error(
      { err: error, provider, path: request.url, request_uuid: requestUuid },
      'wallet call failed',
    );
    return { status: 'RS_ERROR_UNKNOWN', request_uuid: requestUuid };
  }
}
