import { rational, type Rational } from '../rational';
import type { RandomSource } from '../rng';

/** European roulette: one zero, 37 pockets; every bet returns 36/37 of its stake on average. */
export const POCKETS = 37;
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type RouletteBet =
  | { kind: 'straight'; number: number }
  | { kind: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' }
  | { kind: 'dozen' | 'column'; index: 1 | 2 | 3 };

export function pocketColour(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0) return 'green';
  return RED.has(pocket) ? 'red' : 'black';
}

export function covers(bet: RouletteBet, pocket: number): boolean {
  if (pocket === 0) return bet.kind === 'straight' && bet.number === 0;
  switch (bet.kind) {
    case 'straight':
      return bet.number === pocket;
    case 'red':
      return RED.has(pocket);
    case 'black':
      return !RED.has(pocket);
    case 'odd':
      return pocket % 2 === 1;
    case 'even':
      return pocket % 2 === 0;
    case 'low':
      return pocket <= 18;
    case 'high':
      return pocket >= 19;
    case 'dozen':
      return Math.ceil(pocket / 12) === bet.index;
    case 'column':
      return ((pocket - 1) % 3) + 1 === bet.index;
  }
}

/** What a winning bet returns per unit staked, stake included (35:1 returns 36). */
export function returnMultiple(bet: RouletteBet): bigint {
  switch (bet.kind) {
    case 'straight':
      return 36n;
    case 'dozen':
    case 'column':
      return 3n;
    default:
      return 2n;
  }
}

export function spinWheel(random: RandomSource): number {
  return Number(random.below(BigInt(POCKETS)));
}

export function settleRoulette(bet: RouletteBet, pocket: number, stake: bigint): bigint {
  return covers(bet, pocket) ? stake * returnMultiple(bet) : 0n;
}

/** The exact return of one bet, by enumerating the wheel. */
export function rouletteRtp(bet: RouletteBet): Rational {
  let returned = 0n;
  for (let pocket = 0; pocket < POCKETS; pocket += 1) returned += settleRoulette(bet, pocket, 1n);
  return rational(returned, BigInt(POCKETS));
}

export function parseRouletteBet(input: unknown): RouletteBet | null {
  if (typeof input !== 'object' || input === null) return null;
  const { kind, number, index } = input as { kind?: unknown; number?: unknown; index?: unknown };
  if (kind === 'straight') {
    return Number.isInteger(number) && (number as number) >= 0 && (number as number) <= 36
      ? { kind, number: number as number }
      : null;
  }
  if (kind === 'dozen' || kind === 'column') {
    return index === 1 || index === 2 || index === 3 ? { kind, index } : null;
  }
  if (
    kind === 'red' ||
    kind === 'black' ||
    kind === 'odd' ||
    kind === 'even' ||
    kind === 'low' ||
    kind === 'high'
  ) {
    return { kind };
  }
  return null;
}
