import type { Db } from '../../db/database';
import { betRepository as repo, type PlaceOutcome, type Placement } from './repository';

/**
 * Bets per statement, and statements in flight at once (the pool keeps connections for everything else). Two in
 * flight measured ~20% less database CPU per bet than four under the same load (larger groups).
 */
const MAX_BATCH = 64;
const MAX_IN_FLIGHT = 2;
/** How far down the queue a batch looks for members not already busy (bounded work per flush). */
const MAX_SCAN = 1024;

interface Pending {
  item: Placement;
  resolve: (outcome: PlaceOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for bet placement: bets arriving while earlier statements are in flight are placed together in
 * one statement (one round trip, one commit), so the database's per-statement and per-commit costs are shared.
 * Exactness is the single statement's: each bet is refused or written on its own, and a statement that fails
 * (a duplicate idempotency key, a crossed running total, a deadlock) writes nothing, after which its bets are
 * placed one per statement so each gets its own answer. A member has at most one bet in flight, so two
 * statements never wait on each other's rows and one member's bets are placed in arrival order.
 */
export class PlacementBatcher {
  private readonly queue: Pending[] = [];
  private readonly busy = new Set<string>();
  private inFlight = 0;

  constructor(
    db: Db,
    /** The statement; replaceable so the grouping and fallback can be tested on their own. */
    private readonly placeMany: (items: Placement[]) => Promise<PlaceOutcome[]> = (items) =>
      repo.placeMany(db, items),
  ) {}

  place(item: Placement): Promise<PlaceOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight += 1;
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        for (const pending of batch) this.busy.delete(pending.item.guard.accountPk);
        this.flush();
      });
    }
  }

  /** The next bets of members with nothing in flight, in arrival order. */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const scan = Math.min(this.queue.length, MAX_SCAN);
    for (let i = 0; i < scan && batch.length < MAX_BATCH; i += 1) {
      const pending = this.queue[i];
      if (!pending) break;
      const member = pending.item.guard.accountPk;
      if (this.busy.has(member)) continue;
      this.busy.add(member);
      batch.push(pending);
    }
    if (batch.length > 0) {
      const taken = new Set(batch);
      const rest = this.queue.filter((pending) => !taken.has(pending));
      this.queue.length = 0;
      this.queue.push(...rest);
    }
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const outcomes = await this.placeMany(batch.map((pending) => pending.item));
      batch.forEach((pending, i) => {
        const outcome = outcomes[i];
        if (outcome) pending.resolve(outcome);
        else pending.reject(new Error('placement answered no outcome'));
      });
      return;
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
    }
    // The statement failed as a whole and wrote nothing: each bet alone, so only the faulty one is refused.
    for (const pending of batch) {
      try {
        const [outcome] = await this.placeMany([pending.item]);
        if (outcome) pending.resolve(outcome);
        else pending.reject(new Error('placement answered no outcome'));
      } catch (error) {
        pending.reject(error);
      }
    }
  }
}
