import type { IntDist } from './lines';

/**
 * Complementary error function, Chebyshev fit from Numerical Recipes (erfcc): fractional error below 1.2e-7
 * everywhere, far finer than a price's 2 decimals.
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Standard normal CDF. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/**
 * A normal distribution discretised on the integers (continuity correction: k takes [k - 0.5, k + 0.5)),
 * cut at 8 standard deviations and at `floor`, renormalised so it sums to 1.
 */
export function discreteNormal(mean: number, sd: number, floor = Number.NEGATIVE_INFINITY): IntDist {
  if (!(sd > 0) || !Number.isFinite(mean)) throw new RangeError(`bad normal parameters ${mean}/${sd}`);
  const min = Math.max(floor, Math.floor(mean - 8 * sd));
  const max = Math.max(min, Math.ceil(mean + 8 * sd));
  const raw: number[] = [];
  for (let k = min; k <= max; k += 1) {
    raw.push(normalCdf((k + 0.5 - mean) / sd) - normalCdf((k - 0.5 - mean) / sd));
  }
  const total = raw.reduce((s, p) => s + p, 0);
  return { min, probs: raw.map((p) => p / total) };
}
