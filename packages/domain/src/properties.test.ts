/**
 * Property tests (fast-check) for the invariants issue 3 lists: conversions round-trip within rounding, a quarter
 * line is the average of its two half lines, a parlay of one leg is the single, a payout is never negative, both
 * sides of an even-money market sum to zero before margin, and rounding at x.xx5. The vector tables live next to
 * each module; these check the same rules on generated inputs. Runs are bounded (RUNS) so the suite stays fast; a
 * failure prints the shrunk counterexample and the seed that replays it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rational, dec, formatScaled } from './decimal';
import { fromMinorUnits } from './money';
import { myanmarOutcome, myanmarParlayPayout, settleMyanmar, type MyanmarSide } from './myanmar';
import {
  ODDS_FORMATS,
  checkOdds,
  convertOdds,
  decimalOddsOf,
  formatOdds,
  fromDecimalOdds,
  toDecimalOdds,
  type OddsFormat,
} from './odds';
import { OUTCOMES, outcomeHalves, type Outcome } from './outcome';
import { handicapOutcome, handicapOutcomeForSide, liveHandicapOutcome } from './outcomes/handicap';
import { quartersToText, splitLine } from './outcomes/line';
import { drawNoBetOutcome, moneylineOutcome, oddEvenOutcome } from './outcomes/result';
import { totalOutcome } from './outcomes/total';
import { parlayOdds, parlayPayout, type ParlayLeg } from './parlay';
import { settleSingle } from './settlement';
import { riskAndWin } from './stake';
import { binomial, systemPayout } from './system-parlay';

const RUNS = { numRuns: 200 } as const;
const TWO = Rational.int(2);

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------------------------

/** A valid price as typed: `scaled` is the price times 10^places ('-0.955' is -955n at 3 places). */
interface Price {
  readonly format: OddsFormat;
  readonly price: string;
  readonly places: number;
  readonly scaled: bigint;
}

/** HK, ID and DEC are unbounded above; properties use prices up to 100 (ID -100 is MY 0.01). */
const MAX_PRICE = 100n;

function signed(magnitude: fc.Arbitrary<bigint>): fc.Arbitrary<bigint> {
  return fc.tuple(fc.boolean(), magnitude).map(([negative, n]) => (negative ? -n : n));
}

/** Mostly common prices (within 4 of the minimum), sometimes anywhere up to the bound. */
function upTo(min: bigint, max: bigint, unit: bigint): fc.Arbitrary<bigint> {
  return fc.oneof(fc.bigInt({ min, max: min + 4n * unit }), fc.bigInt({ min, max }));
}

/** Every valid price of `format` with exactly `places` decimals, over the format's range of rules.md 1.1. */
function priceOf(format: OddsFormat, places: number): fc.Arbitrary<Price> {
  const unit = 10n ** BigInt(places);
  const scaled = {
    MY: signed(fc.bigInt({ min: 1n, max: unit })), // -1 <= M <= 1, M != 0
    HK: upTo(1n, MAX_PRICE * unit, unit), // H > 0
    ID: signed(upTo(unit, MAX_PRICE * unit, unit)), // |I| >= 1
    DEC: upTo(unit + 1n, (MAX_PRICE + 1n) * unit, unit), // D > 1
  }[format];
  return scaled.map((n) => ({ format, places, scaled: n, price: formatScaled(n, places) }));
}

/** A price of `format` with 2 or 3 decimals (the book's precisions, rules.md 0.2). */
function priceIn(format: OddsFormat, places: readonly number[] = [2, 3]): fc.Arbitrary<Price> {
  return fc.oneof(...places.map((p) => priceOf(format, p)));
}

const anyPrice = fc.oneof(...ODDS_FORMATS.map((format) => priceIn(format)));
const anyPrice2dp = fc.oneof(...ODDS_FORMATS.map((format) => priceIn(format, [2])));
const anyFormat = fc.constantFrom(...ODDS_FORMATS);
const anyOutcome = fc.constantFrom(...OUTCOMES);

/** A stake in minor units: mostly small, sometimes up to 1,000,000.00. */
const stakeCents = fc.oneof(fc.bigInt({ min: 1n, max: 10_000n }), fc.bigInt({ min: 1n, max: 100_000_000n }));
const goals = fc.nat({ max: 12 });
/** Odd quarter goals: the quarter lines ±0.25, ±0.75, ... up to ±9.75. */
const quarterHandicap = fc.integer({ min: -20, max: 19 }).map((k) => 2 * k + 1);
/** Quarter totals lines 0.25 .. 14.75. */
const quarterTotal = fc.integer({ min: 0, max: 29 }).map((k) => 2 * k + 1);
/** Any handicap line (whole, half or quarter) up to ±10. */
const anyHandicap = fc.integer({ min: -40, max: 40 });

/**
 * Money returned by the library, to minor units. Checks the format (exactly 2 decimals) and, unlike toMinorUnits,
 * has no 15-digit bound: a 12-leg parlay at long odds can return more than that.
 */
function minor(amount: string): bigint {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (match === null) throw new Error(`not a 2-decimal amount: ${amount}`);
  const [, sign, whole = '', cents = ''] = match;
  const value = BigInt(whole + cents);
  return sign === '-' ? -value : value;
}
const isEvenMoney = (p: Price): boolean => toDecimalOdds(p.price, p.format).eq(TWO);

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Half away from zero of n / 10^drop, computed on integers: the oracle for every rounding check below. */
function roundScaled(n: bigint, drop: number): bigint {
  const divisor = 10n ** BigInt(drop);
  const magnitude = ((n < 0n ? -n : n) * 2n + divisor) / (2n * divisor);
  return n < 0n ? -magnitude : magnitude;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Conversions round-trip within rounding (rules.md 1.1, 1.3)
// ---------------------------------------------------------------------------------------------------------------

describe('property: odds conversions round-trip', () => {
  it('exactly: any valid price, through any format and back, is itself (even money: +/-1 either way)', () => {
    fc.assert(
      fc.property(anyPrice, anyFormat, (p, via) => {
        const decimal = toDecimalOdds(p.price, p.format);
        const there = fromDecimalOdds(decimal, via);
        // The exact conversion is a valid price of the target format (decimalOddsOf asserts the range).
        expect(decimalOddsOf(there, via).eq(decimal)).toBe(true);
        const back = fromDecimalOdds(decimalOddsOf(there, via), p.format);
        const same = back.eq(dec(p.price)) || (isEvenMoney(p) && back.abs().eq(Rational.ONE));
        expect(same, `${p.format} ${p.price} via ${via}: ${back.toFixed(12)}`).toBe(true);
      }),
      RUNS,
    );
  });

  it('within rounding: shown in another format at 10 dp and converted back at the price precision', () => {
    fc.assert(
      fc.property(anyPrice, anyFormat, (p, to) => {
        const shown = convertOdds(p.price, p.format, to, 10);
        expect(checkOdds(shown, to).ok, `${p.price} ${p.format} -> ${shown} ${to}`).toBe(true);
        const back = convertOdds(shown, to, p.format, p.places);
        const same = back === p.price || (isEvenMoney(p) && back === p.price.replace('-', ''));
        expect(same, `${p.format} ${p.price} -> ${to} ${shown} -> ${back}`).toBe(true);
      }),
      RUNS,
    );
  });

  it('within rounding: a Malay price shown in any format at its own precision converts back to itself', () => {
    // |MY| <= 1, so converting back shrinks the display rounding error below half a unit (rules.md 1.3 C13).
    fc.assert(
      fc.property(priceIn('MY'), anyFormat, (p, to) => {
        const shown = convertOdds(p.price, 'MY', to, p.places);
        const back = convertOdds(shown, to, 'MY', p.places);
        const same = back === p.price || (isEvenMoney(p) && back === p.price.replace('-', ''));
        expect(same, `MY ${p.price} -> ${to} ${shown} -> ${back}`).toBe(true);
      }),
      RUNS,
    );
  });

  it('a shown price is the exact conversion rounded once, half away from zero, to exactly k decimals', () => {
    fc.assert(
      fc.property(anyPrice, anyFormat, fc.integer({ min: 0, max: 6 }), (p, to, places) => {
        const shown = convertOdds(p.price, p.format, to, places);
        const exact = fromDecimalOdds(toDecimalOdds(p.price, p.format), to);
        expect(shown).toMatch(places === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${places}}$`));
        // 2 x 10^k x |shown - exact| <= 1, and a tie goes away from zero.
        const error = dec(shown)
          .sub(exact)
          .mul(Rational.of(2n * 10n ** BigInt(places)));
        expect(error.abs().lte(Rational.ONE)).toBe(true);
        if (error.abs().eq(Rational.ONE)) expect(dec(shown).abs().gt(exact.abs())).toBe(true);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 2. A quarter line is the average of its two half lines (rules.md 2.2, 2.3)
// ---------------------------------------------------------------------------------------------------------------

/** A settled line market with a quarter line: pre-match or live handicap, or over/under. */
type QuarterCase =
  | {
      readonly market: 'handicap';
      readonly backed: number;
      readonly opponent: number;
      readonly quarters: number;
    }
  | {
      readonly market: 'live';
      readonly atBet: readonly [number, number];
      readonly after: readonly [number, number];
      readonly quarters: number;
    }
  | {
      readonly market: 'total';
      readonly total: number;
      readonly side: 'over' | 'under';
      readonly quarters: number;
    };

const quarterCase: fc.Arbitrary<QuarterCase> = fc.oneof(
  fc.record({
    market: fc.constant('handicap' as const),
    backed: goals,
    opponent: goals,
    quarters: quarterHandicap,
  }),
  fc.record({
    market: fc.constant('live' as const),
    atBet: fc.tuple(goals, goals),
    after: fc.tuple(goals, goals),
    quarters: quarterHandicap,
  }),
  fc.record({
    market: fc.constant('total' as const),
    total: fc.nat({ max: 20 }),
    side: fc.constantFrom('over' as const, 'under' as const),
    quarters: quarterTotal,
  }),
);

function outcomeAt(c: QuarterCase, line: string): Outcome {
  switch (c.market) {
    case 'handicap':
      return handicapOutcome(c.backed, c.opponent, line);
    case 'live':
      return liveHandicapOutcome({
        backed: c.atBet[0] + c.after[0],
        opponent: c.atBet[1] + c.after[1],
        backedAtBet: c.atBet[0],
        opponentAtBet: c.atBet[1],
        line,
      });
    case 'total':
      return totalOutcome(c.total, line, c.side);
  }
}

describe('property: a quarter line is the average of its two half lines', () => {
  it('as an outcome: r(h) = (r(h - 0.25) + r(h + 0.25)) / 2 for handicap, live handicap and totals', () => {
    fc.assert(
      fc.property(quarterCase, (c) => {
        const line = quartersToText(c.quarters);
        const [low, high] = splitLine(line);
        expect([low, high]).toEqual([quartersToText(c.quarters - 1), quartersToText(c.quarters + 1)]);
        expect(2 * outcomeHalves(outcomeAt(c, line))).toBe(
          outcomeHalves(outcomeAt(c, low)) + outcomeHalves(outcomeAt(c, high)),
        );
      }),
      RUNS,
    );
  });

  const moneyAt = (c: QuarterCase, p: Price, stake: string, line: string) => {
    const settled = settleSingle({ format: p.format, price: p.price, stake, outcome: outcomeAt(c, line) });
    return { payout: minor(settled.payout), winLoss: minor(settled.winLoss) };
  };

  it('as money, exactly: an even whole-unit stake at a 2-dp price (no half cents to round)', () => {
    fc.assert(
      fc.property(quarterCase, anyPrice2dp, fc.integer({ min: 1, max: 50_000 }), (c, p, units) => {
        const stake = String(2 * units);
        const line = quartersToText(c.quarters);
        const [low, high] = splitLine(line);
        const quarter = moneyAt(c, p, stake, line);
        const lower = moneyAt(c, p, stake, low);
        const higher = moneyAt(c, p, stake, high);
        expect(2n * quarter.payout).toBe(lower.payout + higher.payout);
        expect(2n * quarter.winLoss).toBe(lower.winLoss + higher.winLoss);
      }),
      RUNS,
    );
  });

  it('as money, within rounding: any stake and 2- or 3-dp price, off by at most one cent', () => {
    fc.assert(
      fc.property(quarterCase, anyPrice, stakeCents, (c, p, cents) => {
        const stake = fromMinorUnits(cents);
        const line = quartersToText(c.quarters);
        const [low, high] = splitLine(line);
        const quarter = moneyAt(c, p, stake, line);
        const difference =
          2n * quarter.payout - moneyAt(c, p, stake, low).payout - moneyAt(c, p, stake, high).payout;
        expect(difference >= -1n && difference <= 1n, `difference ${difference}`).toBe(true);
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 3. A parlay of one leg is the single (rules.md 3.1, decision 0.5)
// ---------------------------------------------------------------------------------------------------------------

/**
 * A single whose risk is a whole number of cents. A parlay is staked on risk; a negative MY/ID single is staked
 * on the amount to win and debits stake x |odds| rounded to the cent (rules.md 1.2, decision 0.3). The two are
 * the same bet only when that debit needs no rounding, so stakes are multiples of 10^places / gcd(|price|,
 * 10^places) cents.
 */
const wholeRiskSingle = fc
  .tuple(anyPrice, fc.bigInt({ min: 1n, max: 1_000_000n }), anyOutcome, fc.integer({ min: 2, max: 5 }))
  .map(([p, multiple, outcome, heat]) => {
    const unit = 10n ** BigInt(p.places);
    const step = p.scaled < 0n ? unit / gcd(-p.scaled, unit) : 1n;
    return { ...p, stake: fromMinorUnits(multiple * step), outcome, deadHeat: outcome === 'won' ? heat : 1 };
  });

describe('property: a parlay of one leg equals the single', () => {
  it("staked with the single's risk, for every format, outcome and dead heat", () => {
    fc.assert(
      fc.property(wholeRiskSingle, (bet) => {
        const { format, price, stake, outcome, deadHeat } = bet;
        const single = settleSingle({ format, price, stake, outcome, deadHeat });
        if (bet.scaled < 0n) {
          // The precondition: the debit is exactly stake x |odds|.
          expect(minor(single.risk) * 10n ** BigInt(bet.places)).toBe(minor(stake) * -bet.scaled);
        }
        const leg: ParlayLeg = { format, price, outcome, deadHeat };
        expect(parlayPayout(single.risk, [leg])).toEqual({ payout: single.payout, winLoss: single.winLoss });
        // A one-leg system of singles is the same bet again.
        expect(systemPayout(single.risk, [leg], [1])).toEqual({
          bets: 1,
          totalStake: single.risk,
          payout: single.payout,
          winLoss: single.winLoss,
        });
      }),
      RUNS,
    );
  });

  it('a system of only the full n-fold is the mix parlay of its n legs', () => {
    fc.assert(
      fc.property(fc.array(legArb(), { minLength: 1, maxLength: 12 }), stakeCents, (legs, cents) => {
        const stake = fromMinorUnits(cents);
        const parlay = parlayPayout(stake, legs);
        expect(systemPayout(stake, legs, [legs.length])).toEqual({ bets: 1, totalStake: stake, ...parlay });
      }),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 4. A payout is never negative (rules.md 2.1, 3.1, 3.2, 4.3, 4.7)
// ---------------------------------------------------------------------------------------------------------------

function legArb(outcome: fc.Arbitrary<Outcome> = anyOutcome): fc.Arbitrary<ParlayLeg> {
  return fc.tuple(anyPrice, outcome).map(([p, o]) => ({ format: p.format, price: p.price, outcome: o }));
}

describe('property: a payout is never negative', () => {
  it('single: 0 <= payout <= risk + win, win/loss = payout - risk, push/void return the risk', () => {
    fc.assert(
      fc.property(
        anyPrice,
        stakeCents,
        anyOutcome,
        fc.integer({ min: 1, max: 5 }),
        (p, cents, outcome, heat) => {
          const stake = fromMinorUnits(cents);
          const deadHeat = outcome === 'won' ? heat : 1;
          const settled = settleSingle({ format: p.format, price: p.price, stake, outcome, deadHeat });
          const { risk, win } = riskAndWin({ format: p.format, price: p.price, stake });
          const payout = minor(settled.payout);
          expect(settled.risk).toBe(risk);
          expect(payout >= 0n).toBe(true);
          expect(payout <= minor(risk) + minor(win)).toBe(true);
          expect(minor(settled.winLoss)).toBe(payout - minor(risk));
          if (outcome === 'lost') expect(payout).toBe(0n);
          if (outcome === 'draw' || outcome === 'void') expect(settled.payout).toBe(risk);
          if (outcome === 'won' && deadHeat === 1) expect(payout).toBe(minor(risk) + minor(win));
          if (outcome === 'lost_half') expect(payout <= minor(risk)).toBe(true);
          if (outcome === 'won_half') expect(payout >= minor(risk)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('mix parlay (1 to 12 legs): 0 <= payout <= all legs winning; a lost leg loses the ticket', () => {
    fc.assert(
      fc.property(fc.array(legArb(), { minLength: 1, maxLength: 12 }), stakeCents, (legs, cents) => {
        const stake = fromMinorUnits(cents);
        const payout = minor(parlayPayout(stake, legs).payout);
        const allWon = minor(
          parlayPayout(
            stake,
            legs.map((leg) => ({ ...leg, outcome: 'won' as const })),
          ).payout,
        );
        expect(payout >= 0n).toBe(true);
        expect(payout <= allWon).toBe(true);
        // All winning pays stake x the parlay's odds, rounded half-up once (checked on integers).
        const odds = parlayOdds(legs);
        expect(allWon).toBe((2n * cents * odds.num + odds.den) / (2n * odds.den));
        if (legs.some((leg) => leg.outcome === 'lost')) expect(payout).toBe(0n);
        if (legs.every((leg) => leg.outcome === 'draw' || leg.outcome === 'void')) expect(payout).toBe(cents);
      }),
      RUNS,
    );
  });

  it('system parlay: 0 <= payout <= every leg winning; bets are the sum of C(n, k)', () => {
    const system = fc.array(legArb(), { minLength: 1, maxLength: 8 }).chain((legs) =>
      fc
        .subarray(
          Array.from({ length: legs.length }, (_, i) => i + 1),
          { minLength: 1 },
        )
        .map((foldSizes) => ({ legs, foldSizes })),
    );
    fc.assert(
      fc.property(system, stakeCents, ({ legs, foldSizes }, cents) => {
        const unit = fromMinorUnits(cents);
        const settled = systemPayout(unit, legs, foldSizes);
        const bets = foldSizes.reduce((total, k) => total + binomial(legs.length, k), 0);
        const allWon = systemPayout(
          unit,
          legs.map((leg) => ({ ...leg, outcome: 'won' as const })),
          foldSizes,
        );
        expect(settled.bets).toBe(bets);
        expect(minor(settled.totalStake)).toBe(cents * BigInt(bets));
        expect(minor(settled.payout) >= 0n).toBe(true);
        expect(minor(settled.payout) <= minor(allWon.payout)).toBe(true);
        expect(minor(settled.winLoss)).toBe(minor(settled.payout) - minor(settled.totalStake));
        if (legs.every((leg) => leg.outcome === 'lost')) expect(settled.payout).toBe('0.00');
      }),
      RUNS,
    );
  });

  const myanmarLeg = fc
    .record({
      ball: fc.nat({ max: 5 }),
      offset: fc.integer({ min: -3, max: 3 }),
      percent: fc.integer({ min: -100, max: 100 }),
      side: fc.constantFrom<MyanmarSide>('favourite', 'underdog'),
    })
    .map(({ ball, offset, percent, side }) => myanmarOutcome(ball + offset, ball, percent, side));
  const commission = fc.nat({ max: 99 }).map((percent) => fromMinorUnits(BigInt(percent)));

  it('Myanmar single: 0 <= payout <= 2 x stake, commission only on a win', () => {
    fc.assert(
      fc.property(myanmarLeg, stakeCents, commission, (fraction, cents, commissionRate) => {
        const settled = settleMyanmar({ stake: fromMinorUnits(cents), fraction, commissionRate });
        const payout = minor(settled.payout);
        expect(payout >= 0n && payout <= 2n * cents).toBe(true);
        expect(minor(settled.commission) >= 0n).toBe(true);
        expect(minor(settled.winLoss)).toBe(payout - cents);
        if (dec(fraction).sign() <= 0) expect(settled.commission).toBe('0.00');
        if (dec(fraction).isZero()) expect(payout).toBe(cents);
        if (dec(fraction).eq(Rational.ONE.neg())) expect(payout).toBe(0n);
      }),
      RUNS,
    );
  });

  it('Myanmar parlay (maung, 1 to 10 legs): payout >= 0, a fully lost leg loses the ticket', () => {
    fc.assert(
      fc.property(
        fc.array(myanmarLeg, { minLength: 1, maxLength: 10 }),
        stakeCents,
        commission,
        (fractions, cents, commissionRate) => {
          const settled = myanmarParlayPayout(fromMinorUnits(cents), fractions, commissionRate);
          expect(minor(settled.payout) >= 0n).toBe(true);
          expect(minor(settled.commission) >= 0n).toBe(true);
          expect(minor(settled.winLoss)).toBe(minor(settled.payout) - cents);
          if (fractions.includes('-1')) expect(settled.payout).toBe('0.00');
        },
      ),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 5. Both sides of an even-money market sum to zero before margin (rules.md 2.1-2.4, 4.3)
// ---------------------------------------------------------------------------------------------------------------

/** Even money in every format and precision: D = 2, HK 1, MY +1 or -1, ID +1 or -1 (rules.md 1.1, C14). */
const evenMoney = fc.constantFrom<readonly [OddsFormat, string]>(
  ['DEC', '2.00'],
  ['DEC', '2.000'],
  ['HK', '1.00'],
  ['MY', '1.00'],
  ['MY', '-1.00'],
  ['MY', '-1.000'],
  ['ID', '1.00'],
  ['ID', '-1.00'],
);

/** The two opposite selections of one two-way market, settled on one result. */
const twoWayMarket: fc.Arbitrary<{ readonly label: string; readonly sides: readonly [Outcome, Outcome] }> =
  fc.oneof(
    fc.tuple(goals, goals, anyHandicap, fc.boolean()).map(([home, away, quarters, byMarket]) => {
      const line = quartersToText(quarters);
      // The away backer holds the home line reversed (rules.md 2.2), asked either through the market helper or
      // as a plain handicap on the away team.
      const sides = byMarket
        ? ([
            handicapOutcomeForSide({ home, away }, 'home', line),
            handicapOutcomeForSide({ home, away }, 'away', line),
          ] as const)
        : ([
            handicapOutcome(home, away, line),
            handicapOutcome(away, home, quartersToText(-quarters)),
          ] as const);
      return { label: `AH ${home}-${away} home ${line}`, sides };
    }),
    fc.tuple(fc.nat({ max: 20 }), fc.integer({ min: 0, max: 60 })).map(([total, quarters]) => {
      const line = quartersToText(quarters);
      const sides = [totalOutcome(total, line, 'over'), totalOutcome(total, line, 'under')] as const;
      return { label: `OU ${total} goals, line ${line}`, sides };
    }),
    fc.nat({ max: 20 }).map((total) => ({
      label: `odd/even ${total} goals`,
      sides: [oddEvenOutcome(total, 'odd'), oddEvenOutcome(total, 'even')] as const,
    })),
    fc.tuple(goals, goals, fc.boolean()).map(([home, away, moneyline]) => {
      const settle = moneyline ? moneylineOutcome : drawNoBetOutcome;
      const sides = [settle({ home, away }, 'home'), settle({ home, away }, 'away')] as const;
      return { label: `${moneyline ? 'moneyline' : 'draw no bet'} ${home}-${away}`, sides };
    }),
  );

describe('property: both sides of an even-money market sum to zero before margin', () => {
  it('handicap, over/under, odd/even, moneyline and draw no bet, each side in any even-money format', () => {
    fc.assert(
      fc.property(twoWayMarket, evenMoney, evenMoney, stakeCents, (market, first, second, cents) => {
        const stake = fromMinorUnits(cents);
        const [a, b] = market.sides;
        expect(outcomeHalves(a) + outcomeHalves(b), market.label).toBe(0);
        const winLoss = (price: readonly [OddsFormat, string], outcome: Outcome) =>
          minor(settleSingle({ format: price[0], price: price[1], stake, outcome }).winLoss);
        const total = winLoss(first, a) + winLoss(second, b);
        // Exact, except that a half outcome on an odd number of cents leaves a half cent on each side, and both
        // payouts round it up (rules.md 0.1): the two bettors then get one cent more than zero between them.
        const halfCent = cents % 2n === 1n && outcomeHalves(a) % 2 !== 0;
        expect(total, market.label).toBe(halfCent ? 1n : 0n);
      }),
      RUNS,
    );
  });

  it('Myanmar: favourite and underdog on one line with no commission; a commission only lowers the sum', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 5 }),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: -100, max: 100 }),
        stakeCents,
        fc.integer({ min: 1, max: 99 }),
        (ball, offset, percent, cents, commissionPercent) => {
          const stake = fromMinorUnits(cents);
          const sum = (commissionRate: string) =>
            (['favourite', 'underdog'] as const)
              .map((side) => myanmarOutcome(ball + offset, ball, percent, side))
              .map((fraction) => minor(settleMyanmar({ stake, fraction, commissionRate }).winLoss))
              .reduce((x, y) => x + y, 0n);
          // stake x P% is exact, or ends in exactly half a cent, which both sides round up (rules.md 0.1).
          const halfCent = offset === 0 && (cents * BigInt(Math.abs(percent))) % 100n === 50n;
          expect(sum('0')).toBe(halfCent ? 1n : 0n);
          expect(sum(fromMinorUnits(BigInt(commissionPercent))) <= sum('0')).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 6. Rounding at x.xx5 (rules.md 0.1: money half-up once at the end; prices half away from zero)
// ---------------------------------------------------------------------------------------------------------------

describe('property: rounding edge cases at x.xx5', () => {
  /** A value whose last digit is 5, one place past the rounding: 1.005 at 2 places, -0.125 at 2 places. */
  const halfway = fc
    .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
    .map(([k, places]) => ({ scaled: k * 10n + (k < 0n ? -5n : 5n), places }));

  it('Rational.toFixed: an exact half goes away from zero, a hair either side goes to the nearest', () => {
    fc.assert(
      fc.property(halfway, fc.constantFrom(-1n, 1n), ({ scaled, places }, hair) => {
        const value = Rational.of(scaled, 10n ** BigInt(places + 1));
        const expected = (scaled + (scaled < 0n ? -5n : 5n)) / 10n; // truncation after moving away from zero
        expect(value.toFixed(places)).toBe(formatScaled(expected, places));
        expect(value.scaled(places)).toBe(roundScaled(scaled, 1));
        // 10^-(places + 4) either side of the half: no longer a tie.
        const near = Rational.of(scaled * 1000n + hair, 10n ** BigInt(places + 4));
        expect(near.scaled(places)).toBe(roundScaled(scaled * 1000n + hair, 4));
      }),
      RUNS,
    );
  });

  /** A valid price with one decimal more than it is shown with (3 or 4), ending in 5. */
  const halfwayPrice = fc
    .oneof(...ODDS_FORMATS.flatMap((format) => [3, 4].map((places) => priceOf(format, places))))
    .filter((p) => p.scaled % 10n === 5n || p.scaled % 10n === -5n);

  it('formatOdds and convertOdds round a price ending in 5 away from zero', () => {
    fc.assert(
      fc.property(halfwayPrice, (p) => {
        const shownPlaces = p.places - 1;
        const expected = formatScaled(roundScaled(p.scaled, 1), shownPlaces);
        expect(formatOdds(p.price, p.format, shownPlaces)).toBe(expected);
        expect(convertOdds(p.price, p.format, p.format, shownPlaces)).toBe(expected);
        // DEC and HK differ by exactly 1, so the 5 survives the conversion either way.
        if (p.format === 'DEC') {
          expect(convertOdds(p.price, 'DEC', 'HK', shownPlaces)).toBe(
            formatScaled(roundScaled(p.scaled - 10n ** BigInt(p.places), 1), shownPlaces),
          );
        }
        if (p.format === 'HK') {
          expect(convertOdds(p.price, 'HK', 'DEC', shownPlaces)).toBe(
            formatScaled(roundScaled(p.scaled + 10n ** BigInt(p.places), 1), shownPlaces),
          );
        }
      }),
      RUNS,
    );
  });

  /** A 3-dp price ending in 5 and an odd whole-unit stake: stake x price ends in exactly half a cent. */
  const halfCentBet = fc
    .tuple(fc.oneof(...ODDS_FORMATS.map((format) => priceOf(format, 3))), fc.integer({ min: 0, max: 5000 }))
    .filter(([p]) => p.scaled % 10n === 5n || p.scaled % 10n === -5n)
    .map(([p, k]) => ({ ...p, units: BigInt(2 * k + 1) }));

  it('money: a payout or a debit of exactly x.xx5 rounds half-up, once', () => {
    fc.assert(
      fc.property(halfCentBet, (bet) => {
        const stake = String(bet.units);
        const { risk, payout } = settleSingle({
          format: bet.format,
          price: bet.price,
          stake,
          outcome: 'won',
        });
        const magnitude = bet.scaled < 0n ? -bet.scaled : bet.scaled;
        if (bet.scaled < 0n) {
          // Negative MY/ID: the debit is stake x |odds| = units x |n| / 1000, which ends in half a cent.
          expect(minor(risk)).toBe(roundScaled(bet.units * magnitude, 1));
          expect(minor(payout)).toBe(minor(risk) + bet.units * 100n);
        } else {
          // Positive prices: payout = stake x D, with 1000 D ending in 5 (D = 1 + price except for DEC).
          const decimal1000 = bet.format === 'DEC' ? magnitude : magnitude + 1000n;
          expect(minor(payout)).toBe(roundScaled(bet.units * decimal1000, 1));
          const leg: ParlayLeg = { format: bet.format, price: bet.price, outcome: 'won' };
          expect(minor(parlayPayout(stake, [leg]).payout)).toBe(minor(payout));
        }
      }),
      RUNS,
    );
  });

  it('money: half outcomes on an odd number of cents end in half a cent and round up', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 50_000_000n }).map((k) => 2n * k + 1n),
        evenMoney,
        (cents, [format, price]) => {
          const stake = fromMinorUnits(cents);
          const half = (outcome: Outcome) => minor(settleSingle({ format, price, stake, outcome }).payout);
          expect(half('lost_half')).toBe((cents + 1n) / 2n); // s / 2
          expect(half('won_half')).toBe((3n * cents + 1n) / 2n); // s + s / 2
          const myanmar = (fraction: string) =>
            minor(settleMyanmar({ stake, fraction, commissionRate: '0' }).payout);
          expect(myanmar('-0.5')).toBe((cents + 1n) / 2n);
          expect(myanmar('0.5')).toBe((3n * cents + 1n) / 2n);
        },
      ),
      RUNS,
    );
  });

  it('money: any DEC parlay pays stake x product of prices, rounded half-up once', () => {
    const decLeg = priceIn('DEC').map((p): ParlayLeg => ({ format: 'DEC', price: p.price, outcome: 'won' }));
    fc.assert(
      fc.property(fc.array(decLeg, { minLength: 1, maxLength: 4 }), stakeCents, (legs, cents) => {
        // On integers: cents x prod(1000 D) / 1000^n, half-up; independent of Rational.
        let numerator = cents;
        let places = 0;
        for (const leg of legs) {
          const [whole = '', fraction = ''] = leg.price.split('.');
          numerator *= BigInt(whole + fraction);
          places += fraction.length;
        }
        expect(minor(parlayPayout(fromMinorUnits(cents), legs).payout)).toBe(roundScaled(numerator, places));
      }),
      RUNS,
    );
  });
});
