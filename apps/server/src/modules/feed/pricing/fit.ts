import { resultProbs, scoreMatrix, totalDist } from './score-matrix';

/**
 * Inverse pricing: goal expectancies that reproduce a 1X2 price set and/or an over/under 2.5 pair. The replay
 * uses it to price every other market from the few real prices in a football-data.co.uk row.
 */

export type PriceInput = string | number;

export interface FitTargets {
  readonly oneXTwo?: { readonly home: PriceInput; readonly draw: PriceInput; readonly away: PriceInput };
  readonly overUnder25?: { readonly over: PriceInput; readonly under: PriceInput };
}

export interface FitResult {
  readonly home: number;
  readonly away: number;
  /** Root mean square of the probability residuals (0 = exact). */
  readonly error: number;
  readonly iterations: number;
}

export interface FitOptions {
  readonly rho?: number;
  readonly maxGoals?: number;
}

const MAX_ITERATIONS = 60;
/** With only a total to go on, the split follows a typical home advantage (home scores ~25% more). */
const HOME_RATIO_PRIOR = Math.log(1.25);

/** Decimal prices to probabilities with the margin removed proportionally. */
export function impliedProbabilities(prices: readonly PriceInput[]): number[] {
  const inv = prices.map((p) => {
    const d = Number(p);
    if (!(d > 1) || !Number.isFinite(d)) throw new RangeError(`bad decimal price: ${String(p)}`);
    return 1 / d;
  });
  const book = inv.reduce((s, x) => s + x, 0);
  return inv.map((x) => x / book);
}

function residuals(x: readonly [number, number], targets: FitTargets, opts: FitOptions): number[] {
  const m = scoreMatrix(Math.exp(x[0]), Math.exp(x[1]), {
    maxGoals: opts.maxGoals ?? 10,
    rho: opts.rho ?? 0,
  });
  const out: number[] = [];
  if (targets.oneXTwo) {
    const [h = 0, , a = 0] = impliedProbabilities([
      targets.oneXTwo.home,
      targets.oneXTwo.draw,
      targets.oneXTwo.away,
    ]);
    const r = resultProbs(m);
    out.push(r.home - h, r.away - a);
  }
  if (targets.overUnder25) {
    const [over = 0] = impliedProbabilities([targets.overUnder25.over, targets.overUnder25.under]);
    const t = totalDist(m);
    const under = t.probs.slice(0, 3 - t.min).reduce((s, p) => s + p, 0);
    out.push(1 - under - over);
  }
  if (!targets.oneXTwo) out.push(0.01 * (x[0] - x[1] - HOME_RATIO_PRIOR));
  return out;
}

const cost = (r: readonly number[]): number => r.reduce((s, v) => s + v * v, 0);

/** Levenberg-Marquardt on (log home, log away): positivity for free, and two unknowns keep the algebra 2x2. */
export function fitExpectancies(targets: FitTargets, opts: FitOptions = {}): FitResult {
  if (!targets.oneXTwo && !targets.overUnder25) throw new RangeError('nothing to fit');
  let x: [number, number] = [Math.log(1.45), Math.log(1.15)];
  let r = residuals(x, targets, opts);
  let damping = 1e-3;
  let iterations = 0;
  for (; iterations < MAX_ITERATIONS && cost(r) > 1e-20; iterations += 1) {
    const step = 1e-6;
    const j0 = residuals([x[0] + step, x[1]], targets, opts).map((v, i) => (v - (r[i] ?? 0)) / step);
    const j1 = residuals([x[0], x[1] + step], targets, opts).map((v, i) => (v - (r[i] ?? 0)) / step);
    const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + v * (b[i] ?? 0), 0);
    const a00 = dot(j0, j0);
    const a01 = dot(j0, j1);
    const a11 = dot(j1, j1);
    const g0 = dot(j0, r);
    const g1 = dot(j1, r);
    let improved = false;
    for (let tries = 0; tries < 20 && !improved; tries += 1) {
      const b00 = a00 * (1 + damping);
      const b11 = a11 * (1 + damping);
      const det = b00 * b11 - a01 * a01;
      if (det === 0) break;
      const d0 = (-g0 * b11 + g1 * a01) / det;
      const d1 = (-g1 * b00 + g0 * a01) / det;
      const next: [number, number] = [x[0] + d0, x[1] + d1];
      const rn = residuals(next, targets, opts);
      if (cost(rn) < cost(r)) {
        x = next;
        r = rn;
        damping = Math.max(1e-9, damping / 10);
        improved = true;
      } else {
        damping *= 10;
      }
    }
    if (!improved) break;
  }
  return {
    home: Math.exp(x[0]),
    away: Math.exp(x[1]),
    error: Math.sqrt(cost(r) / Math.max(1, r.length)),
    iterations,
  };
}
