import type { Currency } from '@sb/contract';
import { scaleFromMyr } from '@sb/domain';

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
  // keno: 1 to 500, payout 150,000 (a pick-10 ticket's top prize is 125,011 times the stake; migration 0021)
  { id: '162', min: 100n, max: 50_000n, maxPayout: 15_000_000n },
];

const SPANS_MATCHES = new Set(['parlay', 'sysparlay']);

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
