import { describe, expect, it } from 'vitest';
import { drawLegOutcome, drawSummary, isDrawKind, kenoMarkets, numberMarkets, parseBalls } from './draws';
import { FairStream } from './fair';
import { drawKeno } from './keno';
import { drawNumberGame } from './number-game';

/** Keno balls with a chosen shape: `low` of them from 1-40 (the rest from 41-80). */
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
// 1..10 and 41..50: sum 55 + 455 = 510 (small, even), 10 up and 10 down (equal).
const SMALL_EVEN_EQUAL = [...range(1, 10), ...range(41, 10)];
// 61..80: sum 1410 (big, even), all down.
const BIG_EVEN_DOWN = range(61, 20);
// 1..19 and 80: sum 190 + 80 = 270 (small, even), 19 up.
const SMALL_UP = [...range(1, 19), 80];
// 1..20 and swap 20 for 21: sum 211 (odd), 20 up.
const ODD_UP = [...range(1, 19), 21];
// Sum exactly 810: 21..40 (sum 610) with 40 swapped for 80? 21..39 = 570, + 80 = 650. Build one instead:
// 11..30 sums 410; replacing 11..20 (155) by 51..60 (555) adds 400 -> 810, 10 up and 10 down.
const PUSH = [...range(21, 10), ...range(51, 10)];

describe('keno legs settle on the 20 balls (decision 13)', () => {
  it('the fixtures have the shapes the table assumes', () => {
    expect(PUSH.reduce((a, b) => a + b, 0)).toBe(810);
    expect(ODD_UP.reduce((a, b) => a + b, 0)).toBe(211);
  });

  it.each([
    ['big', SMALL_EVEN_EQUAL, 'lost'],
    ['small', SMALL_EVEN_EQUAL, 'won'],
    ['even', SMALL_EVEN_EQUAL, 'won'],
    ['odd', SMALL_EVEN_EQUAL, 'lost'],
    ['equal', SMALL_EVEN_EQUAL, 'won'],
    ['up', SMALL_EVEN_EQUAL, 'lost'],
    ['down', SMALL_EVEN_EQUAL, 'lost'],
    ['big', BIG_EVEN_DOWN, 'won'],
    ['small', BIG_EVEN_DOWN, 'lost'],
    ['down', BIG_EVEN_DOWN, 'won'],
    ['equal', BIG_EVEN_DOWN, 'lost'],
    ['up', SMALL_UP, 'won'],
    ['down', SMALL_UP, 'lost'],
    ['odd', ODD_UP, 'won'],
    ['even', ODD_UP, 'lost'],
    // 810 refunds big and small (a push); the other selections stand.
    ['big', PUSH, 'draw'],
    ['small', PUSH, 'draw'],
    ['even', PUSH, 'won'],
    ['equal', PUSH, 'won'],
    // A key the market does not offer is void, never a loss.
    ['seven', PUSH, 'void'],
  ] as const)('keno %s on %o -> %s', (selection, balls, outcome) => {
    expect(drawLegOutcome({ kind: 'keno', line: '', selection }, balls)).toBe(outcome);
  });

  it('refuses a result that is not 20 distinct balls', () => {
    expect(() => drawLegOutcome({ kind: 'keno', line: '', selection: 'big' }, range(1, 19))).toThrow();
    expect(() =>
      drawLegOutcome({ kind: 'keno', line: '', selection: 'big' }, [...range(1, 19), 1]),
    ).toThrow();
  });
});

// The number game: balls 1..75 in draw order, first ball 40, second 2, third 75, last 1.
const NUMBERS = [40, 2, 75, ...range(3, 37), ...range(41, 34), 1];

describe('number game legs settle on the 75 balls (D_1..D_6)', () => {
  it('the fixture is a whole draw', () => {
    expect(new Set(NUMBERS).size).toBe(75);
    expect(NUMBERS.length).toBe(75);
  });

  it.each([
    ['d1', 'over', '', 'won'], // 40 >= 38
    ['d1', 'under', '', 'lost'],
    ['d1', 'under', '2', 'won'], // the second ball, 2
    ['d2', 'even', '', 'won'],
    ['d2', 'odd', '', 'lost'],
    ['d2', 'odd', '3', 'won'], // 75
    ['d3', '3', '', 'won'], // 40 is in 31-45
    ['d3', '2', '', 'lost'],
    ['d3', '5', '3', 'won'],
    ['d4', 'first', '', 'won'], // 40 > 1
    ['d4', 'last', '', 'lost'],
    ['d5', 'over', '', 'won'], // 40 + 2 + 75 = 117 > 113.5
    ['d5', 'under', '', 'lost'],
    ['d6', '40', '', 'won'],
    ['d6', '41', '', 'lost'],
    ['d6', '2', '2', 'won'],
    // Keys and lines no market offers are void.
    ['d3', '6', '', 'void'],
    ['d1', 'over', '76', 'void'],
    ['d6', '0', '', 'void'],
  ] as const)('%s %s (ball %s) -> %s', (kind, selection, line, outcome) => {
    expect(drawLegOutcome({ kind, line, selection }, NUMBERS)).toBe(outcome);
  });

  it('refuses a result that is not all 75 balls', () => {
    expect(() => drawLegOutcome({ kind: 'd1', line: '', selection: 'over' }, NUMBERS.slice(0, 20))).toThrow();
  });
});

describe('draw markets and summaries', () => {
  it('knows its kinds and parses stored balls', () => {
    expect(isDrawKind('keno')).toBe(true);
    expect(isDrawKind('d6')).toBe(true);
    expect(isDrawKind('hdp')).toBe(false);
    expect(parseBalls(['3', '80'])).toEqual([3, 80]);
    expect(parseBalls(['x'])).toBeNull();
    expect(parseBalls([])).toBeNull();
  });

  it('prices every selection from the exact chances less 5%', () => {
    const [keno] = kenoMarkets(500);
    // Even sums are a little likelier than odd ones; big and small lose the 810 refund from their price.
    expect(keno?.prices).toEqual({
      big: '1.89',
      small: '1.89',
      odd: '1.90',
      even: '1.89',
      up: '2.38',
      down: '2.38',
      equal: '4.67',
    });
    const numbers = Object.fromEntries(numberMarkets(500).map((m) => [m.kind, m.prices]));
    expect(numbers.d1).toEqual({ over: '1.87', under: '1.92' });
    expect(numbers.d4).toEqual({ first: '1.90', last: '1.90' });
    expect(numbers.d6?.['75']).toBe('71.25');
    expect(Object.keys(numbers.d6 ?? {})).toHaveLength(75);
  });

  it('summarises a draw for the results page, the same rules as settlement', () => {
    expect(drawSummary('keno', PUSH)).toEqual({ sum: '810', size: 'push', parity: 'even', side: 'equal' });
    expect(drawSummary('numbers', NUMBERS)).toEqual({
      d1: 'over',
      d2: 'even',
      d3: '3',
      d4: 'first',
      d5: 'over',
      d6: '40',
    });
    // Drawn from the fair stream, every draw has a summary.
    expect(drawSummary('keno', drawKeno(new FairStream('s', 'c', 1))).size).toMatch(/big|small|push/);
    expect(drawSummary('numbers', drawNumberGame(new FairStream('s', 'c', 1))).d6).not.toBe('');
  });
});
