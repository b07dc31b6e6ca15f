import { describe, expect, it } from 'vitest';
import type { Outcome } from './outcome';
import type { ParlayLeg } from './parlay';
import {
  NAMED_SYSTEMS,
  binomial,
  systemBetCount,
  systemCombinations,
  systemFoldOptions,
  systemPayout,
} from './system-parlay';

const leg = (price: string, outcome: Outcome = 'won'): ParlayLeg => ({ format: 'DEC', price, outcome });
const trixie = NAMED_SYSTEMS.trixie?.foldSizes ?? [];
const patent = NAMED_SYSTEMS.patent?.foldSizes ?? [];
const yankee = NAMED_SYSTEMS.yankee?.foldSizes ?? [];
const lucky15 = NAMED_SYSTEMS.lucky15?.foldSizes ?? [];

describe('system bet counts (rules.md 3.2)', () => {
  it.each([
    ['trixie', 3, 4],
    ['patent', 3, 7],
    ['yankee', 4, 11],
    ['lucky15', 4, 15],
    ['canadian', 5, 26],
    ['superYankee', 5, 26],
    ['lucky31', 5, 31],
    ['heinz', 6, 57],
    ['lucky63', 6, 63],
    ['superHeinz', 7, 120],
    ['goliath', 8, 247],
  ] as const)('%s: %i picks, %i bets', (name, picks, bets) => {
    const system = NAMED_SYSTEMS[name];
    expect(system?.picks).toBe(picks);
    expect(systemBetCount(picks, system?.foldSizes ?? [])).toBe(bets);
  });

  it('k/n is C(n, k): 2/3 -> 3, 2/4 -> 6, 3/4 -> 4', () => {
    expect(systemBetCount(3, [2])).toBe(3);
    expect(systemBetCount(4, [2])).toBe(6);
    expect(systemBetCount(4, [3])).toBe(4);
  });

  it('full cover is 2^n - n - 1 bets without singles and 2^n - 1 with', () => {
    for (let n = 2; n <= 12; n += 1) {
      const all = Array.from({ length: n }, (_, i) => i + 1);
      expect(systemBetCount(n, all.slice(1))).toBe(2 ** n - n - 1);
      expect(systemBetCount(n, all)).toBe(2 ** n - 1);
      expect(systemCombinations(n, all)).toHaveLength(2 ** n - 1);
    }
  });

  it('offers sizes 2..n up to 10 picks, and only the full combination above 10 (product spec 5)', () => {
    expect(systemFoldOptions(1)).toEqual([]);
    expect(systemFoldOptions(3)).toEqual([2, 3]);
    expect(systemFoldOptions(10)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(systemFoldOptions(11)).toEqual([11]);
    expect(systemFoldOptions(12)).toEqual([12]);
  });

  it('enumerates combinations by size, then lexicographically', () => {
    expect(systemCombinations(4, [3, 2])).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('refuses fold sizes that are repeated, empty or out of range', () => {
    expect(() => systemBetCount(3, [])).toThrow(/invalidBetType/);
    expect(() => systemBetCount(3, [2, 2])).toThrow(/invalidBetType/);
    expect(() => systemBetCount(3, [4])).toThrow(/invalidBetType/);
    expect(() => systemBetCount(13, [13])).toThrow();
  });

  it('binomial', () => {
    expect(binomial(12, 6)).toBe(924);
    expect(binomial(5, 0)).toBe(1);
    expect(binomial(5, 6)).toBe(0);
  });
});

describe('system settlement (rules.md 3.2 S1-S8)', () => {
  const s4 = [leg('2.0'), leg('1.5'), leg('3.0'), leg('2.5')];

  it('S1: Trixie A 2.0 W, B 3.0 W, C 1.5 W, unit 10 -> 4 bets / 40, return 225, net +185', () => {
    expect(systemPayout('10', [leg('2.0'), leg('3.0'), leg('1.5')], trixie)).toEqual({
      bets: 4,
      totalStake: '40.00',
      payout: '225.00',
      winLoss: '185.00',
    });
  });

  it('S2: Trixie, C loses -> 60, net +20', () => {
    expect(systemPayout('10', [leg('2.0'), leg('3.0'), leg('1.5', 'lost')], trixie)).toMatchObject({
      payout: '60.00',
      winLoss: '20.00',
    });
  });

  it('S3: Patent, C loses -> 7 bets / 70, return 110, net +40', () => {
    expect(systemPayout('10', [leg('2.0'), leg('3.0'), leg('1.5', 'lost')], patent)).toEqual({
      bets: 7,
      totalStake: '70.00',
      payout: '110.00',
      winLoss: '40.00',
    });
  });

  it('S4: Yankee, all win, unit 1 -> 11 / 11, return 95.00, net +84', () => {
    expect(systemPayout('1', s4, yankee)).toEqual({
      bets: 11,
      totalStake: '11.00',
      payout: '95.00',
      winLoss: '84.00',
    });
  });

  it('S5: Yankee, D loses -> 22.50, net +11.50', () => {
    const legs = [...s4.slice(0, 3), leg('2.5', 'lost')];
    expect(systemPayout('1', legs, yankee)).toMatchObject({ payout: '22.50', winLoss: '11.50' });
  });

  it('S6: Yankee, D void (factor 1) -> 51.50, net +40.50', () => {
    const legs = [...s4.slice(0, 3), leg('2.5', 'void')];
    expect(systemPayout('1', legs, yankee)).toMatchObject({ payout: '51.50', winLoss: '40.50' });
  });

  it('S7: Lucky 15, only A (2.0) wins -> 15 / 15, return 2.00, net -13', () => {
    const legs = [leg('2.0'), leg('1.5', 'lost'), leg('3.0', 'lost'), leg('2.5', 'lost')];
    expect(systemPayout('1', legs, lucky15)).toEqual({
      bets: 15,
      totalStake: '15.00',
      payout: '2.00',
      winLoss: '-13.00',
    });
  });

  it('S8: 2/4 doubles, S4 legs all win -> 6 / 6, return 29.75, net +23.75', () => {
    expect(systemPayout('1', s4, [2])).toEqual({
      bets: 6,
      totalStake: '6.00',
      payout: '29.75',
      winLoss: '23.75',
    });
  });

  it('applies half-win factors inside combinations', () => {
    // 0.33 x (1.475 x 2.05 + 1.475 x 1.91 + 2.05 x 1.91) = 0.33 x 9.7565 = 3.219645
    const legs = [leg('1.95', 'won_half'), leg('2.05'), leg('1.91')];
    expect(systemPayout('0.33', legs, [2])).toMatchObject({ bets: 3, totalStake: '0.99', payout: '3.22' });
  });

  it('sums the combinations exactly and rounds the ticket once (0.0675 -> 0.07, not 3 x 0.02)', () => {
    expect(systemPayout('0.01', [leg('1.5'), leg('1.5'), leg('1.5')], [2]).payout).toBe('0.07');
  });

  it('the full 12-pick combination is bounded and exact', () => {
    const legs = Array.from({ length: 12 }, () => leg('2'));
    expect(systemPayout('1', legs, [12])).toEqual({
      bets: 1,
      totalStake: '1.00',
      payout: '4096.00',
      winLoss: '4095.00',
    });
    const all = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(systemPayout('1', legs, all)).toMatchObject({ bets: 4095, payout: '531440.00' }); // 3^12 - 1
  });
});
