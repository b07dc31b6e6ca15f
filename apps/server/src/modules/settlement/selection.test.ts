import { selectionOutcome } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { toMatchResult, toSelection, type StoredLeg } from './selection';

const leg = (kind: string, selection: string, line = '', period = 'ft'): StoredLeg => ({
  kind,
  period,
  line,
  selection,
  homeScore: null,
  awayScore: null,
});

// HT 1-0, FT 2-1, goals home, away, home.
const result = toMatchResult({ state: 1, detail: null }, { ht: [1, 0], ft: [2, 1], goals: ['h', 'a', 'h'] });

describe('stored legs settle through the domain library', () => {
  it.each([
    [leg('hdp', 'h', '-0.5'), 'won'],
    [leg('hdp', 'a', '-0.5'), 'lost'],
    [leg('hdp', 'h', '-1'), 'draw'],
    [leg('hdp', 'h', '-1.25'), 'lost_half'],
    [leg('hdp', 'a', '-0.75'), 'lost_half'],
    [leg('ou', 'o', '2.5'), 'won'],
    [leg('ou', 'u', '3'), 'draw'],
    [leg('ou', 'o', '2.75'), 'won_half'],
    [leg('1x2', '1'), 'won'],
    [leg('1x2', 'x'), 'lost'],
    [leg('1x2', '1', '', '1h'), 'won'],
    [leg('dc', '1x'), 'won'],
    [leg('dc', 'x2'), 'lost'],
    [leg('oe', 'o'), 'won'],
    [leg('ml', 'h'), 'won'],
    [leg('cs', '2-1'), 'won'],
    [leg('cs', 'aos'), 'lost'],
    [leg('htft', 'hh'), 'won'],
    [leg('htft', 'dh'), 'lost'],
    [leg('fglg', 'hf'), 'won'],
    [leg('fglg', 'hl'), 'won'],
    [leg('fglg', 'af'), 'lost'],
    [leg('tg', '2-3'), 'won'],
    [leg('eg', '3'), 'won'],
  ])('%o -> %s', (stored, outcome) => {
    const selection = toSelection(stored);
    if (!selection || !result) throw new Error('unmapped');
    expect(selectionOutcome(selection, result)).toBe(outcome);
  });

  it('live handicap counts only goals after the bet', () => {
    const selection = toSelection({ ...leg('hdp', 'h', '-0.5'), homeScore: 1, awayScore: 0 });
    if (!selection || !result) throw new Error('unmapped');
    // From 1-0 the rest of the match went 1-1: a draw on the counted score, so -0.5 loses.
    expect(selectionOutcome(selection, result)).toBe('lost');
  });

  it('cancelled and abandoned matches void what the rules say', () => {
    const cancelled = toMatchResult({ state: 2, detail: 'cancelled' }, { ht: null, ft: null, goals: [] });
    const secondHalf = toMatchResult(
      { state: 2, detail: 'abandoned_2h' },
      { ht: [1, 0], ft: [1, 1], goals: ['h', 'a'] },
    );
    const firstHalfLeg = toSelection(leg('1x2', '1', '', '1h'));
    const fullTimeLeg = toSelection(leg('ou', 'o', '2.5'));
    if (!cancelled || !secondHalf || !firstHalfLeg || !fullTimeLeg) throw new Error('unmapped');
    expect(selectionOutcome(fullTimeLeg, cancelled)).toBe('void');
    // Abandoned in the second half: first-half bets stand on the half-time score.
    expect(selectionOutcome(firstHalfLeg, secondHalf)).toBe('won');
    expect(selectionOutcome(fullTimeLeg, secondHalf)).toBe('void');
  });

  it('refuses keys that do not belong to the market, and unfinished matches', () => {
    expect(toSelection(leg('hdp', 'x', '0'))).toBeNull();
    expect(toSelection(leg('ou', 'h', '2.5'))).toBeNull();
    expect(toSelection(leg('nope', 'h'))).toBeNull();
    expect(toMatchResult({ state: 0, detail: null }, { ht: null, ft: [1, 0], goals: ['h'] })).toBeNull();
  });
});
