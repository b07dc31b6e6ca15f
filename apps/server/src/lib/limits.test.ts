import { describe, expect, it } from 'vitest';
import { MemoryLimitStore } from './limits';

describe('MemoryLimitStore', () => {
  it('counts hits in a fixed window and starts again after it', async () => {
    let now = 1_000;
    const store = new MemoryLimitStore(() => now);
    expect(await store.hit('k', 60_000)).toBe(1);
    expect(await store.hit('k', 60_000)).toBe(2);
    now += 60_000;
    expect(await store.hit('k', 60_000)).toBe(1);
  });

  it('holds a flag until released or expired', async () => {
    let now = 0;
    const store = new MemoryLimitStore(() => now);
    expect(await store.acquire('f', 1_000)).toBe(true);
    expect(await store.acquire('f', 1_000)).toBe(false);
    await store.release('f');
    expect(await store.acquire('f', 1_000)).toBe(true);
    now += 1_001;
    expect(await store.acquire('f', 1_000)).toBe(true);
  });
});
