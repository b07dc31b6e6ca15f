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
  /** JSON of the contract's brandSettings (what is missing comes from the defaults). */
  settings: Defaulted<string>;
  is_default: Defaulted<boolean>;
  created_at: DefaultTimestamp;
}

export interface BrandHostTable {
  host: string;
  brand_id: number;
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
  /** Upline accounts: the prefix every login created under it must start with (null: free logins). */
  downline_prefix: string | null;
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
  /** SHA-256 (hex) of the session token: the token itself is never stored (lib/security hashSessionToken). */
  token_hash: string;
  account_pk: string;
  kind: string;
  profile_version_seen: number;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  revoked: Generated<boolean>;
  /** A staff sub-account's session: the account above is the one it works for. */
  staff_pk: ColumnType<string | null, string | null | undefined, string | null>;
  /** Signed in without a second factor yet: only enrolment, sign-out and "me" answer. */
  enrolment_only: Defaulted<boolean>;
}

export interface BoStaffTable {
  id: Generated<string>;
  login_id: string;
  owner_pk: string;
  password_hash: string;
  /** JSON array of the domain's StaffPermission flags. */
  permissions: Defaulted<string>;
  state: Defaulted<string>;
  created_at: DefaultTimestamp;
}

/** One back-office principal's sign-in state: 'a:<account pk>' or 's:<staff id>'. */
export interface BoSecurityTable {
  principal: string;
  /** The confirmed TOTP seed, sealed (lib/secret-box); null until enrolled. */
  totp_secret: string | null;
  /** A seed being enrolled, sealed, until its first code confirms it. */
  totp_pending: string | null;
  totp_last_step: ColumnType<string, string | number | undefined, string | number>;
  failed_logins: Defaulted<number>;
  locked_at: Timestamp | null;
}

export interface BoRecoveryCodeTable {
  principal: string;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface BoDeviceTable {
  id: Generated<string>;
  principal: string;
  token_hash: string;
  label: string;
  created_at: DefaultTimestamp;
  last_used_at: Timestamp | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** Append-only (a trigger refuses UPDATE and DELETE); each row's hash covers its content and the previous hash. */
export interface AuditLogTable {
  seq: Generated<string>;
  at: Timestamp;
  actor: string;
  actor_pk: string | null;
  staff_pk: string | null;
  address: string;
  action: string;
  target: string;
  /** The path of the account the change concerns (or the actor's): an upline reads its own subtree's rows. */
  scope_path: string;
  before: string;
  after: string;
  prev_hash: string;
  hash: string;
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

/** Keyed by (transfer_pk, ledger_account_id): a transfer moves each account once. */
export interface EntryTable {
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

/**
 * Daily win/loss pre-aggregate (migration 0015): per betting day, member and currency, the settled bets' sums and
 * each upline level's part (wl_<level>, comm_<level>).
 */
export interface ReportDayTable {
  day: number;
  member_pk: string;
  currency: string;
  /** 0020: the product the row counts (sportsbook bets, casino and games rounds). */
  product: Defaulted<'sportsbook' | 'casino' | 'games'>;
  bets: number;
  turnover: Money;
  valid_turnover: Money;
  win_loss: Money;
  commission: Money;
  wl_operator: DefaultMoney;
  comm_operator: DefaultMoney;
  wl_shareholder: DefaultMoney;
  comm_shareholder: DefaultMoney;
  wl_super_senior: DefaultMoney;
  comm_super_senior: DefaultMoney;
  wl_senior: DefaultMoney;
  comm_senior: DefaultMoney;
  wl_master: DefaultMoney;
  comm_master: DefaultMoney;
  wl_agent: DefaultMoney;
  comm_agent: DefaultMoney;
}

/** Per-day payout cap per sport (0: every other sport) and currency, in minor units. */
export interface PayoutDayCapTable {
  sport_id: number;
  currency: string;
  cap: Money;
}

// ---- Provider games (migration 0010) ----

export interface WalletProviderTable {
  code: string;
  name: string;
  secret: string;
  enabled: Defaulted<boolean>;
  created_at: DefaultTimestamp;
}

export interface GameStudioTable {
  code: string;
  name: string;
  wallet_provider: string;
  enabled: Defaulted<boolean>;
  created_at: DefaultTimestamp;
}

export interface GameTable {
  id: Generated<string>;
  game_code: string;
  wallet_provider: string;
  studio: string;
  name: string;
  product: string;
  category: string;
  thumbnail_url: string;
  hot: Defaulted<boolean>;
  is_new: Defaulted<boolean>;
  platforms: Json<string[]>;
  rtp: string | null;
  provider_enabled: Defaulted<boolean>;
  /** False once the provider's list stopped naming it (kept: its rounds still resolve). */
  listed: Defaulted<boolean>;
  /** Our own switch: shown in the lobby but not launchable. */
  maintenance: Defaulted<boolean>;
  sort: Defaulted<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface GameBrandBlockTable {
  game_pk: string;
  brand_id: number;
}

export interface GameLaunchTokenTable {
  token: string;
  account_pk: string;
  game_pk: string;
  currency: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface GameSessionTable {
  token: string;
  account_pk: string;
  game_pk: string;
  wallet_provider: string;
  currency: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface GameRequestTable {
  wallet_provider: string;
  request_uuid: string;
  status: string;
  /** /wallet/check: the wallet session token answered (replayed to a retried check). */
  token: string | null;
  created_at: DefaultTimestamp;
}

export interface GameRoundTable {
  id: Generated<string>;
  wallet_provider: string;
  round: string;
  account_pk: string;
  game_pk: string;
  currency: string;
  stake: DefaultMoney;
  win: DefaultMoney;
  bets: Defaulted<number>;
  status: Defaulted<string>;
  opened_at: DefaultTimestamp;
  closed_at: Timestamp | null;
}

/** 0032: the provider rounds the win/loss report has not counted yet (a trigger queues every new round). */
export interface UncountedGameRoundTable {
  id: string;
}

/** Keyed by (wallet_provider, transaction_uuid) since 0030. */
export interface GameTransactionTable {
  wallet_provider: string;
  transaction_uuid: string;
  kind: 'bet' | 'win' | 'rollback' | 'tombstone';
  account_pk: string;
  game_pk: string;
  round_pk: string | null;
  round: string;
  reference_uuid: string | null;
  amount: Money;
  /** Bets: open, won (a win referenced it) or rolled_back; every other kind: done. */
  state: Defaulted<string>;
  /** The wallet status answered when it was recorded (replayed for the same transaction). */
  status: string;
  created_at: DefaultTimestamp;
}

export interface TournamentRoomTable {
  id: Generated<string>;
  owner_pk: string;
  type: number;
  is_virtual: Defaulted<boolean>;
  currency: string;
  entry_fee: Money;
  room_limit: number;
  pin_hash: string | null;
  status: string;
  first_kickoff: Date;
  last_join_time: Date;
  last_betting_time: Date;
  operator_fee_bps: number;
  free_prize: DefaultMoney;
  players: Defaulted<number>;
  rescore: Defaulted<boolean>;
  scored_key: string | null;
  cancel_reason: string | null;
  ended_at: Date | null;
  closed_at: Date | null;
  created_at: DefaultTimestamp;
}

export interface TournamentRoomMatchTable {
  room_id: string;
  match_id: string;
  position: number;
}

export interface TournamentEntryTable {
  room_id: string;
  member_pk: string;
  ip: string;
  joined_at: Date;
  /** NUMERIC(14,3), read as a string. */
  points: Defaulted<string>;
  wins: Defaulted<number>;
  losses: Defaulted<number>;
  place: number | null;
  prize: DefaultMoney;
  refunded: Defaulted<boolean>;
}

export interface TournamentIpOverrideTable {
  room_id: string;
  ip: string;
}

export interface TournamentPickTable {
  room_id: string;
  member_pk: string;
  match_id: string;
  kind: 'hdp' | 'ou';
  market_id: string;
  line: string;
  selection: string;
  price: string;
  outcome: string | null;
  points: string | null;
  changed_at: Date;
}

export interface FairSeedTable {
  id: Generated<string>;
  scope: string;
  server_seed: string;
  seed_hash: string;
  client_seed: string;
  next_nonce: Defaulted<number>;
  created_at: DefaultTimestamp;
  revealed_at: Timestamp | null;
}

export interface LotteryDrawTable {
  id: Generated<string>;
  house: string;
  draw_at: Timestamp;
  cutoff_at: Timestamp;
  special: Defaulted<boolean>;
  status: 'open' | 'drawn' | 'settled';
  seed_id: string | null;
  nonce: number | null;
  result: string | null;
  drawn_at: Timestamp | null;
  settled_at: Timestamp | null;
}

/** Keno and number-game draws: a catalogue match each, balls from the fair source (0016_draws). */
export interface DrawTable {
  id: Generated<string>;
  game: 'keno' | 'numbers';
  draw_at: Timestamp;
  match_id: string;
  status: 'open' | 'drawn' | 'resulted';
  seed_id: string | null;
  nonce: number | null;
  balls: string | null;
  drawn_at: Timestamp | null;
}

export interface RaceTable {
  id: Generated<string>;
  kind: 'greyhound' | 'horse';
  off_at: Timestamp;
  match_key: string;
  ratings: string;
  runners: string;
  rating_seed_id: string;
  rating_nonce: number;
  status: 'open' | 'drawn' | 'resulted';
  listed: Defaulted<boolean>;
  seed_id: string | null;
  nonce: number | null;
  finish: string | null;
  drawn_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface LotteryTicketTable {
  id: Generated<string>;
  account_pk: string;
  currency: string;
  draw_id: string;
  number: string;
  bet_type: string;
  mode: string;
  unit_stake: Money;
  cost: Money;
  status: 'open' | 'won' | 'lost' | 'cancelled';
  payout: Money | null;
  wins: string | null;
  created_at: DefaultTimestamp;
  settled_at: Timestamp | null;
  /** 0020: when the win/loss report counted it (null: not yet). */
  reported_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

export interface LotteryLiabilityTable {
  draw_id: string;
  currency: string;
  number: string;
  amount: Money;
}

export interface LotteryCapTable {
  currency: string;
  number: string;
  cap: Money;
}

export interface CrashRoundTable {
  id: Generated<string>;
  seed_id: string;
  nonce: number;
  crash_point: number;
  status: 'betting' | 'running' | 'busted';
  starts_at: Timestamp;
  bust_at: Timestamp;
  settled_at: Timestamp | null;
  created_at: DefaultTimestamp;
}

export interface MinigameRoundTable {
  id: Generated<string>;
  game: 'crash' | 'dice' | 'hilo';
  account_pk: string;
  currency: string;
  stake: Money;
  payout: Money | null;
  status: 'open' | 'won' | 'lost';
  seed_id: string | null;
  nonce: number | null;
  crash_round_id: string | null;
  detail: string;
  created_at: DefaultTimestamp;
  settled_at: Timestamp | null;
  /** 0020: when the win/loss report counted it (null: not yet). */
  reported_at: Timestamp | null;
}

/**
 * A game round counted into the win/loss report (0020): its figures and each level's part as the member's
 * chain had its shares when it was counted (a rebuild re-adds these, so later share changes never alter them).
 */
export interface ReportRoundTable {
  source: 'provider' | 'minigame' | 'lottery';
  round_pk: string;
  product: 'casino' | 'games';
  day: number;
  member_pk: string;
  currency: string;
  turnover: Money;
  valid_turnover: Money;
  win_loss: Money;
  commission: Money;
  wl_operator: DefaultMoney;
  comm_operator: DefaultMoney;
  wl_shareholder: DefaultMoney;
  comm_shareholder: DefaultMoney;
  wl_super_senior: DefaultMoney;
  comm_super_senior: DefaultMoney;
  wl_senior: DefaultMoney;
  comm_senior: DefaultMoney;
  wl_master: DefaultMoney;
  comm_master: DefaultMoney;
  wl_agent: DefaultMoney;
  comm_agent: DefaultMoney;
  counted_at: DefaultTimestamp;
}

/** Position taking and commission of one account for one product (0018_product_shares). */
export interface AccountProductTable {
  account_pk: string;
  product: 'sportsbook' | 'casino' | 'games';
  pt_share: Defaulted<string>;
  commission_rate: string | null;
}

/** An upline's named template of per-product settings (settings: JSON list), unique by name per owner. */
export interface BoPresetTable {
  id: Generated<string>;
  owner_pk: string;
  name: string;
  settings: string;
  created_at: DefaultTimestamp;
}

export interface Database {
  account_products: AccountProductTable;
  bo_presets: BoPresetTable;
  tournament_rooms: TournamentRoomTable;
  tournament_room_matches: TournamentRoomMatchTable;
  tournament_entries: TournamentEntryTable;
  tournament_ip_overrides: TournamentIpOverrideTable;
  tournament_picks: TournamentPickTable;
  fair_seeds: FairSeedTable;
  lottery_draws: LotteryDrawTable;
  lottery_tickets: LotteryTicketTable;
  draws: DrawTable;
  races: RaceTable;
  lottery_liability: LotteryLiabilityTable;
  lottery_caps: LotteryCapTable;
  crash_rounds: CrashRoundTable;
  minigame_rounds: MinigameRoundTable;
  payout_day_caps: PayoutDayCapTable;
  bets: BetTable;
  bet_legs: BetLegTable;
  settlement_queue: SettlementQueueTable;
  bet_shares: BetShareTable;
  report_days: ReportDayTable;
  report_rounds: ReportRoundTable;
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
  brand_hosts: BrandHostTable;
  accounts: AccountTable;
  bet_limits: BetLimitTable;
  sessions: SessionTable;
  bo_staff: BoStaffTable;
  bo_security: BoSecurityTable;
  bo_recovery_codes: BoRecoveryCodeTable;
  bo_devices: BoDeviceTable;
  audit_log: AuditLogTable;
  used_launch_tokens: UsedLaunchTokenTable;
  ledger_accounts: LedgerAccountTable;
  transfers: TransferTable;
  entries: EntryTable;
  reservations: ReservationTable;
  system_settings: SystemSettingTable;
  wallet_providers: WalletProviderTable;
  game_studios: GameStudioTable;
  games: GameTable;
  game_brand_blocks: GameBrandBlockTable;
  game_launch_tokens: GameLaunchTokenTable;
  game_sessions: GameSessionTable;
  game_requests: GameRequestTable;
  game_rounds: GameRoundTable;
  uncounted_game_rounds: UncountedGameRoundTable;
  game_transactions: GameTransactionTable;
}

export type AccountRow = Selectable<AccountTable>;
export type NewAccount = Insertable<AccountTable>;
export type BetLimitRow = Selectable<BetLimitTable>;
export type SessionRow = Selectable<SessionTable>;
export type BoStaffRow = Selectable<BoStaffTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type LedgerAccountRow = Selectable<LedgerAccountTable>;
