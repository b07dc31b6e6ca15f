import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { SimAdapter } from '../../src/modules/games/adapters/sim';
import { signBody, verifyBody } from '../../src/modules/games/signature';
import { login } from './fixtures';
import { call, type TestEnv } from './harness';

export const SIM_SECRET = 'test-secret-of-the-provider-sim';

/** The fake provider of a test file: started before its tests, closed after them. */
export function fakeProviderOfFile(games?: ListedGame[]) {
  let provider: Awaited<ReturnType<typeof startFakeProvider>> | undefined;
  beforeAll(async () => {
    provider = await startFakeProvider(games);
  });
  afterAll(async () => {
    await provider?.close();
  });
  return () => {
    if (!provider) throw new Error('the fake provider is not started');
    return provider;
  };
}

export interface ListedGame {
  game_code: string;
  name: string;
  studio: string;
  studio_name: string;
  product: string;
  category: string;
  thumbnail_url: string;
  tags: string[];
  platforms: string[];
  rtp: string;
  enabled: boolean;
}

export const game = (code: string, studio: string, product: string, extra: Partial<ListedGame> = {}) => ({
  game_code: code,
  name: code.replace(/_/g, ' '),
  studio,
  studio_name: studio.toUpperCase(),
  product,
  category: product === 'live_casino' ? 'Live Baccarat' : 'Video Slots',
  thumbnail_url: `http://127.0.0.1/thumb/${code}.svg`,
  tags: [],
  platforms: ['desktop', 'mobile'],
  rtp: '96.50',
  enabled: true,
  ...extra,
});

export const DEFAULT_GAMES: ListedGame[] = [
  game('rl_lucky_lanterns', 'rl', 'slots', { tags: ['hot'] }),
  game('rl_golden_koi', 'rl', 'slots', { tags: ['new'] }),
  game('jg_dragon_tiger', 'jg', 'others', { category: 'Dragon Tiger' }),
  game('gt_baccarat_1', 'gt', 'live_casino'),
  game('ok_ocean_king', 'ok', 'fishing', { category: 'Fishing' }),
];

/**
 * A small real Games API server (games-protocol.md: /game/list, /game/url, signed both ways), standing in for
 * the simulator that lives on its own branch. `games` is what /game/list answers; `seen` the calls received.
 */
export async function startFakeProvider(games: ListedGame[] = DEFAULT_GAMES) {
  const state = { games: [...games], seen: [] as { path: string; body: Record<string, unknown> }[] };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const signature = request.headers['x-signature'];
      if (!verifyBody(SIM_SECRET, raw, typeof signature === 'string' ? signature : undefined)) {
        response.writeHead(401).end();
        return;
      }
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      state.seen.push({ path: request.url ?? '', body });
      const { port } = server.address() as AddressInfo;
      const answer =
        request.url === '/game/list'
          ? { games: state.games }
          : {
              url: `http://127.0.0.1:${port}/play/${String(body.game_code)}${
                typeof body.token === 'string' ? `?t=${body.token}` : '?demo=1'
              }&lang=${String(body.lang)}`,
            };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    state,
    baseUrl,
    adapter: new SimAdapter({ baseUrl, secret: SIM_SECRET, operatorCode: 'demo' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Registers the `sim` wallet provider and its adapter in the running app and syncs the catalogue. */
export async function withProvider(env: TestEnv, provider: Awaited<ReturnType<typeof startFakeProvider>>) {
  const { catalogue } = env.services.games;
  await catalogue.registerProvider({ code: 'sim', name: 'Demo Gaming', secret: SIM_SECRET });
  catalogue.adapters.set('sim', provider.adapter);
  return catalogue.sync(provider.adapter);
}

/** A signed wallet call as the provider makes it; `secret` and `raw` let a test forge one. */
export async function wallet(
  env: TestEnv,
  path: string,
  body: Record<string, unknown>,
  options: { secret?: string; raw?: string; provider?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const response = await env.app.inject({
    method: 'POST',
    url: `/wallet/${path}`,
    headers: {
      'content-type': 'application/json',
      'x-provider-id': options.provider ?? 'sim',
      'x-signature': signBody(options.secret ?? SIM_SECRET, raw),
    },
    payload: raw,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    status: string;
    request_uuid: string;
    user?: string;
    currency?: string;
    balance?: number;
    token?: string;
  }>();
}

/** Launches a game for a member (real mode) and answers the launch token in its URL. */
export async function launchToken(
  env: TestEnv,
  member: { accountId: string; token: string },
  gameCode: string,
) {
  const path = gameCode.startsWith('gt_') ? '/api/LaunchGame' : '/api/launchslotgame';
  const reply = await call(env.app, path, {
    account_id: member.accountId,
    session_token: member.token,
    game_code: gameCode,
  });
  expect(reply.body.statusdesc, JSON.stringify(reply.body)).toBe('success');
  const token = new URL(reply.body.url as string).searchParams.get('t');
  if (!token) throw new Error('launch URL without a token');
  return token;
}

/** Logs a member in, launches the game and swaps the launch token: the wallet session token. */
export async function walletSession(env: TestEnv, accountId: string, gameCode = 'rl_lucky_lanterns') {
  const member = await login(env.app, accountId);
  const launch = await launchToken(env, member, gameCode);
  const checked = await wallet(env, 'check', { request_uuid: randomUUID(), token: launch });
  expect(checked.status).toBe('RS_OK');
  return { member, token: checked.token as string };
}

/** The member's available balance in the ledger (cents). */
export async function availableOf(env: TestEnv, accountId: string): Promise<bigint> {
  const row = await env.ctx.db
    .selectFrom('accounts')
    .select(['id', 'currency'])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return (await env.ctx.ledger.balances(env.ctx.db, String(row.id), row.currency ?? 'MYR')).available;
}

export async function booksOk(env: TestEnv) {
  const verified = await env.ctx.ledger.verify(env.ctx.db);
  expect(verified.ok, JSON.stringify(verified)).toBe(true);
}
