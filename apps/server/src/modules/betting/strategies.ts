import { createHash } from 'node:crypto';
import type { BetPick, MmoPick } from '@sb/contract';
import {
  checkParlayLegs,
  checkSystemParlay,
  exposureOf,
  legDecimalOdds,
  myanmarOddsAllowed,
  parlayOdds,
  parseOdds,
  systemBetCount,
  KENO_PICK_KIND,
  raceTypeOfKind,
  type OddsFormat,
  type ParlayCheck,
  type StakedBet,
} from '@sb/domain';
import { AppError } from '../../lib/app-error';
import type { MemberSession } from '../account/service';
import type { MarketView, MatchView } from '../catalog/events';
import type { MarketSnapshot } from '../catalog/snapshot';
import { resolveMyanmarPick, strikeMyanmar } from './myanmar';
import { resolvePick, strikePrice, type ResolvedPick } from './pricing';

/** The member's accept-odds settings, as a strike reads them. */
export interface OddsPolicy {
  acceptBetterOdds: boolean;
  acceptAnyOdds: boolean;
}

/** One priced leg: the pick resolved against the snapshot and struck at a price. */
export interface PricedLeg {
  match: MatchView;
  market: MarketView;
  selection: string;
  format: string;
  odds: string;
  decimalOdds: string;
  /** Myanmar legs: the favourite side when struck. */
  mmFavourite?: string;
}

/** What a pricing strategy hands the placement pipeline: the legs, the ticket and how it is limited. */
export interface PricedBet {
  kind: 'single' | 'parlay' | 'system';
  legs: PricedLeg[];
  /** The ticket as the stake check and the payout rules see it. */
  staked: StakedBet;
  /** The bet-limit rows that apply (a sport id, 'parlay', 'sysparlay', 'mmo'). */
  limitIds: string[];
  oddsType: string;
  /** The ticket's odds as stored and shown. */
  odds: string;
  foldSizes: number[] | null;
  combinations: number;
  /** What the member can lose for a stake (a negative Malay or Indo price risks less or more than the stake). */
  riskOf(stakeMinor: bigint): bigint;
}

/**
 * How a placement prices its picks. The pipeline (idempotency, member state, limits, stake, ledger and write,
 * reply) is one; the strategies differ only in how picks are resolved, checked and struck.
 */
export interface PricingStrategy {
  /** The request without its session, hashed: two tries of one bet hash the same. */
  readonly requestHash: string;
  /** Checks that come before the member's state (Myanmar: the currency). */
  admit(session: MemberSession): void;
  price(snapshot: MarketSnapshot, policy: OddsPolicy): PricedBet;
}

export type Placement =
  | { kind: 'single'; pick: BetPick }
  | { kind: 'parlay'; picks: BetPick[] }
  | { kind: 'system'; picks: BetPick[]; foldSizes: number[] };

// The strategies' functions are made once here, not per placement: the server runs through tsx, whose
// esbuild keeps function names by naming each function a call creates (measurable per bet).
const admitAny = (): void => undefined;
/** Outrights, race markets and keno picks are singles only. */
const singleOnly = (kind: string): boolean =>
  kind === 'outright' || kind === KENO_PICK_KIND || raceTypeOfKind(kind) !== null;
/** A parlay risks its stake. */
const stakeRisk = (stake: bigint): bigint => stake;
/** A system risks its stake on each combination. */
function combinationsRisk(combinations: number): (stake: bigint) => bigint {
  return (stake) => stake * BigInt(combinations);
}
/** A single risks what its price says (a negative Malay or Indo price risks less or more than the stake). */
function priceRisk(format: OddsFormat, price: string): (stake: bigint) => bigint {
  return (stake) => exposureOf(format, parseOdds(price, format), stake).riskMinor;
}

/** Malay, Hong Kong, Indo and decimal odds: singles, mix parlays and system parlays. */
export function standardPricing(
  input: { odds_type: string; stake: string },
  placement: Placement,
): PricingStrategy {
  return {
    requestHash: requestHash(input, placement),
    admit: admitAny,
    price(snapshot, policy) {
      const picks = placement.kind === 'single' ? [placement.pick] : placement.picks;
      const resolved = picks.map((pick) => resolvePick(snapshot, pick, input.odds_type));
      if (placement.kind !== 'single') {
        const legCheck: ParlayCheck =
          placement.kind === 'system'
            ? checkSystemParlay(resolved.map(parlayPick), placement.foldSizes)
            : checkParlayLegs('mix', resolved.map(parlayPick));
        if (!legCheck.ok) throw new AppError(legCheck.code, { extra: { params: legCheck.params } });
        if (resolved.some((p) => singleOnly(p.market.kind))) {
          throw new AppError('invalidBetType');
        }
      }
      const struck = resolved.map((pick, i) => strikePrice(pick, picks[i]?.odds ?? '', policy));
      const legsPriced = resolved.map((pick, i) => ({
        format: pick.format,
        price: struck[i] ?? pick.current,
      }));
      const legs = resolved.map((pick, i) => {
        const odds = struck[i] ?? pick.current;
        return {
          match: pick.match,
          market: pick.market,
          selection: pick.selection,
          format: pick.format,
          odds,
          decimalOdds: legDecimalOdds({ format: pick.format, price: odds }).toFixed(4),
        };
      });
      const oddsType = legsPriced.length === 1 ? (legsPriced[0]?.format ?? 'DEC') : 'DEC';
      if (placement.kind === 'single') {
        const [only] = legsPriced;
        if (!only) throw new AppError('invalidBets');
        const staked: StakedBet = { kind: 'single', format: only.format, price: only.price };
        return {
          kind: 'single',
          legs,
          staked,
          limitIds: [String(resolved[0]?.match.sportId)],
          oddsType,
          odds: only.price,
          foldSizes: null,
          combinations: 1,
          riskOf: priceRisk(only.format, only.price),
        };
      }
      const odds = parlayOdds(legsPriced).toFixed(3);
      if (placement.kind === 'parlay') {
        return {
          kind: 'parlay',
          legs,
          staked: { kind: 'parlay', legs: legsPriced },
          limitIds: ['parlay'],
          oddsType,
          odds,
          foldSizes: null,
          combinations: 1,
          riskOf: stakeRisk,
        };
      }
      const combinations = systemBetCount(resolved.length, placement.foldSizes);
      return {
        kind: 'system',
        legs,
        staked: { kind: 'system', legs: legsPriced, foldSizes: placement.foldSizes },
        limitIds: ['sysparlay'],
        oddsType,
        odds,
        foldSizes: placement.foldSizes,
        combinations,
        riskOf: combinationsRisk(combinations),
      };
    },
  };
}

/** Myanmar odds for MMK members (betsinglemmo, betparlaymmo): the stake is at risk, winnings carry the commission. */
export function myanmarPricing(
  input: { stake: string },
  picks: MmoPick[],
  kind: 'single' | 'parlay',
): PricingStrategy {
  return {
    requestHash: requestHash({ odds_type: 'MM', stake: input.stake }, { myanmar: kind, picks }),
    admit(session) {
      if (!myanmarOddsAllowed(session.account.currency ?? '')) throw new AppError('invalidCurrency');
    },
    price(snapshot, policy) {
      if (kind === 'single' && picks.length !== 1) throw new AppError('invalidBets');
      const resolved = picks.map((pick) => resolveMyanmarPick(snapshot, pick));
      if (kind === 'parlay') {
        const legCheck = checkParlayLegs(
          'myanmar',
          resolved.map((p) => ({ matchId: p.match.id, live: p.match.live })),
        );
        if (!legCheck.ok) throw new AppError(legCheck.code, { extra: { params: legCheck.params } });
      }
      const lines = resolved.map((pick, i) => strikeMyanmar(pick, picks[i]?.line ?? '', policy));
      return {
        kind,
        legs: resolved.map((pick, i) => ({
          match: pick.match,
          market: pick.market,
          selection: pick.selection,
          format: 'MM',
          odds: lines[i] ?? '',
          decimalOdds: '2',
          mmFavourite: pick.favourite,
        })),
        staked: { kind: 'myanmar', legs: resolved.length },
        limitIds: ['mmo'],
        oddsType: 'MM',
        odds: lines.join(' / '),
        foldSizes: null,
        combinations: 1,
        riskOf: stakeRisk,
      };
    },
  };
}

function parlayPick(pick: ResolvedPick) {
  return { matchId: pick.match.id, live: pick.match.live };
}

/** The request without its session: two tries of one bet hash the same. */
function requestHash(
  input: { odds_type: string; stake: string },
  placement: Placement | { myanmar: string; picks: MmoPick[] },
): string {
  return createHash('sha256')
    .update(JSON.stringify({ odds_type: input.odds_type, stake: input.stake, placement }))
    .digest('hex');
}
