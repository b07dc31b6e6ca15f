import {
  DEFAULT_SETTINGS,
  FEATURES,
  memberSettingsSchema,
  type Currency,
  type Feature,
  type LoginReply,
  type MemberSettings,
  type MemberState,
  type MemberType,
} from '@sb/contract';
import type { AccountRow, BetLimitRow } from '../../db/schema';
import { formatMinor } from '../../lib/money';
import type { MemberBalances } from '../ledger/service';

/** Stored settings merged over the defaults; anything malformed in storage falls back to the default. */
export function effectiveSettings(stored: Record<string, unknown>): MemberSettings {
  const merged = { ...DEFAULT_SETTINGS, ...stored };
  const parsed = memberSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export function effectiveFeatures(stored: Record<string, boolean>): Record<Feature, boolean> {
  return Object.fromEntries(FEATURES.map((feature) => [feature, stored[feature] ?? true])) as Record<
    Feature,
    boolean
  >;
}

export interface WalletView {
  available: bigint;
  cash: bigint;
  outstanding: bigint;
  givenCredit: bigint;
}

/** Cash members: available is cash. Credit members: cash is the net position against the given credit. */
export function walletView(account: AccountRow, balances: MemberBalances): WalletView {
  const givenCredit = account.member_type === 'credit' ? account.given_credit : 0n;
  const cash =
    account.member_type === 'credit'
      ? balances.available + balances.outstanding - givenCredit
      : balances.available;
  return { available: balances.available, cash, outstanding: balances.outstanding, givenCredit };
}

/** The login/profile reply exactly as the spec shapes it: one-element lists and short-keyed bet limits. */
export function buildMemberProfile(input: {
  account: AccountRow;
  sessionToken: string;
  parentAccountId: string;
  operatorType: number;
  brandName: string;
  state: MemberState;
  balances: MemberBalances;
  limits: BetLimitRow[];
}): LoginReply {
  const { account } = input;
  const wallet = walletView(account, input.balances);
  const currency = account.currency as Currency;
  return {
    member_profile: {
      player_info: [
        {
          account_id: account.account_id,
          session_token: input.sessionToken,
          operator_type: input.operatorType,
          parent_id: input.parentAccountId,
          comm_type: account.comm_type,
          nickname: account.nickname ?? '',
          has_secondary_account: account.nickname !== null,
          member_type: account.member_type as MemberType,
          state: input.state,
          view_only: input.state === 'suspended',
          currency,
          brand: input.brandName,
          last_login: account.last_login_at ? account.last_login_at.toISOString() : null,
          password_expiry: null,
          features: effectiveFeatures(account.features),
          settings: effectiveSettings(account.settings),
        },
      ],
      player_wallet: [
        {
          available_balance: formatMinor(wallet.available),
          cash_balance: formatMinor(wallet.cash),
          frozen_balance: formatMinor(wallet.outstanding),
          currency_code: currency,
          given_credit: formatMinor(wallet.givenCredit),
          bet_credit: formatMinor(wallet.available),
          outstanding: formatMinor(wallet.outstanding),
        },
      ],
      player_bet_limit: input.limits.map((limit) => ({
        i: limit.limit_id,
        n: formatMinor(limit.min_bet),
        x: formatMinor(limit.max_bet),
        p: formatMinor(limit.max_payout),
      })),
    },
  };
}
