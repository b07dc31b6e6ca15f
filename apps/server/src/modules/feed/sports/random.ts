/**
 * Deterministic randomness. Nothing in the feed reads Math.random: a generator is created from a seed and passed
 * in, so a replay or a simulated book can be reproduced exactly (tests, bug reports, two processes in step).
 */

/** A source of uniform numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: 32-bit state, fast, good enough statistically for a feed simulator (not for security). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the parts: a stable 32-bit seed from names, ids and a base seed. */
export function hashSeed(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0000`;
    for (let i = 0; i < text.length; i += 1) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return h >>> 0;
}

/** A generator for one named purpose, independent of how many numbers other purposes drew. */
export function rngFor(...parts: readonly (string | number)[]): Rng {
  return mulberry32(hashSeed(...parts));
}

/** Integer in [min, max], inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick from an empty list');
  return items[Math.floor(rng() * items.length)] as T;
}

/** Fisher-Yates on a copy. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}

/** `count` distinct items (all of them, shuffled, when count >= length). */
export function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  return shuffled(rng, items).slice(0, Math.max(0, count));
}

/** Normal variate (Box-Muller), for spreading team strengths. */
export function gaussian(rng: Rng, mean = 0, sd = 1): number {
  const u = 1 - rng(); // (0, 1]: log(0) never happens
  const v = rng();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
