import { describe, expect, it } from 'vitest';
import type { MatchResult } from '@sb/domain';
import { betFigures, bookForecast, legOutcome, type ForecastBetRow, type LegRow } from './figures';

const leg = (fields: Partial<LegRow> & { matchId?: string }): LegRow & { matchId: string } => ({
  matchId: '1',
  kind: 'hdp',
  period: 'ft',
  line: '-0.75',
  selection: 'h',
  homeScore: null,
  awayScore: null,
  format: 'DEC',
  odds: '1.95',
  mmFavourite: null,
  outcome: null,
  ...fields,
});

const single = (odds: string, stake: bigint, fields: Partial<LegRow>): ForecastBetRow => ({
  kind: 'single',
  oddsType: 'DEC',
  odds,
  stake,
  risk: stake,
  foldSizes: null,
  legs: [leg({ odds, ...fields })],
});

/** Open bets on match 1: singles sharing legs (grouped), a live handicap, a parlay with a leg elsewhere. */
const BETS: ForecastBetRow[] = [
  single('1.95', 10_001n, {}),
  single('1.95', 3_333n, {}),
  single('2.10', 5_000n, { selection: 'a' }),
  single('1.80', 7_777n, { kind: 'ou', line: '2.5', selection: 'o' }),
  single('2.05', 1_234n, { kind: 'ou', line: '2.75', selection: 'u' }),
  single('3.30', 999n, { kind: '1x2', line: '', selection: 'x' }),
  single('1.90', 2_000n, { line: '-0.25', homeScore: 1, awayScore: 0 }),
  single('1.90', 500n, { period: '1h', line: '0' }),
  {
    kind: 'parlay',
    oddsType: 'DEC',
    odds: '3.8025',
    stake: 1_000n,
    risk: 1_000n,
    foldSizes: null,
    legs: [leg({}), leg({ matchId: '2' })],
  },
];

/** The same bets settled one by one, the other match's leg won: what a settlement batch would pay. */
function bookOneByOne(result: MatchResult): bigint | null {
  let total = 0n;
  for (const bet of BETS) {
    const legs = bet.legs.map((l) => ({ ...l, outcome: l.matchId === '1' ? legOutcome(l, result) : 'won' }));
    if (legs.some((l) => l.outcome === null)) return null;
    const figures = betFigures({ ...bet, legs });
    if (!figures) return null;
    total -= figures.winLoss;
  }
  return total;
}

describe('bookForecast: the forecast values open bets exactly as settlement pays them', () => {
  it('groups singles sharing a leg and still sums to the one-by-one settlement at every score', () => {
    const groups = bookForecast(BETS, '1');
    expect(groups.map((g) => g.bets.length).sort()).toEqual([1, 1, 1, 1, 1, 1, 1, 2]);
    for (const halfTime of [undefined, { home: 1, away: 0 }]) {
      for (let home = 1; home <= 5; home += 1) {
        for (let away = 0; away <= 5; away += 1) {
          const result: MatchResult = {
            status: 'completed',
            fullTime: { home, away },
            ...(halfTime ? { halfTime } : {}),
          };
          const grouped = groups.map((g) => g.at(result));
          const sum = grouped.includes(null) ? null : grouped.reduce((acc, v) => (acc ?? 0n) + (v ?? 0n), 0n);
          expect(sum, `${home}-${away} ht ${JSON.stringify(halfTime)}`).toBe(bookOneByOne(result));
        }
      }
    }
  });

  it('leaves the first-half bet undecided without a half-time score, and only it', () => {
    const groups = bookForecast(BETS, '1');
    const result: MatchResult = { status: 'completed', fullTime: { home: 2, away: 0 } };
    const undecided = groups.filter((g) => g.at(result) === null).flatMap((g) => g.bets);
    expect(undecided.map((bet) => bet.legs[0]?.period)).toEqual(['1h']);
  });
});
