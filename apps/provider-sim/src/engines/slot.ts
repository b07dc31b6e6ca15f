import { rational, type Rational } from '../rational';
import { pickOne, pickWeighted, type RandomSource } from '../rng';

/**
 * A 5-reel, 3-row slot paying on the middle line, driven by a weighted outcome table (the StakeEngine way):
 * each row has an integer weight and a payout multiplier in hundredths of the stake. A spin picks a row by
 * weight and then draws a board that shows that row's result, so the RTP is the table's, exactly:
 *   RTP = Σ weight × payout / (100 × Σ weight).
 */
export const REELS = 5;
export const ROWS = 3;

export interface SlotPay {
  symbol: string;
  count: 3 | 4 | 5;
  /** Payout in hundredths of the stake (250 = 2.5x). */
  payout: bigint;
}

export interface SlotDefinition {
  symbols: readonly string[];
  pays: readonly SlotPay[];
  /** The target return, e.g. 9650/10000. */
  rtp: Rational;
}

export interface OutcomeRow {
  weight: bigint;
  payout: bigint;
  symbol: string | null;
  count: number;
}

/** How often a pay appears before the table is scaled: inversely to its size, so big pays are rare. */
const FREQUENCY_SCALE = 1_000_000n;

/**
 * Builds the outcome table: one row per pay (weight ~ 1/payout) and one losing row whose weight makes the
 * return equal the target exactly. The winning weights are all multiplied by one factor so the losing
 * weight is an integer.
 */
export function buildOutcomeTable(definition: SlotDefinition): OutcomeRow[] {
  const wins = definition.pays.map((pay) => ({
    weight: FREQUENCY_SCALE / pay.payout,
    payout: pay.payout,
    symbol: pay.symbol,
    count: pay.count,
  }));
  const paid = wins.reduce((sum, row) => sum + row.weight * row.payout, 0n);
  const { num, den } = definition.rtp;
  // Σ factor·w·p / (100·W) = num/den  =>  W = factor·paid·den / (100·num).
  const scale = 100n * num;
  const factor = scale / gcd(paid * den, scale);
  const total = (factor * paid * den) / scale;
  const winning = wins.reduce((sum, row) => sum + row.weight, 0n) * factor;
  if (total < winning) throw new Error('pays too generous for the target return');
  return [
    { weight: total - winning, payout: 0n, symbol: null, count: 0 },
    ...wins.map((row) => ({ ...row, weight: row.weight * factor })),
  ];
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function tableRtp(rows: readonly OutcomeRow[]): Rational {
  const total = rows.reduce((sum, row) => sum + row.weight, 0n);
  const paid = rows.reduce((sum, row) => sum + row.weight * row.payout, 0n);
  return rational(paid, 100n * total);
}

export interface SpinResult {
  /** board[reel][row]; the middle row (1) is the pay line. */
  board: string[][];
  payout: bigint;
  symbol: string | null;
  count: number;
}

export function spin(
  definition: SlotDefinition,
  rows: readonly OutcomeRow[],
  random: RandomSource,
): SpinResult {
  const row = pickWeighted(rows, random);
  const board = Array.from({ length: REELS }, () =>
    Array.from({ length: ROWS }, () => pickOne(definition.symbols, random)),
  );
  if (row.symbol === null) {
    // A loss: the second reel differs from the first, so no run of three starts the line.
    const first = pickOne(definition.symbols, random);
    const second = pickOne(
      definition.symbols.filter((symbol) => symbol !== first),
      random,
    );
    setLine(board, 0, first);
    setLine(board, 1, second);
  } else {
    for (let reel = 0; reel < row.count; reel += 1) setLine(board, reel, row.symbol);
    const symbol = row.symbol;
    if (row.count < REELS) {
      setLine(
        board,
        row.count,
        pickOne(
          definition.symbols.filter((other) => other !== symbol),
          random,
        ),
      );
    }
  }
  return { board, payout: row.payout, symbol: row.symbol, count: row.count };
}

function setLine(board: string[][], reel: number, symbol: string): void {
  const column = board[reel];
  if (column) column[1] = symbol;
}

/** Reads the pay line the way a player does: the run of equal symbols from the left, then the paytable. */
export function evaluateLine(definition: SlotDefinition, board: readonly (readonly string[])[]): bigint {
  const line = board.map((reel) => reel[1]);
  const first = line[0];
  let run = 1;
  while (run < line.length && line[run] === first) run += 1;
  const pay = definition.pays.find((candidate) => candidate.symbol === first && candidate.count === run);
  return pay?.payout ?? 0n;
}
