import { describe, expect, it } from 'vitest';
import { systemFolds } from './folds';

describe('system parlay combinations', () => {
  it('offers every fold from 2 up to n picks', () => {
    expect(systemFolds(3)).toEqual([
      { size: 2, bets: 3 },
      { size: 3, bets: 1 },
    ]);
    expect(systemFolds(4).reduce((sum, fold) => sum + fold.bets, 0)).toBe(11);
    expect(systemFolds(10).reduce((sum, fold) => sum + fold.bets, 0)).toBe(1013);
  });

  it('offers only the full combination above 10 picks', () => {
    expect(systemFolds(11)).toEqual([{ size: 11, bets: 1 }]);
  });
});
