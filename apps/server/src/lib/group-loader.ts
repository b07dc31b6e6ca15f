/**
 * Reads by key in groups: a key asked while fewer than `maxInFlight` reads run goes at once; keys asked while
 * they run wait and go together in the next read (one round trip for many callers, as a busy server asks for
 * many sessions at once). Each caller gets exactly what a read of its own key would have answered: when a
 * grouped read fails, each key is read again on its own, so one bad key fails only its own caller.
 */
export class GroupLoader<V> {
  private readonly queue: Waiting<V>[] = [];
  private inFlight = 0;

  constructor(
    private readonly loadMany: (keys: string[]) => Promise<Map<string, V>>,
    private readonly maxInFlight = 2,
    /** Keys per read: bounds the statement's size. */
    private readonly maxGroup = 256,
  ) {}

  load(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const group = this.queue.splice(0, this.maxGroup);
      this.inFlight += 1;
      const keys = [...new Set(group.map((waiting) => waiting.key))];
      this.loadMany(keys)
        .then(
          (found) => {
            for (const waiting of group) waiting.resolve(found.get(waiting.key));
          },
          (error: unknown) => (keys.length === 1 ? rejectAll(group, error) : this.loadEachAlone(group)),
        )
        .finally(() => {
          this.inFlight -= 1;
          this.flush();
        });
    }
  }

  /** After a failed group: one read per key (at most maxGroup, one after another), each answering its own. */
  private async loadEachAlone(group: Waiting<V>[]): Promise<void> {
    const byKey = new Map<string, Waiting<V>[]>();
    for (const waiting of group) byKey.set(waiting.key, [...(byKey.get(waiting.key) ?? []), waiting]);
    for (const [key, waiters] of byKey) {
      try {
        const found = await this.loadMany([key]);
        for (const waiting of waiters) waiting.resolve(found.get(key));
      } catch (error) {
        rejectAll(waiters, error);
      }
    }
  }
}

interface Waiting<V> {
  key: string;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

function rejectAll<V>(group: Waiting<V>[], error: unknown): void {
  for (const waiting of group) waiting.reject(error);
}
