import { Rational } from './decimal';
import { DomainError, assert } from './errors';
import { fromMinorUnits, toMinorUnits, tryToMinorUnits } from './money';
import {
  MAX_MYANMAR_PARLAY_LEGS,
  MIN_MYANMAR_PARLAY_LEGS,
  myanmarParlayPayout,
  type MyanmarLine,
  type MyanmarSide,
} from './myanmar';
import { compareOdds, type OddsFormat } from './odds';
import { lineQuarters, type Line } from './outcomes/line';
import {
  MAX_PARLAY_LEGS,
  MIN_LIVE_PARLAY_LEGS,
  MIN_PARLAY_LEGS,
  parlayPayoutMinor,
  type ParlayLeg,
  type ParlayPrice,
} from './parlay';
import { settleSingleMinor } from './settlement';
import { systemFoldOptions, systemPayoutMinor } from './system-parlay';

/** A member's limit for a sport and bet type (product spec 3 player_bet_limit: min_bet, max_bet, max_payout). */
export interface BetLimits {
  readonly min: string;
  readonly max: string;
  readonly maxPayout: string;
}

/** What is being staked, so the potential payout can be computed exactly as settlement would pay it. */
export type StakedBet =
  | { readonly kind: 'single'; readonly format: OddsFormat; readonly price: string }
  | { readonly kind: 'parlay'; readonly legs: readonly ParlayPrice[] }
  /** The stake of a system is the unit stake; the payout is every combination winning. */
  | { readonly kind: 'system'; readonly legs: readonly ParlayPrice[]; readonly foldSizes: readonly number[] }
  /** Myanmar single (1 leg) or maung; the payout is every leg winning in full, less the commission. */
  | { readonly kind: 'myanmar'; readonly legs: number; readonly commissionRate?: string };

export type StakeNotice = 'changeStakeMin' | 'changeStakeMax' | 'betOverMaxPayout';
export type StakeRejection =
  'betAmountRequired' | 'invalidBetAmount' | 'betLowerMin' | 'betOverMax' | 'betOverMaxPayout';

export type StakeCheck =
  | { readonly ok: true; readonly stake: string; readonly notice: StakeNotice | null }
  | { readonly ok: false; readonly code: StakeRejection; readonly params: Readonly<Record<string, string>> };

/**
 * The return if the bet wins in full, in minor units, computed by the settlement functions themselves so the
 * limit check and the payout can never disagree.
 */
export function potentialPayoutMinor(bet: StakedBet, stakeMinor: bigint): bigint {
  const stake = fromMinorUnits(stakeMinor);
  switch (bet.kind) {
    case 'single':
      return settleSingleMinor({ format: bet.format, price: bet.price, stake, outcome: 'won' }).payoutMinor;
    case 'parlay':
      return parlayPayoutMinor(stakeMinor, bet.legs.map(wonLeg)).payoutMinor;
    case 'system':
      return systemPayoutMinor(stakeMinor, bet.legs.map(wonLeg), bet.foldSizes).payoutMinor;
    case 'myanmar': {
      assert(
        Number.isSafeInteger(bet.legs) && bet.legs >= 1 && bet.legs <= MAX_MYANMAR_PARLAY_LEGS,
        'bad legs',
      );
      // Every leg winning in full (f = 1), less the commission on the net win (decision 0.7).
      const fractions = Array.from({ length: bet.legs }, () => '1');
      return toMinorUnits(myanmarParlayPayout(stake, fractions, bet.commissionRate).payout);
    }
  }
}

function wonLeg(leg: ParlayPrice): ParlayLeg {
  return { ...leg, outcome: 'won' };
}

/**
 * Stake checks at placement, in this order (product spec 5, decision 0.10):
 * 1. betAmountRequired: nothing typed;
 * 2. invalidBetAmount: not a positive amount of at most 2 decimals;
 * 3. below the member's min: 'adjust' raises it to the min (notice changeStakeMin), 'strict' refuses (betLowerMin);
 * 4. above the max: 'adjust' lowers it to the max (changeStakeMax), 'strict' refuses (betOverMax);
 * 5. payout above max payout (or the day's remaining payout cap): 'adjust' lowers the stake to the largest one
 *    within it (betOverMaxPayout), refusing when that falls below the min; 'strict' refuses (betOverMaxPayout).
 * 'adjust' is the bet slip and betcheck; 'strict' is the final placement of a stake the member confirmed.
 * Limits compare the typed stake (for negative MY/ID, the amount to win), as the slip shows them.
 */
export function checkStake(input: {
  stake: string;
  limits: BetLimits;
  bet: StakedBet;
  mode: 'adjust' | 'strict';
  dailyPayoutRemaining?: string;
}): StakeCheck {
  const { limits, mode } = input;
  // 1.
  if (input.stake.trim() === '') return { ok: false, code: 'betAmountRequired', params: {} };
  // 2.
  const typed = tryToMinorUnits(input.stake.trim());
  if (typed === null || typed <= 0n)
    return { ok: false, code: 'invalidBetAmount', params: { stake: input.stake } };

  const min = toMinorUnits(limits.min);
  const max = toMinorUnits(limits.max);
  let maxPayout = toMinorUnits(limits.maxPayout);
  if (input.dailyPayoutRemaining !== undefined) {
    const remaining = toMinorUnits(input.dailyPayoutRemaining);
    if (remaining < maxPayout) maxPayout = remaining;
  }
  // Limits come from configuration: inconsistent ones are a setup bug, not the member's.
  assert(min > 0n && min <= max, 'bet limits need 0 < min <= max');

  let stake = typed;
  let notice: StakeNotice | null = null;
  // 3.
  if (stake < min) {
    if (mode === 'strict') return { ok: false, code: 'betLowerMin', params: { min: fromMinorUnits(min) } };
    stake = min;
    notice = 'changeStakeMin';
  }
  // 4.
  if (stake > max) {
    if (mode === 'strict') return { ok: false, code: 'betOverMax', params: { max: fromMinorUnits(max) } };
    stake = max;
    notice = 'changeStakeMax';
  }
  // 5.
  if (potentialPayoutMinor(input.bet, stake) > maxPayout) {
    const refusal: StakeCheck = {
      ok: false,
      code: 'betOverMaxPayout',
      params: { maxPayout: fromMinorUnits(maxPayout) },
    };
    if (mode === 'strict') return refusal;
    const highest = highestStakeWithin(input.bet, maxPayout, stake);
    if (highest < min) return refusal;
    stake = highest;
    notice = 'betOverMaxPayout';
  }
  return { ok: true, stake: fromMinorUnits(stake), notice };
}

/**
 * The largest stake (below `above`) whose payout stays within `cap`. Payout is increasing in the stake, so a
 * binary search over cents finds it in at most ~64 steps.
 */
function highestStakeWithin(bet: StakedBet, cap: bigint, above: bigint): bigint {
  let low = 0n; // payout(0) = 0 <= cap
  let high = above; // payout(above) > cap
  for (let step = 0; step < 128 && high - low > 1n; step += 1) {
    const middle = (low + high) / 2n;
    if (potentialPayoutMinor(bet, middle) <= cap) low = middle;
    else high = middle;
  }
  assert(high - low <= 1n, 'binary search did not converge');
  return low;
}

/**
 * Limits for a parlay across sports: the strictest of each (ASIAN-R 1.7: mixed sports, the lowest limit applies).
 */
export function strictestLimits(all: readonly BetLimits[]): BetLimits {
  assert(all.length > 0, 'need at least one limit');
  const pick = (values: bigint[], highest: boolean): string =>
    fromMinorUnits(values.reduce((a, b) => (highest ? (a > b ? a : b) : a < b ? a : b)));
  return {
    min: pick(
      all.map((limit) => toMinorUnits(limit.min)),
      true,
    ),
    max: pick(
      all.map((limit) => toMinorUnits(limit.max)),
      false,
    ),
    maxPayout: pick(
      all.map((limit) => toMinorUnits(limit.maxPayout)),
      false,
    ),
  };
}

export interface ParlayPick {
  readonly matchId: string | number;
  readonly live?: boolean;
}

export type ParlayCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly code:
        | 'atLeastTwoMatchToBetParlay'
        | 'atLeastThreeMatchToBetParlay'
        | 'maxParlayTicket'
        | 'invalidBets'
        | 'invalidBetType';
      readonly params: Readonly<Record<string, string | number>>;
    };

/**
 * Parlay leg rules, in this order (product spec 5 and 9, decision 0.5):
 * 1. atLeastTwoMatchToBetParlay: fewer than 2 legs;
 * 2. atLeastThreeMatchToBetParlay: a live leg and fewer than 3 legs;
 * 3. maxParlayTicket: more than 12 legs (more than 10 for a Myanmar parlay);
 * 4. invalidBets (reason sameMatch): two legs on one match, whose results would depend on each other.
 */
export function checkParlayLegs(
  kind: 'mix' | 'system' | 'myanmar',
  picks: readonly ParlayPick[],
): ParlayCheck {
  const minimum = kind === 'myanmar' ? MIN_MYANMAR_PARLAY_LEGS : MIN_PARLAY_LEGS;
  const maximum = kind === 'myanmar' ? MAX_MYANMAR_PARLAY_LEGS : MAX_PARLAY_LEGS;
  // 1.
  if (picks.length < minimum)
    return { ok: false, code: 'atLeastTwoMatchToBetParlay', params: { min: minimum } };
  // 2.
  if (picks.some((pick) => pick.live === true) && picks.length < MIN_LIVE_PARLAY_LEGS) {
    return { ok: false, code: 'atLeastThreeMatchToBetParlay', params: { min: MIN_LIVE_PARLAY_LEGS } };
  }
  // 3.
  if (picks.length > maximum) return { ok: false, code: 'maxParlayTicket', params: { max: maximum } };
  // 4.
  const seen = new Set<string>();
  for (const pick of picks) {
    const key = String(pick.matchId);
    if (seen.has(key))
      return { ok: false, code: 'invalidBets', params: { reason: 'sameMatch', matchId: key } };
    seen.add(key);
  }
  return { ok: true };
}

/**
 * A system parlay: the leg rules, then 5. invalidBetType unless the fold sizes are distinct and offered for this
 * many picks (2..n, only n above 10 picks: product spec 5).
 */
export function checkSystemParlay(picks: readonly ParlayPick[], foldSizes: readonly number[]): ParlayCheck {
  const legs = checkParlayLegs('system', picks);
  if (!legs.ok) return legs;
  const offered = systemFoldOptions(picks.length);
  const valid =
    foldSizes.length > 0 &&
    new Set(foldSizes).size === foldSizes.length &&
    foldSizes.every((size) => offered.includes(size));
  return valid
    ? { ok: true }
    : { ok: false, code: 'invalidBetType', params: { foldSizes: foldSizes.join(',') } };
}

/** The member's settings "accept better odds" and "accept any odds" (product spec 3 layout settings). */
export interface OddsChangePolicy {
  readonly acceptBetterOdds: boolean;
  readonly acceptAnyOdds: boolean;
}

export type OddsChangeDecision =
  | { readonly action: 'place'; readonly reason: 'unchanged' | 'better' | 'anyOdds' }
  | { readonly action: 'reconfirm'; readonly reason: 'priceChanged' | 'lineChanged' };

/**
 * When the price moved between the slip and placement (product spec 4 "Betting"): unchanged places; any change
 * with "accept any odds" places; a better price with "accept better odds" places; otherwise the member
 * re-confirms. A moved handicap/total line is a different bet, so it always asks again. A placed bet is struck
 * at the current price. "Better" compares exact decimal odds, so it is right for negative MY/ID.
 */
export function oddsChangeDecision(
  input: OddsChangePolicy & {
    format: OddsFormat;
    offered: string;
    current: string;
    offeredLine?: Line;
    currentLine?: Line;
  },
): OddsChangeDecision {
  if (input.offeredLine !== undefined || input.currentLine !== undefined) {
    if (input.offeredLine === undefined || input.currentLine === undefined) {
      throw new DomainError('invalidOddsBall', { reason: 'one line missing' });
    }
    if (lineQuarters(input.offeredLine) !== lineQuarters(input.currentLine)) {
      return { action: 'reconfirm', reason: 'lineChanged' };
    }
  }
  // Compare values, not text: '-0.9' and '-0.90' are the same price.
  const change = compareOdds(input.current, input.offered, input.format);
  return decide(change, input);
}

/**
 * The same policy for Myanmar odds: a changed ball asks again; otherwise the side's own percentage decides
 * (higher pays the side more: the underdog reads the favourite's percentage mirrored), then the payout rate.
 */
export function myanmarOddsChangeDecision(
  input: OddsChangePolicy & {
    side: MyanmarSide;
    offered: MyanmarLine;
    current: MyanmarLine;
    offeredPayoutRate?: string;
    currentPayoutRate?: string;
  },
): OddsChangeDecision {
  if (input.offered.ball !== input.current.ball) return { action: 'reconfirm', reason: 'lineChanged' };
  const sign = input.side === 'favourite' ? 1 : -1;
  const percentChange = Math.sign(sign * (input.current.percent - input.offered.percent)) as -1 | 0 | 1;
  const rateChange =
    input.offeredPayoutRate === undefined || input.currentPayoutRate === undefined
      ? 0
      : Rational.parse(input.currentPayoutRate).cmp(Rational.parse(input.offeredPayoutRate));
  if (percentChange !== 0 && rateChange !== 0 && percentChange !== rateChange) {
    // One moved for the member and one against: only "accept any odds" takes that without asking.
    return input.acceptAnyOdds
      ? { action: 'place', reason: 'anyOdds' }
      : { action: 'reconfirm', reason: 'priceChanged' };
  }
  return decide(percentChange !== 0 ? percentChange : rateChange, input);
}

function decide(change: -1 | 0 | 1, policy: OddsChangePolicy): OddsChangeDecision {
  if (change === 0) return { action: 'place', reason: 'unchanged' };
  if (policy.acceptAnyOdds) return { action: 'place', reason: 'anyOdds' };
  if (change > 0 && policy.acceptBetterOdds) return { action: 'place', reason: 'better' };
  return { action: 'reconfirm', reason: 'priceChanged' };
}
