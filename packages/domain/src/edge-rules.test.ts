import { describe, expect, it } from 'vitest';
import {
  abandonmentVerdict,
  liveIncidentVerdict,
  resultChangeRecognised,
  venueChangeVerdict,
} from './edge-rules';

const HOUR = 3_600_000;

describe('E2: not resumed within 12 h of kick-off -> void', () => {
  it.each([
    [null, 11, 'waiting'],
    [null, 12, 'waiting'],
    [null, 12.5, 'void'],
    [11, 13, 'resumed'],
    [12, 13, 'resumed'],
    [13, 14, 'void'],
  ] as const)('resumed at %s h, now %s h -> %s', (resumedAt, now, verdict) => {
    expect(
      abandonmentVerdict({
        kickoffMs: 0,
        resumedAtMs: resumedAt === null ? null : resumedAt * HOUR,
        nowMs: now * HOUR,
      }),
    ).toBe(verdict);
  });

  it('the window is configurable (24 h books)', () => {
    expect(
      abandonmentVerdict({ kickoffMs: 0, resumedAtMs: 20 * HOUR, nowMs: 21 * HOUR, windowHours: 24 }),
    ).toBe('resumed');
  });
});

describe('E13: result changes after 72 h are not recognised', () => {
  it('recognises changes up to 72 h after settlement', () => {
    expect(resultChangeRecognised({ settledAtMs: 0, changedAtMs: 72 * HOUR })).toBe(true);
    expect(resultChangeRecognised({ settledAtMs: 0, changedAtMs: 72 * HOUR + 1 })).toBe(false);
  });
});

describe('E14 and E21: live incidents', () => {
  it.each([
    ['pending', [], 'stands'],
    ['pending', ['goal'], 'rejected'],
    ['pending', ['red_card'], 'rejected'],
    ['pending', ['half_time'], 'rejected'],
    ['pending', ['full_time'], 'rejected'],
    ['pending', ['penalty'], 'stands'],
    ['timer_accept', ['penalty'], 'void'],
    ['timer_accept', ['possible_goal'], 'void'],
    ['timer_accept', ['goal'], 'void'],
    ['timer_accept', ['red_card'], 'void'],
    ['timer_accept', ['half_time'], 'stands'],
  ] as const)('%s bet with %j -> %s', (kind, incidents, verdict) => {
    expect(liveIncidentVerdict(kind, incidents)).toBe(verdict);
  });
});

describe('E9, E10: venue changes', () => {
  it('neutral switch stands; reversed home/away voids', () => {
    expect(venueChangeVerdict('neutral_switch')).toBe('stands');
    expect(venueChangeVerdict('home_away_reversed')).toBe('void');
    expect(venueChangeVerdict('team_names_reversed')).toBe('void');
  });
});
