import { z } from 'zod';
import { optionalString, replyMoney, requiredString, safeString } from './fields';

export const CURRENCIES = ['MYR', 'USD', 'CNY', 'IDR', 'THB', 'SGD', 'MMK'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const LANGUAGES = ['en', 'cn', 'tw', 'my', 'id', 'jp', 'kr', 'th', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Odds types: 1 MY, 2 HK, 3 ID, 4 DEC, 5 Myanmar. */
export const ODDS_TYPES = ['1', '2', '3', '4', '5'] as const;

export const MEMBER_STATES = ['active', 'inactive', 'closed', 'blocked', 'frozen', 'suspended'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];

export const MEMBER_TYPES = ['cash', 'credit'] as const;
export type MemberType = (typeof MEMBER_TYPES)[number];

export const FEATURES = ['live_casino', 'lottery', 'mini_game', 'esports', 'tournament'] as const;
export type Feature = (typeof FEATURES)[number];

const flag = z.enum(['true', 'false']);

/** The spec's layout settings that the server keeps (save-settings fields). Values are strings as the spec stores them. */
export const memberSettingsSchema = z.object({
  language: z.enum(LANGUAGES),
  oddsType: z.enum(ODDS_TYPES),
  pageType: z.enum(['1', '2']),
  showScoreMap: flag,
  showQuickOdds: flag,
  eventSorting: z.enum(['1', '2', '3']),
  marketType: z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']),
  pageSize: z.enum(['10', '20', '30', '50']),
  mmoType: z.enum(['1', '2']),
  defaultStake: z.enum(['1', '2', '3']),
  acceptBetterOdds: flag,
  acceptAnyOdds: flag,
  autoRefreshOdds: flag,
  quickBet: flag,
  defaultStakeAmount: safeString().regex(/^\d{1,12}(\.\d{1,2})?$/),
  quickBetAmount: safeString().regex(/^\d{1,12}(\.\d{1,2})?$/),
  sportsOrder: z.array(z.number().int().min(0).max(999)).max(200),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;

export const DEFAULT_SETTINGS: MemberSettings = {
  language: 'en',
  oddsType: '1',
  pageType: '2',
  showScoreMap: 'false',
  showQuickOdds: 'false',
  eventSorting: '1',
  marketType: '1',
  pageSize: '10',
  mmoType: '1',
  defaultStake: '3',
  acceptBetterOdds: 'false',
  acceptAnyOdds: 'false',
  autoRefreshOdds: 'true',
  quickBet: 'false',
  defaultStakeAmount: '1',
  quickBetAmount: '1',
  sportsOrder: [],
};

// ---- Requests ----
export const loginRequest = z.object({
  account_id: requiredString('account_id_required', 30),
  password: requiredString('password_required', 64),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenLoginRequest = z.object({ token: requiredString('token_required', 2000) });

export const sessionRequest = z.object({
  account_id: requiredString('accountIdRequired', 30),
  session_token: requiredString('session_token_required', 200),
});
export type SessionRequest = z.infer<typeof sessionRequest>;

/** logout: ends this session on the server. */
export const logoutRequest = sessionRequest;

export const balanceRequest = sessionRequest.extend({ parent_id: optionalString(60) });

export const saveSettingsRequest = sessionRequest.extend(memberSettingsSchema.partial().shape);

export const changePasswordRequest = sessionRequest.extend({
  current_password: requiredString('current_password_required', 64),
  new_password: requiredString('new_password_required', 64),
  confirm_password: requiredString('confirm_password_required', 64),
});

export const addSecondaryRequest = sessionRequest.extend({
  nickname: requiredString('nickname_required', 60),
});

// ---- Replies ----
const money = replyMoney;

export const playerInfo = z.object({
  account_id: z.string(),
  session_token: z.string(),
  operator_type: z.number().int(),
  parent_id: z.string(),
  comm_type: z.string(),
  nickname: z.string(),
  has_secondary_account: z.boolean(),
  member_type: z.enum(MEMBER_TYPES),
  state: z.enum(MEMBER_STATES),
  /** Suspended: the member may look but not stake. */
  view_only: z.boolean(),
  currency: z.enum(CURRENCIES),
  brand: z.string(),
  last_login: z.string().nullable(),
  password_expiry: z.string().nullable(),
  /** The upline's product switches as they reach this member. */
  features: z.record(z.enum(FEATURES), z.boolean()),
  settings: memberSettingsSchema,
});
export type PlayerInfo = z.infer<typeof playerInfo>;

export const playerWallet = z.object({
  available_balance: money,
  cash_balance: money,
  frozen_balance: money,
  currency_code: z.enum(CURRENCIES),
  given_credit: money,
  bet_credit: money,
  outstanding: money,
});
export type PlayerWallet = z.infer<typeof playerWallet>;

/** Short-keyed bet limit record: i id (sport or bet type), n min, x max, p max payout. */
export const shortBetLimit = z.object({ i: z.string(), n: money, x: money, p: money });
export type ShortBetLimit = z.infer<typeof shortBetLimit>;

export const memberProfile = z.object({
  player_info: z.tuple([playerInfo]),
  player_wallet: z.tuple([playerWallet]),
  player_bet_limit: z.array(shortBetLimit),
});
export type MemberProfile = z.infer<typeof memberProfile>;

/** authlogin, userlogin, securelogin, switchlogin, launch: the new session's member profile. */
export const loginReply = z.object({ member_profile: memberProfile });
export type LoginReply = z.infer<typeof loginReply>;

/** userprofile: the profile, or `no_changes` when nothing changed since the session's last read. */
export const profileReply = z.union([loginReply, z.object({ statusdesc: z.literal('no_changes') })]);

/** userbalance, vuserbalance: `retrieve_profile` asks the app to read the profile again (it changed). */
export const balanceReply = z.object({
  balance: money,
  account_balance: money,
  outstanding_balance: money,
  retrieve_profile: z.boolean(),
});
export type BalanceReply = z.infer<typeof balanceReply>;

/** version: the server's version and its default brand's name. */
export const versionReply = z.object({ version: z.string(), brand: z.string() });
export type VersionReply = z.infer<typeof versionReply>;
