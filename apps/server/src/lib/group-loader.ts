/**
 * Reads by key in groups: a key asked while fewer than `maxInFlight` reads run goes at once; keys asked while
 * they run wait and go together in the next read (one round trip for many callers, as a busy server asks for
 * many sessions at once). Each caller gets exactly what a read of its own key would have answered.
 */
export class GroupLoader<V> {
  private readonly queue: {
    key: string;
    resolve: (value: V | undefined) => void;
    reject: (error: unknown) => void;
  }[] = [];
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
          (error: unknown) => {
            for (const waiting of group) waiting.reject(error);
          },
        )
        .finally(() => {
          this.inFlight -= 1;
          this.flush();
        });
    }
  }
}
