import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { errorEnvelope, handleError } from './http/reply';
import { accountRoutes } from './modules/account/routes';
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
import { uplineRoutes } from './modules/upline/routes';
import { UplineService } from './modules/upline/service';
import { MEMBER_CHANNEL } from './push/member';
import { settlementRoutes } from './modules/settlement/routes';
import { statementRoutes } from './modules/statement/routes';
import { DEFAULT_SETTLEMENT_OPTIONS, SettlementService } from './modules/settlement/service';

export interface Services {
  accounts: AccountService;
  upline: UplineService;
  catalog: CatalogService;
  snapshot: MarketSnapshot;
  markets: MarketsService;
  results: ResultsService;
  hub: PushHub;
  content: ContentService;
  betting: BettingService;
  settlement: SettlementService;
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
  const hub = new PushHub();
  const sportOf = (matchId: number) => snapshot.matches.get(matchId)?.sportId;
  // Each committed change patches the snapshot at once (the next request sees it), is handed to the hub (which
  // writes to sockets on the next turn of the event loop), then to whatever else reacts (settlement, below).
  const afterChange: ((change: CatalogChange) => void)[] = [];
  const unsubscribe = await ctx.bus.subscribe(CATALOG_CHANNEL, (message) => {
    const change = JSON.parse(message) as CatalogChange;
    if (snapshot.apply(change)) hub.publish(change, sportOf);
    for (const react of afterChange) react(change);
  });
  const unsubscribeMembers = await ctx.bus.subscribe(MEMBER_CHANNEL, (message) => {
    const { account_id: accountId, payload } = JSON.parse(message) as { account_id: string; payload: object };
    hub.toMember(accountId, payload);
  });
  const evictTimer = setInterval(() => snapshot.evict(ctx.now()), 10 * 60_000);
  evictTimer.unref();
  const sportGroups = () => new Map([...snapshot.sports.values()].map((s) => [s.id, s.group]));
  const accounts = new AccountService(ctx);
  const services: Services = {
    accounts,
    upline: new UplineService(ctx),
    catalog: new CatalogService(ctx.db, ctx.bus, ctx.log),
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
  };
  // Live bets are decided when their delay is over; every process takes its share (rows are locked).
  let deciding = false;
  const acceptTimer = setInterval(() => {
    if (deciding) return;
    deciding = true;
    services.betting
      .acceptDue()
      .catch((error: unknown) => ctx.log.error({ err: error }, 'live bet acceptance failed'))
      .finally(() => {
        deciding = false;
      });
  }, 500);
  acceptTimer.unref();
  // Settlement: at once when a result or a cancellation is committed, and on a timer for the queue's
  // leftovers (another process's expired lease, a restart after a crash). Off when workers do it.
  const settleNow = () => {
    services.settlement
      .runDue()
      .catch((error: unknown) => ctx.log.error({ err: error }, 'settlement failed'));
  };
  if (ctx.config.settlementWorker) {
    // A result or a cancellation decides bets: its queue row is committed, so settle now.
    afterChange.push((change) => {
      if (change.t === 'result' || (change.t === 'match' && change.match.state === 2)) settleNow();
    });
  }
  const settleTimer = setInterval(() => {
    if (ctx.config.settlementWorker && !services.settlement.busy) settleNow();
  }, ctx.config.settlementIntervalMs);
  settleTimer.unref();
  return {
    services,
    stop: async () => {
      clearInterval(evictTimer);
      clearInterval(acceptTimer);
      clearInterval(settleTimer);
      afterChange.length = 0;
      // A batch under way finishes (it is one transaction) before the database goes.
      await services.settlement.idle();
      await unsubscribe();
      await unsubscribeMembers();
    },
  };
}

/** Builds the HTTP app around a ready context: API, backoffice, health, and the built web app. */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; webDist?: string } = {},
): Promise<{ app: FastifyInstance; services: Services; state: { shuttingDown: boolean } }> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.config.logLevel },
    bodyLimit: ctx.config.bodyLimitBytes,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: true,
  });
  const state = { shuttingDown: false };
  const { services, stop } = await createServices(ctx);
  app.addHook('onClose', stop);

  app.setErrorHandler(handleError);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  systemRoutes(app, ctx, state);
  accountRoutes(app, ctx, services.accounts);
  uplineRoutes(app, ctx, services.upline);
  tradingRoutes(app, ctx, services.catalog, services.upline);
  marketRoutes(app, ctx, services.markets, services.results);
  contentRoutes(app, ctx, services);
  bettingRoutes(app, ctx, services.betting);
  settlementRoutes(app, ctx, services);
  bettingOperatorRoutes(app, ctx, services);
  statementRoutes(app, ctx, services);
  await pushRoutes(app, ctx, services);

  const webDist = options.webDist;
  const hasWeb = webDist !== undefined && existsSync(webDist);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/(api|bo|ws)(\/|$)/.test(request.url);
    // History-mode routing: any other GET is a screen of the web app.
    if (!isApi && hasWeb && request.method === 'GET') return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send(errorEnvelope('not_found'));
  });
  return { app, services, state };
}
