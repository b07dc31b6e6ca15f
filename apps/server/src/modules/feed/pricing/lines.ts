/**
 * Handicap and total lines over a discrete distribution (goal margin, total goals, points...). One settlement
 * formula covers whole, half and quarter lines (rules.md 2.2): r = (sign(x - 0.25) + sign(x + 0.25)) / 2, with
 * x = margin + handicap, or total - line for Over.
 */

/** P(X = min + i) = probs[i]. */
export interface IntDist {
  readonly min: number;
  readonly probs: readonly number[];
}

/** Probability of each settlement outcome for one side of a line. */
export interface LineOutcome {
  readonly win: number;
  readonly halfWin: number;
  readonly push: number;
  readonly halfLose: number;
  readonly lose: number;
}

/** Settlement fraction r in {1, 1/2, 0, -1/2, -1} for x = margin + handicap (rules.md 2.2). */
export function settleFraction(x: number): number {
  return (Math.sign(x - 0.25) + Math.sign(x + 0.25)) / 2;
}

function outcomeOf(dist: IntDist, xOf: (value: number) => number): LineOutcome {
  let win = 0;
  let halfWin = 0;
  let push = 0;
  let halfLose = 0;
  let lose = 0;
  dist.probs.forEach((p, i) => {
    const r = settleFraction(xOf(dist.min + i));
    if (r === 1) win += p;
    else if (r === 0.5) halfWin += p;
    else if (r === 0) push += p;
    else if (r === -0.5) halfLose += p;
    else lose += p;
  });
  return { win, halfWin, push, halfLose, lose };
}

/** Outcome for the side whose margin is `dist`, given that side's handicap. */
export function handicapOutcome(margin: IntDist, handicap: number): LineOutcome {
  return outcomeOf(margin, (m) => m + handicap);
}

/** Outcome for Over `line` on a total distribution. */
export function overOutcome(total: IntDist, line: number): LineOutcome {
  return outcomeOf(total, (t) => t - line);
}

/**
 * Fair decimal price of one side: the D at which the expected return per unit staked is exactly 1.
 * E = win*D + halfWin*(1 + (D-1)/2) + push + halfLose/2 = 1, so with A = win + halfWin/2 and
 * B = lose + halfLose/2: D = (A + B) / A. A whole line gives 1 + P(lose)/P(win); a push just returns the stake.
 */
export function fairPrice(o: LineOutcome): number {
  const a = o.win + o.halfWin / 2;
  const b = o.lose + o.halfLose / 2;
  return a > 0 ? (a + b) / a : Number.POSITIVE_INFINITY;
}

/**
 * The two sides of a line as fair probabilities 1/D: A/(A+B) and B/(A+B). They sum to 1 exactly whatever the
 * push or half outcomes, so a two-way margin applies as to any partition. Null when nothing can be won or lost
 * (every outcome a push): such a line is not offered.
 */
export function twoWayFair(first: LineOutcome): readonly [number, number] | null {
  const a = first.win + first.halfWin / 2;
  const b = first.lose + first.halfLose / 2;
  if (a + b < 1e-12) return null;
  return [a / (a + b), b / (a + b)];
}

export interface LadderOptions {
  /** First and last candidate line, inclusive. */
  readonly from: number;
  readonly to: number;
  /** 0.25 for Asian lines, 0.5 for spread sports (whole and half points). */
  readonly step: number;
  /** Alternative lines offered on each side of the main line. */
  readonly alternatives: number;
  /** Skip lines whose first side is priced outside [bound, 1 - bound]: nobody needs a 1.001 handicap. */
  readonly bound?: number;
}

export interface Ladder {
  readonly main: number;
  /** Main line plus alternatives, ascending. */
  readonly lines: readonly number[];
}

/**
 * Chooses the main line (first side nearest even money, ties to the smaller |line|) and its neighbours.
 * `firstSideProb` answers null for a line that cannot be offered.
 */
export function lineLadder(
  firstSideProb: (line: number) => number | null,
  opts: LadderOptions,
): Ladder | null {
  const bound = opts.bound ?? 0.02;
  const steps = Math.round((opts.to - opts.from) / opts.step);
  const usable: number[] = [];
  let main: number | null = null;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i <= steps; i += 1) {
    const line = opts.from + i * opts.step;
    const p = firstSideProb(line);
    if (p === null || p < bound || p > 1 - bound) continue;
    usable.push(line);
    const distance = Math.abs(p - 0.5);
    if (
      distance < best - 1e-12 ||
      (Math.abs(distance - best) <= 1e-12 && main !== null && Math.abs(line) < Math.abs(main))
    ) {
      best = distance;
      main = line;
    }
  }
  if (main === null) return null;
  const at = usable.indexOf(main);
  return { main, lines: usable.slice(Math.max(0, at - opts.alternatives), at + opts.alternatives + 1) };
}
