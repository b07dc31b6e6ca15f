import { fisherYates, type FairStream } from './fair';

/**
 * The ball-by-ball number game (rules.md decision 13, digit codes D_1 to D_6): the 75 balls drawn one by one from
 * the fair stream. D_1 a ball over (38-75) / under (1-37); D_2 a ball odd/even; D_3 a ball in one of five ranges of
 * 15; D_4 first ball vs last ball (higher wins, never equal); D_5 the total of the first three balls over/under
 * 113.5; D_6 a ball's exact number (1 of 75). Chances are exact fractions; prices are the fair price less the
 * margin, rounded down to the cent, so no outcome returns more than 1 - margin.
 */
export const NUMBER_BALLS = 75;
/** The default margin in basis points (5%). */
export const NUMBER_MARGIN_BPS = 500;
export const NUMBER_BET_TYPES = ['D_1', 'D_2', 'D_3', 'D_4', 'D_5', 'D_6'] as const;
export type NumberBetType = (typeof NUMBER_BET_TYPES)[number];
/** D_5's line: the total of the first three balls over/under 113.5. */
export const NUMBER_TOTAL_LINE = 113.5;

/** The selections of each bet type (D_3's ranges 1-15, 16-30, ... as '1'..'5'; D_6's balls '1'..'75'). */
export function numberSelections(type: NumberBetType): string[] {
  switch (type) {
    case 'D_1':
    case 'D_5':
      return ['over', 'under'];
    case 'D_2':
      return ['odd', 'even'];
    case 'D_3':
      return ['1', '2', '3', '4', '5'];
    case 'D_4':
      return ['first', 'last'];
    case 'D_6':
      return Array.from({ length: NUMBER_BALLS }, (_, i) => String(i + 1));
  }
}

/** An exact chance: `ways` of `of` equally likely draws. */
export interface NumberChance {
  ways: bigint;
  of: bigint;
}

let totalWays: bigint[] | undefined;

/** Ordered draws of three distinct balls by their total (index = total): 75 x 74 x 73 draws in all. */
export function numberTripleTotalWays(): readonly bigint[] {
  if (totalWays) return totalWays;
  const ways = new Array<bigint>(3 * NUMBER_BALLS + 1).fill(0n);
  for (let a = 1; a <= NUMBER_BALLS; a += 1) {
    for (let b = 1; b <= NUMBER_BALLS; b += 1) {
      if (b === a) continue;
      for (let c = 1; c <= NUMBER_BALLS; c += 1) {
        if (c === a || c === b) continue;
        ways[a + b + c] = (ways[a + b + c] as bigint) + 1n;
      }
    }
  }
  totalWays = ways;
  return ways;
}

/** The exact chance that `selection` of `type` wins (a ball's position is uniform over 1-75 before the round). */
export function numberChance(type: NumberBetType, selection: string): NumberChance {
  if (!numberSelections(type).includes(selection))
    throw new RangeError(`${type} has no selection ${selection}`);
  const of = BigInt(NUMBER_BALLS);
  switch (type) {
    case 'D_1':
      return { ways: selection === 'over' ? 38n : 37n, of };
    case 'D_2':
      return { ways: selection === 'odd' ? 38n : 37n, of };
    case 'D_3':
      return { ways: 15n, of };
    case 'D_4':
      // First and last are two distinct balls: each is the higher in half of the ordered pairs.
      return { ways: 1n, of: 2n };
    case 'D_6':
      return { ways: 1n, of };
    case 'D_5': {
      const ways = numberTripleTotalWays();
      const over = selection === 'over';
      const count = ways.reduce(
        (sum, n, total) => ((over ? total > NUMBER_TOTAL_LINE : total < NUMBER_TOTAL_LINE) ? sum + n : sum),
        0n,
      );
      return { ways: count, of: BigInt(NUMBER_BALLS * (NUMBER_BALLS - 1) * (NUMBER_BALLS - 2)) };
    }
  }
}

/** The decimal price in hundredths: (1 - margin) / P, rounded down to the cent. */
export function numberPriceHundredths(chance: NumberChance, marginBps = NUMBER_MARGIN_BPS): number {
  if (chance.ways <= 0n) throw new RangeError('an outcome that never wins has no price');
  if (marginBps < 0 || marginBps >= 10_000) throw new RangeError('margin');
  return Number((chance.of * BigInt(10_000 - marginBps) * 100n) / (chance.ways * 10_000n));
}

/** Every selection's price of one bet type, in hundredths. */
export function numberPrices(type: NumberBetType, marginBps = NUMBER_MARGIN_BPS): Record<string, number> {
  return Object.fromEntries(
    numberSelections(type).map((selection) => [
      selection,
      numberPriceHundredths(numberChance(type, selection), marginBps),
    ]),
  );
}

/** The round's 75 balls (1-75, in draw order) from the fair stream. */
export function drawNumberGame(stream: FairStream): number[] {
  return fisherYates(stream, NUMBER_BALLS).map((index) => index + 1);
}

/**
 * Whether `selection` of `type` won in the round `balls` (all 75, in draw order). `position` is the ball the bet
 * is on for D_1, D_2, D_3 and D_6 (1 = the first ball drawn).
 */
export function numberWins(
  type: NumberBetType,
  selection: string,
  balls: readonly number[],
  position = 1,
): boolean {
  if (balls.length !== NUMBER_BALLS || new Set(balls).size !== NUMBER_BALLS) {
    throw new RangeError('a number game round draws all 75 balls');
  }
  if (!Number.isInteger(position) || position < 1 || position > NUMBER_BALLS)
    throw new RangeError('position');
  if (!numberSelections(type).includes(selection))
    throw new RangeError(`${type} has no selection ${selection}`);
  const ball = balls[position - 1] as number;
  switch (type) {
    case 'D_1':
      return ball >= 38 === (selection === 'over');
    case 'D_2':
      return (ball % 2 === 1) === (selection === 'odd');
    case 'D_3':
      return Math.ceil(ball / 15) === Number(selection);
    case 'D_4':
      return (balls[0] as number) > (balls[NUMBER_BALLS - 1] as number) === (selection === 'first');
    case 'D_5': {
      const total = (balls[0] as number) + (balls[1] as number) + (balls[2] as number);
      return total > NUMBER_TOTAL_LINE === (selection === 'over');
    }
    case 'D_6':
      return ball === Number(selection);
  }
}
