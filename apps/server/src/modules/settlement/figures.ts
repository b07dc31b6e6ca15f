import {
  DEFAULT_MYANMAR_COMMISSION,
  drawLegOutcome,
  drawPaidPrice,
  isDrawKind,
  parseBalls,
  fromMinorUnits,
  myanmarFraction,
  myanmarParlayPayout,
  parlayPayoutMinor,
  parseMyanmarLine,
  parseOutcome,
  selectionOutcome,
  raceOutcome,
  raceTypeOfKind,
  settleMyanmar,
  settleSingleMinor,
  systemPayoutMinor,
  toMinorUnits,
  type MatchResult,
  type OddsFormat,
  type Outcome,
  type ParlayLeg,
} from '@sb/domain';
import { toSelection, type StoredLeg } from './selection';

/**
 * Pure settlement arithmetic: a leg's outcome from a match result, and a bet's figures from its legs' outcomes.
 * Every rule is the domain library's; this file only maps stored rows onto it.
 */

export interface LegRow extends StoredLeg {
  format: string;
  odds: string;
  mmFavourite: string | null;
  outcome: string | null;
}

export interface BetRow {
  kind: 'single' | 'parlay' | 'system';
  oddsType: string;
  odds: string;
  /** Minor units: the typed stake (unit stake of a system). */
  stake: bigint;
  /** Minor units: what was reserved at placement. */
  risk: bigint;
  foldSizes: number[] | null;
  legs: LegRow[];
}

export interface BetFigures {
  status: Outcome | 'lost' | 'won';
  payout: bigint;
  winLoss: bigint;
  /** The part of the risk that counts as turnover for rebates: a draw or void none, a half outcome half. */
  validTurnover: bigint;
  /** The house cut taken from Myanmar winnings. */
  houseCut: bigint;
}

/** Myanmar leg outcomes are the fraction of the stake won or lost, stored as 'mm:<fraction>'. */
const MYANMAR_PREFIX = 'mm:';

/** An outright's winning selection in a dead heat between n: 'won_dh<n>' (rules.md E17 divides the win). */
const DEAD_HEAT = /^won_dh(\d+)$/;

/**
 * A leg's outcome on this result, or null when the result does not decide it yet: a half-time result decides
 * first-half legs only, and a market the result cannot settle (no goal order for first/last goal) waits.
 * Outrights are decided by the result's winners (several winners: a dead heat).
 */
export function legOutcome(
  leg: LegRow,
  result: MatchResult,
  options: { firstHalfOnly?: boolean; winners?: readonly string[] } = {},
): string | null {
  if (options.firstHalfOnly && leg.period !== '1h') return null;
  if (leg.kind === 'outright') return outrightOutcome(leg.selection, result, options.winners ?? []);
  if (isDrawKind(leg.kind)) return drawOutcome(leg, result, options.winners ?? []);
  // A race's winners are its finishing order (runner numbers); the domain decides each race market kind.
  if (raceTypeOfKind(leg.kind) !== null) {
    return raceOutcome(leg.kind, leg.selection, options.winners ?? [], result.status === 'completed');
  }
  if (leg.format === 'MM') return myanmarLegOutcome(leg, result);
  const selection = toSelection(leg.kind === 'tw' ? { ...leg, kind: 'ml' } : leg);
  if (!selection) return 'void';
  try {
    return selectionOutcome(selection, result);
  } catch {
    return null;
  }
}

function outrightOutcome(selection: string, result: MatchResult, winners: readonly string[]): string | null {
  if (result.status !== 'completed') return 'void';
  if (winners.length === 0) return null;
  if (!winners.includes(selection)) return 'lost';
  return winners.length === 1 ? 'won' : `won_dh${winners.length}`;
}

/** A keno or number-game leg: decided on the draw's balls (the result's winners, in draw order). */
function drawOutcome(leg: LegRow, result: MatchResult, winners: readonly string[]): string | null {
  if (result.status !== 'completed') return 'void';
  const balls = parseBalls(winners);
  if (!balls) return null;
  try {
    return drawLegOutcome(leg, balls);
  } catch {
    // Balls that are not a whole draw of the game: the result is wrong, so the leg waits for a corrected one.
    return null;
  }
}

/**
 * The domain outcome and dead-heat divisor of a stored leg outcome, and the price it pays at when that is not the
 * leg's own (a keno pick's hit count, 'won_px<price>').
 */
function storedOutcome(
  stored: string | null,
): { outcome: Outcome; deadHeat: number; paidPrice?: string } | null {
  if (stored === null) return null;
  const paidPrice = drawPaidPrice(stored);
  if (paidPrice !== null) return { outcome: 'won', deadHeat: 1, paidPrice };
  const deadHeat = DEAD_HEAT.exec(stored);
  if (deadHeat) return { outcome: 'won', deadHeat: Number(deadHeat[1]) };
  const outcome = parseOutcome(stored);
  return outcome ? { outcome, deadHeat: 1 } : null;
}

function myanmarLegOutcome(leg: LegRow, result: MatchResult): string | null {
  // Void rules are the handicap's: a cancelled or abandoned match refunds the leg (fraction 0).
  const period = leg.period === '1h' ? '1H' : 'FT';
  const asHandicap = selectionOutcome(
    { period, market: 'handicap', side: 'home', homeLine: '0' },
    { ...result, goals: [] },
  );
  if (asHandicap === 'void') return `${MYANMAR_PREFIX}0`;
  const score = period === '1H' ? result.halfTime : result.fullTime;
  if (!score) return null;
  const line = parseMyanmarLine(leg.odds);
  if (leg.kind === 'ou') {
    const side = leg.selection === 'o' ? 'favourite' : 'underdog';
    return `${MYANMAR_PREFIX}${myanmarFraction(score.home + score.away, line, side).toString()}`;
  }
  // Live handicap counts only goals after the bet.
  const home = score.home - (leg.homeScore ?? 0);
  const away = score.away - (leg.awayScore ?? 0);
  const margin = leg.mmFavourite === 'a' ? away - home : home - away;
  const side = leg.selection === leg.mmFavourite ? 'favourite' : 'underdog';
  return `${MYANMAR_PREFIX}${myanmarFraction(margin, line, side).toString()}`;
}

/**
 * The bet's figures once its legs allow it: a single when its leg is decided, a parlay when every leg is
 * decided or one has lost in full (the ticket loses at once), a system when every leg is decided.
 */
export function betFigures(bet: BetRow, myanmarCommission = DEFAULT_MYANMAR_COMMISSION): BetFigures | null {
  if (bet.oddsType === 'MM') return myanmarFigures(bet, myanmarCommission);
  const decided = bet.legs.map((leg) => storedOutcome(leg.outcome));
  const outcomes = decided.map((d) => d?.outcome ?? null);
  if (bet.kind === 'single') {
    const only = decided[0];
    if (!only) return null;
    const settled = settleSingleMinor({
      format: bet.oddsType as OddsFormat,
      price: only.paidPrice ?? bet.odds,
      stake: fromMinorUnits(bet.stake),
      outcome: only.outcome,
      deadHeat: only.deadHeat,
    });
    return {
      status: only.outcome,
      payout: settled.payoutMinor,
      winLoss: settled.payoutMinor - bet.risk,
      validTurnover: validTurnoverOf(only.outcome, bet.risk),
      houseCut: 0n,
    };
  }
  const lostOutright = outcomes.includes('lost');
  if (!lostOutright && outcomes.some((o) => o === null)) return null;
  if (bet.kind === 'system' && outcomes.some((o) => o === null)) return null;
  const legs: ParlayLeg[] = bet.legs.map((leg, i) => ({
    format: leg.format as OddsFormat,
    price: decided[i]?.paidPrice ?? leg.odds,
    // An undecided leg of a ticket already lost counts as lost: the product is zero either way.
    outcome: outcomes[i] ?? 'lost',
    deadHeat: decided[i]?.deadHeat ?? 1,
  }));
  const payout =
    bet.kind === 'parlay'
      ? parlayPayoutMinor(bet.stake, legs).payoutMinor
      : systemPayoutMinor(bet.stake, legs, bet.foldSizes ?? []).payoutMinor;
  return ticketFigures(
    bet.risk,
    payout,
    outcomes.every((o) => o === 'void'),
  );
}

function myanmarFigures(bet: BetRow, commission: string): BetFigures | null {
  const fractions = bet.legs.map((leg) =>
    leg.outcome?.startsWith(MYANMAR_PREFIX) ? leg.outcome.slice(MYANMAR_PREFIX.length) : null,
  );
  const lostOutright = fractions.includes('-1');
  if (!lostOutright && fractions.some((f) => f === null)) return null;
  const stake = fromMinorUnits(bet.stake);
  const settled =
    bet.kind === 'single'
      ? settleMyanmar({ stake, fraction: fractions[0] ?? '0', commissionRate: commission })
      : myanmarParlayPayout(
          stake,
          fractions.map((f) => f ?? '-1'),
          commission,
        );
  const payout = toMinorUnits(settled.payout);
  return {
    ...ticketFigures(
      bet.risk,
      payout,
      fractions.every((f) => f === '0'),
    ),
    houseCut: toMinorUnits(settled.commission),
  };
}

function ticketFigures(risk: bigint, payout: bigint, allVoid: boolean): BetFigures {
  const status: BetFigures['status'] = allVoid
    ? 'void'
    : payout === 0n
      ? 'lost'
      : payout === risk
        ? 'draw'
        : payout > risk
          ? 'won'
          : 'lost_half';
  return {
    status,
    payout,
    winLoss: payout - risk,
    validTurnover: status === 'void' || status === 'draw' ? 0n : risk,
    houseCut: 0n,
  };
}

/** Valid turnover: the full risk on a win or a loss, half on a half outcome (rounded half-up), none on a draw or void. */
export function validTurnoverOf(outcome: Outcome, risk: bigint): bigint {
  switch (outcome) {
    case 'won':
    case 'lost':
      return risk;
    case 'won_half':
    case 'lost_half':
      return (risk + 1n) / 2n;
    default:
      return 0n;
  }
}

/** The member's rebate: the commission rate times valid turnover, rounded half-up to the cent. */
export function rebateOf(validTurnover: bigint, rate: string | null): bigint {
  if (!rate || validTurnover === 0n) return 0n;
  return applyRate(validTurnover, rate);
}

/** amount x rate (a decimal string such as '0.0025'), exact, rounded half away from zero to the minor unit. */
export function applyRate(amount: bigint, rate: string): bigint {
  const { negative, units, scale } = parsedRate(rate);
  return applyScaled(amount, negative ? -units : units, scale);
}

/** amount x units / scale, exact, rounded half away from zero to the minor unit. */
export function applyScaled(amount: bigint, units: bigint, scale: bigint): bigint {
  const product = (amount < 0n ? -amount : amount) * (units < 0n ? -units : units);
  const rounded = (product * 2n + scale) / (2n * scale);
  return amount < 0n !== units < 0n ? -rounded : rounded;
}

export interface ParsedRate {
  negative: boolean;
  /** The rate's digits as a whole number: '0.0025' -> 25. */
  units: bigint;
  /** 10 to the number of its decimals: '0.0025' -> 10000. */
  scale: bigint;
}

/**
 * Rates parsed once: a settlement batch applies the same few rates (commission rates, position-taking shares)
 * to thousands of bets, and parsing each time was most of what the batch's share arithmetic cost. Bounded: at
 * the limit the table starts again.
 */
const parsedRates = new Map<string, ParsedRate>();
const PARSED_RATES_LIMIT = 10_000;

export function parsedRate(rate: string): ParsedRate {
  let parsed = parsedRates.get(rate);
  if (!parsed) {
    const negative = rate.startsWith('-');
    const [whole = '0', fraction = ''] = (negative ? rate.slice(1) : rate).split('.');
    parsed = { negative, units: BigInt(whole + fraction), scale: 10n ** BigInt(fraction.length) };
    if (parsedRates.size >= PARSED_RATES_LIMIT) parsedRates.clear();
    parsedRates.set(rate, parsed);
  }
  return parsed;
}

/** A bet and its legs, each leg naming its match: what `forecastOf` values. */
export interface ForecastBetRow extends BetRow {
  legs: (LegRow & { matchId: string })[];
}

/**
 * Leg outcomes already worked out, by what decides them (the leg's market, side, line, score at bet, format
 * and price, and the result's status and scores): open bets share few distinct legs, so valuing thousands of
 * them over a grid of scores decides each distinct leg once per score.
 */
export type LegOutcomeCache = Map<string, string | null>;

/** What decides a leg besides the result (its market, side, line, score at bet, format, Myanmar price). */
function legSignature(leg: LegRow): string {
  const myanmar = leg.format === 'MM' ? `${leg.odds}:${leg.mmFavourite}` : '';
  return `${leg.kind}|${leg.period}|${leg.line}|${leg.selection}|${leg.homeScore}|${leg.awayScore}|${leg.format}|${myanmar}`;
}

function cachedLegOutcome(
  leg: LegRow,
  signature: string,
  result: MatchResult,
  cache: LegOutcomeCache | undefined,
): string | null {
  // A result with its goals in order (first/last goal) is not keyed here: decided afresh.
  if (!cache || result.goals !== undefined) return legOutcome(leg, result);
  const half = result.halfTime;
  const key = `${signature}#${result.status}|${result.fullTime.home}-${result.fullTime.away}|${half ? `${half.home}-${half.away}` : ''}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const outcome = legOutcome(leg, result);
  cache.set(key, outcome);
  return outcome;
}

/**
 * What settling the bet would give if match `matchId` ended with a given result: its legs on that match are
 * decided exactly as a settlement batch decides them (legOutcome; a leg already decided keeps its outcome),
 * its legs on other matches keep their stored outcome and an open one counts as won (the book's worst case),
 * and the figures are betFigures'. Null when the result would not decide the bet. Figures are remembered per
 * combination of this match's leg outcomes, so valuing a bet over many scores settles it a few times only;
 * `legCache`, shared by the bets of one forecast, remembers leg outcomes across bets.
 */
export function forecastOf(
  bet: ForecastBetRow,
  matchId: string,
  myanmarCommission = DEFAULT_MYANMAR_COMMISSION,
  legCache?: LegOutcomeCache,
): (result: MatchResult) => BetFigures | null {
  const wonElsewhere = (leg: LegRow) => leg.outcome ?? (leg.format === 'MM' ? `${MYANMAR_PREFIX}1` : 'won');
  const memo = new Map<string, BetFigures | null>();
  const signatures = bet.legs.map(legSignature);
  return (result) => {
    const outcomes: (string | null)[] = bet.legs.map((leg, i) =>
      leg.matchId !== matchId
        ? wonElsewhere(leg)
        : (leg.outcome ?? cachedLegOutcome(leg, signatures[i] ?? '', result, legCache)),
    );
    const key = outcomes.join('|');
    if (memo.has(key)) return memo.get(key) ?? null;
    const figures = outcomes.includes(null)
      ? null
      : betFigures(
          { ...bet, legs: bet.legs.map((leg, i) => ({ ...leg, outcome: outcomes[i] ?? null })) },
          myanmarCommission,
        );
    memo.set(key, figures);
    return figures;
  };
}

/** Open bets of one forecast valued together: what the book makes on them at a result, and how many they are. */
export interface BookForecastGroup {
  bets: ForecastBetRow[];
  /** The book's result (- the members' win/loss) on these bets, or null when the result does not decide them. */
  at: (result: MatchResult) => bigint | null;
}

/**
 * The forecast's valuation of many open bets on match `matchId` (see forecastOf): singles whose open leg is
 * decided by the same things form one group, valued per leg outcome once (the sum of each bet's exact figures,
 * so nothing is rounded twice); every other bet (parlays, systems) is a group of its own.
 */
export function bookForecast(
  bets: readonly ForecastBetRow[],
  matchId: string,
  myanmarCommission = DEFAULT_MYANMAR_COMMISSION,
): BookForecastGroup[] {
  const legCache: LegOutcomeCache = new Map();
  const groups = new Map<string, ForecastBetRow[]>();
  bets.forEach((bet, index) => {
    const [only] = bet.legs;
    const key =
      bet.kind === 'single' &&
      bet.legs.length === 1 &&
      only &&
      only.matchId === matchId &&
      only.outcome === null
        ? `s#${bet.oddsType}#${legSignature(only)}`
        : `b#${index}`;
    const group = groups.get(key);
    if (group) group.push(bet);
    else groups.set(key, [bet]);
  });
  return [...groups.entries()].map(([key, members]) => {
    const valuations = members.map((bet) => forecastOf(bet, matchId, myanmarCommission, legCache));
    const bookAt = (result: MatchResult): bigint | null => {
      let total = 0n;
      for (const value of valuations) {
        const figures = value(result);
        if (figures === null) return null;
        total -= figures.winLoss;
      }
      return total;
    };
    const leg = members[0]?.legs[0];
    if (!key.startsWith('s#') || !leg) return { bets: members, at: bookAt };
    // One shared leg: the group's result depends on that leg's outcome only.
    const signature = legSignature(leg);
    const byOutcome = new Map<string | null, bigint | null>();
    return {
      bets: members,
      at: (result) => {
        const outcome = cachedLegOutcome(leg, signature, result, legCache);
        if (byOutcome.has(outcome)) return byOutcome.get(outcome) ?? null;
        const total = outcome === null ? null : bookAt(result);
        byOutcome.set(outcome, total);
        return total;
      },
    };
  });
}
