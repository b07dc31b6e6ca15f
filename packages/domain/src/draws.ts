import { KENO_DRAWN, KENO_SUM_PUSH, kenoChances, kenoOutcome, kenoPriceHundredths } from './keno';
import {
  NUMBER_BALLS,
  NUMBER_BET_TYPES,
  numberChance,
  numberPriceHundredths,
  numberSelections,
  numberWins,
  type NumberBetType,
} from './number-game';
import type { Outcome } from './outcome';

/**
 * Keno and the number game as sportsbook markets (rules.md decision 13): a draw is a match, its markets are priced
 * from the exact chances less the margin, and its legs settle on the balls the draw stored as the result's
 * `winners` (in draw order, as decimal strings). One keno market 'keno' holds the sum and count selections; the
 * number game has one market kind per digit code (d1..d6 for D_1..D_6).
 */
export const KENO_KIND = 'keno';
export const NUMBER_KINDS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] as const;
export type NumberKind = (typeof NUMBER_KINDS)[number];
export type DrawKind = typeof KENO_KIND | NumberKind;
export const KENO_SELECTIONS = ['big', 'small', 'odd', 'even', 'up', 'down', 'equal'] as const;
export type KenoSelection = (typeof KENO_SELECTIONS)[number];

export function isDrawKind(kind: string): kind is DrawKind {
  return kind === KENO_KIND || (NUMBER_KINDS as readonly string[]).includes(kind);
}

/** The digit code of a number-game kind: 'd1' -> 'D_1'. */
export function numberBetType(kind: NumberKind): NumberBetType {
  return NUMBER_BET_TYPES[NUMBER_KINDS.indexOf(kind)] as NumberBetType;
}

/** The ball a D_1/D_2/D_3/D_6 market is on: its line ('' = the first ball). */
export function drawPosition(line: string): number | null {
  if (line === '') return 1;
  const position = Number(line);
  return Number.isInteger(position) && position >= 1 && position <= NUMBER_BALLS ? position : null;
}

/** Balls as the catalogue stores them (decimal strings), or null when they are not a whole draw. */
export function parseBalls(winners: readonly string[]): number[] | null {
  if (winners.length === 0 || winners.length > NUMBER_BALLS) return null;
  const balls = winners.map(Number);
  return balls.every((ball) => Number.isInteger(ball) && ball >= 1) ? balls : null;
}

/** A keno selection's outcome on the 20 balls: big/small push on a sum of 810; equal is 10 up and 10 down. */
export function kenoSelectionOutcome(selection: string, balls: readonly number[]): Outcome {
  const { sum, up, down } = kenoOutcome(balls);
  switch (selection as KenoSelection) {
    case 'big':
      return sum === KENO_SUM_PUSH ? 'draw' : sum > KENO_SUM_PUSH ? 'won' : 'lost';
    case 'small':
      return sum === KENO_SUM_PUSH ? 'draw' : sum < KENO_SUM_PUSH ? 'won' : 'lost';
    case 'odd':
      return sum % 2 === 1 ? 'won' : 'lost';
    case 'even':
      return sum % 2 === 0 ? 'won' : 'lost';
    case 'up':
      return up > down ? 'won' : 'lost';
    case 'down':
      return down > up ? 'won' : 'lost';
    case 'equal':
      return up === down ? 'won' : 'lost';
    default:
      throw new RangeError(`keno has no selection ${selection}`);
  }
}

/**
 * A draw leg's outcome from the stored balls, or 'void' when the leg does not belong to its market (a key or line
 * no market offers). Throws on balls that are not a whole draw of the game: the result is wrong, not the bet.
 */
export function drawLegOutcome(
  leg: { kind: string; line: string; selection: string },
  balls: readonly number[],
): Outcome {
  if (leg.kind === KENO_KIND) {
    if (!(KENO_SELECTIONS as readonly string[]).includes(leg.selection)) return 'void';
    if (balls.length !== KENO_DRAWN) throw new RangeError('a keno result is 20 balls');
    return kenoSelectionOutcome(leg.selection, balls);
  }
  if (!(NUMBER_KINDS as readonly string[]).includes(leg.kind)) return 'void';
  const type = numberBetType(leg.kind as NumberKind);
  const position = drawPosition(leg.line);
  if (position === null || !numberSelections(type).includes(leg.selection)) return 'void';
  return numberWins(type, leg.selection, balls, position) ? 'won' : 'lost';
}

/** A draw market as the schedule offers it: kind, line and decimal prices (strings, 2 places). */
export interface DrawMarket {
  kind: DrawKind;
  line: string;
  prices: Record<string, string>;
}

const priceText = (hundredths: number) =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

/** Keno's one market: big/small (refunded on 810), odd/even, up/down/equal, each less the margin. */
export function kenoMarkets(marginBps: number): DrawMarket[] {
  const c = kenoChances();
  const prices: Record<KenoSelection, number> = {
    big: kenoPriceHundredths(c.big, c.push, marginBps),
    small: kenoPriceHundredths(c.small, c.push, marginBps),
    odd: kenoPriceHundredths(c.odd, null, marginBps),
    even: kenoPriceHundredths(c.even, null, marginBps),
    up: kenoPriceHundredths(c.up, null, marginBps),
    down: kenoPriceHundredths(c.down, null, marginBps),
    equal: kenoPriceHundredths(c.equal, null, marginBps),
  };
  return [
    {
      kind: KENO_KIND,
      line: '',
      prices: Object.fromEntries(KENO_SELECTIONS.map((key) => [key, priceText(prices[key])])),
    },
  ];
}

/** The number game's six markets (D_1..D_6), on the first ball where a market is on one ball. */
export function numberMarkets(marginBps: number): DrawMarket[] {
  return NUMBER_KINDS.map((kind) => {
    const type = numberBetType(kind);
    return {
      kind,
      line: '',
      prices: Object.fromEntries(
        numberSelections(type).map((selection) => [
          selection,
          priceText(numberPriceHundredths(numberChance(type, selection), marginBps)),
        ]),
      ),
    };
  });
}

/** What a results page shows of a draw besides its balls: each market's winning selections. */
export function drawSummary(game: 'keno' | 'numbers', balls: readonly number[]): Record<string, string> {
  if (game === 'keno') {
    const { sum, up, down } = kenoOutcome(balls);
    return {
      sum: String(sum),
      size: sum === KENO_SUM_PUSH ? 'push' : sum > KENO_SUM_PUSH ? 'big' : 'small',
      parity: sum % 2 === 1 ? 'odd' : 'even',
      side: up === down ? 'equal' : up > down ? 'up' : 'down',
    };
  }
  const winnerOf = (kind: NumberKind) =>
    numberSelections(numberBetType(kind)).find(
      (selection) => drawLegOutcome({ kind, line: '', selection }, balls) === 'won',
    ) ?? '';
  return Object.fromEntries(NUMBER_KINDS.map((kind) => [kind, winnerOf(kind)]));
}
