import type { IntDist } from './lines';

/**
 * Joint distribution of the goals still to come, home i x away j, i and j in 0..maxGoals. The last row and
 * column hold "maxGoals or more" (the Poisson tail folded in), so the matrix sums to 1 and no probability is
 * lost however extreme the expectancies. `offset` is the score already on the board (live).
 */
export interface ScoreMatrix {
  readonly size: number;
  /** Row-major: p[i * size + j] = P(home scores i more, away scores j more). */
  readonly p: Float64Array;
  readonly offset: readonly [number, number];
}

export interface ScoreMatrixOptions {
  /** Bound on goals per side; 10 keeps a soccer tail below 1e-6 for any realistic expectancy. */
  readonly maxGoals?: number;
  /** Dixon-Coles low-score dependence (typically -0.1..0); 0 gives independent Poisson. */
  readonly rho?: number;
  readonly offset?: readonly [number, number];
}

/** Poisson probabilities 0..max with P(X >= max) folded into the last cell. */
export function poissonPmf(lambda: number, max: number): number[] {
  if (!(lambda >= 0) || !Number.isFinite(lambda)) throw new RangeError(`bad expectancy: ${lambda}`);
  const pmf: number[] = [];
  let term = Math.exp(-lambda);
  let below = 0;
  for (let k = 0; k < max; k += 1) {
    pmf.push(term);
    below += term;
    term = (term * lambda) / (k + 1);
  }
  pmf.push(Math.max(0, 1 - below));
  return pmf;
}

/** Dixon-Coles tau for the four low scores; 1 elsewhere. */
function tau(i: number, j: number, home: number, away: number, rho: number): number {
  if (i === 0 && j === 0) return 1 - home * away * rho;
  if (i === 0 && j === 1) return 1 + home * rho;
  if (i === 1 && j === 0) return 1 + away * rho;
  if (i === 1 && j === 1) return 1 - rho;
  return 1;
}

export function scoreMatrix(home: number, away: number, opts: ScoreMatrixOptions = {}): ScoreMatrix {
  const maxGoals = opts.maxGoals ?? 10;
  const rho = opts.rho ?? 0;
  const size = maxGoals + 1;
  const ph = poissonPmf(home, maxGoals);
  const pa = poissonPmf(away, maxGoals);
  const p = new Float64Array(size * size);
  let total = 0;
  for (let i = 0; i < size; i += 1) {
    for (let j = 0; j < size; j += 1) {
      const t = rho === 0 ? 1 : tau(i, j, home, away, rho);
      if (t < 0) throw new RangeError(`Dixon-Coles rho ${rho} too large for expectancies ${home}/${away}`);
      const v = (ph[i] ?? 0) * (pa[j] ?? 0) * t;
      p[i * size + j] = v;
      total += v;
    }
  }
  // Dixon-Coles preserves the sum in theory; renormalising removes the float residue and the tail's effect.
  for (let k = 0; k < p.length; k += 1) p[k] = (p[k] ?? 0) / total;
  return { size, p, offset: opts.offset ?? [0, 0] };
}

/** Calls fn for every cell with its final score (offset included) and probability. */
export function forEachScore(m: ScoreMatrix, fn: (home: number, away: number, prob: number) => void): void {
  for (let i = 0; i < m.size; i += 1) {
    for (let j = 0; j < m.size; j += 1) fn(i + m.offset[0], j + m.offset[1], m.p[i * m.size + j] ?? 0);
  }
}

/**
 * Home-minus-away goal margin. With `fromNow` the score on the board is ignored: live Asian handicap settles
 * on goals after the bet (rules.md 0.4).
 */
export function marginDist(m: ScoreMatrix, fromNow = false): IntDist {
  const shift = fromNow ? 0 : m.offset[0] - m.offset[1];
  const probs = new Array<number>(2 * m.size - 1).fill(0);
  for (let i = 0; i < m.size; i += 1) {
    for (let j = 0; j < m.size; j += 1) {
      const k = i - j + m.size - 1;
      probs[k] = (probs[k] ?? 0) + (m.p[i * m.size + j] ?? 0);
    }
  }
  return { min: shift - (m.size - 1), probs };
}

/** Total goals of the match (live totals settle on the full-match total, rules.md 2.2). */
export function totalDist(m: ScoreMatrix): IntDist {
  const probs = new Array<number>(2 * m.size - 1).fill(0);
  for (let i = 0; i < m.size; i += 1) {
    for (let j = 0; j < m.size; j += 1) probs[i + j] = (probs[i + j] ?? 0) + (m.p[i * m.size + j] ?? 0);
  }
  return { min: m.offset[0] + m.offset[1], probs };
}

/** P(home wins), P(draw), P(away wins) on the final score. */
export function resultProbs(m: ScoreMatrix): { home: number; draw: number; away: number } {
  let home = 0;
  let draw = 0;
  let away = 0;
  forEachScore(m, (h, a, p) => {
    if (h > a) home += p;
    else if (h === a) draw += p;
    else away += p;
  });
  return { home, draw, away };
}
