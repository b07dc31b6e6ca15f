import { Rational } from './decimal';
import { DomainError, assert } from './errors';
import { fromMinorUnits, minorToRational, parseStake, roundToMinor } from './money';
import { parseOdds } from './odds';
import { lineQuarters, type Line } from './outcomes/line';
import { assertGoals } from './types';

/**
 * Myanmar odds (rules.md section 4, decision 0.7): a ball N (whole goals the favourite gives) and a signed
 * percentage P of the stake that settles the exact margin N. The underdog reads the same line mirrored.
 * The rule is inferred (rules.md marks it UNCERTAIN); decision 0.7 adopts it for handicap and goals.
 */
export interface MyanmarLine {
  /** Whole goals given by the favourite (or the goals line for over/under), 0 = level ball. */
  readonly ball: number;
  /** Whole percent from -100 to 100, as seen by the favourite (or by "over"). */
  readonly percent: number;
}

export type MyanmarSide = 'favourite' | 'underdog';

/** Commission on Myanmar winnings when the currency configures none (decision 0.7). */
export const DEFAULT_MYANMAR_COMMISSION = '0.05';
/** Myanmar parlay ("maung") size limits (product spec 9). */
export const MIN_MYANMAR_PARLAY_LEGS = 2;
export const MAX_MYANMAR_PARLAY_LEGS = 10;
/** Myanmar odds are offered only to members in these currencies (decision 0.7). */
export const MYANMAR_CURRENCIES: readonly string[] = ['MMK', 'MMO'];
const MAX_BALL = 50;

export function myanmarOddsAllowed(currency: string): boolean {
  return MYANMAR_CURRENCIES.includes(currency);
}

export function checkMyanmarLine(line: MyanmarLine): { ok: true } | { ok: false; code: 'invalidOddsBall' } {
  const validBall = Number.isSafeInteger(line.ball) && line.ball >= 0 && line.ball <= MAX_BALL;
  const validPercent = Number.isSafeInteger(line.percent) && Math.abs(line.percent) <= 100;
  return validBall && validPercent ? { ok: true } : { ok: false, code: 'invalidOddsBall' };
}

function assertLine(line: MyanmarLine): void {
  if (!checkMyanmarLine(line).ok) {
    throw new DomainError('invalidOddsBall', { ball: line.ball, percent: line.percent });
  }
}

/**
 * The fraction f of the stake won (+) or lost (-) by a body bet (rules.md 4.3). m = favourite goals - underdog
 * goals in regular time: m > N favourite +1; m = N favourite +P% (underdog -P%); m < N favourite -1.
 */
export function myanmarFraction(favouriteMargin: number, line: MyanmarLine, side: MyanmarSide): Rational {
  assert(Number.isSafeInteger(favouriteMargin), 'the margin must be an integer');
  assertLine(line);
  const favourite =
    favouriteMargin > line.ball
      ? Rational.ONE
      : favouriteMargin < line.ball
        ? Rational.ONE.neg()
        : Rational.of(BigInt(line.percent), 100n);
  return side === 'favourite' ? favourite : favourite.neg();
}

/**
 * The signature: myanmarOutcome(1, 1, -40, 'favourite') === '-0.4' (the fraction of the stake, exact).
 */
export function myanmarOutcome(
  favouriteMargin: number,
  ball: number,
  percent: number,
  side: MyanmarSide,
): string {
  return myanmarFraction(favouriteMargin, { ball, percent }, side).toString();
}

/**
 * Myanmar goals (over/under, rules.md 4.6 as adopted by decision 0.7): over behaves as the favourite with the
 * total as its margin. total > N over +1; total = N over +P%, under -P%; total < N over -1.
 */
export function myanmarTotalOutcome(
  totalGoals: number,
  ball: number,
  percent: number,
  side: 'over' | 'under',
): string {
  assertGoals(totalGoals, 'totalGoals');
  return myanmarOutcome(totalGoals, ball, percent, side === 'over' ? 'favourite' : 'underdog');
}

/**
 * Parses the display notation: '1+40', '1-40', '=+50', '=-50', '2-20', '1D' (exact refund), 'D' (level, refund),
 * 'L-50' ('=', 'D', 'L' and '0' all mean level ball, rules.md 4.2).
 */
export function parseMyanmarLine(text: string): MyanmarLine {
  const match = /^(=|D|L|\d{1,2})(?:([+-])(\d{1,3})|D)?$/.exec(text);
  if (match === null || (match[2] === undefined && !text.endsWith('D'))) {
    throw new DomainError('invalidOddsBall', { line: text });
  }
  const [, ballText = '', sign, digits] = match;
  const ball = /^\d+$/.test(ballText) ? Number(ballText) : 0;
  const percent = sign === undefined ? 0 : (sign === '-' ? -1 : 1) * Number(digits);
  const line = { ball, percent: percent === 0 ? 0 : percent };
  assertLine(line);
  return line;
}

/** Formats a line for display: ball then signed percent, '=' for level ball, 'D' for 0%: '1+50', '=-30', '1D'. */
export function formatMyanmarLine(line: MyanmarLine): string {
  assertLine(line);
  const ball = line.ball === 0 ? '=' : String(line.ball);
  if (line.percent === 0) return line.ball === 0 ? 'D' : `${ball}D`;
  return `${ball}${line.percent > 0 ? '+' : '-'}${Math.abs(line.percent)}`;
}

/** The line as the other side reads it: the sign of the percentage swaps (rules.md 4.2). */
export function otherSideLine(line: MyanmarLine): MyanmarLine {
  assertLine(line);
  return { ball: line.ball, percent: line.percent === 0 ? 0 : -line.percent };
}

/**
 * Derives a Myanmar price from an AH line magnitude |h| and a Malay price (rules.md 4.5, MM-GO), rounded to whole
 * percent half away from zero (decision 0.7). base = 1 - |M|; by the fraction of |h|:
 * .00 -> -base (M > 0) / +base; .25 -> -M/2 - base / M/2 + base; .50 -> ball + 1 and M - base (M > 0) / M + base;
 * .75 -> ball + 1, M/2 - base / -M/2 + base.
 */
export function myanmarFromAsianHandicap(
  handicap: Line,
  malay: string,
): { line: MyanmarLine; exactPercent: string } {
  const quarters = Math.abs(lineQuarters(handicap));
  const price = parseOdds(malay, 'MY');
  const positive = price.sign() > 0;
  const base = Rational.ONE.sub(price.abs());
  const half = price.div(Rational.int(2));
  let ball = Math.floor(quarters / 4);
  let value: Rational;
  switch (quarters % 4) {
    case 0:
      value = positive ? base.neg() : base;
      break;
    case 1:
      value = positive ? half.neg().sub(base) : half.add(base);
      break;
    case 2:
      // Only the positive side moves to the next ball (MM-GO): -0.5 at -0.90 stays level ball, "=-80".
      if (positive) ball += 1;
      value = positive ? price.sub(base) : price.add(base);
      break;
    default:
      ball += 1;
      value = positive ? half.sub(base) : half.neg().add(base);
  }
  const percent = Number(value.scaled(2));
  const line = { ball, percent: percent === 0 ? 0 : percent };
  assertLine(line);
  return { line, exactPercent: value.mul(Rational.int(100)).toString() };
}

export interface MyanmarSettlementMinor {
  readonly payoutMinor: bigint;
  readonly winLossMinor: bigint;
  /** The house cut taken from the winnings; 0 on a loss or a refund. */
  readonly commissionMinor: bigint;
}

function parseCommission(rate: string | undefined): Rational {
  const value = Rational.parse(rate ?? DEFAULT_MYANMAR_COMMISSION);
  assert(value.sign() >= 0 && value.lt(Rational.ONE), 'commission rate must be in [0, 1)');
  return value;
}

function parseFraction(fraction: string): Rational {
  const value = Rational.parse(fraction);
  assert(value.abs().lte(Rational.ONE), 'a Myanmar fraction is between -1 and 1');
  return value;
}

/**
 * Settles on a gross return: when it beats the stake the commission is taken from the net win (decision 0.7),
 * otherwise nothing is taken. Rounded once; commission = gross rounded - payout so the two add up to the cent.
 */
function settleOnGross(stakeMinor: bigint, gross: Rational, commission: Rational): MyanmarSettlementMinor {
  const stake = minorToRational(stakeMinor);
  const net = gross.sub(stake);
  const payout = net.sign() > 0 ? stake.add(net.mul(Rational.ONE.sub(commission))) : gross;
  const payoutMinor = roundToMinor(payout);
  return {
    payoutMinor,
    winLossMinor: payoutMinor - stakeMinor,
    commissionMinor: roundToMinor(gross) - payoutMinor,
  };
}

/**
 * A Myanmar single ("body"): return = stake x (1 + f), less the commission on a win.
 * settleMyanmar({ stake: '10000', fraction: '-0.4' }) -> payout '6000.00'.
 */
export function settleMyanmar(input: { stake: string; fraction: string; commissionRate?: string }): {
  payout: string;
  winLoss: string;
  commission: string;
} {
  const stakeMinor = parseStake(input.stake);
  const gross = minorToRational(stakeMinor).mul(Rational.ONE.add(parseFraction(input.fraction)));
  return formatSettlement(settleOnGross(stakeMinor, gross, parseCommission(input.commissionRate)));
}

/**
 * A Myanmar parlay ("maung", rules.md 4.7, decision 0.7): return = stake x product of (1 + f_i), 0 when any leg
 * loses in full, commission on the net win. One leg is allowed here; 2 to 10 is a placement rule.
 */
export function myanmarParlayPayout(
  stake: string,
  fractions: readonly string[],
  commissionRate?: string,
): { payout: string; winLoss: string; commission: string } {
  assert(fractions.length >= 1 && fractions.length <= MAX_MYANMAR_PARLAY_LEGS, 'a maung has 1 to 10 legs');
  const stakeMinor = parseStake(stake);
  let gross = minorToRational(stakeMinor);
  for (const fraction of fractions) gross = gross.mul(Rational.ONE.add(parseFraction(fraction)));
  return formatSettlement(settleOnGross(stakeMinor, gross, parseCommission(commissionRate)));
}

/** The commission rate of a market that carries a payout rate instead (0.95 pays 95% of a win: 5%). */
export function commissionFromPayoutRate(payoutRate: string): string {
  const rate = Rational.parse(payoutRate);
  assert(rate.sign() > 0 && rate.lte(Rational.ONE), 'a payout rate is in (0, 1]');
  return Rational.ONE.sub(rate).toString();
}

function formatSettlement(minor: MyanmarSettlementMinor): {
  payout: string;
  winLoss: string;
  commission: string;
} {
  return {
    payout: fromMinorUnits(minor.payoutMinor),
    winLoss: fromMinorUnits(minor.winLossMinor),
    commission: fromMinorUnits(minor.commissionMinor),
  };
}
