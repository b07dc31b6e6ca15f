import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../catalog';
import { equals, toPercent } from '../rational';
import { cryptoRandom, scriptedRandom } from '../rng';
import { buildOutcomeTable, evaluateLine, REELS, ROWS, spin, tableRtp, type SlotDefinition } from './slot';

const slots = CATALOGUE.flatMap((game) => (game.engine === 'slot' ? [game] : []));

describe('slot outcome tables', () => {
  it('the catalogue has a slot variant for every slot game', () => {
    expect(slots.length).toBeGreaterThanOrEqual(20);
  });

  it.each(slots.map((game) => [game.code, game] as const))(
    '%s returns its declared RTP exactly',
    (_, game) => {
      const rows = buildOutcomeTable(game.slot);
      expect(equals(tableRtp(rows), game.rtp)).toBe(true);
      expect(equals(tableRtp(rows), game.slot.rtp)).toBe(true);
      // Weights fit an unsigned 64-bit integer (the StakeEngine verifier's bound) and none is negative.
      const total = rows.reduce((sum, row) => sum + row.weight, 0n);
      expect(total < 1n << 64n).toBe(true);
      expect(rows.every((row) => row.weight >= 0n)).toBe(true);
      // Payouts are whole hundredths and the losing row comes first.
      expect(rows[0]?.payout).toBe(0n);
      expect(toPercent(game.rtp)).toMatch(/^9\d\.\d\d$/);
    },
  );

  it('variants differ in their paytables', () => {
    const tables = new Set(slots.map((game) => game.slot.pays.map((pay) => pay.payout).join(',')));
    expect(tables.size).toBeGreaterThan(3);
  });

  it('a small hand-written table has the expected rational RTP', () => {
    const definition: SlotDefinition = {
      symbols: ['A', 'B', 'C'],
      pays: [
        { symbol: 'A', count: 5, payout: 1000n },
        { symbol: 'B', count: 3, payout: 200n },
      ],
      rtp: { num: 9n, den: 10n },
    };
    const rows = buildOutcomeTable(definition);
    // Weights 1000 (10x) and 5000 (2x) pay 2,000,000 hundredths; W = 2,000,000 / 90 is not whole, so ×9.
    expect(rows.map((row) => row.weight)).toEqual([200_000n - 54_000n, 9_000n, 45_000n]);
    expect(tableRtp(rows)).toEqual({ num: 9n, den: 10n });
  });
});

describe('slot spins', () => {
  const game = slots[0];
  if (!game) throw new Error('no slot');
  const rows = buildOutcomeTable(game.slot);

  it('every row of the table, forced, shows a board that pays exactly that row', () => {
    let cumulative = 0n;
    for (const row of rows) {
      // The first draw picks the row; the rest draw the board.
      const result = spin(game.slot, rows, scriptedRandom([cumulative, 3n, 1n, 4n, 1n, 5n, 9n, 2n, 6n]));
      cumulative += row.weight;
      expect(result.payout).toBe(row.payout);
      expect(result.board).toHaveLength(REELS);
      expect(result.board.every((reel) => reel.length === ROWS)).toBe(true);
      expect(evaluateLine(game.slot, result.board)).toBe(row.payout);
    }
  });

  it('random spins always show the payout they pay', () => {
    for (let i = 0; i < 2000; i += 1) {
      const result = spin(game.slot, rows, cryptoRandom);
      expect(evaluateLine(game.slot, result.board)).toBe(result.payout);
    }
  });
});
