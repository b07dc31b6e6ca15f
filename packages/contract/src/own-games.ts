import { z } from 'zod';
import { sessionRequest } from './account';
import { positiveMoney, replyInstant, replyMoney, requiredString } from './fields';

/**
 * Calls of our own games (rules.md decision 13): the provably fair source's seeds and verify call, the 4D
 * lottery and the mini games. Amounts are decimal strings; multipliers and rolls are 2-decimal strings.
 */

export const FAIR_GAME_NAMES = ['lottery', 'crash', 'dice', 'hilo', 'keno', 'numbers', 'racing'] as const;
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
  /** Racing: the field the seeds drew (greyhound or horse). */
  race: z.enum(['greyhound', 'horse'], { error: 'invalid_request' }).optional(),
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

const money = replyMoney;
const instant = replyInstant;

/** A seed's public commitment: its SHA-256, the client seed and the nonce the next round takes. */
export const seedView = z.object({
  seed_hash: z.string(),
  client_seed: z.string(),
  next_nonce: z.number().int(),
  created_at: instant,
  /** Shared games: the next betting day's seed, committed a day ahead (rounds after the rollover use it). */
  next_seed_hash: z.string().optional(),
});
export type SeedView = z.infer<typeof seedView>;

/** A seed once revealed (rotated out): anyone can recompute its rounds. */
export const revealedSeed = seedView.extend({ server_seed: z.string(), revealed_at: instant });
export type RevealedSeed = z.infer<typeof revealedSeed>;

export const lotteryResultView = z.object({
  first: z.string(),
  second: z.string(),
  third: z.string(),
  special: z.array(z.string()),
  consolation: z.array(z.string()),
});
export type LotteryResultView = z.infer<typeof lotteryResultView>;

export const lotteryDrawView = z.object({
  draw_id: z.number().int(),
  house: z.string(),
  draw_at: instant,
  cutoff_at: instant,
  special: z.boolean(),
  status: z.enum(['open', 'closed', 'drawn', 'settled']),
  result: lotteryResultView.nullable(),
  seed_hash: z.string().nullable(),
  nonce: z.number().int().nullable(),
});
export type LotteryDrawView = z.infer<typeof lotteryDrawView>;

export const lotteryTicketView = z.object({
  ticket_id: z.number().int(),
  ref_no: z.string(),
  draw_id: z.number().int(),
  house: z.string(),
  draw_at: instant,
  number: z.string(),
  bet_type: z.string(),
  mode: z.string(),
  permutations: z.number().int(),
  unit_stake: money,
  stake: money,
  status: z.enum(['open', 'won', 'lost', 'cancelled']),
  payout: money.nullable(),
  win_loss: money.nullable(),
  wins: z.array(z.object({ number: z.string(), tier: z.string() })),
  trans_time: instant,
  settled_time: instant.nullable(),
});
export type LotteryTicketView = z.infer<typeof lotteryTicketView>;

/** lotterydraws: draws on sale, the latest results and the shared lottery seed's commitment. */
export const lotteryDrawsReply = z.object({
  upcoming: z.array(lotteryDrawView),
  recent: z.array(lotteryDrawView),
  server_time: instant,
  commitment: seedView,
});
export const lotteryResultsReply = z.object({ data: z.array(lotteryDrawView), page: z.number().int() });
export const lotteryTicketsReply = z.object({
  data: z.array(lotteryTicketView),
  total: z.number().int(),
  page: z.number().int(),
});
export const lotteryBuyReply = z.object({ ticket: lotteryTicketView });
/** The operator's 4D number caps (number '*': every number without its own). */
export const boLotteryCapsReply = z.object({
  caps: z.array(z.object({ currency: z.string(), number: z.string(), cap: money })),
});
/** adddraw, drawnow: the draw as it stands (none when drawnow found nothing left to draw). */
export const boLotteryDrawReply = z.object({ draw: lotteryDrawView.nullable() });
/** canceldraw: the draw whose tickets were refunded. */
export const boLotteryCancelReply = z.object({ draw_id: z.number().int() });
/** LaunchLottery: our own 4D screen (a path of the member app). */
export const launchLotteryReply = z.object({ url: z.string() });

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

export const crashRoundView = z.object({
  round_id: z.number().int(),
  status: z.enum(['betting', 'running', 'busted']),
  starts_at: instant,
  /** Only once busted: the point is secret while the round flies. */
  crash_point: z.string().nullable(),
  seed_hash: z.string(),
  nonce: z.number().int(),
  server_time: instant,
});
export type CrashRoundView = z.infer<typeof crashRoundView>;

export const miniRoundView = z.object({
  round_id: z.number().int(),
  game: z.enum(MINI_GAMES),
  stake: money,
  payout: money.nullable(),
  win_loss: money.nullable(),
  status: z.enum(['open', 'won', 'lost']),
  /** The game's own record (dice: target, side, roll; hi-lo: cards, guesses and the next prices; crash: cash-out). */
  detail: z.record(z.string(), z.unknown()),
  nonce: z.number().int().nullable(),
  seed_hash: z.string().nullable(),
  trans_time: instant,
});
export type MiniRoundView = z.infer<typeof miniRoundView>;

/** Per-game stake limits in the member's currency (minor units scale with the currency's limit factor). */
export const miniGameLimits = z.object({
  game: z.enum(MINI_GAMES),
  min_stake: money,
  max_stake: money,
  max_payout: money,
});
export type MiniGameLimits = z.infer<typeof miniGameLimits>;

/** crashstate: the round in play (or null), the member's bet in it, the last busts and the limits. */
export const crashStateReply = z.object({
  round: crashRoundView.nullable(),
  my_bet: miniRoundView.nullable(),
  history: z.array(z.object({ round_id: z.number().int(), crash_point: z.string() })),
  limits: z.array(miniGameLimits),
  server_time: instant,
});
export type CrashStateReply = z.infer<typeof crashStateReply>;
/** crashbet, crashcashout: the member's bet in the round. */
export const crashBetReply = z.object({ bet: miniRoundView });
/** dicebet, hilostart, hiloguess, hilocashout: the round as it stands. */
export const miniRoundReply = z.object({ round: miniRoundView });
export const miniRoundsReply = z.object({
  data: z.array(miniRoundView),
  total: z.number().int(),
  page: z.number().int(),
});

// ---- fair source replies ----

/** A round's outcome as the game derives it from the seeds. */
export const fairOutcome = z.discriminatedUnion('game', [
  z.object({ game: z.literal('lottery'), result: lotteryResultView }),
  z.object({ game: z.literal('crash'), crash_point: z.string() }),
  z.object({ game: z.literal('dice'), roll: z.string() }),
  z.object({ game: z.literal('hilo'), cards: z.array(z.number().int()) }),
  z.object({ game: z.literal('keno'), balls: z.array(z.number().int()) }),
  z.object({ game: z.literal('numbers'), balls: z.array(z.number().int()) }),
  z.object({
    game: z.literal('racing'),
    race: z.enum(['greyhound', 'horse']),
    ratings: z.array(z.number().int()),
    order: z.array(z.number().int()),
  }),
]);

/**
 * fairverify: the recomputed outcome. For a stored round also what the game recorded (`stored`), whether the two
 * agree (`matches`) and whether the revealed seed hashes to the commitment shown before play (`hash_matches`).
 */
export const fairVerifyReply = z.object({
  game: z.enum(FAIR_GAME_NAMES),
  round_id: z.number().int().optional(),
  server_seed: z.string(),
  seed_hash: z.string(),
  client_seed: z.string(),
  nonce: z.number().int(),
  outcome: fairOutcome,
  stored: fairOutcome.optional(),
  matches: z.boolean().optional(),
  hash_matches: z.boolean().optional(),
});
export type FairVerifyReply = z.infer<typeof fairVerifyReply>;

/** fairseed: the member's own commitment, the shared games' and the seeds revealed lately. */
export const fairSeedReply = z.object({
  member: seedView,
  crash: seedView,
  lottery: seedView,
  /** The keno and number-game draws' commitment (their rounds verify as games keno and numbers). */
  draws: seedView,
  /** The virtual races' commitment (ratings and finishing orders verify as game racing). */
  racing: seedView,
  revealed: z.array(revealedSeed),
  revealed_shared: z.array(revealedSeed),
});
export type FairSeedReply = z.infer<typeof fairSeedReply>;

/** fairrotate: the seed revealed (none when the member had none) and the new commitment. */
export const fairRotateReply = z.object({ revealed: revealedSeed.nullable(), current: seedView });

/** Pushed over /ws to topic `game:crash`. */
export type CrashPush =
  | { op: 'crash'; e: 'betting'; round_id: number; starts_at: string; seed_hash: string }
  | { op: 'crash'; e: 'running'; round_id: number; started_at: string }
  | { op: 'crash'; e: 'tick'; round_id: number; m: string; t: number }
  | { op: 'crash'; e: 'cashout'; round_id: number; account: string; m: string }
  | { op: 'crash'; e: 'bust'; round_id: number; crash_point: string; t: number };

export const launchLotteryRequest = sessionRequest;
