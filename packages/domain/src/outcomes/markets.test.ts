import { describe, expect, it } from 'vitest';
import {
  CORRECT_SCORE_OPTIONS,
  EXACT_GOALS_OPTIONS,
  TOTAL_GOALS_BANDS,
  correctScoreOutcome,
  exactGoalsOutcome,
  firstLastGoalOutcome,
  totalGoalsOutcome,
} from './goals';
import { outrightOutcome } from './outright';
import {
  HT_FT_OPTIONS,
  bothOneNeitherOutcome,
  doubleChanceOutcome,
  drawNoBetOutcome,
  htFtOddEvenOutcome,
  htFtOutcome,
  moneylineOutcome,
  oddEvenOutcome,
  oneXTwoOutcome,
} from './result';

const s = (text: string) => {
  const [home, away] = text.split('-').map(Number) as [number, number];
  return { home, away };
};

describe('1X2 (rules.md 2.4; FT and 1H take that period score)', () => {
  it.each([
    ['2-1', '1', 'won'],
    ['2-1', 'X', 'lost'],
    ['1-1', 'X', 'won'],
    ['0-1', '2', 'won'],
    ['0-1', '1', 'lost'],
  ] as const)('%s on %s -> %s', (score, pick, outcome) => {
    expect(oneXTwoOutcome(s(score), pick)).toBe(outcome);
  });
});

describe('double chance', () => {
  it.each([
    ['1-1', '1X', 'won'],
    ['1-1', 'X2', 'won'],
    ['1-1', '12', 'lost'],
    ['0-2', 'X2', 'won'],
    ['0-2', '12', 'won'],
    ['0-2', '1X', 'lost'],
  ] as const)('%s on %s -> %s', (score, pick, outcome) => {
    expect(doubleChanceOutcome(s(score), pick)).toBe(outcome);
  });
});

describe('draw no bet and moneyline', () => {
  it('refunds a draw as a push and settles the rest', () => {
    expect(drawNoBetOutcome(s('1-1'), 'home')).toBe('draw');
    expect(drawNoBetOutcome(s('2-0'), 'home')).toBe('won');
    expect(drawNoBetOutcome(s('2-0'), 'away')).toBe('lost');
    expect(moneylineOutcome(s('98-101'), 'away')).toBe('won');
    expect(moneylineOutcome(s('98-101'), 'home')).toBe('lost');
    expect(moneylineOutcome(s('3-3'), 'home')).toBe('draw');
  });
});

describe('odd/even: 0-0 is even', () => {
  it.each([
    ['0-0', 'even'],
    ['1-0', 'odd'],
    ['2-2', 'even'],
    ['2-1', 'odd'],
  ] as const)('%s is %s', (score, parity) => {
    const goals = s(score).home + s(score).away;
    expect(oddEvenOutcome(goals, parity)).toBe('won');
    expect(oddEvenOutcome(goals, parity === 'odd' ? 'even' : 'odd')).toBe('lost');
  });

  it('HT/FT odd/even: HT 1-0, FT 2-0 -> Odd/Even', () => {
    expect(htFtOddEvenOutcome(s('1-0'), s('2-0'), 'OE')).toBe('won');
    expect(htFtOddEvenOutcome(s('1-0'), s('2-0'), 'OO')).toBe('lost');
  });
});

describe('correct score: 0-0 to 4-4 plus other', () => {
  it('offers 26 options', () => {
    expect(CORRECT_SCORE_OPTIONS).toHaveLength(26);
    expect(CORRECT_SCORE_OPTIONS[0]).toBe('0-0');
    expect(CORRECT_SCORE_OPTIONS.at(-1)).toBe('other');
  });

  it.each([
    ['2-1', '2-1', 'won'],
    ['2-1', '1-2', 'lost'],
    ['2-1', 'other', 'lost'],
    ['5-0', 'other', 'won'],
    ['0-5', 'other', 'won'],
    ['4-4', '4-4', 'won'],
    ['6-1', '5-0UP', 'won'],
    ['5-1', '5-0UP', 'lost'],
    ['6-2', '5-0UP', 'lost'],
    ['1-6', '0-5UP', 'won'],
  ] as const)('%s on %s -> %s', (score, pick, outcome) => {
    expect(correctScoreOutcome(s(score), pick)).toBe(outcome);
  });

  it('refuses a pick that is not offered', () => {
    expect(() => correctScoreOutcome(s('1-0'), '5-5')).toThrow(/invalidBetTeam/);
  });

  it('property: exactly one of the 26 options wins for any score', () => {
    for (let home = 0; home <= 7; home += 1) {
      for (let away = 0; away <= 7; away += 1) {
        const winners = CORRECT_SCORE_OPTIONS.filter(
          (pick) => correctScoreOutcome({ home, away }, pick) === 'won',
        );
        expect(winners).toHaveLength(1);
      }
    }
  });
});

describe('HT/FT: 9 outcomes', () => {
  it('HT 1-0, FT 1-1 -> HD; home leads at HT, away at FT -> HA', () => {
    expect(HT_FT_OPTIONS).toHaveLength(9);
    expect(htFtOutcome(s('1-0'), s('1-1'), 'HD')).toBe('won');
    expect(htFtOutcome(s('1-0'), s('1-2'), 'HA')).toBe('won');
    expect(htFtOutcome(s('1-0'), s('1-2'), 'HH')).toBe('lost');
    for (const pick of HT_FT_OPTIONS) {
      expect(htFtOutcome(s('0-0'), s('0-0'), pick)).toBe(pick === 'DD' ? 'won' : 'lost');
    }
  });
});

describe('first goal / last goal', () => {
  it.each([
    [['home'], { HF: 'won', HL: 'won', AF: 'lost', AL: 'lost', NG: 'lost' }],
    [[], { HF: 'lost', HL: 'lost', AF: 'lost', AL: 'lost', NG: 'won' }],
    [['home', 'away', 'home'], { HF: 'won', HL: 'won', AF: 'lost', AL: 'lost', NG: 'lost' }],
    [['home', 'away'], { HF: 'won', HL: 'lost', AF: 'lost', AL: 'won', NG: 'lost' }],
  ] as const)('scorers %j', (scorers, expected) => {
    for (const [pick, outcome] of Object.entries(expected)) {
      expect(firstLastGoalOutcome(scorers, pick as 'HF')).toBe(outcome);
    }
  });
});

describe('total goals bands and exact goals', () => {
  it.each([
    [0, '0-1'],
    [1, '0-1'],
    [2, '2-3'],
    [3, '2-3'],
    [4, '4-6'],
    [6, '4-6'],
    [7, '7+'],
    [12, '7+'],
  ] as const)('%i goals fall in %s', (goals, band) => {
    for (const pick of TOTAL_GOALS_BANDS)
      expect(totalGoalsOutcome(goals, pick)).toBe(pick === band ? 'won' : 'lost');
  });

  it('exact goals 0 to 10+', () => {
    expect(EXACT_GOALS_OPTIONS).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10+']);
    expect(exactGoalsOutcome(3, '3')).toBe('won');
    expect(exactGoalsOutcome(3, '4')).toBe('lost');
    expect(exactGoalsOutcome(10, '10+')).toBe('won');
    expect(exactGoalsOutcome(14, '10+')).toBe('won');
    expect(exactGoalsOutcome(9, '10+')).toBe('lost');
    expect(() => exactGoalsOutcome(3, '11')).toThrow();
  });
});

describe('both / one / neither', () => {
  it('counts the teams that scored', () => {
    expect(bothOneNeitherOutcome(s('0-0'), 'neither')).toBe('won');
    expect(bothOneNeitherOutcome(s('1-0'), 'one')).toBe('won');
    expect(bothOneNeitherOutcome(s('1-2'), 'both')).toBe('won');
    expect(bothOneNeitherOutcome(s('1-2'), 'one')).toBe('lost');
  });
});

describe('outright (E17 dead heat, E20 non-starter)', () => {
  it('settles winners, losers, dead heats and non-starters', () => {
    expect(outrightOutcome('A', { winners: ['A'] })).toEqual({ outcome: 'won', deadHeat: 1 });
    expect(outrightOutcome('B', { winners: ['A'] })).toEqual({ outcome: 'lost', deadHeat: 1 });
    expect(outrightOutcome('A', { winners: ['A', 'B'] })).toEqual({ outcome: 'won', deadHeat: 2 });
    expect(outrightOutcome('C', { winners: ['A'], nonStarters: ['C'] })).toEqual({
      outcome: 'void',
      deadHeat: 1,
    });
    expect(() => outrightOutcome('A', { winners: [] })).toThrow();
  });
});
