import { describe, expect, it } from 'vitest';
import { RedisLimitStore } from '../src/lib/limits';

const url = process.env.TEST_REDIS_URL;

// Limits shared across processes live in Redis; CI runs this against the machine's Redis.
describe.runIf(url)('RedisLimitStore against a real Redis', () => {
  it('counts a fixed window and holds flags across clients', async () => {
    const prefix = `sbtest:${Date.now()}:${Math.random()}:`;
    const one = new RedisLimitStore(url ?? '', prefix);
    const two = new RedisLimitStore(url ?? '', prefix);
    try {
      expect(await one.hit('k', 60_000)).toBe(1);
      expect(await two.hit('k', 60_000)).toBe(2);
      expect(await one.acquire('flag', 5_000)).toBe(true);
      expect(await two.acquire('flag', 5_000)).toBe(false);
      await one.release('flag');
      expect(await two.acquire('flag', 5_000)).toBe(true);
      expect(await one.hit('short', 50)).toBe(1);
      await new Promise((r) => setTimeout(r, 120));
      expect(await one.hit('short', 50)).toBe(1);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
