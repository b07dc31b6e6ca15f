import { handicapMarkets, totalMarkets } from './line-markets';
import type { IntDist } from './lines';
import type { FairMarket, LineUnit } from './types';

/**
 * Set-based sports (tennis, volleyball, badminton, table tennis, squash...): each unit (a game in tennis, a rally
 * point elsewhere) is won by the first player with a fixed probability u. From u follow the set scores, the
 * match winner, the set score and the games/points margin and total. The pre-match input is the match win
 * probability (from a rating or a price), turned into u by bisection.
 */
export interface RallyFormat {
  /** Sets needed to win the match: 2 (best of 3), 3 (best of 5), 4 (best of 7). */
  readonly setsToWin: number;
  /** Units to win a set: 6 games, 25/21/11 points. */
  readonly unitsPerSet: number;
  /** Units in the deciding set when shorter (volleyball's fifth set to 15). */
  readonly decidingSetUnits?: number;
  /** Tennis: at N-N a tie-break (one unit here) decides the set 7-6. Otherwise play on until 2 clear. */
  readonly tieBreakAt?: number;
  readonly unit: LineUnit;
}

export const RALLY_FORMATS = {
  tennisBestOf3: { setsToWin: 2, unitsPerSet: 6, tieBreakAt: 6, unit: 'games' },
  tennisBestOf5: { setsToWin: 3, unitsPerSet: 6, tieBreakAt: 6, unit: 'games' },
  volleyball: { setsToWin: 3, unitsPerSet: 25, decidingSetUnits: 15, unit: 'points' },
  beachVolleyball: { setsToWin: 2, unitsPerSet: 21, decidingSetUnits: 15, unit: 'points' },
  badminton: { setsToWin: 2, unitsPerSet: 21, unit: 'points' },
  tableTennis: { setsToWin: 3, unitsPerSet: 11, unit: 'points' },
  squash: { setsToWin: 3, unitsPerSet: 11, unit: 'points' },
} as const satisfies Record<string, RallyFormat>;

/** Extra "deuce" pairs followed before the remaining mass is settled at once: 2^-16 of a set at most. */
const DEUCE_ROUNDS = 16;

interface SetOutcome {
  readonly a: number;
  readonly b: number;
  readonly p: number;
}

/** Every final score of one set with its probability; they sum to 1. */
export function setScores(u: number, units: number, tieBreakAt?: number): SetOutcome[] {
  const out: SetOutcome[] = [];
  const size = units + 2;
  // reach[a * size + b]: probability of passing through a-b. Row by row is a topological order.
  const reach = new Float64Array(size * size);
  reach[0] = 1;
  for (let a = 0; a < size; a += 1) {
    for (let b = 0; b < size; b += 1) {
      const p = reach[a * size + b] ?? 0;
      if (p === 0) continue;
      if ((a >= units && a - b >= 2) || (b >= units && b - a >= 2)) {
        out.push({ a, b, p });
      } else if (tieBreakAt !== undefined && a === tieBreakAt && b === tieBreakAt) {
        out.push({ a: a + 1, b, p: p * u }, { a, b: b + 1, p: p * (1 - u) });
      } else if (tieBreakAt === undefined && a === units - 1 && b === units - 1) {
        out.push(...deuce(u, units, p));
      } else {
        reach[(a + 1) * size + b] = (reach[(a + 1) * size + b] ?? 0) + p * u;
        reach[a * size + b + 1] = (reach[a * size + b + 1] ?? 0) + p * (1 - u);
      }
    }
  }
  return out;
}

/** From (N-1)-(N-1): two straight points win; a split pair returns to deuce one point higher. */
function deuce(u: number, units: number, p: number): SetOutcome[] {
  const out: SetOutcome[] = [];
  const winTwo = u * u;
  const loseTwo = (1 - u) * (1 - u);
  let mass = p;
  for (let k = 0; k < DEUCE_ROUNDS; k += 1) {
    const last = k === DEUCE_ROUNDS - 1;
    // On the last round the split mass is settled in proportion, so nothing is lost.
    const scale = last ? 1 / (winTwo + loseTwo) : 1;
    out.push({ a: units + 1 + k, b: units - 1 + k, p: mass * winTwo * scale });
    out.push({ a: units - 1 + k, b: units + 1 + k, p: mass * loseTwo * scale });
    mass *= 1 - winTwo - loseTwo;
  }
  return out;
}

export interface RallyDistribution {
  readonly winProb: number;
  /** Set scores such as '2-1' (first player's sets first). */
  readonly setScores: ReadonlyMap<string, number>;
  /** First player's units minus the second's, over the match. */
  readonly unitMargin: IntDist;
  readonly unitTotal: IntDist;
}

/** Dense array with an offset: index i holds value i - offset. Flat arrays keep the set walk fast. */
interface Dense {
  readonly offset: number;
  readonly p: Float64Array;
}

function trimmed(d: Dense): IntDist {
  let lo = 0;
  let hi = d.p.length - 1;
  while (lo < hi && d.p[lo] === 0) lo += 1;
  while (hi > lo && d.p[hi] === 0) hi -= 1;
  return { min: lo - d.offset, probs: Array.from(d.p.subarray(lo, hi + 1)) };
}

/** Match distribution: a walk over set scores carrying the margin and total of units played so far. */
export function rallyDistribution(u: number, format: RallyFormat): RallyDistribution {
  const regular = setScores(u, format.unitsPerSet, format.tieBreakAt);
  const deciding = setScores(u, format.decidingSetUnits ?? format.unitsPerSet, format.tieBreakAt);
  const n = format.setsToWin;
  const maxSets = 2 * n - 1;
  const widest = Math.max(...[...regular, ...deciding].map((s) => s.a + s.b));
  const marginOffset = maxSets * widest;
  const dense = (size: number, offset: number): Dense => ({ offset, p: new Float64Array(size) });
  type State = { margin: Dense; total: Dense };
  const fresh = (): State => ({
    margin: dense(2 * marginOffset + 1, marginOffset),
    total: dense(marginOffset + 1, 0),
  });
  const start = fresh();
  start.margin.p[marginOffset] = 1;
  start.total.p[0] = 1;
  let states = new Map<string, State>([['0-0', start]]);
  const finals = new Map<string, State>();
  for (let played = 0; played < maxSets; played += 1) {
    const next = new Map<string, State>();
    for (const [key, state] of states) {
      const [sa = 0, sb = 0] = key.split('-').map(Number);
      const sets = sa === n - 1 && sb === n - 1 ? deciding : regular;
      for (const s of sets) {
        const na = sa + (s.a > s.b ? 1 : 0);
        const nb = sb + (s.a > s.b ? 0 : 1);
        const target = na === n || nb === n ? finals : next;
        const nk = `${na}-${nb}`;
        const t = target.get(nk) ?? fresh();
        target.set(nk, t);
        const dm = s.a - s.b;
        const dt = s.a + s.b;
        const from = state.margin.p;
        const to = t.margin.p;
        for (let i = 0; i < from.length; i += 1) {
          const q = from[i] ?? 0;
          if (q !== 0) to[i + dm] = (to[i + dm] ?? 0) + q * s.p;
        }
        const fromT = state.total.p;
        const toT = t.total.p;
        for (let i = 0; i < fromT.length; i += 1) {
          const q = fromT[i] ?? 0;
          if (q !== 0) toT[i + dt] = (toT[i + dt] ?? 0) + q * s.p;
        }
      }
    }
    states = next;
  }
  const margin = fresh().margin;
  const total = fresh().total;
  const scores = new Map<string, number>();
  let winProb = 0;
  for (const [key, state] of finals) {
    let p = 0;
    state.margin.p.forEach((q, i) => {
      margin.p[i] = (margin.p[i] ?? 0) + q;
      p += q;
    });
    state.total.p.forEach((q, i) => {
      total.p[i] = (total.p[i] ?? 0) + q;
    });
    scores.set(key, p);
    if (key.startsWith(`${n}-`)) winProb += p;
  }
  return { winProb, setScores: scores, unitMargin: trimmed(margin), unitTotal: trimmed(total) };
}

function toDist(map: Map<number, number>): IntDist {
  const keys = [...map.keys()];
  const min = Math.min(...keys);
  const probs = new Array<number>(Math.max(...keys) - min + 1).fill(0);
  for (const [k, p] of map) probs[k - min] = p;
  return { min, probs };
}

/** Probability of winning a race to n sets with set probabilities s (regular) and d (deciding set). */
function matchWin(s: number, d: number, n: number): number {
  let win = 0;
  // The first player wins n sets while losing k < n: C(n-1+k, k) orderings ending in a win.
  for (let k = 0; k < n; k += 1) {
    let c = 1;
    for (let i = 1; i <= k; i += 1) c = (c * (n - 1 + i)) / i;
    const last = k === n - 1 ? d : s;
    win += c * s ** (n - 1) * (1 - s) ** k * last;
  }
  return win;
}

function setWin(u: number, units: number, tieBreakAt?: number): number {
  return setScores(u, units, tieBreakAt).reduce((acc, o) => (o.a > o.b ? acc + o.p : acc), 0);
}

/** Unit probability u that gives the first player match-win probability p (bisection; p(u) is increasing). */
export function unitProbability(p: number, format: RallyFormat): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`match win probability must be in (0, 1): ${p}`);
  let lo = 0.001;
  let hi = 0.999;
  for (let i = 0; i < 60; i += 1) {
    const mid = (lo + hi) / 2;
    const s = setWin(mid, format.unitsPerSet, format.tieBreakAt);
    const d = setWin(mid, format.decidingSetUnits ?? format.unitsPerSet, format.tieBreakAt);
    if (matchWin(s, d, format.setsToWin) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export interface RallyInput {
  /** Probability that the home (first-named) player wins the match. */
  readonly winProb: number;
  readonly format: RallyFormat;
  readonly alternatives?: number;
}

/** Moneyline, set handicap and total sets, and games/points handicap and totals. */
export function rallyFairMarkets(input: RallyInput): FairMarket[] {
  const u = unitProbability(input.winProb, input.format);
  const dist = rallyDistribution(u, input.format);
  const n = input.format.setsToWin;
  const setMargin = new Map<number, number>();
  const setTotal = new Map<number, number>();
  for (const [key, p] of dist.setScores) {
    const [a = 0, b = 0] = key.split('-').map(Number);
    setMargin.set(a - b, (setMargin.get(a - b) ?? 0) + p);
    setTotal.set(a + b, (setTotal.get(a + b) ?? 0) + p);
  }
  const alternatives = input.alternatives ?? 1;
  const unit = input.format.unit;
  const span = dist.unitMargin.probs.length;
  return [
    {
      kind: 'ml',
      period: 'ft',
      line: null,
      unit: null,
      main: false,
      outcomes: [
        { key: 'home', prob: dist.winProb },
        { key: 'away', prob: 1 - dist.winProb },
      ],
    },
    ...handicapMarkets(toDist(setMargin), {
      period: 'ft',
      unit: 'sets',
      ladder: { from: -n + 0.5, to: n - 0.5, step: 1, alternatives: 0 },
    }),
    ...totalMarkets(toDist(setTotal), {
      period: 'ft',
      unit: 'sets',
      ladder: { from: n - 0.5, to: 2 * n - 1.5, step: 1, alternatives: 0 },
    }),
    ...handicapMarkets(dist.unitMargin, {
      period: 'ft',
      unit,
      ladder: { from: -span / 2, to: span / 2, step: 0.5, alternatives },
    }),
    ...totalMarkets(dist.unitTotal, {
      period: 'ft',
      unit,
      ladder: {
        from: dist.unitTotal.min + 0.5,
        to: dist.unitTotal.min + dist.unitTotal.probs.length,
        step: 0.5,
        alternatives,
      },
    }),
  ];
}
