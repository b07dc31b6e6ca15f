import { bettingDay } from '@sb/domain';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { bucketOf, classify, dayName, dayNumberOf, dayStart } from './days';
import type { MovementSum } from './repository';

const move = (kind: string, delta: bigint, extra: Partial<MovementSum> = {}): MovementSum => ({
  day: 0,
  kind,
  release: false,
  delta,
  product: '',
  reversedCommission: 0n,
  settleCommission: 0n,
  count: 1,
  ...extra,
});

describe('betting days', () => {
  it('a day runs from 12:00 to 12:00 GMT+8 (04:00 UTC)', () => {
    const day = dayNumberOf('2026-01-02', 'date');
    expect(dayName(day)).toBe('2026-01-02');
    expect(dayStart(day).toISOString()).toBe('2026-01-02T04:00:00.000Z');
    expect(dayStart(day + 1).toISOString()).toBe('2026-01-03T04:00:00.000Z');
  });

  it("the SQL bucket of an instant is the domain's betting day, on both sides of every boundary", () => {
    const start = Date.parse('2026-03-01T00:00:00Z');
    for (let ms = start; ms < start + 3 * 86_400_000; ms += 15 * 60_000) {
      for (const at of [ms - 1, ms, ms + 1])
        expect(dayName(bucketOf(at)), new Date(at).toISOString()).toBe(bettingDay(at));
    }
    expect(bucketOf(dayStart(dayNumberOf('2026-03-01', 'd')).getTime())).toBe(dayNumberOf('2026-03-01', 'd'));
    expect(bucketOf(dayStart(dayNumberOf('2026-03-01', 'd')).getTime() - 1)).toBe(
      dayNumberOf('2026-02-28', 'd'),
    );
  });

  it('refuses dates that do not exist, naming the field', () => {
    for (const text of ['2026-02-30', '2026-13-01', '2026-1-01', 'today']) {
      expect(() => dayNumberOf(text, 'end_date')).toThrow(AppError);
    }
    const refusal = (() => {
      try {
        return dayNumberOf('2026-02-29', 'end_date');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toMatchObject({ code: 'invalid_date', details: { field: 'end_date' } });
    expect(dayName(dayNumberOf('2024-02-29', 'd'))).toBe('2024-02-29');
  });
});

describe('a day of movements', () => {
  it('splits a settlement and a reversal into the result and the rebate; everything else is an adjustment', () => {
    // Won 95 with a 0.25 rebate in the one transfer, reversed (the member gives back 195.25 and the stake is at
    // risk again), settled lost (-100) with the rebate again; a stake and a released stake net to nothing; a
    // withdrawal.
    const figures = classify([
      move('settle', 9_525n, { settleCommission: 25n }),
      move('reversal', -9_525n, { reversedCommission: 25n }),
      move('settle', -9_975n, { settleCommission: 25n }),
      move('stake', 0n),
      move('cancel', 0n, { release: true }),
      move('withdraw', -4_513n),
    ]);
    expect(figures).toEqual({
      settled: -10_000n,
      commission: 25n,
      adjustment: -4_513n,
      games: 0n,
      lottery: 0n,
      miniGame: 0n,
      tournament: 0n,
    });
  });

  it("provider games' bets, wins and rollbacks are their own column, not adjustments", () => {
    const figures = classify([
      move('game_bet', -1_000n, { count: 2 }),
      move('game_win', 2_500n),
      move('game_rollback', 500n),
      move('deposit', 10_000n),
      // The member's commission on counted casino and games rounds is commission, not a game movement.
      move('game_rebate', 30n),
    ]);
    expect(figures).toEqual({
      settled: 0n,
      commission: 30n,
      adjustment: 10_000n,
      games: 2_000n,
      lottery: 0n,
      miniGame: 0n,
      tournament: 0n,
    });
  });

  it('tournament fees, prizes and refunds are their own column', () => {
    const figures = classify([
      move('tournament_fee', -10_000n, { count: 2 }),
      move('tournament_prize', 6_750n),
      move('tournament_refund', 5_000n),
    ]);
    expect(figures).toMatchObject({ adjustment: 0n, tournament: 1_750n });
  });

  it('a cancelled settled bet gives back its result and rebate', () => {
    expect(
      classify([
        move('settle', 9_525n, { settleCommission: 25n }),
        move('cancel', -9_525n, { reversedCommission: 25n }),
      ]),
    ).toEqual({
      settled: 0n,
      commission: 0n,
      adjustment: 0n,
      games: 0n,
      lottery: 0n,
      miniGame: 0n,
      tournament: 0n,
    });
  });

  it('own games have their own lines: a 4D settlement and mini-game bets and wins', () => {
    expect(
      classify([
        move('settle', 250_000n - 100n, { product: 'lottery' }),
        move('stake', 0n, { product: 'lottery' }),
        move('game_bet', -500n, { product: 'mini_game' }),
        move('game_win', 990n, { product: 'mini_game' }),
        move('settle', 95n),
      ]),
    ).toEqual({
      settled: 95n,
      commission: 0n,
      adjustment: 0n,
      games: 0n,
      lottery: 249_900n,
      miniGame: 490n,
      tournament: 0n,
    });
  });
});
