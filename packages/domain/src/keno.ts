import { fisherYates, type FairStream } from './fair';

/**
 * Keno (rules.md decision 13): 20 balls of 80 every round. Markets on the sum of the 20 balls: big (>= 811),
 * small (<= 809), a sum of 810 refunds both; odd/even of the sum; up (more balls from 1-40), down (more from
 * 41-80), equal (10 each). Probabilities are exact (counts of the C(80, 20) draws, as bigints); prices are the
 * fair price less the margin, rounded down to the cent, so the return to player never exceeds 1 - margin.
 */
export const KENO_BALLS = 80;
export const KENO_DRAWN = 20;
/** The sum that refunds big and small: the mean, 20 x 40.5. */
export const KENO_SUM_PUSH = 810;
/** The default margin in basis points (5%). */
export const KENO_MARGIN_BPS = 500;

export interface KenoOutcome {
  balls: number[];
  sum: number;
  /** Balls 1-40 and 41-80 drawn. */
  up: number;
  down: number;
}

/** The round's 20 distinct balls (1-80, in draw order) from the fair stream. */
export function drawKeno(stream: FairStream): number[] {
  return fisherYates(stream, KENO_BALLS, KENO_DRAWN).map((index) => index + 1);
}

export function kenoOutcome(balls: readonly number[]): KenoOutcome {
  if (balls.length !== KENO_DRAWN || new Set(balls).size !== KENO_DRAWN)
    throw new RangeError('a keno round draws 20 distinct balls');
  for (const ball of balls) {
    if (!Number.isInteger(ball) || ball < 1 || ball > KENO_BALLS) throw new RangeError(`ball ${ball}`);
  }
  const up = balls.filter((ball) => ball <= KENO_BALLS / 2).length;
  return {
    balls: [...balls],
    sum: balls.reduce((total, ball) => total + ball, 0),
    up,
    down: KENO_DRAWN - up,
  };
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i += 1) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** C(80, 20): every draw, equally likely. */
export const KENO_DRAWS = choose(KENO_BALLS, KENO_DRAWN);

let sumWays: bigint[] | undefined;

/** How many of the C(80, 20) draws have each sum (index = sum), by dynamic programming over the balls. */
export function kenoSumWays(): readonly bigint[] {
  if (sumWays) return sumWays;
  const maxSum = (KENO_BALLS * (KENO_BALLS + 1)) / 2;
  // ways[k][s]: subsets of the balls seen so far with k balls summing to s.
  let ways = Array.from({ length: KENO_DRAWN + 1 }, () => new Array<bigint>(maxSum + 1).fill(0n));
  (ways[0] as bigint[])[0] = 1n;
  for (let ball = 1; ball <= KENO_BALLS; ball += 1) {
    const next = ways.map((row) => [...row]);
    for (let k = 0; k < KENO_DRAWN; k += 1) {
      const row = ways[k] as bigint[];
      const target = next[k + 1] as bigint[];
      for (let s = 0; s + ball <= maxSum; s += 1) {
        const count = row[s] as bigint;
        if (count !== 0n) target[s + ball] = (target[s + ball] as bigint) + count;
      }
    }
    ways = next;
  }
  sumWays = ways[KENO_DRAWN] as bigint[];
  return sumWays;
}

/** A probability as an exact fraction of the C(80, 20) draws. */
export interface KenoChance {
  ways: bigint;
  of: bigint;
}

export interface KenoChances {
  big: KenoChance;
  small: KenoChance;
  push: KenoChance;
  odd: KenoChance;
  even: KenoChance;
  up: KenoChance;
  down: KenoChance;
  equal: KenoChance;
}

/** The exact chances of every keno market's outcomes. */
export function kenoChances(): KenoChances {
  const ways = kenoSumWays();
  const sumWhere = (test: (sum: number) => boolean) =>
    ways.reduce((total, count, sum) => (test(sum) ? total + count : total), 0n);
  // Balls from 1-40 drawn: hypergeometric, C(40, k) C(40, 20 - k) of the draws.
  const upWays = (test: (k: number) => boolean) => {
    let total = 0n;
    for (let k = 0; k <= KENO_DRAWN; k += 1) {
      if (test(k)) total += choose(40, k) * choose(40, KENO_DRAWN - k);
    }
    return total;
  };
  const of = KENO_DRAWS;
  return {
    big: { ways: sumWhere((sum) => sum > KENO_SUM_PUSH), of },
    small: { ways: sumWhere((sum) => sum < KENO_SUM_PUSH), of },
    push: { ways: sumWhere((sum) => sum === KENO_SUM_PUSH), of },
    odd: { ways: sumWhere((sum) => sum % 2 === 1), of },
    even: { ways: sumWhere((sum) => sum % 2 === 0), of },
    up: { ways: upWays((k) => k > KENO_DRAWN / 2), of },
    down: { ways: upWays((k) => k < KENO_DRAWN / 2), of },
    equal: { ways: upWays((k) => k === KENO_DRAWN / 2), of },
  };
}

/**
 * The decimal price (in hundredths) of an outcome won with `win` and refunded with `push`, so that the expected
 * return is 1 - margin: price = (1 - margin - P(push)) / P(win), rounded down to the cent.
 */
export function kenoPriceHundredths(
  win: KenoChance,
  push: KenoChance | null,
  marginBps = KENO_MARGIN_BPS,
): number {
  if (win.ways <= 0n) throw new RangeError('an outcome that never wins has no price');
  const pushWays = push ? push.ways : 0n;
  // (of * (10000 - margin) / 10000 - pushWays) / win.ways, in hundredths.
  const numerator = (win.of * BigInt(10_000 - marginBps) - pushWays * 10_000n) * 100n;
  return Number(numerator / (win.ways * 10_000n));
}

/** Every keno market's prices in hundredths (big/small refund on 810). */
export function kenoPrices(marginBps = KENO_MARGIN_BPS) {
  const c = kenoChances();
  return {
    big: kenoPriceHundredths(c.big, c.push, marginBps),
    small: kenoPriceHundredths(c.small, c.push, marginBps),
    odd: kenoPriceHundredths(c.odd, null, marginBps),
    even: kenoPriceHundredths(c.even, null, marginBps),
    up: kenoPriceHundredths(c.up, null, marginBps),
    down: kenoPriceHundredths(c.down, null, marginBps),
    equal: kenoPriceHundredths(c.equal, null, marginBps),
  };
}

/**
 * Pick 1-10 paytables (decision 13): a member picks n numbers of 80; the prize per 1.00 staked (in hundredths)
 * by the number of them among the 20 drawn. Each table's return is 95% +/- 0.5%, proven by exact enumeration
 * (kenoPickRtp): P(k hits) = C(n, k) C(80 - n, 20 - k) / C(80, 20).
 */
export const KENO_MAX_PICK = 10;
export const KENO_PAYTABLE: Readonly<Record<number, Readonly<Record<number, number>>>> = {
  1: { 1: 380 },
  2: { 2: 1580 },
  3: { 3: 4771, 2: 207 },
  4: { 4: 14312, 3: 596, 2: 119 },
  5: { 5: 82103, 4: 2052, 3: 205 },
  6: { 6: 209211, 5: 10460, 4: 653, 3: 130 },
  7: { 7: 659197, 6: 26367, 5: 2636, 4: 263, 3: 131 },
  8: { 8: 2503057, 7: 125152, 6: 8760, 5: 1251, 4: 250 },
  9: { 9: 4509104, 8: 450910, 7: 33818, 6: 4509, 5: 563, 4: 112 },
  10: { 10: 12501104, 9: 1250110, 8: 100008, 7: 12501, 6: 1875, 5: 375, 0: 250 },
};

/** The draws (of C(80, 20)) in which exactly `hits` of `pick` chosen numbers are drawn. */
export function kenoHitWays(pick: number, hits: number): bigint {
  return choose(pick, hits) * choose(KENO_BALLS - pick, KENO_DRAWN - hits);
}

/** The exact return of a pick-n ticket per 1.00 staked, as a fraction (hundredths x draws over draws x 100). */
export function kenoPickRtp(pick: number): { num: bigint; den: bigint } {
  const table = KENO_PAYTABLE[pick];
  if (!table) throw new RangeError(`pick ${pick}`);
  let num = 0n;
  for (let hits = 0; hits <= pick; hits += 1) num += kenoHitWays(pick, hits) * BigInt(table[hits] ?? 0);
  return { num, den: KENO_DRAWS * 100n };
}

/** Checks a pick: 1-10 distinct numbers of 1-80. */
export function isKenoPick(numbers: readonly number[]): boolean {
  return (
    numbers.length >= 1 &&
    numbers.length <= KENO_MAX_PICK &&
    new Set(numbers).size === numbers.length &&
    numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_BALLS)
  );
}

/** The prize multiplier (hundredths) of a pick against the round's balls: 0 when the hit count pays nothing. */
export function kenoPickMultiplier(numbers: readonly number[], balls: readonly number[]): number {
  if (!isKenoPick(numbers)) throw new RangeError('a keno pick is 1-10 distinct numbers of 1-80');
  const drawn = new Set(kenoOutcome(balls).balls);
  const hits = numbers.filter((n) => drawn.has(n)).length;
  return (KENO_PAYTABLE[numbers.length] as Record<number, number>)[hits] ?? 0;
}
