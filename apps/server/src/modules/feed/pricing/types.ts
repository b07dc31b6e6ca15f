/**
 * Shapes shared by every pricing model. A model answers fair probabilities; `margin.ts` turns them into the
 * prices a member sees. Kinds follow the catalogue's market kinds (issue 4), plus 'eg' for exact goals.
 */
export type MarketKind =
  'hdp' | 'ou' | 'oe' | '1x2' | 'ml' | 'dc' | 'cs' | 'htft' | 'fglg' | 'tg' | 'eg' | 'outright';

/** Match period a market settles on. */
export type Period = 'ft' | '1h';

/** What a line counts: goals in soccer, points in basketball, games or sets in tennis... */
export type LineUnit = 'goals' | 'points' | 'games' | 'sets' | 'runs';

export interface Selection {
  /** Stable key inside its market: 'home', 'over', '1', 'X', '2-1', 'AOS', 'HF'... */
  readonly key: string;
  /** Fair probability before margin (for line markets: the expected-value probability, see lines.ts). */
  readonly prob: number;
  /** Decimal price with margin, 2 decimals, rounded down; null when the outcome cannot happen (not offered). */
  readonly price: string | null;
}

export interface Market {
  readonly kind: MarketKind;
  readonly period: Period;
  /** Handicap (home team's) or total line as a string ('-0.25', '2.5', '0'); null for markets without a line. */
  readonly line: string | null;
  readonly unit: LineUnit | null;
  /** True for the main line of a handicap or total ladder. */
  readonly main: boolean;
  readonly selections: readonly Selection[];
}

/** Fair probabilities for one market, before prices: the models' common output. */
export interface FairMarket {
  readonly kind: MarketKind;
  readonly period: Period;
  readonly line: string | null;
  readonly unit: LineUnit | null;
  readonly main: boolean;
  readonly outcomes: readonly { readonly key: string; readonly prob: number }[];
  /**
   * How many selections cover each outcome: 1 for a partition. Double chance covers every result twice and
   * first/last goal is two partitions sharing "no goal"; the margin step needs to know.
   */
  readonly cover?: 'partition' | 'double-chance' | 'first-last';
}

/** Target overround per market kind (0.05 = book sums to 105%), and a ceiling on any price. */
export interface MarginConfig {
  readonly overround: Readonly<Record<MarketKind, number>>;
  /** Prices above this are capped: a 1-in-5000 correct score is shown at the cap, not at 4,999.00. */
  readonly maxPrice: number;
}

/**
 * Defaults in the range Asian books run: thin on the two-way handicap and totals (their flagship markets),
 * fatter on 1X2 and much fatter on the many-outcome markets where members cannot compare prices easily.
 */
export const DEFAULT_MARGINS: MarginConfig = {
  overround: {
    hdp: 0.025,
    ou: 0.025,
    oe: 0.03,
    ml: 0.04,
    '1x2': 0.06,
    dc: 0.05,
    cs: 0.2,
    htft: 0.15,
    fglg: 0.1,
    tg: 0.08,
    eg: 0.12,
    outright: 0.25,
  },
  maxPrice: 1000,
};

/** Margin config with some kinds overridden. */
export function margins(
  overrides: Partial<Record<MarketKind, number>> = {},
  maxPrice = DEFAULT_MARGINS.maxPrice,
): MarginConfig {
  return { overround: { ...DEFAULT_MARGINS.overround, ...overrides }, maxPrice };
}
