const binomial = (n: number, k: number): number => {
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - i + 1)) / i;
  return Math.round(result);
};

/** System parlay sizes (spec section 5): all folds from 2 up; over 10 picks only the full combination. */
export function systemFolds(picks: number): { size: number; bets: number }[] {
  if (picks > 10) return [{ size: picks, bets: 1 }];
  return Array.from({ length: Math.max(0, picks - 1) }, (_, index) => ({
    size: index + 2,
    bets: binomial(picks, index + 2),
  }));
}
