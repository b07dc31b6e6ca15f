import type { AccountRow } from '../../db/schema';
import { applyRate, applyScaled, parsedRate } from './figures';

export interface ShareRow {
  betId: string;
  gen: number;
  accountPk: string;
  level: string;
  /** This level's part of the book's result on the bet (the member's win/loss with the sign turned). */
  winLoss: bigint;
  /** What this level earns on the bet's valid turnover: its rate above its downline's. */
  commission: bigint;
}

/** What a level's part depends on: the account, its position-taking share and its commission rate. */
export type ShareAccount = Pick<AccountRow, 'id' | 'level' | 'pt_share' | 'commission_rate'>;

/**
 * The upline's parts of a settled bet. Each level below the operator takes its position-taking share
 * (pt_share) of the book's win/loss and earns its commission rate minus the rate it passes down on the
 * valid turnover; the operator takes what is left, so the parts always add up to the book's result.
 */
export function uplineShares(input: {
  betId: string;
  gen: number;
  member: ShareAccount;
  /** Root first: operator, shareholder, ..., agent. */
  chain: ShareAccount[];
  winLoss: bigint;
  validTurnover: bigint;
}): ShareRow[] {
  const book = -input.winLoss;
  const rows: ShareRow[] = [];
  let taken = 0n;
  const [operator, ...levels] = input.chain;
  if (!operator) return rows;
  levels.forEach((account, index) => {
    const below = levels[index + 1] ?? input.member;
    const share = applyRate(book, account.pt_share);
    const margin = rateOf(account.commission_rate) - rateOf(below.commission_rate);
    taken += share;
    rows.push({
      betId: input.betId,
      gen: input.gen,
      accountPk: String(account.id),
      level: account.level,
      winLoss: share,
      commission: margin > 0 ? applyScaled(input.validTurnover, BigInt(margin), RATE_SCALE) : 0n,
    });
  });
  rows.unshift({
    betId: input.betId,
    gen: input.gen,
    accountPk: String(operator.id),
    level: operator.level,
    winLoss: book - taken,
    commission: 0n,
  });
  return rows;
}

/** Rates are kept to 4 decimals: rateOf counts in units of 0.0001. */
const RATE_SCALE = 10_000n;

/** A 4-decimal rate in basis points of a basis point (0.0025 -> 25), exact for comparison; read once (parsedRate). */
function rateOf(rate: string | null): number {
  if (!rate) return 0;
  const { negative, units, scale } = parsedRate(rate);
  const points = Number((units * RATE_SCALE) / scale);
  return negative ? -points : points;
}
