import { describe, expect, it } from 'vitest';
import {
  presetProblem,
  productCommissionProblem,
  productOfGameKind,
  productShareProblem,
  rateUnits,
  roundFigures,
  splitWinLoss,
} from './product-shares';

describe('rate units', () => {
  it.each([
    ['0', 0],
    ['0.2', 2000],
    ['0.0125', 125],
    ['1', 10_000],
    ['1.5', 15_000],
  ])('%s -> %d', (rate, units) => expect(rateUnits(rate)).toBe(units));
  it.each(['', '-0.1', '0.12345', 'abc'])('refuses %j', (rate) => expect(rateUnits(rate)).toBeNaN());
});

describe('per-product position taking stays inside the whole', () => {
  it.each([
    { share: '0.2', above: ['0.3', '0.3'], deepestBelow: 2000, problem: null },
    { share: '0.2', above: ['0.3', '0.3'], deepestBelow: 2001, problem: 'chainOverWhole' },
    { share: '0.5', above: ['0.5'], deepestBelow: 0, problem: null },
    { share: '0.6', above: ['0.5'], deepestBelow: 0, problem: 'chainOverWhole' },
    { share: '1.1', above: [], deepestBelow: 0, problem: 'invalidRate' },
    { share: 'x', above: [], deepestBelow: 0, problem: 'invalidRate' },
  ] as const)('$share above $above below $deepestBelow -> $problem', (row) => {
    expect(productShareProblem(row)).toBe(row.problem);
  });
});

describe('per-product commission stays inside the parent and above the children', () => {
  it.each([
    { rate: '0.005', parentRate: '0.01', highestChildRate: null, problem: null },
    { rate: '0.01', parentRate: '0.01', highestChildRate: '0.01', problem: null },
    { rate: '0.011', parentRate: '0.01', highestChildRate: null, problem: 'aboveParent' },
    { rate: '0.004', parentRate: '0.01', highestChildRate: '0.005', problem: 'belowChild' },
    { rate: '0.9', parentRate: null, highestChildRate: null, problem: null },
    { rate: '2', parentRate: null, highestChildRate: null, problem: 'invalidRate' },
  ] as const)('$rate in $parentRate over $highestChildRate -> $problem', (row) => {
    expect(productCommissionProblem(row)).toBe(row.problem);
  });
});

describe('presets', () => {
  it.each([
    [[{ product: 'casino', pt_share: '0.1' }], null],
    [
      [
        { product: 'casino', pt_share: '0.1' },
        { product: 'casino', commission_rate: '0.01' },
      ],
      'duplicateProduct',
    ],
    [[{ product: 'games' }], 'emptySetting'],
    [[], null],
  ] as const)('%j -> %s', (settings, problem) => expect(presetProblem(settings)).toBe(problem));
});

describe('game win/loss split across levels', () => {
  it.each([
    [-10_000n, ['0.1', '0.2', '0.3'], [1000n, 2000n, 3000n], 4000n],
    [12_345n, ['0.1', '0.25'], [-1234n, -3086n], -8025n],
    [1n, ['0.5'], [0n], -1n],
    [0n, ['0.5'], [0n], 0n],
  ] as const)('member %d with %j', (member, shares, levels, company) => {
    const split = splitWinLoss(member, shares);
    expect(split.levels).toEqual(levels);
    expect(split.company).toBe(company);
    expect(member + split.levels.reduce((a, b) => a + b, 0n) + split.company).toBe(0n);
  });
  it('books provider rounds as casino and our own games as games', () => {
    expect(productOfGameKind('provider')).toBe('casino');
    expect(productOfGameKind('lottery')).toBe('games');
    expect(productOfGameKind('minigame')).toBe('games');
  });
});

describe("a game round's report figures", () => {
  it.each([
    // member lost 1000 on 1000 staked; shareholder 0.3, agent 0.2; commissions 0.01 / 0.005, member 0.002
    {
      member: -1000n,
      turnover: 1000n,
      levels: [
        { share: '0.3', commissionRate: '0.01' },
        { share: '0.2', commissionRate: '0.005' },
      ],
      memberRate: '0.002',
      parts: [300n, 200n],
      commissions: [5n, 3n],
      company: 500n,
      memberCommission: 2n,
    },
    // member won 333: parts round toward zero, the company absorbs the rest; no rates: no commission
    {
      member: 333n,
      turnover: 100n,
      levels: [
        { share: '0.5', commissionRate: null },
        { share: '0.25', commissionRate: null },
      ],
      memberRate: null,
      parts: [-166n, -83n],
      commissions: [0n, 0n],
      company: -84n,
      memberCommission: 0n,
    },
    // a level passing down more than it has earns nothing (never negative)
    {
      member: 0n,
      turnover: 10_000n,
      levels: [{ share: '0', commissionRate: '0.001' }],
      memberRate: '0.002',
      parts: [0n],
      commissions: [0n],
      company: 0n,
      memberCommission: 20n,
    },
  ])('member $member on $turnover', (row) => {
    const figures = roundFigures({
      memberWinLoss: row.member,
      validTurnover: row.turnover,
      levels: row.levels,
      memberCommissionRate: row.memberRate,
    });
    expect(figures.levels.map((level) => level.winLoss)).toEqual(row.parts);
    expect(figures.levels.map((level) => level.commission)).toEqual(row.commissions);
    expect(figures.company).toBe(row.company);
    expect(figures.memberCommission).toBe(row.memberCommission);
    const sum = figures.levels.reduce((acc, level) => acc + level.winLoss, row.member + figures.company);
    expect(sum).toBe(0n);
  });
});
