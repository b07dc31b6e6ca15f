import { z } from 'zod';
import { sessionRequest } from './account';
import { replyMoney, requiredString, safeString } from './fields';

/** Every market kind the book offers: handicap, over/under, odd/even, 1X2, moneyline... (declared once here). */
export const MARKET_KINDS = [
  'hdp',
  'ou',
  'oe',
  '1x2',
  'ml',
  'tw',
  'cs',
  'dc',
  'fglg',
  'htft',
  'tg',
  'eg',
  'outright',
  // Our own draws (a draw is a match): keno's sum and count market, keno pick 1-10 (the selection is the member's
  // numbers, '3,17,45'), the number game's D_1..D_6.
  'keno',
  'keno_pick',
  'd1',
  'd2',
  'd3',
  'd4',
  'd5',
  'd6',
  // Virtual racing (GH_*): win and place by runner number, forecast 'a-b' and tricast 'a-b-c' in finishing order.
  'gh_win',
  'gh_place',
  'gh_fc',
  'gh_tc',
] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];

/** Bet type codes shown in bet lists (spec section 3), with first-half variants. */
export const BET_TYPE_CODES: Readonly<Record<MarketKind, string>> = {
  hdp: 'BT_HDP',
  ou: 'BT_OU',
  ml: 'BT_ML',
  '1x2': 'BT_1X2',
  cs: 'BT_CS',
  oe: 'BT_OE',
  dc: 'BT_DC',
  htft: 'BT_HTFT',
  fglg: 'BT_FGLG',
  tg: 'BT_TG',
  eg: 'BT_EG',
  tw: 'BT_TW',
  outright: 'BT_OR',
  keno: 'BT_KENO',
  keno_pick: 'BT_KENO_PICK',
  d1: 'D_1',
  d2: 'D_2',
  d3: 'D_3',
  d4: 'D_4',
  d5: 'D_5',
  d6: 'D_6',
  gh_win: 'GH_WIN',
  gh_place: 'GH_PLACE',
  gh_fc: 'GH_FORECAST',
  gh_tc: 'GH_TRICAST',
};

export const BET_STATUSES = [
  'waiting',
  'running',
  'rejected',
  'void',
  'refund',
  'won',
  'won_half',
  'draw',
  'lost_half',
  'lost',
] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** Money as typed: digits with at most two decimals. */
const stake = z
  .string({ error: 'betAmountRequired' })
  .trim()
  .min(1, { error: 'betAmountRequired' })
  .regex(/^\d{1,12}(\.\d{1,2})?$/, {
    error: 'invalidBetAmount',
  });
// Up to six whole digits: keno pick 10's top prize is 125011.04.
const odds = safeString({ error: 'invalidOdds' }).regex(/^-?\d{1,6}(\.\d{1,3})?$/, { error: 'invalidOdds' });
const oddsType = z.enum(['1', '2', '3', '4'], { error: 'oddsDisplayInvalid' });

/** One pick: a market (from the ux* odds rows) and a selection key, at the price the member saw. */
export const betPick = z.object({
  market_id: z.number({ error: 'invalidBet' }).int().min(1, { error: 'invalidBet' }),
  selection: safeString({ error: 'invalidBetTeam' }).min(1, { error: 'invalidBetTeam' }).max(60),
  odds,
});
export type BetPick = z.infer<typeof betPick>;

export const betCheckRequest = sessionRequest.extend({ ...betPick.shape, odds_type: oddsType });
export const betCheckMultiRequest = sessionRequest.extend({
  picks: z
    .array(betPick, { error: 'invalidBets' })
    .min(1, { error: 'invalidBets' })
    .max(20, { error: 'maxParlayTicket' }),
  odds_type: oddsType,
});

const idempotencyKey = requiredString('invalid_request', 80);

export const betSingleRequest = betCheckRequest.extend({ stake, idempotency_key: idempotencyKey });
export const betParlayRequest = betCheckMultiRequest.extend({ stake, idempotency_key: idempotencyKey });
export const betSystemRequest = betCheckMultiRequest.extend({
  /** Unit stake per combination. */
  stake,
  fold_sizes: z.array(z.number().int().min(1).max(20)).min(1).max(20),
  idempotency_key: idempotencyKey,
});

export const betListRequest = sessionRequest.extend({
  /** Betting day (GMT+8) for the daily lists. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_request' })
    .optional(),
  page: z.number().int().min(1).max(10_000).default(1),
  page_size: z.number().int().min(1).max(200).default(50),
});
export const betDetailRequest = sessionRequest.extend({
  bet_id: z.number({ error: 'bet_id_required' }).int().min(1),
});

const money = replyMoney;

/** One leg of a bet as the member sees it. */
export const betLegView = z.object({
  leg_no: z.number().int(),
  match_id: z.number().int(),
  sport_id: z.number().int(),
  league: z.string(),
  home: z.string(),
  away: z.string(),
  kickoff: z.string(),
  market_id: z.number().int(),
  bet_type: z.string(),
  period: z.string(),
  line: z.string(),
  choice: z.string(),
  odds: z.string(),
  live: z.boolean(),
  score_at_bet: z.string().nullable(),
  outcome: z.string().nullable(),
});
export type BetLegView = z.infer<typeof betLegView>;

/** A bet as the member sees it (placement answers, bet lists). */
export const betView = z.object({
  bet_id: z.number().int(),
  ref_no: z.string(),
  trans_time: z.string(),
  kind: z.enum(['single', 'parlay', 'system']),
  bet_type: z.string(),
  status: z.enum(BET_STATUSES),
  odds_type: z.string(),
  odds: z.string(),
  stake: money,
  risk: money,
  payout: money.nullable(),
  max_payout: money,
  win_loss: money.nullable(),
  currency: z.string(),
  fold_sizes: z.array(z.number().int()).nullable(),
  combinations: z.number().int(),
  reject_reason: z.string().nullable(),
  legs: z.array(betLegView),
});
export type BetView = z.infer<typeof betView>;

/** betcheck: one pick's price now, the stake limits and what is left on the match. */
export const betCheckReply = z.object({
  market_id: z.number().int(),
  selection: z.string(),
  odds: z.string(),
  odds_changed: z.boolean(),
  min_stake: money,
  max_stake: money,
  max_per_match_left: money.nullable(),
  max_payout: money,
  live: z.boolean(),
});
export type BetCheckReply = z.infer<typeof betCheckReply>;

/** betcheckmultispecial: each pick's price now and the parlay's limits and leg check. */
export const betCheckMultiReply = z.object({
  picks: z.array(
    z.object({
      market_id: z.number().int(),
      selection: z.string(),
      odds: z.string(),
      odds_changed: z.boolean(),
    }),
  ),
  parlay_ok: z.boolean(),
  parlay_code: z.string().nullable(),
  min_stake: money,
  max_stake: money,
  max_payout: money,
});
export type BetCheckMultiReply = z.infer<typeof betCheckMultiReply>;

/** betmmoclick: a Myanmar line now and the member's Myanmar limits. */
export const betMmoClickReply = z.object({
  market_id: z.number().int(),
  selection: z.string(),
  side: z.enum(['favourite', 'underdog']),
  line: z.string(),
  line_changed: z.boolean(),
  min_stake: money,
  max_stake: money,
  max_payout: money,
});
export type BetMmoClickReply = z.infer<typeof betMmoClickReply>;

/** Every placement call: the bet as written. */
export const betPlacedReply = z.object({ bet: betView });
/** The member's bet lists, a page at a time. */
export const betListReply = z.object({ bets: z.array(betView), page: z.number().int() });
/** One parlay's details. */
export const betDetailReply = z.object({ bet: betView });

/** A Myanmar-odds pick (handicap or goals market): the side and the line as shown, e.g. '1+50' or '=-30'. */
export const mmoPick = z.object({
  market_id: z.number({ error: 'invalidBet' }).int().min(1, { error: 'invalidBet' }),
  selection: z.enum(['h', 'a', 'o', 'u'], { error: 'invalidBetTeam' }),
  line: safeString({ error: 'invalidOddsBall' }).min(1, { error: 'invalidOddsBall' }).max(10),
});
export type MmoPick = z.infer<typeof mmoPick>;

export const betMmoClickRequest = sessionRequest.extend(mmoPick.shape);
export const betSingleMmoRequest = sessionRequest.extend({
  ...mmoPick.shape,
  stake,
  idempotency_key: idempotencyKey,
});
export const betParlayMmoRequest = sessionRequest.extend({
  picks: z
    .array(mmoPick, { error: 'invalidBets' })
    .min(1, { error: 'invalidBets' })
    .max(20, { error: 'maxParlayTicket' }),
  stake,
  idempotency_key: idempotencyKey,
});
