import { z } from 'zod';
import { sessionRequest } from './account';
import { requiredString } from './fields';

/** Bet type codes shown in bet lists (spec section 3), with first-half variants. */
export const BET_TYPE_CODES = {
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
} as const;

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
const odds = z.string({ error: 'invalidOdds' }).regex(/^-?\d{1,5}(\.\d{1,3})?$/, { error: 'invalidOdds' });
const oddsType = z.enum(['1', '2', '3', '4'], { error: 'oddsDisplayInvalid' });

/** One pick: a market (from the ux* odds rows) and a selection key, at the price the member saw. */
export const betPick = z.object({
  market_id: z.number({ error: 'invalidBet' }).int().min(1, { error: 'invalidBet' }),
  selection: z.string({ error: 'invalidBetTeam' }).min(1, { error: 'invalidBetTeam' }).max(60),
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

export interface BetLegView {
  leg_no: number;
  match_id: number;
  sport_id: number;
  league: string;
  home: string;
  away: string;
  kickoff: string;
  market_id: number;
  bet_type: string;
  period: string;
  line: string;
  choice: string;
  odds: string;
  live: boolean;
  score_at_bet: string | null;
  outcome: string | null;
}

export interface BetView {
  bet_id: number;
  ref_no: string;
  trans_time: string;
  kind: 'single' | 'parlay' | 'system';
  bet_type: string;
  status: BetStatus;
  odds_type: string;
  odds: string;
  stake: string;
  risk: string;
  payout: string | null;
  max_payout: string;
  win_loss: string | null;
  currency: string;
  fold_sizes: number[] | null;
  combinations: number;
  reject_reason: string | null;
  legs: BetLegView[];
}

/** A Myanmar-odds pick (handicap or goals market): the side and the line as shown, e.g. '1+50' or '=-30'. */
export const mmoPick = z.object({
  market_id: z.number({ error: 'invalidBet' }).int().min(1, { error: 'invalidBet' }),
  selection: z.enum(['h', 'a', 'o', 'u'], { error: 'invalidBetTeam' }),
  line: z.string({ error: 'invalidOddsBall' }).min(1, { error: 'invalidOddsBall' }).max(10),
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
