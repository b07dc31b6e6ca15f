import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Kysely table types. Money columns are BIGINT minor units, returned as bigint by both drivers. */
type Money = ColumnType<bigint, bigint | number, bigint | number>;
/** A money column with a database default: optional on insert. */
type DefaultMoney = ColumnType<bigint, bigint | number | undefined, bigint | number>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default: optional on insert. */
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface BrandTable {
  id: Generated<number>;
  code: string;
  name: string;
  default_language: Defaulted<string>;
  theme: Defaulted<string>;
  created_at: DefaultTimestamp;
}

export interface AccountTable {
  id: Generated<string>;
  account_id: string;
  level: string;
  parent_id: string | null;
  /** Materialised path of ids, '/1/5/9/': a downline check is a prefix match. */
  path: string;
  brand_id: number;
  password_hash: string;
  state: string;
  commission_rate: string | null;
  comm_type: string;
  /** Position taking: the fraction of a downline member's win/loss this upline level takes. */
  pt_share: Defaulted<string>;
  operator_type: number | null;
  currency: string | null;
  member_type: string | null;
  nickname: string | null;
  given_credit: Money;
  features: Json<Record<string, boolean>>;
  settings: Json<Record<string, unknown>>;
  /** Bumped whenever anything in the member profile changes (userprofile answers no_changes otherwise). */
  profile_version: Generated<number>;
  last_login_at: Timestamp | null;
  password_changed_at: DefaultTimestamp;
  created_at: DefaultTimestamp;
}

export interface BetLimitTable {
  account_pk: string;
  limit_id: string;
  min_bet: Money;
  max_bet: Money;
  max_payout: Money;
  /** Most a member may have staked on one match (open singles); null: no cap beyond max_bet. */
  max_per_match: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
}

export interface SessionTable {
  token: string;
  account_pk: string;
  kind: string;
  profile_version_seen: number;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked: Generated<boolean>;
}

export interface UsedLaunchTokenTable {
  nonce: string;
  used_at: DefaultTimestamp;
}

export interface LedgerAccountTable {
  id: Generated<string>;
  owner_pk: string | null;
  kind: string;
  currency: string;
  /** Kept in step with entries for member accounts; roll-up accounts (house) leave it at 0 and sum entries. */
  balance: DefaultMoney;
  allow_negative: boolean;
  rollup: boolean;
}

export interface TransferTable {
  id: Generated<string>;
  transfer_id: string;
  kind: string;
  currency: string;
  amount: Money;
  ref: string | null;
  owner_pk: string | null;
  created_at: DefaultTimestamp;
}

export interface EntryTable {
  id: Generated<string>;
  transfer_pk: string;
  ledger_account_id: string;
  amount: Money;
}

export interface ReservationTable {
  transfer_pk: string;
  owner_pk: string;
  currency: string;
  amount: Money;
  state: string;
  closed_by: string | null;
}

export interface SystemSettingTable {
  key: string;
  value: string;
}

export interface SportTable {
  id: number;
  name: string;
  sort_order: number;
  menu_excluded: Defaulted<boolean>;
  sport_group: Defaulted<string>;
  model: string;
}

export interface LeagueTable {
  id: Generated<string>;
  sport_id: number;
  name: string;
  sort_order: Defaulted<number>;
  external_key: string;
}

export interface MatchTable {
  id: Generated<string>;
  external_key: string;
  sport_id: number;
  league_id: string;
  parent_id: string | null;
  child_type: string | null;
  is_outright: Defaulted<boolean>;
  home: string;
  away: string;
  kickoff: Timestamp;
  neutral: Defaulted<boolean>;
  state: Defaulted<number>;
  state_detail: string | null;
  is_live: Defaulted<boolean>;
  period: Defaulted<string>;
  minute: Defaulted<number>;
  home_score: Defaulted<number>;
  away_score: Defaulted<number>;
  home_red: Defaulted<number>;
  away_red: Defaulted<number>;
  seq: DefaultMoney;
  updated_at: DefaultTimestamp;
}

export interface MarketTable {
  id: Generated<string>;
  match_id: string;
  kind: string;
  period: string;
  line: Defaulted<string>;
  status: string;
  is_main: Defaulted<boolean>;
  updated_seq: DefaultMoney;
}

export interface SelectionTable {
  market_id: string;
  key: string;
  /** NUMERIC(9,3): exact decimal odds, read as a string. */
  price: string;
}

export interface ResultTable {
  match_id: string;
  ht_home: number | null;
  ht_away: number | null;
  ft_home: number | null;
  ft_away: number | null;
  goals: Json<('h' | 'a')[]>;
  winners: Json<string[]>;
  version: Defaulted<number>;
  published_at: DefaultTimestamp;
}

export interface MatchEventTable {
  id: Generated<string>;
  match_id: string;
  seq: Money;
  payload: Json<unknown>;
  created_at: DefaultTimestamp;
}

export interface AnnouncementTable {
  id: Generated<string>;
  operator_pk: string;
  type: string;
  marquee: Defaulted<boolean>;
  texts: Json<Record<string, { title: string; message: string }>>;
  starts_at: DefaultTimestamp;
  ends_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface PersonalMessageTable {
  id: Generated<string>;
  account_pk: string;
  subject: string;
  message: string;
  created_at: DefaultTimestamp;
  read_at: Timestamp | null;
}

export interface BetTable {
  id: Generated<string>;
  ref_no: string;
  account_pk: string;
  idempotency_key: string;
  request_hash: string;
  kind: string;
  status: string;
  currency: string;
  odds_type: string;
  odds: string;
  stake: Money;
  risk: Money;
  max_payout: Money;
  fold_sizes: Json<number[] | null> | null;
  combinations: Defaulted<number>;
  live: Defaulted<boolean>;
  accept_at: Timestamp | null;
  reservation_id: string;
  reject_reason: string | null;
  payout: bigint | null;
  win_loss: bigint | null;
  created_at: DefaultTimestamp;
  settled_at: Timestamp | null;
  settle_gen: Defaulted<number>;
  valid_turnover: bigint | null;
  commission: bigint | null;
  house_cut: bigint | null;
  cancelled_at: Timestamp | null;
}

export interface BetLegTable {
  bet_id: string;
  leg_no: number;
  match_id: string;
  market_id: string;
  sport_id: number;
  kind: string;
  period: string;
  line: string;
  selection: string;
  format: string;
  odds: string;
  decimal_odds: string;
  live: Defaulted<boolean>;
  home_score: number | null;
  away_score: number | null;
  live_period: string | null;
  red_cards: string | null;
  mm_favourite: string | null;
  match_seq: Money;
  outcome: string | null;
  decided_on: string | null;
}

export interface SettlementQueueTable {
  id: Generated<string>;
  match_id: string;
  reason: string;
  leased_until: Timestamp | null;
  settled_bets: Defaulted<number>;
  created_at: DefaultTimestamp;
  done_at: Timestamp | null;
}

export interface BetShareTable {
  bet_id: string;
  settle_gen: number;
  account_pk: string;
  level: string;
  win_loss: Money;
  commission: Money;
}

/** Per-day payout cap per sport (0: every other sport) and currency, in minor units. */
export interface PayoutDayCapTable {
  sport_id: number;
  currency: string;
  cap: Money;
}

export interface Database {
  payout_day_caps: PayoutDayCapTable;
  bets: BetTable;
  bet_legs: BetLegTable;
  settlement_queue: SettlementQueueTable;
  bet_shares: BetShareTable;
  announcements: AnnouncementTable;
  personal_messages: PersonalMessageTable;
  sports: SportTable;
  leagues: LeagueTable;
  matches: MatchTable;
  markets: MarketTable;
  selections: SelectionTable;
  results: ResultTable;
  match_events: MatchEventTable;
  brands: BrandTable;
  accounts: AccountTable;
  bet_limits: BetLimitTable;
  sessions: SessionTable;
  used_launch_tokens: UsedLaunchTokenTable;
  ledger_accounts: LedgerAccountTable;
  transfers: TransferTable;
  entries: EntryTable;
  reservations: ReservationTable;
  system_settings: SystemSettingTable;
}

export type AccountRow = Selectable<AccountTable>;
export type NewAccount = Insertable<AccountTable>;
export type BetLimitRow = Selectable<BetLimitTable>;
export type SessionRow = Selectable<SessionTable>;
export type LedgerAccountRow = Selectable<LedgerAccountTable>;
