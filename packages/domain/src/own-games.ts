import { FairStream, TWO_32, fisherYates } from './fair';
import { drawKeno } from './keno';
import { drawNumberGame } from './number-game';
import { drawRace, raceRound, type RaceKind } from './racing';

/**
 * The maths of our own games (rules.md decision 13), exact: money in minor units (bigint), multipliers in
 * hundredths, every outcome an integer function of the fair stream's 32-bit words.
 */

// ---- crash ----

/**
 * Crash point in hundredths: max(1, floor(100 · 0.99 / (1 − u)) / 100) with u = n / 2^32, computed as
 * floor(99 · 2^32 / (2^32 − n)) so no float rounds it. P(crash ≥ c) = floor(99 · 2^32 / c) / 2^32 ≈ 0.99 / x.
 */
export function crashPointHundredths(word: number): number {
  const value = (99n * BigInt(TWO_32)) / BigInt(TWO_32 - word);
  return Math.max(100, Number(value));
}

export function crashPoint(stream: FairStream): number {
  return crashPointHundredths(stream.nextWord());
}

/** The crash multiplier's growth: m(t) = e^(GROWTH · ms), 2x after about 11.6 s (bustabit's curve). */
export const CRASH_GROWTH_PER_MS = 0.00006;

/** The shown multiplier in hundredths after `elapsedMs` of flight (display and cash-out price, floored). */
export function crashMultiplierAt(elapsedMs: number): number {
  if (elapsedMs <= 0) return 100;
  return Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs) + 1e-9);
}

/** How long the flight lasts before the multiplier reaches the crash point (the bust time). */
export function crashDurationMs(crashHundredths: number): number {
  if (crashHundredths <= 100) return 0;
  return Math.ceil(Math.log(crashHundredths / 100) / CRASH_GROWTH_PER_MS);
}

/** Payout of a cash-out at `multiplier` hundredths: stake · m / 100, rounded down to the cent. */
export function multiplyStake(stake: bigint, hundredths: number): bigint {
  return (stake * BigInt(hundredths)) / 100n;
}

// ---- dice ----

/** A roll 0.00-99.99 in hundredths (0..9999): floor(u · 10000). */
export function diceRoll(stream: FairStream): number {
  return stream.below(10_000);
}

export type DiceSide = 'under' | 'over';

/**
 * Win chance in hundredths of a percent for a target in hundredths: under X wins on rolls < X (X values of
 * 10,000), over X wins on rolls > X (9,999 − X values).
 */
export function diceChance(side: DiceSide, target: number): number {
  return side === 'under' ? target : 9_999 - target;
}

/** Targets whose chance lies in 1.00% .. 98.00%: a payout of 99/chance between 1.0102x and 99x. */
export function isDiceTarget(side: DiceSide, target: number): boolean {
  if (!Number.isInteger(target) || target < 0 || target > 9_999) return false;
  const chance = diceChance(side, target);
  return chance >= 100 && chance <= 9_800;
}

export function diceWins(side: DiceSide, target: number, roll: number): boolean {
  return side === 'under' ? roll < target : roll > target;
}

/** Payout of a winning dice bet: stake · 99 / chance%, rounded down to the cent. */
export function dicePayout(stake: bigint, side: DiceSide, target: number): bigint {
  return (stake * 9_900n) / BigInt(diceChance(side, target));
}

// ---- hi-lo ----

export const CARD_RANKS = 13;

/** One draw from a full deck each step (0..51: rank = floor(card / 4) + 1, Ace low .. King high). */
export function hiloCard(stream: FairStream): number {
  return stream.below(52);
}

export const cardRank = (card: number): number => Math.floor(card / 4) + 1;

export type HiloGuess = 'higher' | 'lower';

/** Ranks that win a guess from `rank`: higher-or-same (14 − rank of 13) or lower-or-same (rank of 13). */
export function hiloWinningRanks(rank: number, guess: HiloGuess): number {
  return guess === 'higher' ? CARD_RANKS + 1 - rank : rank;
}

/**
 * A hi-lo round's payout: stake · 0.99 · Π 13 / winning ranks, rounded down to the cent. Each step pays its
 * fair odds and the 1% is taken once, so every strategy (any number of steps) returns 99%.
 */
export function hiloPayout(stake: bigint, steps: readonly { rank: number; guess: HiloGuess }[]): bigint {
  let numerator = stake * 99n;
  let denominator = 100n;
  for (const step of steps) {
    numerator *= BigInt(CARD_RANKS);
    denominator *= BigInt(hiloWinningRanks(step.rank, step.guess));
  }
  return numerator / denominator;
}

/** The multiplier a hi-lo round stands at, in hundredths (display; the payout itself is exact). */
export function hiloMultiplierHundredths(steps: readonly { rank: number; guess: HiloGuess }[]): number {
  return Number(hiloPayout(10_000n, steps)) / 100;
}

// ---- 4D ----

export const LOTTERY_NUMBERS = 10_000;
export const LOTTERY_PRIZES = 23;

export interface LotteryResult {
  first: string;
  second: string;
  third: string;
  special: string[];
  consolation: string[];
}

const four = (n: number) => String(n).padStart(4, '0');

/** 23 distinct numbers 0000-9999: a partial Fisher-Yates shuffle; 1st, 2nd, 3rd, 10 special, 10 consolation. */
export function drawLottery(stream: FairStream): LotteryResult {
  const numbers = fisherYates(stream, LOTTERY_NUMBERS, LOTTERY_PRIZES).map(four);
  return {
    first: numbers[0] as string,
    second: numbers[1] as string,
    third: numbers[2] as string,
    special: numbers.slice(3, 13),
    consolation: numbers.slice(13, 23),
  };
}

export const LOTTERY_BET_TYPES = ['LOT_BIG', 'LOT_SMALL', 'LOT_4A', 'LOT_3D'] as const;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[number];
export const LOTTERY_MODES = ['straight', 'box', 'ibox'] as const;
export type LotteryMode = (typeof LOTTERY_MODES)[number];
export type LotteryTier = 'first' | 'second' | 'third' | 'special' | 'consolation';

/** Prizes per 1.00 staked (decision 13), the same for every currency. */
export const LOTTERY_PRIZE_TABLE: Record<LotteryBetType, Partial<Record<LotteryTier, number>>> = {
  LOT_BIG: { first: 2_500, second: 1_000, third: 500, special: 180, consolation: 60 },
  LOT_SMALL: { first: 3_500, second: 2_000, third: 1_000 },
  LOT_4A: { first: 6_000 },
  LOT_3D: { first: 660 },
};

export const lotteryDigits = (type: LotteryBetType): number => (type === 'LOT_3D' ? 3 : 4);

export function isLotteryNumber(type: LotteryBetType, number: string): boolean {
  return new RegExp(`^\\d{${lotteryDigits(type)}}$`).test(number);
}

/** The distinct orderings of a number's digits (1234: 24, 1123: 12, 1122: 6, 1112: 4, 1111: 1). */
export function permutations(number: string): string[] {
  const found = new Set<string>();
  const walk = (prefix: string, rest: string) => {
    if (rest.length === 0) found.add(prefix);
    for (let i = 0; i < rest.length; i += 1) walk(prefix + rest[i], rest.slice(0, i) + rest.slice(i + 1));
  };
  walk('', number);
  return [...found].sort();
}

/** Which tiers a number (4 digits, or the 3D's last three of the 1st) takes in a draw. */
function tiersOf(type: LotteryBetType, number: string, result: LotteryResult): LotteryTier[] {
  if (type === 'LOT_3D') return result.first.slice(1) === number ? ['first'] : [];
  const tiers: LotteryTier[] = [];
  if (result.first === number) tiers.push('first');
  if (result.second === number) tiers.push('second');
  if (result.third === number) tiers.push('third');
  if (result.special.includes(number)) tiers.push('special');
  if (result.consolation.includes(number)) tiers.push('consolation');
  return tiers;
}

/** The numbers a ticket covers and the stake each carries: straight one, box one per permutation. */
export function lotteryCoverage(number: string, mode: LotteryMode): string[] {
  return mode === 'straight' ? [number] : permutations(number);
}

/** What the member pays for a ticket: the unit stake, times the permutations for box (iBox: the stake itself). */
export function lotteryTicketCost(unitStake: bigint, number: string, mode: LotteryMode): bigint {
  return mode === 'box' ? unitStake * BigInt(permutations(number).length) : unitStake;
}

/**
 * A ticket's payout: each covered number pays stake · prize for the tier it took. Box: the unit stake on each
 * permutation. iBox: the stake covers every permutation and each prize is divided by their count, rounded
 * down to the cent.
 */
export function lotteryPayout(
  ticket: { type: LotteryBetType; number: string; mode: LotteryMode; unitStake: bigint },
  result: LotteryResult,
): { payout: bigint; wins: { number: string; tier: LotteryTier }[] } {
  const covered = lotteryCoverage(ticket.number, ticket.mode);
  const divisor = ticket.mode === 'ibox' ? BigInt(covered.length) : 1n;
  const table = LOTTERY_PRIZE_TABLE[ticket.type];
  let payout = 0n;
  const wins: { number: string; tier: LotteryTier }[] = [];
  for (const number of covered) {
    for (const tier of tiersOf(ticket.type, number, result)) {
      const prize = table[tier];
      if (prize === undefined) continue;
      payout += (ticket.unitStake * BigInt(prize)) / divisor;
      wins.push({ number, tier });
    }
  }
  return { payout, wins };
}

/**
 * The most one covered number can cost the house if it is drawn in its best tier: the liability the per-number
 * cap limits (Big 1st pays 2,500 per 1.00; iBox divides by the permutations).
 */
export function lotteryLiability(ticket: {
  type: LotteryBetType;
  number: string;
  mode: LotteryMode;
  unitStake: bigint;
}): { number: string; amount: bigint }[] {
  const covered = lotteryCoverage(ticket.number, ticket.mode);
  const divisor = ticket.mode === 'ibox' ? BigInt(covered.length) : 1n;
  const best = Math.max(...Object.values(LOTTERY_PRIZE_TABLE[ticket.type]));
  return covered.map((number) => ({ number, amount: (ticket.unitStake * BigInt(best)) / divisor }));
}

// ---- verification ----

/** keno and numbers: the sportsbook's draws (draws.ts), 20 of 80 and all 75 balls in draw order. */
export const FAIR_GAMES = ['lottery', 'crash', 'dice', 'hilo', 'keno', 'numbers', 'racing'] as const;
export type FairGame = (typeof FAIR_GAMES)[number];

/** What a round's seeds produce, recomputed from scratch: the verify call and screen show this. */
export type FairOutcome =
  | { game: 'lottery'; result: LotteryResult }
  | { game: 'crash'; crash_point: string }
  | { game: 'dice'; roll: string }
  | { game: 'hilo'; cards: number[] }
  | { game: 'keno' | 'numbers'; balls: number[] }
  | { game: 'racing'; race: RaceKind; ratings: number[]; order: number[] };

const hundredthsText = (value: number) =>
  `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;

/** Recomputes a round's outcome from its revealed seeds (hi-lo: `cards` cards, the first shown at the start). */
export function recomputeRound(input: {
  game: FairGame;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  cards?: number;
  /** Racing: which field the round drew (greyhound unless told). */
  race?: RaceKind;
  /** Racing: the field's ratings (drawn from the race's earlier ratings round); without them both are drawn here. */
  ratings?: readonly number[];
}): FairOutcome {
  const stream = new FairStream(input.serverSeed, input.clientSeed, input.nonce);
  switch (input.game) {
    case 'lottery':
      return { game: 'lottery', result: drawLottery(stream) };
    case 'crash':
      return { game: 'crash', crash_point: hundredthsText(crashPoint(stream)) };
    case 'dice':
      return { game: 'dice', roll: hundredthsText(diceRoll(stream)) };
    case 'keno':
      return { game: 'keno', balls: drawKeno(stream) };
    case 'numbers':
      return { game: 'numbers', balls: drawNumberGame(stream) };
    case 'hilo': {
      const count = Math.min(Math.max(input.cards ?? 1, 1), 200);
      return { game: 'hilo', cards: Array.from({ length: count }, () => hiloCard(stream)) };
    }
    case 'racing': {
      const race = input.race ?? 'greyhound';
      if (input.ratings === undefined) return { game: 'racing', race, ...raceRound(stream, race) };
      return { game: 'racing', race, ratings: [...input.ratings], order: drawRace(stream, input.ratings) };
    }
  }
}

export { hundredthsText };
