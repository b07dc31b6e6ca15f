import { CALLS, type CallSpec, tradeChangeReply } from '@sb/contract';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { boCall } from '../../http/backoffice';
import { AppError } from '../../lib/app-error';
import type { FeedEvent, MarketKind, Period } from './events';
import { catalogRepository } from './repository';
import type { ApplyReport, CatalogService } from './service';

/** A desk change's call: whatever its request, it answers the match it touched and how many changes it pushed. */
type DeskCall = CallSpec<z.ZodType, typeof tradeChangeReply>;

/**
 * The operator's trading API at /bo/trade/<name>: a manual feed over the same catalogue path the feed
 * adapters use, so every check and push is the same.
 */
export function tradingRoutes(app: FastifyInstance, ctx: AppContext, catalog: CatalogService): void {
  const keyOf = async (matchId: number) => {
    const match = await catalogRepository.matchById(ctx.db, matchId);
    if (!match) throw new AppError('matchHide', { field: 'match_id' });
    return match.external_key;
  };
  /** A desk change: applied as a feed event, audited with what it replaced (`before`, when there is one). */
  const trade = <Q extends z.ZodType>(
    call: CallSpec<Q, typeof tradeChangeReply, `/bo/trade/${string}`>,
    toEvent: (body: z.output<Q>) => Promise<FeedEvent>,
    before?: (body: z.output<Q>) => Promise<object>,
  ) =>
    // Registered as a desk call (one reply shape for all seven): boCall has parsed the body with call.request.
    boCall<DeskCall>(
      app,
      ctx,
      call,
      {
        role: 'operator',
        staff: 'trading',
        audit: `trade.${call.path.slice('/bo/trade/'.length)}`,
        ...(before ? { auditBefore: (body) => before(body as z.output<Q>) } : {}),
      },
      async (_operator, body) => answer(await catalog.apply([await toEvent(body as z.output<Q>)])),
    );
  const matchBefore = async (body: { match_id: number }) => catalog.deskState(body.match_id);
  const marketBefore = async (body: { match_id: number; kind: MarketKind; period: Period; line: string }) =>
    catalog.deskState(body.match_id, { kind: body.kind, period: body.period, line: body.line });

  trade(CALLS.trade_creatematch, async (body) => {
    const parentKey = body.parent_match_id ? await keyOf(body.parent_match_id) : undefined;
    return {
      type: 'fixture',
      key: `bo:${crypto.randomUUID()}`,
      sportId: body.sport_id,
      league: { key: `bo:${body.sport_id}:${body.league.toLowerCase()}`, name: body.league },
      home: body.home,
      away: body.away,
      kickoff: new Date(body.kickoff),
      neutral: body.neutral,
      outright: body.outright,
      ...(parentKey ? { parentKey, childType: body.child_type ?? 'specials' } : {}),
    };
  });
  trade(
    CALLS.trade_market,
    async (body) => ({
      type: 'market',
      key: await keyOf(body.match_id),
      kind: body.kind,
      period: body.period,
      line: body.line,
      prices: body.prices,
      status: body.status,
      isMain: body.is_main,
    }),
    marketBefore,
  );
  trade(
    CALLS.trade_price,
    async (body) => ({
      type: 'price',
      key: await keyOf(body.match_id),
      kind: body.kind,
      period: body.period,
      line: body.line,
      prices: body.prices,
    }),
    marketBefore,
  );
  // A batch of price changes: one call, applied in order; rejected ones are reported, the rest stand.
  boCall(
    app,
    ctx,
    CALLS.trade_prices,
    {
      role: 'operator',
      staff: 'trading',
      audit: 'trade.prices',
      auditBefore: (body) => catalog.deskPrices(body.changes),
    },
    async (_operator, body) => {
      const keys = new Map<number, string>();
      const events: FeedEvent[] = [];
      for (const change of body.changes) {
        let key = keys.get(change.match_id);
        if (key === undefined) {
          key = await keyOf(change.match_id);
          keys.set(change.match_id, key);
        }
        events.push({
          type: 'price',
          key,
          kind: change.kind,
          period: change.period,
          line: change.line,
          prices: change.prices,
        });
      }
      const report = await catalog.apply(events);
      return { applied: report.applied, rejected: report.rejected };
    },
  );
  trade(
    CALLS.trade_marketstatus,
    async (body) => ({
      type: 'marketStatus',
      key: await keyOf(body.match_id),
      status: body.status,
      ...(body.kind
        ? { market: { kind: body.kind, period: body.period ?? 'ft', line: body.line ?? '' } }
        : {}),
    }),
    (body) =>
      catalog.deskState(
        body.match_id,
        body.kind ? { kind: body.kind, period: body.period ?? 'ft', line: body.line ?? '' } : undefined,
      ),
  );
  trade(
    CALLS.trade_live,
    async (body) => ({
      type: 'live',
      key: await keyOf(body.match_id),
      period: body.period,
      minute: body.minute,
      home: body.home,
      away: body.away,
      ...(body.home_red !== undefined ? { homeRed: body.home_red } : {}),
      ...(body.away_red !== undefined ? { awayRed: body.away_red } : {}),
      ...(body.goal ? { goal: body.goal } : {}),
      ...(body.red_card ? { redCard: body.red_card } : {}),
    }),
    matchBefore,
  );
  trade(
    CALLS.trade_state,
    async (body) => ({
      type: 'state',
      key: await keyOf(body.match_id),
      state: body.state,
      ...(body.detail ? { detail: body.detail } : {}),
    }),
    matchBefore,
  );
  trade(
    CALLS.trade_result,
    async (body) => ({
      type: 'result',
      key: await keyOf(body.match_id),
      ht: body.ht,
      ft: body.ft,
      ...(body.goals ? { goals: body.goals } : {}),
      ...(body.winners ? { winners: body.winners } : {}),
    }),
    matchBefore,
  );
}

/** A rejected event is the caller's mistake: answered with its reason, nothing written. */
function answer(report: ApplyReport) {
  const rejected = report.rejected[0];
  if (rejected) throw new AppError('invalid_request', { extra: { reason: rejected.reason } });
  const matchChange = report.changes.find((change) => change.t !== 'league');
  const matchId = matchChange && 'id' in matchChange ? matchChange.id : undefined;
  return { match_id: matchId, changes: report.changes.length };
}
