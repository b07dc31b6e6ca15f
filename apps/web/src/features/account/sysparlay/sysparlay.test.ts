import { describe, expect, it } from 'vitest';
import { SYSTEM_PICKS, fullCover, systemFolds } from './folds';

describe('system parlay combinations (from @sb/domain)', () => {
  it('offers every fold from 2 up to n picks', () => {
    expect(systemFolds(3)).toEqual([
      { size: 2, bets: 3 },
      { size: 3, bets: 1 },
    ]);
    expect(fullCover(4)).toBe(11);
    expect(fullCover(10)).toBe(1013);
  });

  it('offers only the full combination above 10 picks', () => {
    expect(systemFolds(11)).toEqual([{ size: 11, bets: 1 }]);
    expect(fullCover(12)).toBe(1);
  });

  it('lists 3 to 12 picks', () => {
    expect(SYSTEM_PICKS).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});
