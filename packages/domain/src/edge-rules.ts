import { assert } from './errors';

const HOUR_MS = 3_600_000;

/** A soccer match not resumed within this many hours of kick-off is void (rules.md E2, decision 0.9). */
export const ABANDONMENT_WINDOW_HOURS = 12;
/** Result changes later than this after settlement are not recognised (rules.md E13). */
export const RESULT_CHANGE_WINDOW_HOURS = 72;

/**
 * What an abandoned or suspended match is, `now` being a clock reading passed in (rules.md E2):
 * 'resumed' when play restarted within the window, 'void' once the window has passed without a restart,
 * 'waiting' while the window is still open. The window is configurable because books differ (12, 24, 48 h).
 */
export function abandonmentVerdict(input: {
  kickoffMs: number;
  resumedAtMs: number | null;
  nowMs: number;
  windowHours?: number;
}): 'resumed' | 'void' | 'waiting' {
  const windowHours = input.windowHours ?? ABANDONMENT_WINDOW_HOURS;
  assert(Number.isFinite(input.kickoffMs) && Number.isFinite(input.nowMs), 'times must be finite');
  assert(windowHours > 0, 'the window must be positive');
  const deadline = input.kickoffMs + windowHours * HOUR_MS;
  if (input.resumedAtMs !== null && input.resumedAtMs <= deadline) return 'resumed';
  return input.nowMs > deadline ? 'void' : 'waiting';
}

/** Whether a result correction still re-settles bets already settled (rules.md E13: not after 72 h). */
export function resultChangeRecognised(input: { settledAtMs: number; changedAtMs: number }): boolean {
  return input.changedAtMs - input.settledAtMs <= RESULT_CHANGE_WINDOW_HOURS * HOUR_MS;
}

/** In-play incidents a feed reports while bets wait for acceptance. */
export type LiveIncident = 'goal' | 'red_card' | 'penalty' | 'half_time' | 'full_time' | 'possible_goal';

/**
 * What happens to a live bet whose acceptance window saw incidents:
 * - a pending live bet is rejected on a goal, a red card, or the half-time / full-time whistle (E14, decision 0.9);
 * - a timer-accept bet is void on a red card, a penalty or a goal, possible or actual, before its timer ends (E21).
 */
export function liveIncidentVerdict(
  kind: 'pending' | 'timer_accept',
  incidents: readonly LiveIncident[],
): 'stands' | 'rejected' | 'void' {
  const fatal: readonly LiveIncident[] =
    kind === 'pending'
      ? ['goal', 'red_card', 'half_time', 'full_time']
      : ['goal', 'possible_goal', 'red_card', 'penalty'];
  if (!incidents.some((incident) => fatal.includes(incident))) return 'stands';
  return kind === 'pending' ? 'rejected' : 'void';
}

/** Venue changes (rules.md E9, E10): neutral <-> non-neutral stands; a reversed home/away voids. */
export type VenueChange = 'neutral_switch' | 'home_away_reversed' | 'team_names_reversed';

export function venueChangeVerdict(change: VenueChange): 'stands' | 'void' {
  return change === 'neutral_switch' ? 'stands' : 'void';
}
