import { forEachScore, resultProbs, totalDist, type ScoreMatrix } from './score-matrix';
import type { SoccerModel } from './soccer-model';
import type { FairMarket, Period } from './types';

/** Fair probabilities of the soccer markets without a line. Each partition sums to 1 (before margin). */

function market(
  kind: FairMarket['kind'],
  period: Period,
  outcomes: { key: string; prob: number }[],
  cover?: FairMarket['cover'],
): FairMarket {
  return { kind, period, line: null, unit: null, main: false, outcomes, ...(cover ? { cover } : {}) };
}

export function oneXTwo(m: ScoreMatrix, period: Period): FairMarket {
  const r = resultProbs(m);
  return market('1x2', period, [
    { key: '1', prob: r.home },
    { key: 'X', prob: r.draw },
    { key: '2', prob: r.away },
  ]);
}

/** 1X, X2, 12: each result is covered twice, so the probabilities sum to 2. */
export function doubleChance(m: ScoreMatrix): FairMarket {
  const r = resultProbs(m);
  return market(
    'dc',
    'ft',
    [
      { key: '1X', prob: r.home + r.draw },
      { key: 'X2', prob: r.draw + r.away },
      { key: '12', prob: r.home + r.away },
    ],
    'double-chance',
  );
}

/** Parity of total goals; 0-0 is even (rules.md 2.4). */
export function oddEven(m: ScoreMatrix, period: Period): FairMarket {
  const t = totalDist(m);
  let odd = 0;
  t.probs.forEach((p, i) => {
    if ((t.min + i) % 2 === 1) odd += p;
  });
  return market('oe', period, [
    { key: 'odd', prob: odd },
    { key: 'even', prob: 1 - odd },
  ]);
}

export const CORRECT_SCORE_MAX = 4;

/** 0-0 .. 4-4 plus AOS (any other score), on the final score. */
export function correctScore(m: ScoreMatrix): FairMarket {
  const listed = new Map<string, number>();
  for (let h = 0; h <= CORRECT_SCORE_MAX; h += 1) {
    for (let a = 0; a <= CORRECT_SCORE_MAX; a += 1) listed.set(`${h}-${a}`, 0);
  }
  let other = 0;
  forEachScore(m, (h, a, p) => {
    const key = `${h}-${a}`;
    const seen = listed.get(key);
    if (seen === undefined) other += p;
    else listed.set(key, seen + p);
  });
  const outcomes = [...listed].map(([key, prob]) => ({ key, prob }));
  outcomes.push({ key: 'AOS', prob: other });
  return market('cs', 'ft', outcomes);
}

function letter(h: number, a: number): 'H' | 'D' | 'A' {
  return h > a ? 'H' : h === a ? 'D' : 'A';
}

export const HTFT_KEYS = ['HH', 'HD', 'HA', 'DH', 'DD', 'DA', 'AH', 'AD', 'AA'] as const;

/**
 * Half-time/full-time, 9 outcomes. Before half time: first-half goals still to come, then the whole second
 * half on top. After it, the half-time letter is fixed and the full-time matrix decides the rest. Null when the
 * half-time score is unknown in the second half.
 */
export function halfTimeFullTime(model: SoccerModel): FairMarket | null {
  const acc = new Map<string, number>(HTFT_KEYS.map((k) => [k, 0]));
  const add = (key: string, p: number): void => {
    acc.set(key, (acc.get(key) ?? 0) + p);
  };
  const second = model.secondHalf;
  if (model.firstHalf) {
    forEachScore(model.firstHalf, (hh, ha, p1) => {
      forEachScore(second, (sh, sa, p2) => add(letter(hh, ha) + letter(hh + sh, ha + sa), p1 * p2));
    });
  } else if (model.halfTimeScore) {
    const ht = letter(model.halfTimeScore[0], model.halfTimeScore[1]);
    forEachScore(model.fullTime, (h, a, p) => add(ht + letter(h, a), p));
  } else {
    return null;
  }
  return market(
    'htft',
    'ft',
    [...acc].map(([key, prob]) => ({ key, prob })),
  );
}

/**
 * First goal / last goal: HF, HL, AF, AL, NG. Both teams' rates scale by the same time profile, so each goal is
 * the home side's with probability h/(h+a) whatever its minute; first and last goal therefore have the same
 * split. NG comes from the full-time matrix (so it matches correct score 0-0). {HF, AF, NG} and {HL, AL, NG}
 * each sum to 1. Null once a goal is scored: the first goal is decided and who scored last is not in the score.
 */
export function firstLastGoal(model: SoccerModel): FairMarket | null {
  const [h, a] = model.score;
  if (h + a > 0) return null;
  const noGoal = model.fullTime.p[0] ?? 0;
  const rate = model.remaining.home + model.remaining.away;
  const homeShare = rate > 0 ? model.remaining.home / rate : 0.5;
  const home = (1 - noGoal) * homeShare;
  const away = 1 - noGoal - home;
  return market(
    'fglg',
    'ft',
    [
      { key: 'HF', prob: home },
      { key: 'HL', prob: home },
      { key: 'AF', prob: away },
      { key: 'AL', prob: away },
      { key: 'NG', prob: noGoal },
    ],
    'first-last',
  );
}

/** Bands are book-specific (rules.md 2.4); these follow the common 0-1 / 2-3 / 4-6 / 7+. */
export const TOTAL_GOAL_BANDS: readonly { key: string; from: number; to: number }[] = [
  { key: '0-1', from: 0, to: 1 },
  { key: '2-3', from: 2, to: 3 },
  { key: '4-6', from: 4, to: 6 },
  { key: '7+', from: 7, to: Number.POSITIVE_INFINITY },
];

export function totalGoalBands(m: ScoreMatrix): FairMarket {
  const t = totalDist(m);
  const outcomes = TOTAL_GOAL_BANDS.map((b) => ({ key: b.key, prob: 0 }));
  t.probs.forEach((p, i) => {
    const goals = t.min + i;
    const band = TOTAL_GOAL_BANDS.findIndex((b) => goals >= b.from && goals <= b.to);
    const slot = outcomes[band];
    if (slot) slot.prob += p;
  });
  return market('tg', 'ft', outcomes);
}

export const EXACT_GOALS_MAX = 10;

/** Exact total goals 0..9 and 10+ (product spec 9). */
export function exactGoals(m: ScoreMatrix): FairMarket {
  const t = totalDist(m);
  const outcomes = Array.from({ length: EXACT_GOALS_MAX + 1 }, (_, g) => ({
    key: g === EXACT_GOALS_MAX ? `${g}+` : String(g),
    prob: 0,
  }));
  t.probs.forEach((p, i) => {
    const slot = outcomes[Math.min(EXACT_GOALS_MAX, t.min + i)];
    if (slot) slot.prob += p;
  });
  return market('eg', 'ft', outcomes);
}
