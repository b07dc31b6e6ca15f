import { describe, expect, it } from 'vitest';
import {
  presetProblem,
  productCommissionProblem,
  productOfGameKind,
  productShareProblem,
  rateUnits,
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
