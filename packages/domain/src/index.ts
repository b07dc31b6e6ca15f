/**
 * @sb/domain: the platform's betting rules, pure and exact. No I/O, no clock, no randomness, no floats near odds
 * or money. Rules and vectors: ../shared/domain/rules.md (section 0 decides open policies) and the product spec.
 */
export { DomainError, assert } from './errors';
export { Rational, dec, formatScaled, sum } from './decimal';
export {
  MONEY_PLACES,
  fromMinorUnits,
  minorToRational,
  moneyToRational,
  parseStake,
  roundToMinor,
  toMinorUnits,
  tryToMinorUnits,
} from './money';
export { scaleFromMyr, type ScaledCurrency } from './currency-scale';
export {
  DEFAULT_ODDS_DECIMALS,
  DEFAULT_ODDS_TYPE,
  ODDS_FORMATS,
  ODDS_TYPE_CODES,
  checkOdds,
  compareOdds,
  convertOdds,
  decimalOddsOf,
  displayOdds,
  formatOdds,
  fromDecimalOdds,
  isNegativeOdds,
  isOddsFormat,
  oddsFormatOfCode,
  oddsTypeFromCode,
  parseOdds,
  priceFormatOf,
  TWO_WAY_KINDS,
  toDecimalOdds,
} from './odds';
export type { OddsCheck, OddsFormat, OddsType } from './odds';
export {
  OUTCOMES,
  OUTCOME_ALIASES,
  REFUND,
  outcomeFactor,
  outcomeFromHalves,
  outcomeHalves,
  parseOutcome,
  wonOrLost,
} from './outcome';
export type { Outcome } from './outcome';
export { scoreSince, totalGoals } from './types';
export type { Period, Score, Team } from './types';
export { MAX_LINE_GOALS, isQuarterLine, lineQuarters, splitLine } from './outcomes/line';
export type { Line } from './outcomes/line';
export { handicapOutcome, handicapOutcomeForSide, liveHandicapOutcome } from './outcomes/handicap';
export type { LiveHandicapInput } from './outcomes/handicap';
export { totalOutcome } from './outcomes/total';
export type { TotalSide } from './outcomes/total';
export {
  DOUBLE_CHANCE_OPTIONS,
  HT_FT_ODD_EVEN_OPTIONS,
  HT_FT_OPTIONS,
  ONE_X_TWO_OPTIONS,
  bothOneNeitherOutcome,
  doubleChanceOutcome,
  drawNoBetOutcome,
  htFtOddEvenOutcome,
  htFtOutcome,
  moneylineOutcome,
  oddEvenOutcome,
  oneXTwoOutcome,
  resultOf,
} from './outcomes/result';
export type {
  BothOneNeitherPick,
  DoubleChancePick,
  HtFtOddEvenPick,
  HtFtPick,
  OddEvenPick,
  OneXTwoPick,
} from './outcomes/result';
export {
  CORRECT_SCORE_OPTIONS,
  CORRECT_SCORE_OTHER,
  EXACT_GOALS_OPTIONS,
  FIRST_LAST_GOAL_OPTIONS,
  TOTAL_GOALS_BANDS,
  correctScoreOutcome,
  exactGoalsOf,
  exactGoalsOutcome,
  firstLastGoalOutcome,
  totalGoalsBandOf,
  totalGoalsOutcome,
} from './outcomes/goals';
export type { CorrectScorePick, ExactGoalsPick, FirstLastGoalPick, TotalGoalsBand } from './outcomes/goals';
export { outrightOutcome } from './outcomes/outright';
export type { OutrightOutcome, OutrightResult } from './outcomes/outright';
export { determinedOutcome, selectionOutcome } from './market';
export type { Goal, MatchResult, MatchStatus, Selection } from './market';
export {
  ABANDONMENT_WINDOW_HOURS,
  RESULT_CHANGE_WINDOW_HOURS,
  abandonmentVerdict,
  liveIncidentVerdict,
  resultChangeRecognised,
  venueChangeVerdict,
} from './edge-rules';
export type { LiveIncident, VenueChange } from './edge-rules';
export { exposureOf, riskAndWin } from './stake';
export type { Exposure } from './stake';
export { MAX_DEAD_HEAT, outcomeWithVoidFactor, settleSingle, settleSingleMinor } from './settlement';
export type { SingleBet, SingleSettlement, SingleSettlementMinor } from './settlement';
export {
  MAX_PARLAY_LEGS,
  MIN_LIVE_PARLAY_LEGS,
  MIN_PARLAY_LEGS,
  legDecimalOdds,
  legFactor,
  parlayFactor,
  parlayOdds,
  parlayPayout,
  parlayPayoutMinor,
} from './parlay';
export type { ParlayLeg, ParlayPrice } from './parlay';
export {
  MAX_SYSTEM_PICKS,
  NAMED_SYSTEMS,
  SYSTEM_ALL_SIZES_MAX_PICKS,
  binomial,
  systemBetCount,
  systemCombinations,
  systemFoldOptions,
  systemPayout,
  systemPayoutMinor,
} from './system-parlay';
export type { SystemSettlementMinor } from './system-parlay';
export {
  DEFAULT_MYANMAR_COMMISSION,
  MAX_MYANMAR_PARLAY_LEGS,
  MIN_MYANMAR_PARLAY_LEGS,
  MYANMAR_CURRENCIES,
  checkMyanmarLine,
  commissionFromPayoutRate,
  formatMyanmarLine,
  myanmarFraction,
  myanmarFromAsianHandicap,
  myanmarOddsAllowed,
  myanmarOutcome,
  myanmarParlayPayout,
  myanmarTotalOutcome,
  otherSideLine,
  parseMyanmarLine,
  settleMyanmar,
} from './myanmar';
export type { MyanmarLine, MyanmarSettlementMinor, MyanmarSide } from './myanmar';
export {
  checkParlayLegs,
  checkStake,
  checkSystemParlay,
  myanmarOddsChangeDecision,
  oddsChangeDecision,
  potentialPayoutMinor,
  strictestLimits,
} from './placement';
export type {
  BetLimits,
  OddsChangeDecision,
  OddsChangePolicy,
  ParlayCheck,
  ParlayPick,
  StakeCheck,
  StakedBet,
  StakeNotice,
  StakeRejection,
} from './placement';
export {
  NICKNAME_MAX_LENGTH,
  NICKNAME_MIN_LENGTH,
  NICKNAME_RULES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULES,
  hasLetterAndDigit,
  isAlpha,
  isAlphaNum,
  isEmail,
  isEmpty,
  isIPv4,
  isNumeric,
  isUrl,
  validate,
  validateChangePassword,
  validateLogin,
  validateNickname,
  validatePassword,
} from './validators';
export type { Rule, ValidationError, ValidatorKey } from './validators';
export {
  ROOM_ENTRY_FEE_MAX,
  ROOM_ENTRY_FEE_MIN,
  ROOM_MATCHES_MIN,
  ROOM_PLAYERS_MAX,
  ROOM_PLAYERS_MIN,
  ROOM_OPERATOR_FEE_BPS,
  ROOM_PRIZE_SPLIT,
  ROOM_VIRTUAL_STAKE,
  checkRoom,
  isValidRoomPin,
  pickPoints,
  pickTally,
  rankStandings,
  roomCancellation,
  roomPool,
  splitPrizes,
} from './tournament';
export type { PrizeSplit, RankedStanding, RoomCheck, RoomPool, RoomType, Standing } from './tournament';
export {
  BETTING_DAY_ROLLOVER_HOUR,
  DAY_MS,
  GMT8_OFFSET_MS,
  bettingDay,
  gmt8Date,
  gmt8DateStart,
  gmt8DayEnd,
  gmt8DayNumber,
  gmt8DayStart,
  gmt8Weekday,
} from './calendar';
export {
  TIME_FILTER_MODES,
  initialTimeFilterMode,
  isTimeFilterMode,
  passesTimeFilter,
  timeFilterApplies,
  timeFilterWindow,
} from './time-filter';
export type { TimeFilterMode, TimeWindow } from './time-filter';
export {
  BDT_CURRENCY,
  EXCLUDED_SPORT_IDS,
  defaultSportsOrder,
  sortMatches,
  sportsOrder,
} from './sports-order';
export type { MatchOrderFields, Sport } from './sports-order';
export {
  FairStream,
  Hmac,
  MAX_CURSOR,
  fisherYates,
  hmacSha256,
  seedHash,
  sha256,
  toHex,
  utf8,
  weightedPick,
} from './fair';
export * from './own-games';
export * from './keno';
export * from './number-game';
export * from './racing';
export * from './draws';
export * from './backoffice-access';
export * from './product-shares';
export * from './limit-chain';
export {
  DEFAULT_FORECAST_EXTRA_GOALS,
  FORECAST_MARGINS,
  MAX_FORECAST_EXTRA_GOALS,
  biggestLiabilities,
  finalScoresFor,
  forecastByMargin,
  singleBookResultAt,
} from './forecast';
export type {
  BookResultAt,
  BookResultGroup,
  ForecastSingle,
  Liability,
  LiabilityItem,
  MarginForecast,
} from './forecast';
