/**
 * Position taking and commission per product (issue 18 item 4). Each upline level and member carries one
 * pt_share and one commission_rate per product; the rules are the ones the sportsbook's single values always
 * had, now applied product by product: a child's commission stays inside its parent's and not below what it
 * passes down, and the shares along any chain of one product take at most the whole result.
 */
export const PRODUCTS = ['sportsbook', 'casino', 'games'] as const;
export type Product = (typeof PRODUCTS)[number];

/** Where a round of each game family books its win/loss: provider games are casino, our own games are games. */
export function productOfGameKind(kind: 'provider' | 'lottery' | 'minigame' | 'draw'): Product {
  return kind === 'provider' ? 'casino' : 'games';
}

/** A rate of at most 4 decimals (0 to 1) as whole ten-thousandths: '0.2' -> 2000 (exact, for sums and bounds). */
export function rateUnits(rate: string): number {
  const match = /^(\d+)(?:\.(\d{1,4}))?$/.exec(rate);
  if (!match) return Number.NaN;
  return Number(match[1]) * 10_000 + Number((match[2] ?? '').padEnd(4, '0'));
}

export type ShareProblem = 'invalidRate' | 'chainOverWhole';

/**
 * A level's share of one product is refused when the shares above it, its own and the largest sum of shares
 * on any chain below it would take more than the whole result (the operator keeps what the levels leave).
 */
export function productShareProblem(input: {
  share: string;
  above: readonly string[];
  deepestBelow: number;
}): ShareProblem | null {
  const own = rateUnits(input.share);
  if (!Number.isFinite(own) || own > 10_000) return 'invalidRate';
  const above = input.above.reduce((sum, rate) => sum + rateUnits(rate), 0);
  return above + own + input.deepestBelow > 10_000 ? 'chainOverWhole' : null;
}

export type CommissionProblem = 'invalidRate' | 'aboveParent' | 'belowChild';

/**
 * A commission rate given to a downline sits inside its parent's own rate of the same product (null: the
 * operator, who gives any), and not below the highest rate it already passes down (its margin never negative).
 */
export function productCommissionProblem(input: {
  rate: string;
  parentRate: string | null;
  highestChildRate: string | null;
}): CommissionProblem | null {
  const rate = rateUnits(input.rate);
  if (!Number.isFinite(rate) || rate > 10_000) return 'invalidRate';
  if (input.parentRate !== null && rate > rateUnits(input.parentRate)) return 'aboveParent';
  if (input.highestChildRate !== null && rate < rateUnits(input.highestChildRate)) return 'belowChild';
  return null;
}

/** One product's settings in a preset or an account: either part may be left as it is. */
export interface ProductSetting {
  readonly product: Product;
  readonly pt_share?: string | undefined;
  readonly commission_rate?: string | undefined;
}

/** A preset names each product at most once and sets something for it. */
export function presetProblem(
  settings: readonly ProductSetting[],
): 'duplicateProduct' | 'emptySetting' | null {
  const seen = new Set<Product>();
  for (const setting of settings) {
    if (seen.has(setting.product)) return 'duplicateProduct';
    seen.add(setting.product);
    if (setting.pt_share === undefined && setting.commission_rate === undefined) return 'emptySetting';
  }
  return null;
}

/**
 * A round's member win/loss (the member's side, minor units) split across the levels by their shares of its
 * product, top-down list of shares; the company takes the rest so the parts sum to zero with the member's.
 * Each level's part rounds toward zero; the company absorbs the remainder (never a lost minor unit).
 */
export function splitWinLoss(
  memberWinLoss: bigint,
  levelShares: readonly string[],
): { levels: bigint[]; company: bigint } {
  const levels = levelShares.map((share) => (-memberWinLoss * BigInt(rateUnits(share))) / 10_000n);
  const taken = levels.reduce((sum, part) => sum + part, 0n);
  return { levels, company: -memberWinLoss - taken };
}

/** One upline level's settings of a product as a round is counted: its share and its commission rate. */
export interface LevelRates {
  readonly share: string;
  readonly commissionRate: string | null;
}

/** A round's figures for the win/loss report: each level's part and commission, the company's, the member's. */
export interface RoundFigures {
  /** Top-down, one per level given (the company, the chain's root, is apart). */
  readonly levels: { winLoss: bigint; commission: bigint }[];
  readonly company: bigint;
  readonly memberCommission: bigint;
}

/** A rate's part of an amount, rounded toward zero (a missing rate is 0). */
function rateOf(amount: bigint, rate: string | null): bigint {
  if (rate === null) return 0n;
  const units = rateUnits(rate);
  return Number.isFinite(units) ? (amount * BigInt(units)) / 10_000n : 0n;
}

/**
 * The report's figures of one game round (casino or games product) with the shares and rates its member's chain
 * has for that product when the round is counted: win/loss split by splitWinLoss (the company takes the rest, so
 * member + levels + company = 0), each level's commission its rate above the one it passes down (never
 * negative) on the valid turnover, the member's commission their own rate on it. Levels are top-down below the
 * company; the last one passes down to the member.
 */
export function roundFigures(input: {
  memberWinLoss: bigint;
  validTurnover: bigint;
  levels: readonly LevelRates[];
  memberCommissionRate: string | null;
}): RoundFigures {
  const split = splitWinLoss(
    input.memberWinLoss,
    input.levels.map((level) => level.share),
  );
  const memberRate = input.memberCommissionRate === null ? 0 : rateUnits(input.memberCommissionRate);
  const levels = input.levels.map((level, index) => {
    const below = input.levels[index + 1]?.commissionRate ?? null;
    const own = level.commissionRate === null ? 0 : rateUnits(level.commissionRate);
    const passed = index + 1 < input.levels.length ? (below === null ? 0 : rateUnits(below)) : memberRate;
    const margin = own - passed;
    const commission =
      Number.isFinite(margin) && margin > 0 ? (input.validTurnover * BigInt(margin)) / 10_000n : 0n;
    return { winLoss: split.levels[index] ?? 0n, commission };
  });
  return {
    levels,
    company: split.company,
    memberCommission: rateOf(input.validTurnover, input.memberCommissionRate),
  };
}
