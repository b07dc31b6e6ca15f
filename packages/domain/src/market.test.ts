import { describe, expect, it } from 'vitest';
import { selectionOutcome, type Goal, type MatchResult, type MatchStatus, type Selection } from './market';

const score = (text: string) => {
  const [home, away] = text.split('-').map(Number) as [number, number];
  return { home, away };
};

const ft = (fullTime: string, halfTime?: string, status: MatchStatus = 'completed'): MatchResult => ({
  status,
  fullTime: score(fullTime),
  ...(halfTime === undefined ? {} : { halfTime: score(halfTime) }),
});

describe('selectionOutcome on completed matches', () => {
  it('settles each market on its period', () => {
    const result = ft('3-1', '1-1');
    const cases: Array<[Selection, string]> = [
      [{ market: 'handicap', period: 'FT', side: 'home', homeLine: '-1.5' }, 'won'],
      [{ market: 'handicap', period: 'FT', side: 'away', homeLine: '-1.5' }, 'lost'],
      [{ market: 'handicap', period: '1H', side: 'home', homeLine: '-0.25' }, 'lost_half'],
      [{ market: 'handicap', period: '2H', side: 'home', homeLine: '-1.75' }, 'won_half'], // 2H score 2-0
      [{ market: 'total', period: 'FT', side: 'over', line: '3.75' }, 'won_half'],
      [{ market: 'total', period: '1H', side: 'under', line: '1' }, 'lost'],
      [{ market: '1x2', period: '1H', pick: 'X' }, 'won'],
      [{ market: '1x2', period: 'FT', pick: '1' }, 'won'],
      [{ market: 'double_chance', period: 'FT', pick: 'X2' }, 'lost'],
      [{ market: 'draw_no_bet', period: '1H', pick: 'home' }, 'draw'],
      [{ market: 'moneyline', period: 'FT', pick: 'away' }, 'lost'],
      [{ market: 'odd_even', period: 'FT', pick: 'even' }, 'won'],
      [{ market: 'odd_even', period: 'FT', pick: 'odd', team: 'home' }, 'won'],
      [{ market: 'ht_ft_odd_even', period: 'FT', pick: 'EE' }, 'won'],
      [{ market: 'ht_ft', period: 'FT', pick: 'DH' }, 'won'],
      [{ market: 'correct_score', period: 'FT', pick: '3-1' }, 'won'],
      [{ market: 'correct_score', period: '1H', pick: '1-1' }, 'won'],
      [{ market: 'total_goals', period: 'FT', pick: '4-6' }, 'won'],
      [{ market: 'exact_goals', period: '2H', pick: '2' }, 'won'],
      [{ market: 'both_one_neither', period: 'FT', pick: 'both' }, 'won'],
    ];
    for (const [selection, outcome] of cases)
      expect(selectionOutcome(selection, result), JSON.stringify(selection)).toBe(outcome);
  });

  it('live handicap counts goals after the bet, per period', () => {
    const result = ft('3-1', '1-1');
    // Bet on FT at 1-0: counted 2-1.
    expect(
      selectionOutcome(
        { market: 'handicap', period: 'FT', side: 'home', homeLine: '-1', scoreAtBet: score('1-0') },
        result,
      ),
    ).toBe('draw');
    // Bet on the 2H market at 2-1 during the second half: counted 1-0 of the 2H.
    expect(
      selectionOutcome(
        { market: 'handicap', period: '2H', side: 'home', homeLine: '-0.75', scoreAtBet: score('2-1') },
        result,
      ),
    ).toBe('won_half');
    // Bet on the 2H market before it started (at 0-0): the whole 2H counts, 2-0.
    expect(
      selectionOutcome(
        { market: 'handicap', period: '2H', side: 'home', homeLine: '-1.5', scoreAtBet: score('0-0') },
        result,
      ),
    ).toBe('won');
  });

  it('first/last goal by period', () => {
    const goals: Goal[] = [
      { team: 'away', half: 1 },
      { team: 'home', half: 2 },
      { team: 'home', half: 2 },
    ];
    const result: MatchResult = { ...ft('2-1', '0-1'), goals };
    expect(selectionOutcome({ market: 'first_last_goal', period: 'FT', pick: 'AF' }, result)).toBe('won');
    expect(selectionOutcome({ market: 'first_last_goal', period: 'FT', pick: 'HL' }, result)).toBe('won');
    expect(selectionOutcome({ market: 'first_last_goal', period: '1H', pick: 'AL' }, result)).toBe('won');
    expect(selectionOutcome({ market: 'first_last_goal', period: '2H', pick: 'HF' }, result)).toBe('won');
    expect(() =>
      selectionOutcome({ market: 'first_last_goal', period: 'FT', pick: 'HF' }, ft('1-0')),
    ).toThrow(/result_required/);
  });

  it('needs the half-time score for half markets', () => {
    expect(() => selectionOutcome({ market: '1x2', period: '1H', pick: '1' }, ft('1-0'))).toThrow(
      /result_required/,
    );
  });
});

describe('cancelled and postponed (product spec 4 match states; rules.md E1)', () => {
  const fh: Selection = { market: '1x2', period: '1H', pick: '1' };
  const sh: Selection = { market: '1x2', period: '2H', pick: '1' };
  const full: Selection = { market: '1x2', period: 'FT', pick: '1' };
  it.each([
    ['cancelled', 'void', 'void', 'void'],
    ['postponed', 'void', 'void', 'void'],
    ['cancelled_1h', 'void', 'won', 'void'],
    ['cancelled_2h', 'won', 'void', 'void'],
  ] as const)('%s: 1H %s, 2H %s, FT %s', (status, first, second, whole) => {
    const result = ft('2-0', '1-0', status);
    expect(selectionOutcome(fh, result)).toBe(first);
    expect(selectionOutcome(sh, result)).toBe(second);
    expect(selectionOutcome(full, result)).toBe(whole);
  });
});

describe('abandoned matches (rules.md E1-E8, decision 0.9)', () => {
  it('E3: abandoned during the first half voids every 1H bet, even one already decided', () => {
    const result = ft('3-0', undefined, 'abandoned_1h');
    expect(selectionOutcome({ market: 'total', period: '1H', side: 'over', line: '0.5' }, result)).toBe(
      'void',
    );
  });

  it('E4: abandoned during the second half, 1H bets stand on the HT score', () => {
    const result = ft('1-1', '1-0', 'abandoned_2h');
    expect(selectionOutcome({ market: '1x2', period: '1H', pick: '1' }, result)).toBe('won');
    expect(
      selectionOutcome({ market: 'handicap', period: '1H', side: 'away', homeLine: '-0.5' }, result),
    ).toBe('lost');
  });

  it('E5: second-half markets are refunded', () => {
    const result = ft('3-1', '1-0', 'abandoned_2h');
    expect(selectionOutcome({ market: 'total', period: '2H', side: 'over', line: '0.5' }, result)).toBe(
      'void',
    );
  });

  it('E1: full-time markets are void unless already determined', () => {
    const result = ft('2-1', '1-0', 'abandoned_2h');
    const at = (selection: Selection) => selectionOutcome(selection, result);
    expect(at({ market: 'total', period: 'FT', side: 'over', line: '2.5' })).toBe('won'); // 3 goals already
    expect(at({ market: 'total', period: 'FT', side: 'under', line: '2.5' })).toBe('lost');
    expect(at({ market: 'total', period: 'FT', side: 'over', line: '2.75' })).toBe('void'); // half win now, could be full
    expect(at({ market: 'total', period: 'FT', side: 'over', line: '3.25' })).toBe('void');
    expect(at({ market: 'handicap', period: 'FT', side: 'home', homeLine: '0' })).toBe('void');
    expect(at({ market: '1x2', period: 'FT', pick: '1' })).toBe('void');
    expect(at({ market: 'odd_even', period: 'FT', pick: 'odd' })).toBe('void');
    expect(at({ market: 'ht_ft', period: 'FT', pick: 'HH' })).toBe('void');
    expect(at({ market: 'both_one_neither', period: 'FT', pick: 'both' })).toBe('won'); // both have scored
  });

  it('E7: correct score and total goals stand only when determined', () => {
    const early = ft('2-1', '1-0', 'abandoned_2h');
    expect(selectionOutcome({ market: 'correct_score', period: 'FT', pick: '2-1' }, early)).toBe('void');
    expect(selectionOutcome({ market: 'correct_score', period: 'FT', pick: '0-0' }, early)).toBe('lost');
    expect(selectionOutcome({ market: 'total_goals', period: 'FT', pick: '0-1' }, early)).toBe('lost');
    expect(selectionOutcome({ market: 'total_goals', period: 'FT', pick: '2-3' }, early)).toBe('void');
    expect(selectionOutcome({ market: 'exact_goals', period: 'FT', pick: '2' }, early)).toBe('lost');
    const rout = ft('5-3', '3-1', 'abandoned_2h');
    expect(selectionOutcome({ market: 'correct_score', period: 'FT', pick: 'other' }, rout)).toBe('won');
    expect(selectionOutcome({ market: 'total_goals', period: 'FT', pick: '7+' }, rout)).toBe('won');
    expect(selectionOutcome({ market: 'exact_goals', period: 'FT', pick: '10+' }, rout)).toBe('void');
  });

  it('E6: after a goal, first goal and no goal stand, last goal is void', () => {
    const result: MatchResult = { ...ft('1-0', '1-0', 'abandoned_2h'), goals: [{ team: 'home', half: 1 }] };
    const at = (pick: 'HF' | 'AF' | 'HL' | 'AL' | 'NG') =>
      selectionOutcome({ market: 'first_last_goal', period: 'FT', pick }, result);
    expect([at('HF'), at('AF'), at('NG'), at('HL'), at('AL')]).toEqual([
      'won',
      'lost',
      'lost',
      'void',
      'void',
    ]);
  });

  it('E6: abandoned with no goal, first goal, last goal and no goal are all void', () => {
    const result: MatchResult = { ...ft('0-0', undefined, 'abandoned_1h'), goals: [] };
    for (const pick of ['HF', 'AF', 'HL', 'AL', 'NG'] as const) {
      expect(selectionOutcome({ market: 'first_last_goal', period: 'FT', pick }, result)).toBe('void');
    }
  });

  it('E8: after only home scored, "neither" stands (loses), both/one are void', () => {
    const result = ft('1-0', undefined, 'abandoned_1h');
    expect(selectionOutcome({ market: 'both_one_neither', period: 'FT', pick: 'neither' }, result)).toBe(
      'lost',
    );
    expect(selectionOutcome({ market: 'both_one_neither', period: 'FT', pick: 'one' }, result)).toBe('void');
    expect(selectionOutcome({ market: 'both_one_neither', period: 'FT', pick: 'both' }, result)).toBe('void');
  });

  it('"abandoned" without a half picks the half from whether a half-time score exists', () => {
    expect(selectionOutcome({ market: '1x2', period: '1H', pick: '1' }, ft('1-0', '1-0', 'abandoned'))).toBe(
      'won',
    );
    expect(
      selectionOutcome({ market: '1x2', period: '1H', pick: '1' }, ft('1-0', undefined, 'abandoned')),
    ).toBe('void');
  });

  it('a live handicap on an abandoned match is void (never determined)', () => {
    const result = ft('4-0', '2-0', 'abandoned_2h');
    expect(
      selectionOutcome(
        { market: 'handicap', period: 'FT', side: 'home', homeLine: '-0.5', scoreAtBet: score('1-0') },
        result,
      ),
    ).toBe('void');
  });
});
