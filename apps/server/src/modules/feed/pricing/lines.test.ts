import { describe, expect, it } from 'vitest';
import {
  fairPrice,
  handicapOutcome,
  lineLadder,
  overOutcome,
  settleFraction,
  twoWayFair,
  type IntDist,
} from './lines';

describe('settleFraction (rules.md 2.2 and 2.3 tables)', () => {
  const margins = [-2, -1, 0, 1, 2, 3];
  it.each([
    [0, [-1, -1, 0, 1, 1, 1]],
    [-0.25, [-1, -1, -0.5, 1, 1, 1]],
    [0.25, [-1, -1, 0.5, 1, 1, 1]],
    [-0.5, [-1, -1, -1, 1, 1, 1]],
    [-0.75, [-1, -1, -1, 0.5, 1, 1]],
    [0.75, [-1, -0.5, 1, 1, 1, 1]],
    [-1, [-1, -1, -1, 0, 1, 1]],
    [-1.25, [-1, -1, -1, -0.5, 1, 1]],
    [1.25, [-1, 0.5, 1, 1, 1, 1]],
    [-1.5, [-1, -1, -1, -1, 1, 1]],
    [-1.75, [-1, -1, -1, -1, 0.5, 1]],
  ])('handicap %s', (h, expected) => {
    expect(margins.map((m) => settleFraction(m + h) + 0)).toEqual(expected);
  });
  it('over 2.75 with 3 goals is a half win, under 2.25 with 2 goals a half win', () => {
    expect(settleFraction(3 - 2.75)).toBe(0.5);
    expect(-settleFraction(2 - 2.25)).toBe(0.5);
  });
});

// Margin -1, 0, +1 with probabilities 0.3, 0.3, 0.4.
const margin: IntDist = { min: -1, probs: [0.3, 0.3, 0.4] };

/** Expected return per unit staked at decimal d, straight from the settlement rule (rules.md 2.1). */
function expectedReturn(dist: IntDist, handicap: number, d: number): number {
  return dist.probs.reduce((s, p, i) => {
    const r = settleFraction(dist.min + i + handicap);
    const ret = r > 0 ? 1 + r * (d - 1) : 1 + r;
    return s + p * ret;
  }, 0);
}

describe('fair prices of line markets', () => {
  it('whole line: 1 + P(lose)/P(win), the push refunded', () => {
    const o = handicapOutcome(margin, 0);
    expect(o).toEqual({ win: 0.4, halfWin: 0, push: 0.3, halfLose: 0, lose: 0.3 });
    expect(fairPrice(o)).toBeCloseTo(1 + 0.3 / 0.4, 12);
  });
  const wide: IntDist = { min: -2, probs: [0.1, 0.2, 0.3, 0.25, 0.15] };
  it.each([0, -0.25, 0.25, -0.5, 0.5, -0.75, 0.75, -1, 1, -1.25, 1.75])(
    'expected return is exactly 1 at line %s',
    (h) => {
      expect(expectedReturn(wide, h, fairPrice(handicapOutcome(wide, h)))).toBeCloseTo(1, 12);
    },
  );
  it('both sides sum to 1 and match 1/fair price', () => {
    for (const h of [-0.75, -0.25, 0, 0.5]) {
      const home = handicapOutcome(margin, h);
      const pair = twoWayFair(home);
      expect(pair).not.toBeNull();
      const [a = 0, b = 0] = pair ?? [];
      expect(a + b).toBeCloseTo(1, 15);
      expect(a).toBeCloseTo(1 / fairPrice(home), 12);
      const away = handicapOutcome({ min: -1, probs: [0.4, 0.3, 0.3] }, -h); // away's margin is the mirror
      expect(b).toBeCloseTo(1 / fairPrice(away), 12);
    }
  });
  it('a line that can only push is not offered', () => {
    expect(twoWayFair(handicapOutcome({ min: 0, probs: [1] }, 0))).toBeNull();
  });
  it('over and under', () => {
    const total: IntDist = { min: 0, probs: [0.1, 0.2, 0.3, 0.4] };
    expect(overOutcome(total, 2.5).win).toBeCloseTo(0.4, 15);
    expect(overOutcome(total, 2).push).toBeCloseTo(0.3, 15);
    expect(overOutcome(total, 2.25).halfLose).toBeCloseTo(0.3, 15);
  });
});

describe('lineLadder', () => {
  it('picks the line nearest even money and its neighbours', () => {
    const prob = (line: number) => Math.min(0.999, Math.max(0.001, 0.5 + (line + 0.9) * 0.4));
    const ladder = lineLadder(prob, { from: -3, to: 3, step: 0.25, alternatives: 2 });
    expect(ladder?.main).toBe(-1);
    expect(ladder?.lines).toEqual([-1.5, -1.25, -1, -0.75, -0.5]);
  });
  it('is null when nothing is priceable', () => {
    expect(lineLadder(() => null, { from: 0, to: 1, step: 0.5, alternatives: 1 })).toBeNull();
  });
});
