import { setTimeout } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { WalletLanes } from './wallet-batch';

/** Past the loop's current turn and its check phase (where a lane takes its next batch). */
const settle = () => setTimeout(0);

/** Lanes whose batches are recorded (by the calls they hold) and held open until `release` is called. */
function recordingLanes(options: { lanes: number; maxBatch: number; maxQueued: number }) {
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
    const { lanes, batches } = recordingLanes({ lanes: 1, maxBatch: 128, maxQueued: 4096 });
    // As a burst of requests is handled: one call at once, the others in the same turn's later callbacks.
    lanes.submit('m1', 'a');
    await Promise.resolve();
    lanes.submit('m2', 'b');
    queueMicrotask(() => lanes.submit('m3', 'c'));
    await settle();
    expect(batches).toEqual([['a', 'b', 'c']]);
  });

  it('queues what arrives while a batch runs for the next, at most maxBatch a batch', async () => {
    const { lanes, batches, release } = recordingLanes({ lanes: 1, maxBatch: 2, maxQueued: 4096 });
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
    const { lanes, batches, release } = recordingLanes({ lanes: 4, maxBatch: 128, maxQueued: 2 });
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
});
