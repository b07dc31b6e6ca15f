import { z } from 'zod';
import { CURRENCIES } from './account';
import { MARKET_KINDS } from './betting';
import { positiveMoney, replyMoney, safeString } from './fields';

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

export const payoutCapView = z.object({ sport_id: z.number().int(), currency: z.string(), cap: replyMoney });
export type PayoutCapView = z.infer<typeof payoutCapView>;
export const tradePayoutCapsReply = z.object({ caps: z.array(payoutCapView) });
export const tradeSetPayoutCapReply = z.object({ cap: payoutCapView });

/**
 * A desk change (creatematch, market, price, marketstatus, live, state, result) is applied as one feed event:
 * the match it touched (absent when the change moved nothing) and how many catalogue changes it pushed.
 */
export const tradeChangeReply = z.object({
  match_id: z.number().int().optional(),
  changes: z.number().int(),
});

/** A batch of price changes: how many stood, and each refused one with its reason (the rest still stand). */
export const tradePricesReply = z.object({
  applied: z.number().int(),
  rejected: z.array(z.object({ key: z.string(), type: z.string(), reason: z.string() })),
});

/** A cancelled bet is void: its stake (and any settlement) given back. */
export const tradeCancelBetReply = z.object({ ref_no: z.string(), bet_status: z.literal('void') });

/**
 * The trading desk's forecast of one match (issue 18, part 6): the book's win/loss per final goal difference
 * (+5 to -5) from the open bets under the operator, per currency, and the biggest liabilities. A difference does
 * not fix the score (over/under needs the total), so each row gives the score reached from the current one with
 * the fewest further goals and the book there, and the worst and best over every score with that difference
 * within `extra_goals` more goals per team. Each bet is valued exactly as settlement would pay it at that score;
 * a ticket's open legs on other matches count as won (the book's worst case).
 */
export const tradeForecastRequest = z.object({
  match_id: matchId,
  /** Further goals per team the grid explores. */
  extra_goals: z.number({ error: 'invalid_request' }).int().min(0).max(15).default(6),
  /** How many of the biggest liabilities to list. */
  top: z.number({ error: 'invalid_request' }).int().min(1).max(50).default(10),
});

const forecastMoney = z.string().meta({ description: 'Decimal string, e.g. "-12.50" (+ the book wins).' });
const forecastScore = z.object({ home: z.number().int(), away: z.number().int() });

export const tradeForecastRow = z.object({
  /** Home goals minus away goals at full time. */
  margin: z.number().int(),
  likely: forecastScore,
  book: forecastMoney,
  worst: forecastMoney,
  worst_score: forecastScore,
  best: forecastMoney,
  best_score: forecastScore,
  /** Open bets the likely score alone would not decide (a first-half market before half time). */
  undecided: z.number().int(),
});

export const tradeLiabilityRow = z.object({
  kind: z.string(),
  period: z.string(),
  line: z.string(),
  selection: z.string(),
  bets: z.number().int(),
  stake: forecastMoney,
  /** What these bets pay if the selection (and every other open leg of their tickets) wins. */
  payout: forecastMoney,
  /** The book on these bets if the selection wins: stake - payout. */
  book_if_wins: forecastMoney,
});

export const tradeForecastCurrency = z.object({
  currency: z.string(),
  bets: z.number().int(),
  stake: forecastMoney,
  rows: z.array(tradeForecastRow),
  liabilities: z.array(tradeLiabilityRow),
});

export const tradeForecastReply = z.object({
  match_id: z.number().int(),
  home: z.string(),
  away: z.string(),
  /** 0 not started or running, 1 resulted, 2 cancelled (the catalogue's states). */
  state: z.number().int(),
  live: z.boolean(),
  score: forecastScore,
  half_time: forecastScore.nullable(),
  extra_goals: z.number().int(),
  /** Open bets valued (outrights and bets settlement cannot value on a score are left out and counted). */
  bets: z.number().int(),
  excluded: z.number().int(),
  /** True when the match has more open bets than one forecast reads. */
  truncated: z.boolean(),
  currencies: z.array(tradeForecastCurrency),
});
export type TradeForecastReply = z.infer<typeof tradeForecastReply>;
export type TradeForecastRow = z.infer<typeof tradeForecastRow>;
export type TradeLiabilityRow = z.infer<typeof tradeLiabilityRow>;
