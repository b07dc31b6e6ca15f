import { randomInt } from 'node:crypto';

/**
 * Randomness for the engines: a source of uniform integers in [0, bound). Production uses node:crypto;
 * tests pass a scripted source so every branch of an engine can be reached on purpose.
 */
export interface RandomSource {
  below(bound: bigint): bigint;
}

/** crypto.randomInt takes bounds up to 2^48; larger bounds are built from several draws without bias. */
const CHUNK_BITS = 40n;
const CHUNK = 1n << CHUNK_BITS;

export const cryptoRandom: RandomSource = {
  below(bound: bigint): bigint {
    if (bound <= 0n) throw new RangeError('bound must be positive');
    if (bound <= CHUNK) return BigInt(randomInt(Number(bound)));
    // Rejection sampling over enough 40-bit chunks: uniform, and the loop ends with probability 1 (< 1/2 a miss).
    let chunks = 0n;
    let span = 1n;
    while (span < bound) {
      span *= CHUNK;
      chunks += 1n;
    }
    const limit = span - (span % bound);
    for (let attempt = 0; attempt < 1000; attempt += 1) {
      let value = 0n;
      for (let i = 0n; i < chunks; i += 1n) value = value * CHUNK + BigInt(randomInt(Number(CHUNK)));
      if (value < limit) return value % bound;
    }
    throw new Error('random source exhausted');
  },
};

/** A fixed sequence of values, for tests: each call returns the next one (modulo the bound). */
export function scriptedRandom(values: readonly bigint[]): RandomSource {
  let index = 0;
  return {
    below(bound: bigint): bigint {
      const value = values[index % values.length] ?? 0n;
      index += 1;
      return value % bound;
    },
  };
}

/** Picks a row by weight: the row whose cumulative weight range holds a uniform draw. */
export function pickWeighted<T extends { weight: bigint }>(rows: readonly T[], random: RandomSource): T {
  const total = rows.reduce((sum, row) => sum + row.weight, 0n);
  let draw = random.below(total);
  for (const row of rows) {
    if (draw < row.weight) return row;
    draw -= row.weight;
  }
  throw new Error('weights changed during the draw');
}

export function pickOne<T>(items: readonly T[], random: RandomSource): T {
  const item = items[Number(random.below(BigInt(items.length)))];
  if (item === undefined) throw new Error('empty list');
  return item;
}
