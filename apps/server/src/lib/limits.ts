import { Redis } from 'ioredis';

/**
 * Counters and flags for rate limits and in-flight guards. In one process they live in memory; with
 * REDIS_URL every process shares them, so limits hold behind a load balancer.
 */
export interface LimitStore {
  /** Adds one hit to a fixed window and answers the count in that window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count in the key's current window without adding to it (0 when none). */
  count(key: string): Promise<number>;
  /** Takes a flag if free; false when someone holds it. The ttl frees it if the holder dies. */
  acquire(key: string, ttlMs: number): Promise<boolean>;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Bound on remembered keys so a flood of distinct keys cannot grow memory without limit. */
const MAX_MEMORY_KEYS = 100_000;

export class MemoryLimitStore implements LimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly flags = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<number> {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size >= MAX_MEMORY_KEYS) this.sweep(now);
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return 1;
    }
    window.count += 1;
    return window.count;
  }

  async count(key: string): Promise<number> {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  async acquire(key: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const until = this.flags.get(key);
    if (until !== undefined && until > now) return false;
    this.flags.set(key, now + ttlMs);
    return true;
  }

  async release(key: string): Promise<void> {
    this.flags.delete(key);
  }

  async close(): Promise<void> {}

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    if (this.windows.size >= MAX_MEMORY_KEYS) this.windows.clear();
  }
}

export class RedisLimitStore implements LimitStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'sb:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async hit(key: string, windowMs: number): Promise<number> {
    const full = this.prefix + key;
    const [[, count]] = (await this.redis.multi().incr(full).pexpire(full, windowMs, 'NX').exec()) as [
      [Error | null, number],
    ];
    return count;
  }

  async count(key: string): Promise<number> {
    return Number((await this.redis.get(this.prefix + key)) ?? 0);
  }

  async acquire(key: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
  }

  async release(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
