import { describe, expect, it } from 'vitest';
import type { MatchResult } from '@sb/domain';
import { betFigures, legOutcome, type BetRow, type LegRow } from './figures';

const pickLeg = (selection: string, outcome: string | null = null): LegRow => ({
  kind: 'keno_pick',
  period: 'ft',
  line: '',
  selection,
  homeScore: null,
  awayScore: null,
  format: 'DEC',
  // Struck at the table's top prize (pick 3: 47.71); the hit count decides what is paid.
  odds: '47.71',
  mmFavourite: null,
  outcome,
});

const pickBet = (outcome: string | null): BetRow => ({
  kind: 'single',
  oddsType: 'DEC',
  odds: '47.71',
  stake: 1_000n,
  risk: 1_000n,
  foldSizes: null,
  legs: [pickLeg('1,2,60', outcome)],
});

const drawn: MatchResult = { status: 'completed', fullTime: { home: 0, away: 0 } };
const BALLS = Array.from({ length: 20 }, (_, i) => String(i + 1));

describe('keno pick settlement: the hit count pays its own multiplier', () => {
  it('decides the leg from the balls: two of three hit pays 2.07', () => {
    expect(legOutcome(pickLeg('1,2,60'), drawn, { winners: BALLS })).toBe('won_px2.07');
    expect(legOutcome(pickLeg('1,59,60'), drawn, { winners: BALLS })).toBe('lost');
    expect(legOutcome(pickLeg('1,2,3'), drawn, { winners: BALLS })).toBe('won_px47.71');
  });

  it.each([
    ['won_px2.07', 'won', 2_070n],
    ['won_px47.71', 'won', 47_710n],
    ['lost', 'lost', 0n],
    ['void', 'void', 1_000n],
  ])('a stored %s pays stake x multiplier: %s %s', (outcome, status, payout) => {
    const figures = betFigures(pickBet(outcome));
    expect(figures?.status).toBe(status);
    expect(figures?.payout).toBe(payout);
    expect(figures?.winLoss).toBe(payout - 1_000n);
  });

  it('other outcomes still pay at the leg price (byte-identical settlement)', () => {
    expect(betFigures({ ...pickBet('won'), legs: [pickLeg('1,2,3', 'won')] })?.payout).toBe(47_710n);
  });
});
