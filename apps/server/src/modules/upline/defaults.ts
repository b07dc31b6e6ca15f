import type { Currency } from '@sb/contract';

/**
 * Default bet limits for a new member, in MYR minor units, scaled per currency. Keys are the spec's
 * sport ids (1 soccer, 2 basketball, 3 football, 5 tennis...) and bet-type ids ('parlay', 'mmo'...).
 * The upline changes them per member with /bo/setbetlimits.
 */
const MYR_LIMITS: { id: string; min: bigint; max: bigint; maxPayout: bigint }[] = [
  { id: '1', min: 500n, max: 2_000_000n, maxPayout: 20_000_000n }, // soccer: 5 to 20,000; payout 200,000
  { id: '2', min: 500n, max: 1_000_000n, maxPayout: 20_000_000n }, // basketball
  { id: '3', min: 500n, max: 500_000n, maxPayout: 5_000_000n }, // american football
  { id: '5', min: 500n, max: 500_000n, maxPayout: 10_000_000n }, // tennis
  { id: '0', min: 500n, max: 200_000n, maxPayout: 5_000_000n }, // any other sport
  { id: 'parlay', min: 300n, max: 100_000n, maxPayout: 10_000_000n },
  { id: 'sysparlay', min: 100n, max: 50_000n, maxPayout: 10_000_000n },
  { id: 'mmo', min: 500n, max: 500_000n, maxPayout: 5_000_000n },
  { id: 'outright', min: 500n, max: 100_000n, maxPayout: 5_000_000n },
];

/**
 * How many units of the currency roughly match one MYR, as a whole-number ratio (exact). IDR and MMK are
 * counted in the books' thousands ("K" units, as their members see amounts), so their limits read like MYR's.
 */
const SCALE: Record<Currency, { num: bigint; den: bigint }> = {
  MYR: { num: 1n, den: 1n },
  SGD: { num: 3n, den: 10n },
  USD: { num: 1n, den: 4n },
  CNY: { num: 3n, den: 2n },
  THB: { num: 8n, den: 1n },
  IDR: { num: 1n, den: 1n },
  MMK: { num: 1n, den: 1n },
};

const SPANS_MATCHES = new Set(['parlay', 'sysparlay']);

/** MYR minor units in `currency`, rounded down to whole currency units (5.00, not 4.97), at least 1.00. */
export function scaleFromMyr(minor: bigint, currency: Currency): bigint {
  const { num, den } = SCALE[currency];
  const whole = ((minor * num) / den / 100n) * 100n;
  return whole > 0n ? whole : 100n;
}

/**
 * The most one deposit by an upline level may credit a cash member (in MYR, scaled per currency): a stolen or
 * careless agent login cannot mint any amount. The operator has no cap. Say changes in the README.
 */
const MYR_DEPOSIT_CAPS: Partial<Record<string, bigint>> = {
  agent: 5_000_000n, // 50,000.00
  master: 20_000_000n, // 200,000.00
  senior: 50_000_000n, // 500,000.00
  super_senior: 100_000_000n, // 1,000,000.00
  shareholder: 500_000_000n, // 5,000,000.00
};

/** A level's cap on one deposit in the member's currency (minor units), or null for no cap (the operator). */
export function depositCapOf(level: string, currency: Currency): bigint | null {
  const cap = MYR_DEPOSIT_CAPS[level];
  return cap === undefined ? null : scaleFromMyr(cap, currency);
}

/** The limit ids the house knows (a sport id, '0' any other sport, or a bet type). */
export const LIMIT_IDS: readonly string[] = MYR_LIMITS.map((limit) => limit.id);

/**
 * The house's own limits, the ceiling of the whole chain: in MYR minor units, the reference unit upline levels
 * keep their limits in (a level's downline may play in several currencies).
 */
export function houseLimits() {
  return defaultBetLimits('MYR');
}

export function defaultBetLimits(currency: Currency) {
  const scale = (minor: bigint) => scaleFromMyr(minor, currency);
  return MYR_LIMITS.map((limit) => ({
    limitId: limit.id,
    min: scale(limit.min),
    max: scale(limit.max),
    maxPayout: scale(limit.maxPayout),
    // At most three max bets open on one match; parlays and systems span matches and have no such cap.
    maxPerMatch: SPANS_MATCHES.has(limit.id) ? null : scale(limit.max) * 3n,
  }));
}
