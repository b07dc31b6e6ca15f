import { PRODUCTS, type Product } from '@sb/domain';
import { z } from 'zod';
import { CURRENCIES, FEATURES, MEMBER_STATES, MEMBER_TYPES } from './account';
import { positiveMoney, rateString, replyMoney, requiredString, safeString } from './fields';

/** The upline chain, top to bottom. A member always sits under an agent. */
export const UPLINE_LEVELS = [
  'operator',
  'shareholder',
  'super_senior',
  'senior',
  'master',
  'agent',
] as const;
export type UplineLevel = (typeof UPLINE_LEVELS)[number];
export const ACCOUNT_LEVELS = [...UPLINE_LEVELS, 'member'] as const;
export type AccountLevel = (typeof ACCOUNT_LEVELS)[number];

/** Operator type: 1 normal, 2 virtual (uses the vuserbalance call). */
export const OPERATOR_TYPES = [1, 2] as const;

const accountId = requiredString('account_id_required', 30);
const transferId = requiredString('transfer_id_required', 80);

/** Products with their own position taking and commission (issue 18 item 4): defined once, in the domain. */
export { PRODUCTS, type Product };
const productSetting = z.object({
  product: z.enum(PRODUCTS),
  pt_share: rateString().optional(),
  commission_rate: rateString().optional(),
});
const productSettings = z.array(productSetting).max(PRODUCTS.length);
const presetName = requiredString('invalid_request', 40);

export const boCreateAccountRequest = z.object({
  account_id: accountId,
  password: requiredString('password_required', 64),
  /** The new account's parent; defaults to the caller. Must be the caller or in its downline. */
  parent_id: safeString().max(30).optional(),
  /** Required for upline levels below the operator (the spec's "commission rate required"). */
  commission_rate: rateString().optional(),
  /** Upline levels: the share of their members' win/loss they take (position taking), 0 to 1. */
  pt_share: rateString().optional(),
  currency: z.enum(CURRENCIES, { error: 'currency_required' }).optional(),
  member_type: z.enum(MEMBER_TYPES).optional(),
  operator_type: z.union([z.literal(1), z.literal(2)]).optional(),
  brand: safeString().min(1).max(40).optional(),
  /** Upline levels: the prefix every login created under the new account must start with (2-12 letters, digits). */
  downline_prefix: z
    .string({ error: 'invalid_request' })
    .trim()
    .regex(/^[A-Za-z0-9]{2,12}$/, { error: 'invalid_request' })
    .optional(),
  /** Position taking and commission per product for the new account (as setproducts takes them). */
  products: productSettings.min(1).optional(),
  /** Or one of the caller's presets by name (not both): applied as presetapply would, in the same transaction. */
  preset: presetName.optional(),
});

export const boSetStateRequest = z.object({ account_id: accountId, state: z.enum(MEMBER_STATES) });

export const boMoneyRequest = z.object({
  account_id: accountId,
  amount: positiveMoney('amount_required'),
  transfer_id: transferId,
});

/** Given credit for a credit member: the new total line, not a delta. */
export const boSetCreditRequest = z.object({
  account_id: accountId,
  amount: safeString().regex(/^\d{1,15}(\.\d{1,2})?$/, { error: 'invalid_amount' }),
  transfer_id: transferId,
});

export const betLimitInput = z.object({
  id: safeString().min(1).max(30),
  min: safeString().regex(/^\d{1,15}(\.\d{1,2})?$/, { error: 'invalid_amount' }),
  max: safeString().regex(/^\d{1,15}(\.\d{1,2})?$/, { error: 'invalid_amount' }),
  max_payout: safeString().regex(/^\d{1,15}(\.\d{1,2})?$/, { error: 'invalid_amount' }),
  /** Most the member may have staked on one match (open singles); omitted: unchanged. */
  max_per_match: z
    .string()
    .regex(/^\d{1,15}(\.\d{1,2})?$/, { error: 'invalid_amount' })
    .optional(),
});
export const boSetBetLimitsRequest = z.object({
  account_id: accountId,
  limits: z.array(betLimitInput).min(1).max(200),
});

/** betlimits: one downline account's bet limits and, beside each, its parent's ceiling. */
export const boBetLimitsRequest = z.object({ account_id: accountId });
const betLimitView = z.object({
  id: z.string(),
  min: replyMoney,
  max: replyMoney,
  max_payout: replyMoney,
  max_per_match: replyMoney.nullable(),
});
export const boBetLimitsReply = z.object({
  account_id: z.string(),
  /** The amounts' unit: a member's currency; MYR for an upline level (its downline's currencies scale from it). */
  unit: z.string(),
  limits: z.array(
    betLimitView.extend({
      /** An upline level's own row (false: its parent's or the house's, passed down). */
      own: z.boolean(),
    }),
  ),
  /** The parent's limits in the account's unit: the account's may not go outside them. */
  ceiling: z.array(betLimitView),
});
export type BoBetLimitsReply = z.infer<typeof boBetLimitsReply>;

export const boSetCommissionRequest = z.object({ account_id: accountId, rate: rateString() });
export const boSetShareRequest = z.object({ account_id: accountId, share: rateString() });

export const boSetFeaturesRequest = z.object({
  account_id: accountId,
  features: z.partialRecord(z.enum(FEATURES), z.boolean()),
});

export const boResetPasswordRequest = z.object({
  account_id: accountId,
  new_password: requiredString('new_password_required', 64),
});

export const boMemberListRequest = z.object({
  parent_id: safeString().max(30).optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  page_size: z.number().int().min(1).max(500).default(50),
});

/** Issue a launch token for one of the caller's members (the operator side of token login). */
export const boIssueTokenRequest = z.object({ account_id: accountId });

/** An account as the back office lists it; balances and credit only for members. */
export const boMemberRow = z.object({
  account_id: z.string(),
  level: z.enum(ACCOUNT_LEVELS),
  parent_id: z.string().nullable(),
  state: z.string(),
  currency: z.string().nullable(),
  member_type: z.string().nullable(),
  available_balance: replyMoney.nullable(),
  outstanding_balance: replyMoney.nullable(),
  given_credit: replyMoney.nullable(),
  commission_rate: z.string().nullable(),
  /** Upline accounts: the prefix every login created under it starts with (null: free logins). */
  downline_prefix: z.string().nullable(),
});
export type BoMemberRow = z.infer<typeof boMemberRow>;

/** createaccount, deposit, withdraw, setcredit: the account as it stands after the change. */
export const boAccountReply = z.object({ account: boMemberRow });

/** memberlist: one page of the accounts under the caller (or under one of its downline). */
export const boMemberListReply = z.object({
  total: z.number().int(),
  page: z.number().int(),
  members: z.array(boMemberRow),
});
export type BoMemberListReply = z.infer<typeof boMemberListReply>;

/** issuetoken: a signed one-time launch token for one of the caller's members (token login, /api/launch). */
export const boIssueTokenReply = z.object({ token: z.string() });

export const boProductsRequest = z.object({ account_id: accountId });
export const boProductsReply = z.object({
  account_id: z.string(),
  products: z.array(
    z.object({ product: z.enum(PRODUCTS), pt_share: z.string(), commission_rate: z.string().nullable() }),
  ),
});
export const boSetProductsRequest = z.object({ account_id: accountId, settings: productSettings.min(1) });

export const boPresetSaveRequest = z.object({ name: presetName, settings: productSettings.min(1) });
export const boPresetListReply = z.object({
  presets: z.array(z.object({ name: z.string(), settings: productSettings })),
});
export const boPresetDeleteRequest = z.object({ name: presetName });
export const boPresetApplyRequest = z.object({ account_id: accountId, name: presetName });
