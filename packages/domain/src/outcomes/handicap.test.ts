import { describe, expect, it } from 'vitest';
import { outcomeFactor, outcomeHalves, type Outcome } from '../outcome';
import { handicapOutcome, handicapOutcomeForSide, liveHandicapOutcome } from './handicap';
import { isQuarterLine, lineQuarters, quartersToText, splitLine } from './line';

const W: Outcome = 'won';
const HW: Outcome = 'won_half';
const P: Outcome = 'draw';
const HL: Outcome = 'lost_half';
const L: Outcome = 'lost';

/** rules.md 2.2: r by the backed team's margin -2 .. +3, rows are the handicap on the backed team. */
const AH_TABLE: ReadonlyArray<readonly [line: string, byMargin: readonly Outcome[], source: string]> = [
  ['0', [L, L, P, W, W, W], 'B365 0 ball'],
  ['-0.25', [L, L, HL, W, W, W], 'VPTOP, B365'],
  ['+0.25', [L, L, HW, W, W, W], 'VPTOP, B365'],
  ['-0.5', [L, L, L, W, W, W], 'B365'],
  ['-0.75', [L, L, L, HW, W, W], 'VPTOP, B365'],
  ['+0.75', [L, HL, W, W, W, W], 'VPTOP, PIN'],
  ['-1', [L, L, L, P, W, W], 'PIN'],
  ['-1.25', [L, L, L, HL, W, W], 'PROTIPS'],
  ['+1.25', [L, HW, W, W, W, W], 'PROTIPS'],
  ['-1.5', [L, L, L, L, W, W], 'UNIBET, B365'],
  ['-1.75', [L, L, L, L, HW, W], 'FOMO'],
];

describe('handicapOutcome (rules.md 2.2 table)', () => {
  for (const [line, byMargin, source] of AH_TABLE) {
    it.each(byMargin.map((outcome, index) => [index - 2, outcome] as const))(
      `line ${line} (${source}), margin %i -> %s`,
      (margin, outcome) => {
        const backed = Math.max(margin, 0) + 1;
        const opponent = backed - margin;
        expect(handicapOutcome(backed, opponent, line)).toBe(outcome);
      },
    );
  }

  it('accepts numbers that are multiples of 0.25 and refuses other lines', () => {
    expect(handicapOutcome(1, 0, -0.75)).toBe('won_half');
    expect(() => handicapOutcome(1, 0, '-0.3')).toThrow(/invalidOddsBall/);
    expect(() => handicapOutcome(1, 0, 0.1)).toThrow(/invalidOddsBall/);
    expect(() => handicapOutcome(1, 0, 'abc')).toThrow(/invalidOddsBall/);
    expect(() => handicapOutcome(-1, 0, '0')).toThrow();
    expect(() => handicapOutcome(0.5, 0, '0')).toThrow();
  });

  it('splits quarter lines into their two halves', () => {
    expect(splitLine('-0.75')).toEqual(['-1', '-0.5']);
    expect(splitLine('0.25')).toEqual(['0', '0.5']);
    expect(splitLine('-1')).toEqual(['-1', '-1']);
    expect(isQuarterLine('-1.25')).toBe(true);
    expect(isQuarterLine('2.5')).toBe(false);
    expect(lineQuarters('-0')).toBe(0);
  });

  it('property: a quarter line is the average of its two half lines', () => {
    for (let quarters = -20; quarters <= 20; quarters += 1) {
      if (Math.abs(quarters) % 2 === 0) continue;
      const [low, high] = splitLine(quartersToText(quarters));
      for (let margin = -6; margin <= 6; margin += 1) {
        const score = margin >= 0 ? ([margin, 0] as const) : ([0, -margin] as const);
        const whole = outcomeFactor(handicapOutcome(score[0], score[1], quartersToText(quarters)));
        const average = outcomeFactor(handicapOutcome(score[0], score[1], low))
          .add(outcomeFactor(handicapOutcome(score[0], score[1], high)))
          .mul(outcomeFactor('won_half'));
        expect(whole.eq(average), `line ${quarters / 4} margin ${margin}`).toBe(true);
      }
    }
  });

  it('property: home and away sides of one market are mirror images', () => {
    for (let quarters = -12; quarters <= 12; quarters += 1) {
      for (let home = 0; home <= 4; home += 1) {
        for (let away = 0; away <= 4; away += 1) {
          const line = quartersToText(quarters);
          const homeSide = handicapOutcomeForSide({ home, away }, 'home', line);
          const awaySide = handicapOutcomeForSide({ home, away }, 'away', line);
          expect(outcomeHalves(homeSide) + outcomeHalves(awaySide)).toBe(0);
          expect(homeSide).toBe(handicapOutcome(home, away, line));
        }
      }
    }
  });
});

describe('live handicap counts only goals after the bet (rules.md 2.2, E15; FUN88)', () => {
  // Live score 1-0 when the bet was struck: Juve -0.75, Man U +0.75.
  it.each([
    ['3-0', 'won', 'lost'],
    ['2-0', 'won_half', 'lost_half'],
    ['3-1', 'won_half', 'lost_half'],
    ['1-0', 'lost', 'won'],
    ['1-1', 'lost', 'won'],
    ['2-1', 'lost', 'won'],
    ['2-2', 'lost', 'won'],
    ['3-2', 'lost', 'won'],
    ['3-3', 'lost', 'won'],
    ['1-3', 'lost', 'won'],
  ] as const)('final %s: Juve %s, Man U %s', (final, juve, manU) => {
    const [home, away] = final.split('-').map(Number) as [number, number];
    expect(
      liveHandicapOutcome({ backed: home, opponent: away, backedAtBet: 1, opponentAtBet: 0, line: '-0.75' }),
    ).toBe(juve);
    expect(
      liveHandicapOutcome({ backed: away, opponent: home, backedAtBet: 0, opponentAtBet: 1, line: '0.75' }),
    ).toBe(manU);
    expect(handicapOutcomeForSide({ home, away }, 'home', '-0.75', { home: 1, away: 0 })).toBe(juve);
    expect(handicapOutcomeForSide({ home, away }, 'away', '-0.75', { home: 1, away: 0 })).toBe(manU);
  });

  it('refuses a final score lower than the score at bet time', () => {
    expect(() =>
      liveHandicapOutcome({ backed: 0, opponent: 0, backedAtBet: 1, opponentAtBet: 0, line: '0' }),
    ).toThrow();
  });
});
