import { describe, expect, it } from 'vitest';
import { outcomeHalves, type Outcome } from '../outcome';
import { quartersToText } from './line';
import { totalOutcome } from './total';

const W: Outcome = 'won';
const HW: Outcome = 'won_half';
const P: Outcome = 'draw';
const HL: Outcome = 'lost_half';
const L: Outcome = 'lost';

/** rules.md 2.3: r by total goals 0..5. */
const OU_TABLE: ReadonlyArray<readonly [side: 'over' | 'under', line: string, byTotal: readonly Outcome[]]> =
  [
    ['over', '2', [L, L, P, W, W, W]],
    ['over', '2.25', [L, L, HL, W, W, W]],
    ['over', '2.5', [L, L, L, W, W, W]],
    ['over', '2.75', [L, L, L, HW, W, W]],
    ['over', '3', [L, L, L, P, W, W]],
    ['under', '2.25', [W, W, HW, L, L, L]],
    ['under', '2.75', [W, W, W, HL, L, L]],
  ];

describe('totalOutcome (rules.md 2.3)', () => {
  for (const [side, line, byTotal] of OU_TABLE) {
    it.each(byTotal.map((outcome, total) => [total, outcome] as const))(
      `${side} ${line}, %i goals -> %s`,
      (total, outcome) => {
        expect(totalOutcome(total, line, side)).toBe(outcome);
      },
    );
  }

  it('PIN: under 5.25 with exactly 5 goals is half push, half win', () => {
    expect(totalOutcome(5, '5.25', 'under')).toBe('won_half');
  });

  it('VPTOP: over 2.75 with a 2-1 final is a half win', () => {
    expect(totalOutcome(3, '2.75', 'over')).toBe('won_half');
  });

  it('XYES: a total equal to a whole line pushes', () => {
    expect(totalOutcome(3, 3, 'under')).toBe('draw');
  });

  it('refuses negative and non-quarter lines', () => {
    expect(() => totalOutcome(2, '-0.5', 'over')).toThrow(/invalidOddsBall/);
    expect(() => totalOutcome(2, '2.1', 'over')).toThrow(/invalidOddsBall/);
  });

  it('property: over and under are mirror images on every line', () => {
    for (let quarters = 0; quarters <= 40; quarters += 1) {
      for (let total = 0; total <= 12; total += 1) {
        const line = quartersToText(quarters);
        expect(
          outcomeHalves(totalOutcome(total, line, 'over')) +
            outcomeHalves(totalOutcome(total, line, 'under')),
        ).toBe(0);
      }
    }
  });
});
