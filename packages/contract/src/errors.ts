/**
 * The spec's statusdesc catalogue (product spec section 8), defined once.
 * `reaction` is how the member app reacts; `message` is the English text (web translates by code).
 * `http` is the transport status the server answers with: the envelope carries the meaning,
 * so nearly every code is 200; only transport-level problems use 4xx.
 */
export type ErrorReaction =
  | 'logout' // clears the account, shows a warning/dialog, returns home
  | 'viewOnly' // SUSPEND: the account stays logged in but cannot bet
  | 'quiet' // logged only, dialog only if asked
  | 'failed' // marks the connection failed
  | 'warning'
  | 'silent'
  | 'notice'
  | 'error'; // an error dialog with the translated message

export interface ErrorDef {
  readonly message: string;
  readonly reaction: ErrorReaction;
  /** Numeric code the books print beside some betting codes (e.g. matchHide 318). */
  readonly num?: number;
}

const def = (message: string, reaction: ErrorReaction = 'error', num?: number): ErrorDef =>
  num === undefined ? { message, reaction } : { message, reaction, num };

export const ERRORS = {
  // Session-invalid: logout plus a warning or dialog.
  account_not_exists: def('Invalid password.', 'logout'),
  account_inactive: def('Account is inactive, please contact your upline.', 'logout'),
  login_id_not_exists: def('Invalid login, please try to login again.', 'logout'),
  session_not_exists: def('Session expired! Please login again to continue...', 'logout'),
  session_expired: def('Session expired! Please login again to continue...', 'logout'),
  sessionExpired: def('Session expired! Please login again to continue...', 'logout'),
  invalidSession: def('Session expired! Please login again to continue...', 'logout'),
  permission_denied: def('Permission denied, please contact your upline.', 'logout'),
  accountIdRequired: def('Account id is required.', 'logout'),
  BLOCK: def('Account has been blocked!', 'logout'),
  CLOSE: def('Account has been closed!', 'logout'),
  FREEZE: def('Account has been freezed!', 'logout'),
  SUSPEND: def('Your account had changed to VIEW only.', 'viewOnly'),

  // Quiet.
  requestLimit: def('You have request too frequent.', 'quiet'),
  requestProcessing: def('Your request is processing, please wait.', 'quiet'),
  requestPending: def('Request pending...', 'quiet'),
  requestTimeout: def('Request timed out, please try again.', 'quiet'),
  loginLimit: def('You have login too frequent, please try again after 1 minute...', 'quiet'),
  timeoutError: def('Request timed out, please try again.', 'quiet'),
  systemError: def('Internal System Error.', 'quiet'),
  insufficient_balance: def('Insufficient Balance', 'quiet'),

  requestFailed: def('Your connection unstable. Please check your connection and try again.', 'failed'),

  // Warnings.
  incompletedRequest: def('Incomplete request, please try again.', 'warning'),
  unableToGetBalanceAtTheMoment: def('Internal Server Error.', 'warning'),
  duplicate_debit_record: def('Duplicate debit record.', 'warning'),
  invalidOddsBall: def('Invalid odds ball.', 'warning'),
  oddsDisplayInvalid: def('Odds display is invalid.', 'warning'),
  oddsIsUpdating: def('Please wait a moment while odds is updating...', 'warning'),

  // Silent product switches.
  liveCasinoDisabled: def('Live casino is disabled for your account.', 'silent'),
  lotteryDisabled: def('Lottery is disabled for your account.', 'silent'),
  MiniGameDisabled: def('Mini game is disabled for your account.', 'silent'),
  EsportsDisabled: def('E-sports is disabled for your account.', 'silent'),
  tournamentDisabled: def('Tournament is disabled for your account.', 'silent'),
  betNotExists: def('Please place a valid bet to join the tournament.', 'notice'),

  loginFailed: def('Login failed, please try again later...'),

  // Betting.
  matchHide: def('This match is no longer available.', 'error', 318),
  matchNotAllowBet: def('Betting is not allowed on this match.', 'error', 311),
  matchNotActive: def('This match is not active.', 'error', 308),
  invalidBet: def('Invalid market.', 'error', 340),
  invalidBets: def('Invalid bet.', 'error', 314),
  invalidBetType: def('Invalid bet type.', 'error', 328),
  invalidBetTeam: def('Invalid bet team.', 'error', 313),
  invalidOdds: def('Invalid odds.'),
  betOverMaxPerMatch: def('Your stake exceeds the max stake per match.'),
  betOverMax: def('Your stake exceeds the max stake.'),
  betOverMaxBet: def('Your stake exceeds the max bet.'),
  betOverLimit: def('Your stake exceeds the limit.'),
  betOverMaxPayout: def('Your payout exceeds the max payout.'),
  betLowerMin: def('Your stake is lower than the min stake.'),
  minBetAmount: def('Your stake is lower than the min bet amount.'),
  changeStakeMin: def('Your stake was changed to the min stake.', 'notice'),
  changeStakeMax: def('Your stake was changed to the max stake.', 'notice'),
  betTypeRequired: def('Bet type is required.'),
  betAmountRequired: def('Bet amount is required.'),
  invalidBetAmount: def('Invalid bet amount.'),
  betExists: def('This bet has already been placed.'),
  atLeastTwoMatchToBetParlay: def('Please select at least 2 matches to bet parlay.'),
  atLeastThreeMatchToBetParlay: def('Please select at least 3 matches to bet live parlay.'),
  maxParlayTicket: def('You have reached the maximum tickets per parlay.'),
  memberInactive: def('Member is inactive.'),
  memberCommissionNotSetup: def('Member commission is not set up, please contact your upline.'),
  invalidCurrency: def('Invalid currency.'),
  currencyNotSupported: def('Currency is not supported.'),
  forbiddenAccess: def('Forbidden access.'),
  // Back-office sign-in (issue 18, decision 14).
  accountLocked: def('Account locked after 3 failed sign-ins. Ask your upline to unlock it.'),
  totpRequired: def('Enter the 6-digit code from your authenticator app.', 'notice'),
  invalidTotp: def('Invalid or already used authentication code.'),
  enrolmentRequired: def('Set up two-factor authentication first.'),
  secondFactorEnrolled: def('Two-factor authentication is already set up. Ask your upline to reset it.'),
  noSubAccountPermission: def('No permission for sub-account.'),
  weakPassword: def('Password must have at least 8 characters with 2 letters and 2 digits.'),
  loginPrefix: def("The username must be the upline's prefix followed by 1 to 10 letters or digits."),
  game_maintenance: def('Game is under maintenance.'),
  connectionFailed: def('Operator API failed to response.'),
  marketTypeChanged: def('Market type has changed, please place your bet again.'),
  oddsChanged: def('Odds have changed, please confirm the new odds.', 'notice'),

  // Own games (4D lottery, mini games, the provably fair source).
  drawClosed: def('Betting on this draw has closed.'),
  drawNotExists: def('Draw does not exist.'),
  numberSoldOut: def('This number has reached its payout limit for the draw.'),
  invalidNumber: def('Invalid number.'),
  roundNotExists: def('Round does not exist.'),
  roundClosed: def('This round is closed.'),
  roundBusted: def('Too late: the round has crashed.'),
  roundInProgress: def('Finish your open round before changing your seed.'),
  seedNotRevealed: def(
    "The seed of this round is still in use. Your own games' seed is revealed when you change it; a draw's or race's seed at the end of its betting day.",
    'notice',
  ),

  // Rooms (tournament).
  roomFull: def('Room is full.'),
  IPJoinedBefore: def('This IP has joined this room before.'),
  memberJoinedBefore: def('You have joined this room before.'),
  roomNotExists: def('Room does not exist.'),
  roomEnded: def('Room has ended.'),
  roomClosed: def('Room is closed.'),
  roomEndedOrCancelled: def('Room has ended or was cancelled.'),
  roomClosedNotAllowed: def('Room is closed, not allowed.'),
  roomIsPublicFree: def('Room is a free public room.'),
  roomExists: def('You can only create 1 private room.'),
  invalidRoomPassword: def('Invalid room PIN.'),
  roomPasswordRequired: def('Room PIN is required.'),
  invalidRoomRate: def('Invalid entry fee.'),
  invalidRoomLimit: def('Invalid players limit.'),
  minMatch: def('Please select at least the minimum number of matches.'),
  maxMatch: def('You have selected more than the maximum number of matches.'),
  minRoomRate: def('Entry fee is below the minimum.'),
  maxRoomRate: def('Entry fee is above the maximum.'),
  minRoomLimit: def('Players limit is below the minimum.'),
  maxRoomLimit: def('Players limit is above the maximum.'),
  liveMatchNotAllowed: def('Live matches are not allowed.'),
  matchChangeTime: def('Room already closed.'),
  tournamentLeagueExists: def('Tournament league already exists.'),
  tournamentMatchExists: def('Tournament match already exists.'),
  'createRoomFailed-1': def('Create room failed (1).'),
  'createRoomFailed-2': def('Create room failed (2).'),
  'createRoomFailed-3': def('Create room failed (3).'),
  'joinFailed-1': def('Join room failed (1).'),
  'joinFailed-2': def('Join room failed (2).'),

  // Account texts.
  secondary_account_exists: def('Nickname already created.'),
  new_login_id_exists: def('Invalid nickname, please try to set different nickname.'),
  invalid_password: def('Invalid password.'),
  invalid_new_password: def('Password must be 6 to 10 characters.'),
  same_password: def('New password must differ from the current password.'),
  password_not_match: def('Passwords do not match!'),
  invalid_nickname: def('Nickname must be 6 to 15 letters or digits.'),
  unauthenticatedUser: def('Unauthenticated user.', 'logout'),
  NoUserAccessRight: def('No user access right, please contact your upline.', 'logout'),
  invalid_token: def('Invalid or expired token.', 'logout'),

  // Backend.
  result_exists: def('Result already exists.'),
  wallet_not_exists: def('Wallet does not exist.'),
  transfer_not_exists: def('Transfer does not exist.'),
  duplicate_credit_record: def('Duplicate credit record.'),
  account_exists: def('Account already exists.'),
  invalid_amount: def('Invalid amount.'),
  invalid_request: def('Invalid request.'),
  payload_too_large: def('Request is too large.'),
  not_found: def('Not found.'),
  no_changes: def('No changes.', 'silent'),

  // Required-field codes (spec section 5 and backend *_required).
  account_id_required: def('Username is required!'),
  password_required: def('Password is required!'),
  current_password_required: def('Current password is required!'),
  new_password_required: def('New password is required!'),
  confirm_password_required: def('Confirm password is required!'),
  nickname_required: def('Nickname is required!'),
  token_required: def('Token is required!'),
  session_token_required: def('Session token is required!'),
  agent_id_required: def('Agent id is required!'),
  member_id_required: def('Member id is required!'),
  currency_required: def('Currency is required!'),
  credit_id_required: def('Credit id is required!'),
  debit_id_required: def('Debit id is required!'),
  transfer_id_required: def('Transfer id is required!'),
  amount_required: def('Amount is required!'),
  rate_required: def('Rate is required!'),
  /** A level set a rate, share or limit of its downline above what it has itself (defect: risk-free rebates). */
  aboveUplineLimit: def('This is more than the upline level itself has.'),
  bet_id_required: def('Bet id is required!'),
  room_id_required: def('Room id is required!'),
  room_type_required: def('Room type is required!'),
  room_limit_required: def('Room limit is required!'),
  room_rate_required: def('Room rate is required!'),
  match_required: def('Match is required!'),
  league_id_required: def('League id is required!'),
  terms_required: def('Please accept the terms and conditions.'),
  start_date_required: def('Start date is required!'),
  end_date_required: def('End date is required!'),
  working_date_required: def('Working date is required!'),
  invalid_date: def('Invalid date or date range.'),
  field_required: def('{{field}} is required!'),
} as const satisfies Record<string, ErrorDef>;

export type ErrorCode = keyof typeof ERRORS;

export const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(ERRORS, value);

/** Codes that end the session in the member app. */
export const SESSION_INVALID_CODES: readonly ErrorCode[] = (Object.keys(ERRORS) as ErrorCode[]).filter(
  (code) => ERRORS[code].reaction === 'logout',
);
