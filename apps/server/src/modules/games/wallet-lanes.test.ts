import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { WalletLanes, type LaneOptions } from './wallet-lanes';

/** Past the loop's current turn and its check phase (where a lane takes its next batch). */
const settle = () => setTimeout(0);

/** Lanes whose batches are recorded (by the calls they hold) and held open until `release` is called. */
function recordingLanes(given: Partial<LaneOptions> = {}) {
  const options: LaneOptions = { lanes: 1, maxBatch: 128, maxQueued: 4096, overlapAt: 0, ...given };
  const batches: string[][] = [];
  const waiting: (() => void)[] = [];
  const lanes = new WalletLanes<string>(async (batch) => {
    batches.push(batch);
    await new Promise<void>((resolve) => waiting.push(resolve));
  }, options);
  const release = async () => {
    for (const resolve of waiting.splice(0)) resolve();
    await settle();
  };
  return { lanes, batches, release };
}

describe('wallet lanes', () => {
  it('takes calls that reach the process in the same turn as one batch, the first one too', async () => {
    const { lanes, batches } = recordingLanes();
    // As a burst of requests is handled: one call at once, the others in the same turn's later callbacks.
    lanes.submit('m1', 'a');
    await Promise.resolve();
    lanes.submit('m2', 'b');
    queueMicrotask(() => lanes.submit('m3', 'c'));
    await settle();
    expect(batches).toEqual([['a', 'b', 'c']]);
  });

  it('queues what arrives while a batch runs for the next, at most maxBatch a batch', async () => {
    const { lanes, batches, release } = recordingLanes({ maxBatch: 2 });
    lanes.submit('m1', 'a');
    await settle();
    for (const call of ['b', 'c', 'd']) lanes.submit(call, call);
    await settle();
    expect(batches).toEqual([['a']]);
    await release();
    expect(batches).toEqual([['a'], ['b', 'c']]);
    await release();
    expect(batches).toEqual([['a'], ['b', 'c'], ['d']]);
    await release();
    lanes.submit('m1', 'e');
    await settle();
    expect(batches.at(-1)).toEqual(['e']);
  });

  it("keeps a member's calls to one lane and refuses a call when that lane is full", async () => {
    const { lanes, batches, release } = recordingLanes({ lanes: 4, maxQueued: 2 });
    expect(lanes.submit('m1', 'a')).toBe(true);
    await settle();
    // Four lanes, yet the member's next calls wait behind its running batch: they took its lane.
    expect(lanes.submit('m1', 'b')).toBe(true);
    expect(lanes.submit('m1', 'c')).toBe(true);
    expect(lanes.submit('m1', 'd')).toBe(false);
    await settle();
    expect(batches).toEqual([['a']]);
    await release();
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('runs a second batch beside the first once the backlog reaches overlapAt, of the members the first lacks', async () => {
    const { lanes, batches, release } = recordingLanes({ overlapAt: 4 });
    lanes.submit('m1', 'a');
    await settle();
    lanes.submit('m1', 'b');
    lanes.submit('m2', 'c');
    lanes.submit('m1', 'd');
    await settle();
    // Three queued: below overlapAt, they wait for the batch under way.
    expect(batches).toEqual([['a']]);
    lanes.submit('m3', 'e');
    await settle();
    // Four: a second batch, without m1's calls (m1 is in the first); they keep their order for the next.
    expect(batches).toEqual([['a'], ['c', 'e']]);
    await release();
    expect(batches).toEqual([['a'], ['c', 'e'], ['b', 'd']]);
  });

  it('never runs more than two batches of a lane at once', async () => {
    const { lanes, batches } = recordingLanes({ maxBatch: 2, overlapAt: 1 });
    for (let i = 0; i < 12; i += 1) lanes.submit(`m${i}`, `c${i}`);
    await settle();
    expect(batches).toEqual([
      ['c0', 'c1'],
      ['c2', 'c3'],
    ]);
  });

  it("keeps every member's calls in order and out of concurrent batches, however batches end", async () => {
    const running = new Set<string>();
    const raced: string[] = [];
    const seen = new Map<string, number[]>();
    const open: { resolve: () => void }[] = [];
    let overlapped = 0;
    let random = 7;
    const next = (n: number) => {
      random = (Math.imul(random, 1103515245) + 12345) >>> 0;
      return random % n;
    };
    const lanes = new WalletLanes<{ member: string; n: number }>(
      async (batch) => {
        const members = new Set(batch.map((call) => call.member));
        for (const member of members) {
          if (running.has(member)) raced.push(member);
          running.add(member);
        }
        if (open.length > 0) overlapped += 1;
        for (const call of batch) seen.set(call.member, [...(seen.get(call.member) ?? []), call.n]);
        await new Promise<void>((resolve) => open.push({ resolve }));
        for (const member of members) running.delete(member);
      },
      { lanes: 2, maxBatch: 5, maxQueued: 4096, overlapAt: 3 },
    );
    const sent = new Map<string, number>();
    for (let step = 0; step < 400; step += 1) {
      for (let i = next(6); i > 0; i -= 1) {
        const member = `m${next(8)}`;
        const n = sent.get(member) ?? 0;
        sent.set(member, n + 1);
        lanes.submit(member, { member, n });
      }
      // Batches end in any order.
      if (open.length > 0 && next(2) === 0) open.splice(next(open.length), 1)[0]?.resolve();
      await settle();
    }
    for (let guard = 0; guard < 1000 && open.length > 0; guard += 1) {
      open.shift()?.resolve();
      await settle();
    }
    expect(open).toEqual([]);
    expect(raced).toEqual([]);
    expect(overlapped).toBeGreaterThan(0);
    for (const [member, count] of sent) {
      expect(seen.get(member)).toEqual(Array.from({ length: count }, (_, n) => n));
    }
  });
});
