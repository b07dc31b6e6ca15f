import { gmt8Date } from '@sb/domain';

/**
 * The running totals a bet counts in (bet_exposure): a single's stake on its match, for the member's
 * per-match cap, and its potential payout on each of its sports' day, for the day caps.
 */

export function matchScope(matchId: number | string): string {
  return `m:${matchId}`;
}

/** The GMT+8 day of a time, as the books count their days. */
export function dayScope(at: Date, sportId: number): string {
  return `d:${gmt8Date(at.getTime())}:${sportId}`;
}

/** What a placed bet added to its running totals: taken back when it stops counting (rejected, cancelled). */
export function exposureOfBet(
  bet: { kind: string; stake: bigint; max_payout: bigint; created_at: Date },
  legs: { match_id: number | string; sport_id: number }[],
): { scope: string; amount: bigint }[] {
  const [first] = legs;
  return [
    ...(bet.kind === 'single' && first ? [{ scope: matchScope(first.match_id), amount: bet.stake }] : []),
    ...[...new Set(legs.map((leg) => leg.sport_id))].map((sportId) => ({
      scope: dayScope(bet.created_at, sportId),
      amount: bet.max_payout,
    })),
  ];
}
