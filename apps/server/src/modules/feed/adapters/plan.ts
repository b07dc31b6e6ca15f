import type { FeedEvent, LivePeriod } from '../../catalog/events';

/** Where a planned match stands at an instant: what the catalogue should show. */
export interface PlannedState {
  phase: 'pre' | 'live' | 'done';
  period: LivePeriod;
  minute: number;
  score: [number, number];
  /** Scoring sides in order, up to now. */
  goals: ('h' | 'a')[];
  /** Half-time score once the first half is over. */
  halfTime: [number, number] | null;
}

/**
 * One match of a feed as a deterministic plan: its fixture, its state at any instant and its prices in that
 * state. Adapters (simulator, replay) produce plans; the runner compares them with the catalogue and sends
 * only the difference, so a restart simply carries on.
 */
export interface PlannedMatch {
  key: string;
  kickoff: number;
  /** When the plan is over (full time plus settling), epoch ms. */
  endsAt: number;
  fixture(): Extract<FeedEvent, { type: 'fixture' }>;
  stateAt(nowMs: number): PlannedState;
  /** Market events for the given state (open markets with prices). */
  marketsAt(nowMs: number, state: PlannedState): Extract<FeedEvent, { type: 'market' }>[];
  /** Outright winners, for outright plans. */
  winners?: () => string[];
  /** Markets are suspended while the event is in play (no live pricing for it). */
  suspendInPlay?: boolean;
  /** False where a score does not stop the market (points, corners); a goal does by default. */
  suspendOnScore?: boolean;
  /** Bumps when the plan's own prices move (a replay's price steps): the runner reprices on a change. */
  priceVersion?: (nowMs: number) => number;
}

export interface FeedAdapter {
  readonly name: string;
  /** The plans that matter around `nowMs` (recently finished, live, and upcoming within the horizon). */
  plansAround(nowMs: number): PlannedMatch[];
}
