import { setImmediate } from 'node:timers/promises';

/** How a lane batches: its count, a batch's and a queue's bounds, and when a second batch may run beside one. */
export interface LaneOptions {
  lanes: number;
  maxBatch: number;
  maxQueued: number;
  /**
   * A lane's queue length from which a second batch runs beside the one under way (on another connection),
   * taken from the members the first does not hold; 0: never. Below it one batch at a time makes the largest
   * batches (each call costs least); above it, a backlog (after a stall of the machine) drains on both cores:
   * one batch is decided in the server while the other is written in the database.
   */
  overlapAt: number;
}

/** Most batches one lane runs at once. */
const MAX_RUNNING_PER_LANE = 2;

/** The connections the lanes may use at once (the wallet's pool is sized by it). */
export function laneConnections(options: Pick<LaneOptions, 'lanes' | 'overlapAt'>): number {
  return options.lanes * (options.overlapAt > 0 ? MAX_RUNNING_PER_LANE : 1);
}

interface Queued<T> {
  member: string;
  call: T;
}

interface Lane<T> {
  queue: Queued<T>[];
  running: number;
  /** The members of the batches under way: their later calls wait for them (a member's calls never race). */
  held: Set<string>;
}

/**
 * Wallet calls queued by lane and run in batches: whatever arrives while a lane's batch runs waits for the next,
 * so batches grow with the load by themselves and an idle lane answers at once.
 * A member's calls always take the same lane, in arrival order, and never two batches at once (so they never
 * race each other between a batch's read and its write); lanes run in parallel on the wallet's own connections.
 * A lane whose queue reaches `overlapAt` runs a second batch beside its first, of the other members' calls.
 *
 * A batch is taken once the event loop has handled the input it already holds (`setImmediate`: after the poll
 * phase), not on the first call: calls that reach the process together (a provider's burst, the requests read
 * in the same turn as the previous batch's reply) go in one batch, where starting on the first call made it a
 * batch of its own and the rest waited for its statement. An idle lane still starts in the same turn of the loop.
 */
export class WalletLanes<T> {
  private readonly lanes: Lane<T>[];

  constructor(
    private readonly run: (batch: T[]) => Promise<void>,
    private readonly options: LaneOptions,
  ) {
    this.lanes = Array.from({ length: options.lanes }, () => ({ queue: [], running: 0, held: new Set() }));
  }

  /** Queues a call on its member's lane; false when that lane is full (the caller answers a busy error). */
  submit(member: string, call: T): boolean {
    const lane = this.lanes[laneOf(member, this.lanes.length)];
    if (!lane || lane.queue.length >= this.options.maxQueued) return false;
    lane.queue.push({ member, call });
    this.startRunner(lane);
    return true;
  }

  /** An idle lane starts at once; a busy one a second runner when its backlog reaches `overlapAt`. */
  private startRunner(lane: Lane<T>): void {
    const overlap =
      this.options.overlapAt > 0 &&
      lane.running < MAX_RUNNING_PER_LANE &&
      lane.queue.length >= this.options.overlapAt;
    if (lane.running === 0 || overlap) void this.drain(lane);
  }

  /** Runs batches while the lane holds calls this runner may take; ends when none is left to it. */
  private async drain(lane: Lane<T>): Promise<void> {
    lane.running += 1;
    try {
      while (lane.queue.length > 0) {
        // Resolves in the check phase, once the I/O callbacks of the loop's current turn have run.
        await setImmediate();
        const batch = this.take(lane);
        // Every queued member is in the other runner's batch: that runner takes them when it is done.
        if (batch.length === 0) return;
        const members = new Set(batch.map((queued) => queued.member));
        for (const member of members) lane.held.add(member);
        this.startRunner(lane);
        try {
          await this.run(batch.map((queued) => queued.call));
        } finally {
          for (const member of members) lane.held.delete(member);
        }
      }
    } finally {
      lane.running -= 1;
    }
  }

  /**
   * Up to maxBatch calls in arrival order, of members no batch under way holds; the others stay queued in
   * their order. One pass over the queue (bounded by maxQueued).
   */
  private take(lane: Lane<T>): Queued<T>[] {
    if (lane.held.size === 0) return lane.queue.splice(0, this.options.maxBatch);
    const taken: Queued<T>[] = [];
    const left: Queued<T>[] = [];
    for (const queued of lane.queue) {
      if (taken.length < this.options.maxBatch && !lane.held.has(queued.member)) taken.push(queued);
      else left.push(queued);
    }
    lane.queue = left;
    return taken;
  }
}

/** FNV-1a of the member's id, so a member's calls keep to one lane. */
function laneOf(member: string, lanes: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < member.length; i += 1) {
    hash ^= member.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % lanes;
}
