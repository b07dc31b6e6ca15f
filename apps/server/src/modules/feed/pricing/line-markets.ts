import { formatLine } from './price-format';
import {
  handicapOutcome,
  lineLadder,
  overOutcome,
  twoWayFair,
  type IntDist,
  type LadderOptions,
} from './lines';
import type { FairMarket, LineUnit, Period } from './types';

/** Handicap and total ladders over any margin/total distribution: soccer, spread sports, tennis games... */

export interface LadderSpec {
  readonly period: Period;
  readonly unit: LineUnit;
  readonly ladder: LadderOptions;
}

/**
 * Handicap markets, line = the home side's handicap. `margin` is home minus away, counted the way the market
 * settles (live soccer: goals from now on).
 */
export function handicapMarkets(margin: IntDist, spec: LadderSpec): FairMarket[] {
  const fair = (line: number) => twoWayFair(handicapOutcome(margin, line));
  const ladder = lineLadder((line) => fair(line)?.[0] ?? null, spec.ladder);
  if (!ladder) return [];
  return ladder.lines.flatMap((line) => {
    const pair = fair(line);
    if (!pair) return [];
    return [
      {
        kind: 'hdp' as const,
        period: spec.period,
        line: formatLine(line),
        unit: spec.unit,
        main: line === ladder.main,
        outcomes: [
          { key: 'home', prob: pair[0] },
          { key: 'away', prob: pair[1] },
        ],
      },
    ];
  });
}

/** Over/under markets on a total distribution (live: the full-match total, score so far included). */
export function totalMarkets(total: IntDist, spec: LadderSpec): FairMarket[] {
  const fair = (line: number) => twoWayFair(overOutcome(total, line));
  const ladder = lineLadder((line) => fair(line)?.[0] ?? null, spec.ladder);
  if (!ladder) return [];
  return ladder.lines.flatMap((line) => {
    const pair = fair(line);
    if (!pair) return [];
    return [
      {
        kind: 'ou' as const,
        period: spec.period,
        line: formatLine(line),
        unit: spec.unit,
        main: line === ladder.main,
        outcomes: [
          { key: 'over', prob: pair[0] },
          { key: 'under', prob: pair[1] },
        ],
      },
    ];
  });
}

/** Fair market for one given handicap line (e.g. to reprice a line the book already shows). */
export function handicapAt(margin: IntDist, line: number, period: Period, unit: LineUnit): FairMarket | null {
  const pair = twoWayFair(handicapOutcome(margin, line));
  if (!pair) return null;
  return {
    kind: 'hdp',
    period,
    line: formatLine(line),
    unit,
    main: false,
    outcomes: [
      { key: 'home', prob: pair[0] },
      { key: 'away', prob: pair[1] },
    ],
  };
}

/** Fair market for one given total line. */
export function totalAt(total: IntDist, line: number, period: Period, unit: LineUnit): FairMarket | null {
  const pair = twoWayFair(overOutcome(total, line));
  if (!pair) return null;
  return {
    kind: 'ou',
    period,
    line: formatLine(line),
    unit,
    main: false,
    outcomes: [
      { key: 'over', prob: pair[0] },
      { key: 'under', prob: pair[1] },
    ],
  };
}
