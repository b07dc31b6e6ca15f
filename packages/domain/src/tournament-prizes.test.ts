import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rational } from './decimal';
import {
  pickPoints,
  pickTally,
  rankStandings,
  roomCancellation,
  roomPool,
  splitPrizes,
  type Standing,
} from './tournament';

const standing = (memberId: string, points: number, wins = 0, losses = 0, lastChange = 0): Standing => ({
  memberId,
  points: Rational.int(points),
  wins,
  losses,
  lastChange,
});

describe('pickPoints: a 100-point virtual stake settled by the sportsbook rules (decision 11)', () => {
  it.each([
    ['won', '1.90', '90'],
    ['won_half', '1.90', '45'],
    ['draw', '1.90', '0'],
    ['void', '2.50', '0'],
    ['lost_half', '1.90', '-50'],
    ['lost', '1.90', '-100'],
    ['won', '2.125', '112.5'],
  ] as const)('%s at %s scores %s', (outcome, price, points) => {
    expect(
      pickPoints(outcome, price)
        .toFixed(3)
        .replace(/\.?0+$/, ''),
    ).toBe(points);
  });

  it('counts half outcomes as wins and losses for the tie-breaks', () => {
    expect(pickTally('won_half')).toEqual({ win: 1, loss: 0 });
    expect(pickTally('lost_half')).toEqual({ win: 0, loss: 1 });
    expect(pickTally('void')).toEqual({ win: 0, loss: 0 });
  });
});

describe('rankStandings: points, more wins, fewer losses, earlier change; still tied share a place', () => {
  it('breaks ties in order', () => {
    const ranked = rankStandings([
      standing('late', 90, 2, 1, 200),
      standing('early', 90, 2, 1, 100),
      standing('fewerLosses', 90, 2, 0, 300),
      standing('moreWins', 90, 3, 2, 300),
      standing('top', 150, 1, 0, 500),
    ]);
    expect(ranked.map((r) => [r.memberId, r.place])).toEqual([
      ['top', 1],
      ['moreWins', 2],
      ['fewerLosses', 3],
      ['early', 4],
      ['late', 5],
    ]);
  });

  it('shares places among players equal on every criterion', () => {
    const ranked = rankStandings([standing('a', 50), standing('b', 50), standing('c', 10)]);
    expect(ranked.map((r) => [r.memberId, r.place, r.tied])).toEqual([
      ['a', 1, 2],
      ['b', 1, 2],
      ['c', 3, 1],
    ]);
  });
});

describe('roomPool and splitPrizes (decision 11)', () => {
  it('keeps the operator fee from a paid room and funds a free one', () => {
    expect(roomPool({ free: false, entryFeeMinor: 10_000n, players: 5, freePrizeMinor: 10_000n })).toEqual({
      pool: 45_000n,
      operatorFee: 5_000n,
    });
    expect(roomPool({ free: true, entryFeeMinor: 0n, players: 9, freePrizeMinor: 10_000n })).toEqual({
      pool: 10_000n,
      operatorFee: 0n,
    });
  });

  it.each([
    // [points per member, pool, free, expected prizes, remainder, remainderTo]
    [
      '50/30/20 exact',
      [30, 20, 10, 0],
      10_000n,
      false,
      { m0: 5_000n, m1: 3_000n, m2: 2_000n },
      0n,
      'champion',
    ],
    [
      'remainder to the champion',
      [30, 20, 10],
      10_001n,
      false,
      { m0: 5_001n, m1: 3_000n, m2: 2_000n },
      1n,
      'champion',
    ],
    [
      'remainder to the house in a free room',
      [30, 20, 10],
      10_001n,
      true,
      { m0: 5_000n, m1: 3_000n, m2: 2_000n },
      1n,
      'house',
    ],
    [
      'two share first: (50+30)/2 each',
      [30, 30, 10],
      10_000n,
      false,
      { m0: 4_000n, m1: 4_000n, m2: 2_000n },
      0n,
      'house',
    ],
    [
      'three share second: (30+20)/3 each, rounded down',
      [30, 20, 20, 20],
      10_000n,
      false,
      { m0: 5_002n, m1: 1_666n, m2: 1_666n, m3: 1_666n },
      2n,
      'champion',
    ],
    [
      'everyone tied: the pool split in three',
      [0, 0, 0],
      10_000n,
      false,
      { m0: 3_333n, m1: 3_333n, m2: 3_333n },
      1n,
      'house',
    ],
    [
      'four tied for first share the whole pool',
      [5, 5, 5, 5],
      10_000n,
      false,
      { m0: 2_500n, m1: 2_500n, m2: 2_500n, m3: 2_500n },
      0n,
      'house',
    ],
  ] as const)('%s', (_name, points, pool, free, expected, remainder, remainderTo) => {
    const ranked = rankStandings(points.map((p, i) => standing(`m${i}`, p)));
    const split = splitPrizes(pool, ranked, free);
    expect(Object.fromEntries(split.prizes)).toEqual(expected);
    expect(split.remainder).toBe(remainder);
    expect(split.remainderTo).toBe(remainderTo);
  });

  it('prizes + house remainder + operator fee = entry fee x players, to the cent', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 100_000 }),
        fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 3, maxLength: 30 }),
        fc.integer({ min: 0, max: 2_000 }),
        (fee, points, bps) => {
          const players = points.length;
          const { pool, operatorFee } = roomPool({
            free: false,
            entryFeeMinor: BigInt(fee),
            players,
            operatorFeeBps: bps,
            freePrizeMinor: 0n,
          });
          const split = splitPrizes(pool, rankStandings(points.map((p, i) => standing(`m${i}`, p))), false);
          const prizes = [...split.prizes.values()].reduce((a, b) => a + b, 0n);
          const houseRemainder = split.remainderTo === 'house' ? split.remainder : 0n;
          expect(prizes + houseRemainder + operatorFee).toBe(BigInt(fee) * BigInt(players));
          for (const prize of split.prizes.values()) expect(prize).toBeGreaterThan(0n);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('cancels a room with fewer than 3 players or 3 non-void matches', () => {
    expect(roomCancellation({ players: 2, nonVoidMatches: 5 })).toBe('notEnoughPlayers');
    expect(roomCancellation({ players: 3, nonVoidMatches: 2 })).toBe('notEnoughMatches');
    expect(roomCancellation({ players: 3, nonVoidMatches: 3 })).toBeNull();
  });
});
