import { DomainError, assert } from './errors';
import { selectionOutcome, type Selection } from './market';
import type { OddsFormat } from './odds';
import { settleSingleMinor } from './settlement';
import { assertScore, type Score } from './types';

/**
 * The trading desk's forecast (issue 18, part 6): what the book makes or loses on a match's open bets for each
 * final goal difference (home minus away), and the selections that would cost it most.
 *
 * A goal difference does not fix the final score (over/under and correct score need the total), so the
 * forecast walks a grid of final scores reachable from the current one (each team scoring 0..extraGoals more)
 * and reduces it per difference to:
 * - the score reached with the fewest further goals (the stated assumption: e.g. 1-0 now, difference 0 ->
 *   1-1), and the book's result there;
 * - the worst and the best result over every reachable score with that difference.
 * Each bet's result at a score is the caller's: it must be what settlement would pay (the server passes the
 * settlement module's own arithmetic; `singleBookResultAt` below is the domain's for a plain single).
 */

/** The goal differences shown, +5 (home by five) to -5 (away by five). */
export const FORECAST_MARGINS: readonly number[] = [5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5];

/** Further goals per team the grid explores by default, and at most (bounds the work per bet). */
export const DEFAULT_FORECAST_EXTRA_GOALS = 6;
export const MAX_FORECAST_EXTRA_GOALS = 15;

/**
 * One open bet seen by the forecast: the book's result in minor units (+ the book wins) if the match ends
 * `final`, or null when that score alone would not decide the bet (it is then left out and counted).
 */
export type BookResultAt = (final: Score) => bigint | null;

/** Several open bets valued together (their results summed by the caller): counted as `bets` when undecided. */
export interface BookResultGroup {
  readonly at: BookResultAt;
  readonly bets: number;
}

export interface MarginForecast {
  readonly margin: number;
  /** The final score with this difference reached with the fewest further goals. */
  readonly likely: Score;
  readonly bookAtLikely: bigint;
  readonly worst: bigint;
  readonly worstScore: Score;
  readonly best: bigint;
  readonly bestScore: Score;
  /** Bets a result at `likely` would not decide (left out of bookAtLikely). */
  readonly undecided: number;
}

/**
 * The final scores with home - away = margin reachable from `current` with at most `extraGoals` more goals
 * per team, fewest further goals first. Empty when that difference is out of reach.
 */
export function finalScoresFor(current: Score, margin: number, extraGoals: number): Score[] {
  assertScore(current, 'current');
  assert(Number.isSafeInteger(margin), 'margin must be an integer');
  assertExtra(extraGoals);
  const scores: Score[] = [];
  const lowestAway = Math.max(current.away, current.home - margin);
  const highestAway = Math.min(current.away + extraGoals, current.home + extraGoals - margin);
  for (let away = lowestAway; away <= highestAway; away += 1) {
    scores.push({ home: away + margin, away });
  }
  return scores;
}

/**
 * The book's result per goal difference over the open bets (see the file comment). Differences out of reach
 * from the current score within `extraGoals` are left out. Bets a score does not decide count as 0 there.
 */
export function forecastByMargin(
  bets: readonly (BookResultAt | BookResultGroup)[],
  current: Score,
  options: { extraGoals?: number; margins?: readonly number[] } = {},
): MarginForecast[] {
  const extraGoals = options.extraGoals ?? DEFAULT_FORECAST_EXTRA_GOALS;
  assertExtra(extraGoals);
  const groups = bets.map((bet) => (typeof bet === 'function' ? { at: bet, bets: 1 } : bet));
  const rows: MarginForecast[] = [];
  for (const margin of options.margins ?? FORECAST_MARGINS) {
    const scores = finalScoresFor(current, margin, extraGoals);
    const likely = scores[0];
    if (likely === undefined) continue;
    let worst: { value: bigint; score: Score } | null = null;
    let best: { value: bigint; score: Score } | null = null;
    let atLikely = 0n;
    let undecided = 0;
    for (const score of scores) {
      let total = 0n;
      for (const group of groups) {
        const result = group.at(score);
        if (result === null) {
          if (score === likely) undecided += group.bets;
          continue;
        }
        total += result;
      }
      if (score === likely) atLikely = total;
      if (worst === null || total < worst.value) worst = { value: total, score };
      if (best === null || total > best.value) best = { value: total, score };
    }
    assert(worst !== null && best !== null, 'a reachable margin has a score');
    rows.push({
      margin,
      likely,
      bookAtLikely: atLikely,
      worst: worst.value,
      worstScore: worst.score,
      best: best.value,
      bestScore: best.score,
      undecided,
    });
  }
  return rows;
}

/** A plain single as the domain settles it (rules.md 2.1): what the member backed, at what price and stake. */
export interface ForecastSingle {
  readonly selection: Selection;
  readonly format: OddsFormat;
  readonly price: string;
  readonly stake: string;
}

/**
 * The book's result of a single at a final score: minus the member's win/loss of settleSingleMinor on
 * selectionOutcome (half wins and half losses of quarter lines included). A half-time market needs the
 * half-time score (`halfTime`); without it the bet is undecided (null).
 */
export function singleBookResultAt(bet: ForecastSingle, halfTime?: Score): BookResultAt {
  return (final) => {
    let outcome;
    try {
      outcome = selectionOutcome(bet.selection, {
        status: 'completed',
        fullTime: final,
        ...(halfTime ? { halfTime } : {}),
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'result_required') return null;
      throw error;
    }
    const settled = settleSingleMinor({ format: bet.format, price: bet.price, stake: bet.stake, outcome });
    return -settled.winLossMinor;
  };
}

/** One open bet's exposure on one selection, for the biggest liabilities. */
export interface LiabilityItem {
  /** The selection's key (market, line, side, currency...): items with one key are summed. */
  readonly key: string;
  readonly stakeMinor: bigint;
  /** What the bet pays if everything it needs wins (its worst case for the book). */
  readonly payoutMinor: bigint;
}

export interface Liability {
  readonly key: string;
  readonly bets: number;
  readonly stakeMinor: bigint;
  readonly payoutMinor: bigint;
  /** What the book loses on these bets if the selection wins: payout - stake. */
  readonly netMinor: bigint;
}

/** The `top` selections by worst-case payout, largest first (ties by key, so the order is stable). */
export function biggestLiabilities(items: readonly LiabilityItem[], top: number): Liability[] {
  assert(Number.isSafeInteger(top) && top >= 0, 'top must be a non-negative integer');
  const byKey = new Map<string, { bets: number; stakeMinor: bigint; payoutMinor: bigint }>();
  for (const item of items) {
    const sum = byKey.get(item.key) ?? { bets: 0, stakeMinor: 0n, payoutMinor: 0n };
    sum.bets += 1;
    sum.stakeMinor += item.stakeMinor;
    sum.payoutMinor += item.payoutMinor;
    byKey.set(item.key, sum);
  }
  return [...byKey.entries()]
    .map(([key, sum]) => ({ key, ...sum, netMinor: sum.payoutMinor - sum.stakeMinor }))
    .sort((a, b) =>
      a.payoutMinor === b.payoutMinor ? (a.key < b.key ? -1 : 1) : a.payoutMinor > b.payoutMinor ? -1 : 1,
    )
    .slice(0, top);
}

function assertExtra(extraGoals: number): void {
  assert(
    Number.isSafeInteger(extraGoals) && extraGoals >= 0 && extraGoals <= MAX_FORECAST_EXTRA_GOALS,
    `extraGoals must be 0..${MAX_FORECAST_EXTRA_GOALS}`,
  );
}
