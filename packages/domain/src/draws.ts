import {
  KENO_DRAWN,
  KENO_MAX_PICK,
  KENO_PAYTABLE,
  KENO_SUM_PUSH,
  isKenoPick,
  kenoChances,
  kenoOutcome,
  kenoPickMultiplier,
  kenoPriceHundredths,
} from './keno';
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
/**
 * Keno pick 1-10 (decision 13's paytables): the selection is the member's numbers, ascending and comma-separated
 * ('3,17,45'); the market's prices are keyed by how many numbers are picked and hold the table's top prize, the
 * price the bet is struck at. Settled on the hits: the paid multiplier travels in the leg's outcome
 * ('won_px<price>', see drawPaidPrice), a hit count the table does not pay loses.
 */
export const KENO_PICK_KIND = 'keno_pick';
export const NUMBER_KINDS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] as const;
export type NumberKind = (typeof NUMBER_KINDS)[number];
export type DrawKind = typeof KENO_KIND | typeof KENO_PICK_KIND | NumberKind;
export const KENO_SELECTIONS = ['big', 'small', 'odd', 'even', 'up', 'down', 'equal'] as const;
export type KenoSelection = (typeof KENO_SELECTIONS)[number];

export function isDrawKind(kind: string): kind is DrawKind {
  return kind === KENO_KIND || kind === KENO_PICK_KIND || (NUMBER_KINDS as readonly string[]).includes(kind);
}

/** A price in hundredths as the catalogue stores it: 380 -> '3.80'. */
const priceText = (hundredths: number) =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

/** A leg outcome that pays at a price of its own: 'won_px<price>'. */
export type PaidOutcome = `won_px${string}`;

/** The numbers of a keno pick selection in its canonical form (ascending, no padding), or null. */
export function parseKenoPick(selection: string): number[] | null {
  const parts = selection.split(',');
  if (parts.length > KENO_MAX_PICK || parts.some((part) => !/^[1-9]\d?$/.test(part))) return null;
  const numbers = parts.map(Number);
  if (!isKenoPick(numbers) || numbers.some((n, i) => i > 0 && n <= (numbers[i - 1] as number))) return null;
  return numbers;
}

/** A keno pick in its canonical form: the numbers sorted ascending and joined by commas. */
export function kenoPickSelection(numbers: readonly number[]): string {
  return [...numbers].sort((a, b) => a - b).join(',');
}

/**
 * The key of a draw market's prices that prices this selection: a keno pick's is its count of numbers (null when
 * it is not a canonical pick); every other market's is the selection itself.
 */
export function drawPriceKey(kind: string, selection: string): string | null {
  if (kind !== KENO_PICK_KIND) return selection;
  const numbers = parseKenoPick(selection);
  return numbers ? String(numbers.length) : null;
}

/** A leg outcome that pays at a price of its own (a keno pick's hit count): 'won_px3.80'. */
const PAID_PRICE = /^won_px(\d{1,9}\.\d{2})$/;

/** The price a 'won_px<price>' outcome pays at, or null for any other outcome. */
export function drawPaidPrice(outcome: string): string | null {
  return PAID_PRICE.exec(outcome)?.[1] ?? null;
}

/** A keno pick leg's outcome: lost when the hit count pays nothing, else won at that count's multiplier. */
export function kenoPickOutcome(selection: string, balls: readonly number[]): Outcome | PaidOutcome {
  const numbers = parseKenoPick(selection);
  if (!numbers) return 'void';
  if (balls.length !== KENO_DRAWN) throw new RangeError('a keno result is 20 balls');
  const multiplier = kenoPickMultiplier(numbers, balls);
  if (multiplier === 0) return 'lost';
  // Every paying entry of the tables is above 1.00 (a keno-pick test proves it), so this is a win.
  return `won_px${priceText(multiplier)}`;
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
): Outcome | PaidOutcome {
  if (leg.kind === KENO_PICK_KIND) return kenoPickOutcome(leg.selection, balls);
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

/** Keno pick 1-10: one market whose price for each pick count is that paytable's top prize. */
export function kenoPickMarket(): DrawMarket {
  const prices: Record<string, string> = {};
  for (let pick = 1; pick <= KENO_MAX_PICK; pick += 1) {
    const table = KENO_PAYTABLE[pick] as Readonly<Record<number, number>>;
    prices[String(pick)] = priceText(Math.max(...Object.values(table)));
  }
  return { kind: KENO_PICK_KIND, line: '', prices };
}

/**
 * The number game's six markets (D_1..D_6), on the first ball where a market is on one ball ("the next ball" when
 * betting closes). Why one-shot: a draw is one sportsbook match whose 75 balls are drawn together from one fair
 * round when betting closes and reported as one result, so every market of the draw must close before any ball
 * exists. Markets on later balls (line = the ball's position; drawLegOutcome already settles by position) would be
 * priced exactly as the first (each position of a uniform permutation is uniform) and add nothing a member could
 * act on: "the next ball" only differs from "ball k" when balls are shown one at a time with betting reopened in
 * between, which needs the draw revealed and resulted per ball (a match per ball, or results per position) and is
 * not built.
 */
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
