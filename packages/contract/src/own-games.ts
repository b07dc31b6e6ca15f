import { z } from 'zod';
import { sessionRequest } from './account';
import { positiveMoney, requiredString } from './fields';

/**
 * Calls of our own games (rules.md decision 13): the provably fair source's seeds and verify call, the 4D
 * lottery and the mini games. Amounts are decimal strings; multipliers and rolls are 2-decimal strings.
 */

export const FAIR_GAME_NAMES = ['lottery', 'crash', 'dice', 'hilo'] as const;
export const LOTTERY_BET_CODES = ['LOT_BIG', 'LOT_SMALL', 'LOT_4A', 'LOT_3D'] as const;
export const LOTTERY_MODE_NAMES = ['straight', 'box', 'ibox'] as const;
export const LOTTERY_HOUSES = ['dragon', 'tiger', 'phoenix'] as const;

const id = (code: 'invalid_request' = 'invalid_request') =>
  z
    .union(
      [
        z.number().int().min(1),
        z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,17}$/),
      ],
      { error: code },
    )
    .transform(Number);
const page = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
};
/** A multiplier such as "2.50": 1.01 .. 1000000.00, two decimals at most. */
const multiplier = z
  .string({ error: 'invalid_request' })
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'invalid_request' });

// ---- fair source ----

/**
 * Public: recompute a stored round (`game` + `round_id`, once its seed is revealed) or any seeds given by hand
 * (`server_seed`, `client_seed`, `nonce`; `cards` for hi-lo).
 */
export const fairVerifyRequest = z.object({
  game: z.enum(FAIR_GAME_NAMES, { error: 'invalid_request' }),
  round_id: id().optional(),
  server_seed: z.string().trim().min(1).max(128).optional(),
  client_seed: z.string().trim().min(1).max(64).optional(),
  nonce: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  cards: z.coerce.number().int().min(1).max(200).optional(),
});
export type FairVerifyRequest = z.infer<typeof fairVerifyRequest>;

/** The member's own seed (dice, hi-lo): rotate reveals the old one; a new client seed may be given. */
export const fairRotateRequest = sessionRequest.extend({
  client_seed: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, { error: 'invalid_request' })
    .optional(),
});

// ---- 4D lottery ----

export const lotteryBuyRequest = sessionRequest.extend({
  draw_id: id(),
  number: requiredString('invalidBets', 4),
  bet_type: z.enum(LOTTERY_BET_CODES, { error: 'invalidBetType' }),
  mode: z.enum(LOTTERY_MODE_NAMES, { error: 'invalidBetType' }).default('straight'),
  stake: positiveMoney('invalidBetAmount'),
});
export type LotteryBuyRequest = z.infer<typeof lotteryBuyRequest>;

export const lotteryListRequest = sessionRequest.extend({
  ...page,
  status: z.enum(['open', 'settled', 'all']).default('all'),
});

export const boLotteryCapRequest = z.object({
  currency: requiredString('invalidCurrency', 5),
  /** '*' for every number, or one 4-digit (3D: 3-digit) hot number. */
  number: z
    .string()
    .trim()
    .regex(/^(\*|\d{3,4})$/, { error: 'invalidBets' }),
  cap: positiveMoney('invalid_amount'),
});
export const boLotteryDrawRequest = z.object({
  house: z.enum(LOTTERY_HOUSES, { error: 'invalid_request' }),
  draw_at: z.iso.datetime({ error: 'invalid_date', offset: true }),
});
export const boLotteryDrawIdRequest = z.object({ draw_id: id() });

export interface LotteryResultView {
  first: string;
  second: string;
  third: string;
  special: string[];
  consolation: string[];
}

export interface LotteryDrawView {
  draw_id: number;
  house: string;
  draw_at: string;
  cutoff_at: string;
  special: boolean;
  status: 'open' | 'closed' | 'drawn' | 'settled';
  result: LotteryResultView | null;
  seed_hash: string | null;
  nonce: number | null;
}

export interface LotteryTicketView {
  ticket_id: number;
  ref_no: string;
  draw_id: number;
  house: string;
  draw_at: string;
  number: string;
  bet_type: string;
  mode: string;
  permutations: number;
  unit_stake: string;
  stake: string;
  status: 'open' | 'won' | 'lost' | 'cancelled';
  payout: string | null;
  win_loss: string | null;
  wins: { number: string; tier: string }[];
  trans_time: string;
  settled_time: string | null;
}

// ---- mini games ----

export const MINI_GAMES = ['crash', 'dice', 'hilo'] as const;
export type MiniGame = (typeof MINI_GAMES)[number];

export const crashBetRequest = sessionRequest.extend({
  stake: positiveMoney('invalidBetAmount'),
  auto_cashout: multiplier.optional(),
});
export const crashCashoutRequest = sessionRequest.extend({ round_id: id() });
export const diceBetRequest = sessionRequest.extend({
  stake: positiveMoney('invalidBetAmount'),
  side: z.enum(['under', 'over'], { error: 'invalidBetType' }),
  /** The target roll, 2 decimals ("49.50"). */
  target: z
    .string({ error: 'invalidBetType' })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: 'invalidBetType' }),
});
export const hiloStartRequest = sessionRequest.extend({ stake: positiveMoney('invalidBetAmount') });
export const hiloGuessRequest = sessionRequest.extend({
  round_id: id(),
  guess: z.enum(['higher', 'lower'], { error: 'invalidBetType' }),
});
export const hiloCashoutRequest = sessionRequest.extend({ round_id: id() });
export const miniRoundsRequest = sessionRequest.extend({
  ...page,
  game: z.enum(MINI_GAMES).optional(),
});

export interface CrashRoundView {
  round_id: number;
  status: 'betting' | 'running' | 'busted';
  starts_at: string;
  /** Only once busted: the point is secret while the round flies. */
  crash_point: string | null;
  seed_hash: string;
  nonce: number;
  server_time: string;
}

export interface MiniRoundView {
  round_id: number;
  game: MiniGame;
  stake: string;
  payout: string | null;
  win_loss: string | null;
  status: 'open' | 'won' | 'lost';
  detail: Record<string, unknown>;
  nonce: number | null;
  seed_hash: string | null;
  trans_time: string;
}

/** Per-game stake limits in the member's currency (minor units scale with the currency's limit factor). */
export interface MiniGameLimits {
  game: MiniGame;
  min_stake: string;
  max_stake: string;
  max_payout: string;
}

/** Pushed over /ws to topic `game:crash`. */
export type CrashPush =
  | { op: 'crash'; e: 'betting'; round_id: number; starts_at: string; seed_hash: string }
  | { op: 'crash'; e: 'running'; round_id: number; started_at: string }
  | { op: 'crash'; e: 'tick'; round_id: number; m: string; t: number }
  | { op: 'crash'; e: 'cashout'; round_id: number; account: string; m: string }
  | { op: 'crash'; e: 'bust'; round_id: number; crash_point: string; t: number };

export const launchLotteryRequest = sessionRequest;
