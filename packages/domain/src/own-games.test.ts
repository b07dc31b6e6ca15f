import { describe, expect, it } from 'vitest';
import { FairStream, TWO_32 } from './fair';
import {
  LOTTERY_PRIZE_TABLE,
  crashDurationMs,
  crashMultiplierAt,
  crashPointHundredths,
  diceChance,
  dicePayout,
  drawLottery,
  hiloPayout,
  isDiceTarget,
  lotteryLiability,
  lotteryPayout,
  lotteryTicketCost,
  permutations,
  type LotteryBetType,
  type LotteryResult,
} from './own-games';

/** Exact rational as [numerator, denominator] bigints compared by cross-multiplying. */
const between = (num: bigint, den: bigint, low: [bigint, bigint], high: [bigint, bigint]) =>
  num * low[1] >= low[0] * den && num * high[1] <= high[0] * den;

describe('crash: max(1, floor(99 / (1 - u)) / 100), RTP 99% for every target (closed form)', () => {
  it('maps words to crash points', () => {
    expect(crashPointHundredths(0)).toBe(100); // floor(99) -> the 1.00 floor: an instant bust
    expect(crashPointHundredths(TWO_32 / 2)).toBe(198);
    expect(crashPointHundredths(TWO_32 - 1)).toBe(99 * TWO_32);
  });
  it.each([101, 110, 150, 200, 333, 1_000, 10_000, 100_000])('target %i hundredths returns 99%', (target) => {
    // crash >= c  <=>  2^32 - n <= 99·2^32 / c: exactly floor(99·2^32 / c) words of 2^32.
    const winning = (99n * BigInt(TWO_32)) / BigInt(target);
    const rtpNum = winning * BigInt(target);
    const rtpDen = BigInt(TWO_32) * 100n;
    expect(between(rtpNum, rtpDen, [989_999n, 1_000_000n], [99n, 100n])).toBe(true);
    // And the closed form agrees with the function at the boundary words.
    const firstWinning = TWO_32 - Number(winning);
    expect(crashPointHundredths(firstWinning)).toBeGreaterThanOrEqual(target);
    expect(crashPointHundredths(firstWinning - 1)).toBeLessThan(target);
  });
  it('the flight reaches the crash point at its duration', () => {
    for (const point of [101, 150, 200, 1_000, 5_000]) {
      expect(crashMultiplierAt(crashDurationMs(point))).toBeGreaterThanOrEqual(point);
      expect(crashMultiplierAt(crashDurationMs(point) - 2)).toBeLessThan(point);
    }
  });
});

describe('dice: roll 0.00-99.99, payout 99 / chance', () => {
  it.each([
    ['under', 5_000],
    ['under', 100],
    ['over', 4_999],
    ['over', 9_899],
    ['under', 9_800],
  ] as const)('%s %i: exact RTP 99% (less the cent rounding)', (side, target) => {
    // Words giving roll r: floor(n · 10000 / 2^32) = r. Count the winning words exactly.
    const wordsBelow = (roll: number) => Math.ceil((roll * TWO_32) / 10_000); // words with result < roll
    const winningWords = side === 'under' ? wordsBelow(target) : TWO_32 - wordsBelow(target + 1);
    const stake = 10_000n;
    const payout = dicePayout(stake, side, target);
    const rtpNum = BigInt(winningWords) * payout;
    const rtpDen = BigInt(TWO_32) * stake;
    expect(between(rtpNum, rtpDen, [9_899n, 10_000n], [99_001n, 100_000n])).toBe(true);
  });
  it('refuses chances outside 1%-98%', () => {
    expect(isDiceTarget('under', 99)).toBe(false);
    expect(isDiceTarget('under', 100)).toBe(true);
    expect(isDiceTarget('over', 9_900)).toBe(false);
    expect(diceChance('over', 4_999)).toBe(5_000);
  });
});

describe('hi-lo: 0.99 · Π 13 / winning ranks, 99% for any strategy', () => {
  it('one step enumerates to 99%', () => {
    const stake = 1_000_000_000n;
    // Start card rank r (1/13 each), guess, next rank (1/13 each); exact expectation over both draws.
    let totalNum = 0n;
    let totalDen = 0n;
    for (let start = 1; start <= 13; start += 1) {
      for (const guess of ['higher', 'lower'] as const) {
        for (let next = 1; next <= 13; next += 1) {
          const wins = guess === 'higher' ? next >= start : next <= start;
          totalNum += wins ? hiloPayout(stake, [{ rank: start, guess }]) : 0n;
          totalDen += stake;
        }
      }
    }
    expect(between(totalNum, totalDen, [98_999_999n, 100_000_000n], [99n, 100n])).toBe(true);
  });
  it('two steps: RTP 99%', () => {
    const stake = 1_000_000_000n;
    let num = 0n;
    let den = 0n;
    for (let a = 1; a <= 13; a += 1)
      for (let b = 1; b <= 13; b += 1)
        for (let c = 1; c <= 13; c += 1) {
          den += stake;
          if (b >= a && c <= b)
            num += hiloPayout(stake, [
              { rank: a, guess: 'higher' },
              { rank: b, guess: 'lower' },
            ]);
        }
    expect(between(num, den, [98_999_999n, 100_000_000n], [99n, 100n])).toBe(true);
  });
});

describe('4D: prize tables, box and iBox, RTP by enumeration', () => {
  /** Exact RTP of a straight bet: each of the 23 places holds a given number with probability 1/10,000. */
  const rtpBasisPoints = (type: LotteryBetType) => {
    const t = LOTTERY_PRIZE_TABLE[type];
    const places = { first: 1, second: 1, third: 1, special: 10, consolation: 10 } as const;
    const total = Object.entries(t).reduce(
      (sum, [tier, prize]) => sum + places[tier as keyof typeof places] * prize,
      0,
    );
    return total; // per 10,000 numbers: basis points of the stake
  };
  it('Big 64%, Small 65%, 4A 60%, 3D 66%', () => {
    expect(rtpBasisPoints('LOT_BIG')).toBe(6_400);
    expect(rtpBasisPoints('LOT_SMALL')).toBe(6_500);
    expect(rtpBasisPoints('LOT_4A')).toBe(6_000);
    // 3D: the 1st prize's last three digits, 1 in 1,000.
    expect((LOTTERY_PRIZE_TABLE.LOT_3D.first ?? 0) * 10).toBe(6_600);
  });
  it('Big RTP by enumerating every number against a draw', () => {
    const draw = drawLottery(new FairStream('enum', 'c', 1));
    let paid = 0n;
    for (let n = 0; n < 10_000; n += 1) {
      const number = String(n).padStart(4, '0');
      paid += lotteryPayout({ type: 'LOT_BIG', number, mode: 'straight', unitStake: 100n }, draw).payout;
    }
    // Every number staked 1.00 once: 10,000.00 staked, 6,400.00 paid whatever the draw.
    expect(paid).toBe(640_000n);
  });
  it('permutation counts 24/12/6/4/1', () => {
    expect(['1234', '1123', '1122', '1112', '1111'].map((n) => permutations(n).length)).toEqual([
      24, 12, 6, 4, 1,
    ]);
    expect(permutations('123').length).toBe(6);
  });
  const result: LotteryResult = {
    first: '1234',
    second: '5678',
    third: '9012',
    special: ['4321', '1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888', '9999'],
    consolation: ['0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008', '0009', '0010'],
  };
  it.each([
    [{ type: 'LOT_BIG', number: '1234', mode: 'straight', unitStake: 100n }, 250_000n],
    [{ type: 'LOT_BIG', number: '5678', mode: 'straight', unitStake: 100n }, 100_000n],
    [{ type: 'LOT_BIG', number: '9012', mode: 'straight', unitStake: 100n }, 50_000n],
    [{ type: 'LOT_BIG', number: '1111', mode: 'straight', unitStake: 100n }, 18_000n],
    [{ type: 'LOT_BIG', number: '0005', mode: 'straight', unitStake: 100n }, 6_000n],
    [{ type: 'LOT_SMALL', number: '0005', mode: 'straight', unitStake: 100n }, 0n],
    [{ type: 'LOT_SMALL', number: '9012', mode: 'straight', unitStake: 100n }, 100_000n],
    [{ type: 'LOT_4A', number: '1234', mode: 'straight', unitStake: 100n }, 600_000n],
    [{ type: 'LOT_4A', number: '5678', mode: 'straight', unitStake: 100n }, 0n],
    [{ type: 'LOT_3D', number: '234', mode: 'straight', unitStake: 100n }, 66_000n],
    // Box 4321: every permutation staked 1.00; 1234 takes 1st (2,500) and 4321 special (180).
    [{ type: 'LOT_BIG', number: '4321', mode: 'box', unitStake: 100n }, 268_000n],
    // iBox 4321 for 1.00: 2,500/24 + 180/24, each rounded down to the cent.
    [{ type: 'LOT_BIG', number: '4321', mode: 'ibox', unitStake: 100n }, 10_416n + 750n],
    [{ type: 'LOT_BIG', number: '1111', mode: 'ibox', unitStake: 100n }, 18_000n],
  ] as const)('%o pays %s', (ticket, payout) => {
    expect(lotteryPayout(ticket, result).payout).toBe(payout);
  });
  it('box costs the unit stake per permutation, iBox the stake', () => {
    expect(lotteryTicketCost(100n, '1234', 'box')).toBe(2_400n);
    expect(lotteryTicketCost(100n, '1123', 'box')).toBe(1_200n);
    expect(lotteryTicketCost(100n, '1234', 'ibox')).toBe(100n);
  });
  it('liability per covered number at the best tier', () => {
    expect(lotteryLiability({ type: 'LOT_BIG', number: '1122', mode: 'ibox', unitStake: 600n })).toHaveLength(
      6,
    );
    expect(
      lotteryLiability({ type: 'LOT_BIG', number: '1122', mode: 'ibox', unitStake: 600n })[0]?.amount,
    ).toBe(250_000n);
  });
  it('draws 23 distinct four-digit numbers', () => {
    const draw = drawLottery(new FairStream('s', 'c', 9));
    const all = [draw.first, draw.second, draw.third, ...draw.special, ...draw.consolation];
    expect(new Set(all).size).toBe(23);
    expect(all.every((n) => /^\d{4}$/.test(n))).toBe(true);
  });
});
