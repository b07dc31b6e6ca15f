import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import { brandedPage, hostBrand } from './http/brand';
import { errorEnvelope, handleError } from './http/reply';
import { openApiRoutes } from './http/openapi';
import { backofficeAccess } from './http/backoffice';
import { serveBackofficeApp } from './http/backoffice-app';
import { collectRoutes, type RegisteredRoute } from './http/registry';
import { accountRoutes, APP_VERSION } from './modules/account/routes';
import { AccountService } from './modules/account/service';
import { CATALOG_CHANNEL, type CatalogChange } from './modules/catalog/events';
import { bettingOperatorRoutes, bettingRoutes } from './modules/betting/routes';
import { BettingService } from './modules/betting/service';
import { contentRoutes } from './modules/content/routes';
import { ContentService } from './modules/content/service';
import { tradingRoutes } from './modules/catalog/routes';
import { CatalogService } from './modules/catalog/service';
import { MarketSnapshot } from './modules/catalog/snapshot';
import { ResultsService } from './modules/markets/results';
import { marketRoutes } from './modules/markets/routes';
import { MarketsService } from './modules/markets/service';
import { PushHub } from './push/hub';
import { pushRoutes } from './push/ws';
import { systemRoutes } from './modules/system/routes';
import { auditRoutes } from './modules/audit/routes';
import { boAccessRoutes } from './modules/boaccess/routes';
import { BoAccessService } from './modules/boaccess/service';
import { uplineRoutes } from './modules/upline/routes';
import { UplineService } from './modules/upline/service';
import { MEMBER_CHANNEL, readMemberMessage } from './push/member';
import { relayRisk } from './push/risk';
import { riskRoutes } from './modules/risk/routes';
import { settlementRoutes } from './modules/settlement/routes';
import { statementRoutes } from './modules/statement/routes';
import { gamesRoutes } from './modules/games/routes';
import { GamesService } from './modules/games/service';
import { DEFAULT_SETTLEMENT_OPTIONS, SettlementService } from './modules/settlement/service';
import { TournamentLifecycle } from './modules/tournament/lifecycle';
import { tournamentRoutes } from './modules/tournament/routes';
import { TournamentService } from './modules/tournament/service';
import { MemberNotifier } from './push/member';
import { fairRoutes } from './modules/fair/routes';
import { FairService } from './modules/fair/service';
import { lotteryRoutes } from './modules/lottery/routes';
import { racingRoutes } from './modules/racing/routes';
import { RacingService } from './modules/racing/service';
import { LotteryService } from './modules/lottery/service';
import { DrawsService } from './modules/draws/service';
import { CRASH_CHANNEL, CrashEngine } from './modules/minigame/crash';
import { minigameRoutes } from './modules/minigame/routes';
import { MinigameService } from './modules/minigame/service';
import { createJobs } from './jobs';
import { brandRoutes } from './modules/brand/routes';
import { BrandService } from './modules/brand/service';

export interface Services {
  accounts: AccountService;
  upline: UplineService;
  boAccess: BoAccessService;
  brands: BrandService;
  catalog: CatalogService;
  snapshot: MarketSnapshot;
  markets: MarketsService;
  results: ResultsService;
  hub: PushHub;
  content: ContentService;
  betting: BettingService;
  settlement: SettlementService;
  games: GamesService;
  tournament: TournamentService;
  rooms: TournamentLifecycle;
  fair: FairService;
  lottery: LotteryService;
  draws: DrawsService;
  racing: RacingService;
  minigame: MinigameService;
  crash: CrashEngine;
}

/**
 * Builds the services of one process. The snapshot is loaded from the database, then kept current by the
 * bus: every committed catalogue change, from this process or another, patches it and is pushed on.
 */
export async function createServices(
  ctx: AppContext,
): Promise<{ services: Services; stop: () => Promise<void> }> {
  const snapshot = new MarketSnapshot();
  await snapshot.load(ctx.db, ctx.now());
  const hub = new PushHub({
    maxBufferedBytes: ctx.config.ws.maxBufferedBytes,
    maxTopics: ctx.config.ws.maxTopics,
  });
  const sportOf = (matchId: number) => snapshot.matches.get(matchId)?.sportId;
  // Each committed change patches the snapshot at once (the next request sees it), is handed to the hub (which
  // writes to sockets on the next turn of the event loop), then to whatever else reacts (jobs: settlement).
  const afterChange: ((change: CatalogChange) => void)[] = [];
  const unsubscribe = await ctx.bus.subscribe(CATALOG_CHANNEL, (message) => {
    const change = JSON.parse(message) as CatalogChange;
    if (snapshot.apply(change)) hub.publish(change, sportOf);
    for (const react of afterChange) react(change);
  });
  const unsubscribeMembers = await ctx.bus.subscribe(MEMBER_CHANNEL, (message) => {
    const read = readMemberMessage(message);
    if (!read) return;
    const { account_id: accountId, payloads } = read;
    for (const payload of payloads) {
      if (payload.op === 'sessions_ended') hub.endSessions(accountId, payload);
      else hub.toMember(accountId, payload);
    }
  });
  const unsubscribeRisk = await relayRisk(ctx, hub);
  const unsubscribeGames = await ctx.bus.subscribe(CRASH_CHANNEL, (message) => {
    hub.toGame('game:crash', JSON.parse(message) as object);
  });
  const sportGroups = () => new Map([...snapshot.sports.values()].map((s) => [s.id, s.group]));
  const accounts = new AccountService(ctx);
  const fair = new FairService(ctx);
  const minigame = new MinigameService(ctx, accounts, fair);
  const boAccess = new BoAccessService(ctx);
  const upline = new UplineService(ctx, boAccess);
  const brands = new BrandService(ctx, upline);
  const unsubscribeBrands = await brands.start();
  const catalog = new CatalogService(ctx.db, ctx.bus, ctx.log);
  const services: Services = {
    accounts,
    upline,
    boAccess,
    brands,
    catalog,
    snapshot,
    markets: new MarketsService(snapshot, ctx.now),
    results: new ResultsService(ctx.db, sportGroups),
    hub,
    content: new ContentService(ctx),
    betting: new BettingService(ctx, accounts, snapshot, ctx.config.liveAcceptDelayMs),
    settlement: new SettlementService(ctx, {
      ...DEFAULT_SETTLEMENT_OPTIONS,
      batchSize: ctx.config.settlementBatchSize,
      leaseMs: ctx.config.settlementLeaseMs,
    }),
    games: new GamesService(ctx, accounts),
    tournament: new TournamentService(ctx, accounts, snapshot),
    rooms: new TournamentLifecycle(ctx, new MemberNotifier(ctx)),
    fair,
    lottery: new LotteryService(ctx, accounts, fair),
    draws: new DrawsService(ctx, catalog, fair),
    racing: new RacingService(ctx, { accounts, fair, catalog, snapshot }),
    minigame,
    crash: new CrashEngine(ctx, fair, minigame, accounts),
  };
  await services.games.start();
  // Background jobs (live-bet acceptor, settlement, tournament rooms, snapshot eviction, the games' clocks and
  // catalogue): registered in src/jobs.
  const jobs = createJobs(ctx, services, (react) => afterChange.push(react));
  jobs.start();
  return {
    services,
    stop: async () => {
      afterChange.length = 0;
      await jobs.stop();
      // The crash round's last tick settles a round cut short, as before a restart.
      if (ctx.config.ownGamesTimers) await services.crash.tick().catch(() => undefined);
      await services.games.stop();
      // A batch under way finishes (it is one transaction) before the database goes.
      await services.settlement.idle();
      await unsubscribe();
      await unsubscribeMembers();
      await unsubscribeGames();
      await unsubscribeRisk();
      await unsubscribeBrands();
    },
  };
}

/** Builds the HTTP app around a ready context: API, backoffice, health, and the built web app. */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; webDist?: string; backofficeDist?: string } = {},
): Promise<{
  app: FastifyInstance;
  services: Services;
  state: { shuttingDown: boolean };
  /** Every route the app serves (what /openapi.json documents). */
  routes: readonly RegisteredRoute[];
}> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    bodyLimit: ctx.config.bodyLimitBytes,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // X-Forwarded-For is believed only from configured proxies: otherwise any client could name its address.
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // A request must arrive whole in requestTimeout (a half-sent body is cut off, checked every second),
    // an idle connection is closed after connectionTimeout; keep-alive bounded too.
    requestTimeout: ctx.config.requestTimeoutMs,
    connectionTimeout: ctx.config.requestTimeoutMs,
    keepAliveTimeout: ctx.config.keepAliveTimeoutMs,
    http: { connectionsCheckingInterval: Math.min(1000, ctx.config.requestTimeoutMs) },
    // A URL that cannot be decoded answers in the envelope like any other bad request.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply).status(400).send(errorEnvelope('invalid_request'));
    },
  });
  const state = { shuttingDown: false };
  // Every route registered from here on, for the OpenAPI document (http/openapi.ts).
  const routes = collectRoutes(app);
  const { services, stop } = await createServices(ctx);
  app.addHook('onClose', stop);

  app.setErrorHandler(handleError);
  // Every request's brand is its Host's (http/brand.ts): a map lookup, no hook.
  app.decorate('brands', services.brands);
  // Before any route: the one hook that resolves and checks every back-office caller.
  backofficeAccess(app, ctx, (token, address) => services.boAccess.requireCaller(token, address));
  const documentHeaders = securityHeadersOf(ctx.config);
  const replyHeaders = apiSecurityHeadersOf(ctx.config);
  // A callback hook, not an async one: it runs on every reply, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    const type = reply.getHeader('content-type');
    const isJson = typeof type === 'string' && type.startsWith('application/json');
    reply.headers(isJson ? replyHeaders : documentHeaders);
    done(null, payload);
  });

  systemRoutes(app, ctx, state);
  accountRoutes(app, ctx, services.accounts);
  boAccessRoutes(app, ctx, services.boAccess);
  auditRoutes(app, ctx);
  uplineRoutes(app, ctx, services.upline);
  tradingRoutes(app, ctx, services.catalog);
  marketRoutes(app, ctx, services.markets, services.results, services.draws);
  contentRoutes(app, ctx, services);
  bettingRoutes(app, ctx, services.betting);
  settlementRoutes(app, ctx, services);
  riskRoutes(app, ctx, services);
  bettingOperatorRoutes(app, ctx, services);
  statementRoutes(app, ctx, services);
  await gamesRoutes(app, ctx, services.games);
  tournamentRoutes(app, ctx, services.tournament);
  lotteryRoutes(app, ctx, services);
  racingRoutes(app, ctx, services);
  minigameRoutes(app, ctx, services);
  brandRoutes(app, ctx, services.brands);
  fairRoutes(app, ctx, {
    fair: services.fair,
    accounts: services.accounts,
    finders: {
      lottery: { fairRound: (id) => services.lottery.fairRound(id) },
      crash: { fairRound: (id) => services.crash.fairRound(id) },
      dice: { fairRound: (id) => services.minigame.fairRound('dice', id) },
      hilo: { fairRound: (id) => services.minigame.fairRound('hilo', id) },
      keno: { fairRound: (id) => services.draws.fairRound('keno', id) },
      numbers: { fairRound: (id) => services.draws.fairRound('numbers', id) },
      racing: { fairRound: (id) => services.racing.fairRound(id) },
    },
    roundOpen: (accountPk) => services.minigame.hasOpenRound(accountPk),
  });
  await pushRoutes(app, ctx, services);
  // The OpenAPI document of every route above (and any registered later, before the first request).
  openApiRoutes(app, routes, { title: ctx.config.brand, version: APP_VERSION });

  // The back-office app under /bo-app/ (apps/backoffice); its calls are the /bo routes above.
  await serveBackofficeApp(app, options.backofficeDist);
  const webDist = options.webDist;
  const hasWeb = webDist !== undefined && existsSync(webDist);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false });
    // The page names its brand (title, theme, white-label mode, the brand itself): one build, many brands.
    const page = brandedPage(readFileSync(join(webDist, 'index.html'), 'utf8'));
    const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page(hostBrand(request)));
    app.get('/', sendPage);
    app.setNotFoundHandler((request, reply) => {
      const isApi = /^\/(api|bo|ws|tournament)(\/|$)/.test(request.url);
      // History-mode routing: any other GET is a screen of the web app.
      if (!isApi && request.method === 'GET') return sendPage(request, reply);
      return reply.status(404).send(errorEnvelope('not_found'));
    });
  } else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorEnvelope('not_found')));
  }
  return { app, services, state, routes };
}

/**
 * Headers on every answer: a Content-Security-Policy the member app satisfies (its own scripts and styles
 * only; images and connections to configured extra origins such as a game provider's thumbnails), no framing
 * by anyone, no MIME sniffing, no referrer to other sites, and HSTS only when clients come over TLS.
 */
export function securityHeadersOf(config: Config): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ['img-src', "'self'", 'data:', ...config.csp.imgOrigins].join(' '),
    ['connect-src', "'self'", ...config.csp.connectOrigins].join(' '),
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    ...(config.tls ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The headers of a JSON reply (OWASP's REST guidance): it is never rendered as a document, so a policy that
 * allows nothing, no sniffing and no framing say all; the documents' longer policy on every call's reply was
 * measurable in the uxmarket figure (about 350 bytes more to write per reply).
 */
export function apiSecurityHeadersOf(config: Config): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    ...(config.tls ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Fastify's trustProxy: a hop count as the function proxy-addr takes (its types only admit the function). */
export function trustProxyOption(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
