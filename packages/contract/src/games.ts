import { z } from 'zod';
import { sessionRequest } from './account';
import type { ErrorCode } from './errors';
import { optionalString, replyMoney, requiredString } from './fields';
import { statementRangeRequest } from './statement';

/**
 * Provider games (casino, slots, fishing, others, poker): the member calls of the lobbies, launches and game
 * reports (POST /api/<name>, spec envelope, account_id + session_token). The protocol between the platform, the
 * provider simulator and the lobbies is /work/notes/games-protocol.md. Money is decimal strings, times ISO.
 */

/** The products a game belongs to: a lobby per product (spec routes /casino, /slots..., /fishing, /others). */
export const GAME_PRODUCTS = ['live_casino', 'slots', 'fishing', 'others', 'poker'] as const;
export type GameProduct = (typeof GAME_PRODUCTS)[number];

export const GAME_PLATFORMS = ['desktop', 'mobile'] as const;
export type GamePlatform = (typeof GAME_PLATFORMS)[number];

/** 'real' plays with the member's balance; 'fun' is the provider's demo mode (no wallet calls at all). */
export const GAME_MODES = ['real', 'fun'] as const;
export type GameMode = (typeof GAME_MODES)[number];

const product = z.enum(GAME_PRODUCTS, { error: 'invalid_request' satisfies ErrorCode });

// ---- Requests ----

/** /api/GameList: the games of one product, optionally of one provider (studio). */
export const gameListRequest = sessionRequest.extend({
  product,
  provider: optionalString(40),
});
export type GameListRequest = z.infer<typeof gameListRequest>;

/** /api/LaunchGame (live casino), /api/launchslotgame (slots, fishing, others), /api/launchgp (any product). */
export const launchGameRequest = sessionRequest.extend({
  game_code: requiredString('field_required', 80),
  mode: z.enum(GAME_MODES, { error: 'invalid_request' satisfies ErrorCode }).default('real'),
  lang: z
    .string({ error: 'invalid_request' satisfies ErrorCode })
    .trim()
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, { error: 'invalid_request' satisfies ErrorCode })
    .default('en'),
  platform: z.enum(GAME_PLATFORMS, { error: 'invalid_request' satisfies ErrorCode }).default('desktop'),
});
export type LaunchGameRequest = z.infer<typeof launchGameRequest>;

/**
 * /api/slots and /api/livecasino: the member's game rounds in a date range (as the statement calls take
 * dates: working_date, or start_date + end_date), paged. /api/slots answers slots unless `product` names
 * fishing, others or poker; /api/livecasino answers live casino.
 */
export const gameReportRequest = statementRangeRequest.extend({
  product: product.optional(),
});
export type GameReportRequest = z.infer<typeof gameReportRequest>;

// ---- Replies ----

const money = replyMoney;

/** A studio of a product's lobby (its provider tab). */
export const gameProviderView = z.object({
  /** The studio's code, e.g. 'rl'. */
  code: z.string(),
  name: z.string(),
  game_count: z.number().int(),
});
export type GameProviderView = z.infer<typeof gameProviderView>;

export const gameView = z.object({
  game_code: z.string(),
  name: z.string(),
  provider: z.string(),
  provider_name: z.string(),
  product: z.enum(GAME_PRODUCTS),
  category: z.string(),
  thumbnail: z.string(),
  hot: z.boolean(),
  new: z.boolean(),
  /** Listed but not playable now (the game, its studio or its provider is switched off). */
  maintenance: z.boolean(),
  platforms: z.array(z.string()),
});
export type GameView = z.infer<typeof gameView>;

/** GameList: the product's studios (in the lobby's tab order) and its games. */
export const gameListReply = z.object({
  providers: z.array(gameProviderView),
  games: z.array(gameView),
});
export type GameListReply = z.infer<typeof gameListReply>;

/** LaunchGame, launchslotgame, launchgp. */
export const launchGameReply = z.object({
  /** On the provider's own host; carries a single-use launch token in real mode. */
  url: z.string(),
});
export type LaunchGameReply = z.infer<typeof launchGameReply>;

/** A round is open until the provider closes it (or the platform does after 48 h); rolled back: every bet undone. */
export const GAME_ROUND_STATUSES = ['open', 'closed'] as const;
export type GameRoundStatus = (typeof GAME_ROUND_STATUSES)[number];

export const gameRoundRow = z.object({
  round_id: z.string(),
  game_code: z.string(),
  game_name: z.string(),
  provider: z.string(),
  product: z.enum(GAME_PRODUCTS),
  /** Stakes that stand (rolled-back bets left out). */
  stake: money,
  win: money,
  /** win - stake: the member's result of the round. */
  net: money,
  bet_time: z.string(),
  settle_time: z.string().nullable(),
  status: z.enum(GAME_ROUND_STATUSES),
});
export type GameRoundRow = z.infer<typeof gameRoundRow>;

/** slots / livecasino: one page of the member's rounds and the totals of the whole range. */
export const gameReportReply = z.object({
  rows: z.array(gameRoundRow),
  total: z.object({ stake: money, win: money, net: money }),
  page: z.number().int(),
  page_size: z.number().int(),
  total_rows: z.number().int(),
});
export type GameReportReply = z.infer<typeof gameReportReply>;

// ---- Seamless wallet (provider -> platform, Hub88/Caleta family) ----

/** Wallet statuses (games-protocol.md). Every protocol answer is HTTP 200 with one of these. */
export const WALLET_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_BET_LIMIT_EXCEEDED',
] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

/** Wallet money: an integer, amount x 100000 (3.56 = 356000). */
export const WALLET_MONEY_SCALE = 100_000;

/** Wallet bodies are loose objects: unknown fields are ignored, never refused (certification suites send some). */
const id = z.string().min(1).max(200);
const walletAmount = z.number().int().nonnegative();

export const walletCheckRequest = z.looseObject({ request_uuid: id, token: id });
export const walletBalanceRequest = z.looseObject({
  request_uuid: id,
  token: id,
  user: id.optional(),
  game_code: id.optional(),
});
export const walletBetRequest = z.looseObject({
  request_uuid: id,
  token: id,
  transaction_uuid: id,
  user: id,
  round: id,
  round_closed: z.boolean().default(false),
  game_code: id,
  currency: z.string().min(3).max(8),
  amount: walletAmount,
  bet: z.string().max(500).optional(),
});
export const walletWinRequest = z.looseObject({
  request_uuid: id,
  token: id,
  transaction_uuid: id,
  reference_transaction_uuid: id,
  user: id,
  round: id,
  round_closed: z.boolean().default(false),
  game_code: id,
  currency: z.string().min(3).max(8),
  amount: walletAmount,
});
export const walletRollbackRequest = z.looseObject({
  request_uuid: id,
  token: id,
  transaction_uuid: id,
  reference_transaction_uuid: id,
  user: id,
  round: id,
  round_closed: z.boolean().default(true),
  game_code: id,
});
export type WalletCheckRequest = z.infer<typeof walletCheckRequest>;
export type WalletBalanceRequest = z.infer<typeof walletBalanceRequest>;
export type WalletBetRequest = z.infer<typeof walletBetRequest>;
export type WalletWinRequest = z.infer<typeof walletWinRequest>;
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequest>;

export interface WalletReply {
  status: WalletStatus;
  request_uuid: string;
  user?: string;
  currency?: string;
  /** The member's available balance x 100000. */
  balance?: number;
  /** /wallet/check only: the wallet session token. */
  token?: string;
}
