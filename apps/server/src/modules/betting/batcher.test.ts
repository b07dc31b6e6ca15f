import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { PlacementBatcher } from './batcher';
import type { PlaceOutcome, Placement } from './repository';

/** A placement of a member; only the guard's account and the bet's ref matter to the batcher. */
function bet(member: string, ref: string): Placement {
  return { guard: { accountPk: member }, bet: { refNo: ref } } as unknown as Placement;
}

/** A fake statement that records its batches, waits for a release, and fails any batch holding a 'bad' bet. */
function statement() {
  const batches: string[][] = [];
  let release: () => void = () => {};
  let gate = new Promise<void>((resolve) => (release = resolve));
  const placeMany = async (items: Placement[]): Promise<PlaceOutcome[]> => {
    const refs = items.map((item) => item.bet.refNo);
    batches.push(refs);
    await gate;
    if (refs.includes('bad') && refs.length > 1) throw new Error('unique violation');
    if (refs.includes('bad')) throw new Error('unique violation: bad');
    return refs.map((ref) => ({ kind: 'placed', betId: ref, available: 0n, outstanding: 0n }));
  };
  return {
    batches,
    placeMany,
    open: () => {
      release();
      gate = Promise.resolve();
    },
  };
}

describe('PlacementBatcher', () => {
  it('groups bets arriving while a statement runs, one bet per member per statement, in arrival order', async () => {
    const db = {} as Db;
    const fake = statement();
    const batcher = new PlacementBatcher(db, fake.placeMany);
    const all = Promise.all([
      batcher.place(bet('1', 'a1')),
      batcher.place(bet('2', 'b1')),
      batcher.place(bet('1', 'a2')),
      batcher.place(bet('3', 'c1')),
      batcher.place(bet('1', 'a3')),
    ]);
    fake.open();
    const outcomes = await all;
    expect(outcomes.map((o) => (o.kind === 'placed' ? o.betId : o.kind))).toEqual([
      'a1',
      'b1',
      'a2',
      'c1',
      'a3',
    ]);
    // A few statements in flight, then the rest together; member 1 never twice in one statement, and its bets
    // go in the order they came.
    for (const refs of fake.batches) {
      expect(refs.filter((ref) => ref.startsWith('a')).length).toBeLessThanOrEqual(1);
    }
    const order = fake.batches.flat().filter((ref) => ref.startsWith('a'));
    expect(order).toEqual(['a1', 'a2', 'a3']);
  });

  it('a failed statement writes nothing; its bets are placed one by one and only the faulty one fails', async () => {
    const fake = statement();
    const batcher = new PlacementBatcher({} as Db, fake.placeMany);
    // Fill the in-flight slots, so the next bets wait and go together.
    const first = Array.from({ length: 4 }, (_, i) => batcher.place(bet(`m${i}`, `f${i}`)));
    const grouped = [
      batcher.place(bet('x', 'x1')),
      batcher.place(bet('y', 'bad')),
      batcher.place(bet('z', 'z1')),
    ];
    fake.open();
    await Promise.all(first);
    const settled = await Promise.allSettled(grouped);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(fake.batches.some((refs) => refs.length > 1 && refs.includes('bad'))).toBe(true);
    expect(fake.batches).toContainEqual(['bad']);
  });
});
