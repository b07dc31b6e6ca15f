import { describe, expect, it } from 'vitest';
import {
  biggestLiabilities,
  finalScoresFor,
  forecastByMargin,
  singleBookResultAt,
  type ForecastSingle,
} from './forecast';

const s = (text: string) => {
  const [home, away] = text.split('-').map(Number) as [number, number];
  return { home, away };
};

/**
 * Four open bets on one match (HK odds are the net win per unit staked):
 * A home -0.75 @0.90 x100: margin >= 2 +90, margin 1 half win +45, else -100;
 * B away +0.75 @1.00 x50: margin >= 2 -50, margin 1 half loss -25, else +50;
 * C over 2.5 @0.80 x100: 3+ goals +80, else -100;
 * D draw (1X2) @3.20 decimal x10: draw +22, else -10.
 */
const BETS: ForecastSingle[] = [
  {
    selection: { period: 'FT', market: 'handicap', side: 'home', homeLine: '-0.75' },
    format: 'HK',
    price: '0.90',
    stake: '100',
  },
  {
    selection: { period: 'FT', market: 'handicap', side: 'away', homeLine: '-0.75' },
    format: 'HK',
    price: '1.00',
    stake: '50',
  },
  {
    selection: { period: 'FT', market: 'total', side: 'over', line: '2.5' },
    format: 'HK',
    price: '0.80',
    stake: '100',
  },
  { selection: { period: 'FT', market: '1x2', pick: 'X' }, format: 'DEC', price: '3.20', stake: '10' },
];

describe('finalScoresFor: the grid of reachable final scores per goal difference', () => {
  it.each([
    ['0-0', 1, 3, ['1-0', '2-1', '3-2']],
    ['0-0', 0, 2, ['0-0', '1-1', '2-2']],
    ['1-0', 0, 2, ['1-1', '2-2']],
    ['1-0', -1, 2, ['1-2']],
    ['2-0', 3, 2, ['3-0', '4-1']],
    ['2-0', -5, 6, []],
    ['1-0', -5, 6, ['1-6']],
    ['0-3', 2, 6, ['5-3', '6-4']],
  ] as const)('from %s, margin %i, %i more each -> %j', (current, margin, extra, expected) => {
    expect(finalScoresFor(s(current), margin, extra).map((x) => `${x.home}-${x.away}`)).toEqual(expected);
  });
  it('refuses a bound beyond the maximum', () => {
    expect(() => finalScoresFor(s('0-0'), 0, 16)).toThrow();
  });
});

describe('forecastByMargin: the book per goal difference (book = - member win/loss)', () => {
  const rows = forecastByMargin(
    BETS.map((bet) => singleBookResultAt(bet)),
    s('0-0'),
  );
  const byMargin = new Map(rows.map((row) => [row.margin, row]));
  it('has every difference from +5 to -5 in order from 0-0', () => {
    expect(rows.map((row) => row.margin)).toEqual([5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -5]);
  });
  it.each([
    // margin, likely score, book there, worst (score), best (score)
    [2, '2-0', 7000n, -11000n, '3-1', 7000n, '2-0'],
    [1, '1-0', 9000n, -9000n, '2-1', 9000n, '1-0'],
    [0, '0-0', 12800n, -5200n, '2-2', 12800n, '0-0'],
    [-1, '0-1', 16000n, -2000n, '1-2', 16000n, '0-1'],
    [5, '5-0', -11000n, -11000n, '5-0', -11000n, '5-0'],
    [-5, '0-5', -2000n, -2000n, '0-5', -2000n, '0-5'],
  ] as const)('margin %i: at %s the book makes %i; worst %i at %s, best %i at %s', (...row) => {
    const [margin, likely, atLikely, worst, worstScore, best, bestScore] = row;
    const got = byMargin.get(margin);
    expect(got).toMatchObject({
      likely: s(likely),
      bookAtLikely: atLikely,
      worst,
      worstScore: s(worstScore),
      best,
      bestScore: s(bestScore),
      undecided: 0,
    });
  });
  it('takes the current score as the floor: from 1-0 a draw is 1-1 at the fewest', () => {
    const live = forecastByMargin(
      BETS.map((bet) => singleBookResultAt(bet)),
      s('1-0'),
      { margins: [0, -5] },
    );
    expect(live.map((row) => [row.margin, row.likely, row.bookAtLikely])).toEqual([
      [0, s('1-1'), 12800n],
      [-5, s('1-6'), -2000n],
    ]);
    expect(forecastByMargin([], s('2-0'), { margins: [-5] })).toEqual([]);
  });
  it('counts only goals after a live handicap bet was struck (rules.md 2.2)', () => {
    const live = singleBookResultAt({
      selection: {
        period: 'FT',
        market: 'handicap',
        side: 'home',
        homeLine: '-0.75',
        scoreAtBet: s('1-0'),
      },
      format: 'HK',
      price: '0.90',
      stake: '100',
    });
    expect(live(s('1-0'))).toBe(10000n);
    expect(live(s('2-0'))).toBe(-4500n);
    expect(live(s('3-0'))).toBe(-9000n);
  });
  it('leaves a first-half bet undecided without the half-time score, and settles it with one', () => {
    const firstHalf: ForecastSingle = {
      selection: { period: '1H', market: '1x2', pick: '1' },
      format: 'DEC',
      price: '2.00',
      stake: '10',
    };
    const [row] = forecastByMargin([singleBookResultAt(firstHalf)], s('0-0'), { margins: [1] });
    expect(row).toMatchObject({ bookAtLikely: 0n, undecided: 1 });
    expect(singleBookResultAt(firstHalf, s('1-0'))(s('1-1'))).toBe(-1000n);
    expect(singleBookResultAt(firstHalf, s('0-0'))(s('1-1'))).toBe(1000n);
  });
});

describe('forecastByMargin with groups of bets valued together', () => {
  it('sums a group like its bets and counts its bets when undecided', () => {
    const single = singleBookResultAt(BETS[0] as ForecastSingle);
    const grouped = forecastByMargin(
      [
        { at: single, bets: 1 },
        { at: () => null, bets: 3 },
      ],
      s('0-0'),
      {
        margins: [2],
      },
    );
    expect(grouped).toEqual(
      forecastByMargin([single], s('0-0'), { margins: [2] }).map((row) => ({ ...row, undecided: 3 })),
    );
  });
});

describe('biggestLiabilities: selections by worst-case payout', () => {
  it('sums per selection and keeps the largest first', () => {
    const top = biggestLiabilities(
      [
        { key: 'hdp|h', stakeMinor: 10000n, payoutMinor: 19000n },
        { key: 'ou|o', stakeMinor: 5000n, payoutMinor: 9000n },
        { key: 'hdp|h', stakeMinor: 2000n, payoutMinor: 3800n },
        { key: '1x2|x', stakeMinor: 1000n, payoutMinor: 22000n },
        { key: 'hdp|a', stakeMinor: 100n, payoutMinor: 200n },
      ],
      3,
    );
    expect(top).toEqual([
      { key: 'hdp|h', bets: 2, stakeMinor: 12000n, payoutMinor: 22800n, netMinor: 10800n },
      { key: '1x2|x', bets: 1, stakeMinor: 1000n, payoutMinor: 22000n, netMinor: 21000n },
      { key: 'ou|o', bets: 1, stakeMinor: 5000n, payoutMinor: 9000n, netMinor: 4000n },
    ]);
    expect(biggestLiabilities([], 5)).toEqual([]);
  });
});
