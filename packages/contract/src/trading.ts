import { z } from 'zod';
import { CURRENCIES } from './account';
import { MARKET_KINDS } from './betting';
import { positiveMoney, safeString } from './fields';

const matchId = z.number({ error: 'invalidBet' }).int().min(1);
const kind = z.enum(MARKET_KINDS, {
  error: 'invalidBetType',
});
const period = z.enum(['ft', '1h', '2h']).default('ft');
const line = safeString().max(8).default('');
const prices = z.record(
  safeString().min(1).max(60),
  safeString().regex(/^\d{1,5}(\.\d{1,3})?$/, { error: 'invalidOdds' }),
);
/** The highest score a feed or the trading desk may report: basketball passes 100, no sport passes this. */
export const MAX_SCORE = 999;
const points = z.number().int().min(0).max(MAX_SCORE);
const score = z.object({ home: points, away: points });

/** Operator trading calls at /bo/trade/<name>: the manual feed. */
export const tradeCreateMatchRequest = z.object({
  sport_id: z.number().int().min(1).max(999),
  league: safeString().min(1).max(80),
  home: safeString().min(1).max(80),
  away: safeString().min(1).max(80),
  kickoff: z.iso.datetime({ offset: true, error: 'invalid_request' }),
  neutral: z.boolean().default(false),
  parent_match_id: z.number().int().min(1).optional(),
  child_type: safeString().max(30).optional(),
  outright: z.boolean().default(false),
});
export const tradeMarketRequest = z.object({
  match_id: matchId,
  kind,
  period,
  line,
  prices,
  status: z.enum(['open', 'suspended']).default('open'),
  is_main: z.boolean().default(true),
});
export const tradePriceRequest = z.object({ match_id: matchId, kind, period, line, prices });
export const tradeMarketStatusRequest = z.object({
  match_id: matchId,
  status: z.enum(['open', 'suspended', 'closed']),
  kind: kind.optional(),
  period: period.optional(),
  line: safeString().max(8).optional(),
});
export const tradeLiveRequest = z.object({
  match_id: matchId,
  period: z.enum(['pre', '1h', 'ht', '2h', 'et', 'ft']),
  minute: z.number().int().min(0).max(200),
  home: points,
  away: points,
  home_red: z.number().int().min(0).max(11).optional(),
  away_red: z.number().int().min(0).max(11).optional(),
  goal: z.enum(['h', 'a']).optional(),
  red_card: z.enum(['h', 'a']).optional(),
});
export const tradeStateRequest = z.object({
  match_id: matchId,
  state: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(5), z.literal(500)]),
  detail: z
    .enum(['cancelled', 'cancelled_1h', 'cancelled_2h', 'abandoned', 'abandoned_1h', 'abandoned_2h'])
    .optional(),
});
export const tradeResultRequest = z.object({
  match_id: matchId,
  ht: score.nullable().default(null),
  ft: score.nullable().default(null),
  goals: z
    .array(z.enum(['h', 'a']))
    .max(200)
    .optional(),
  winners: z.array(safeString().min(1).max(80)).max(20).optional(),
});

/** Many price changes in one call (a provider's batch): applied in order, in bounded transactions. */
export const tradePricesRequest = z.object({
  changes: z.array(tradePriceRequest).min(1).max(500),
});

/** An operator cancels one bet (running: the stake is released; settled: the settlement reversed, stake back). */
export const tradeCancelBetRequest = z.object({
  ref_no: safeString({ error: 'betNotExists' }).min(1).max(40),
  reason: safeString().max(200).default('cancelled by operator'),
});

/**
 * The per-day payout caps (rules.md decision 0.10): what a member's bets of one GMT+8 day may pay at most, per
 * sport and currency; sport 0 stands for every sport without a row of its own.
 */
export const tradePayoutCapsRequest = z.object({});

export const tradeSetPayoutCapRequest = z.object({
  sport_id: z.number({ error: 'invalid_request' }).int().min(0).max(100_000),
  currency: z.enum(CURRENCIES, { error: 'invalidCurrency' }),
  cap: positiveMoney('invalid_amount'),
});

export interface PayoutCapView {
  sport_id: number;
  currency: string;
  cap: string;
}
