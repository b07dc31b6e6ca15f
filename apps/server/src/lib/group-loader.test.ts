import { describe, expect, it } from 'vitest';
import { GroupLoader } from './group-loader';

describe('GroupLoader', () => {
  it('answers each key as its own read would, grouping keys asked while reads run', async () => {
    const reads: string[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loader = new GroupLoader<string>(async (keys) => {
      reads.push(keys);
      if (reads.length === 1) await gate;
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]));
    }, 1);
    const first = loader.load('a');
    const rest = Promise.all([loader.load('b'), loader.load('missing'), loader.load('b')]);
    release();
    expect(await first).toBe('A');
    expect(await rest).toEqual(['B', undefined, 'B']);
    expect(reads).toEqual([['a'], ['b', 'missing']]);
  });

  it('a failed read fails its callers only; later reads go on', async () => {
    let fail = true;
    const loader = new GroupLoader<number>(async (keys) => {
      if (fail) throw new Error('down');
      return new Map(keys.map((key) => [key, key.length]));
    });
    await expect(loader.load('x')).rejects.toThrow('down');
    fail = false;
    expect(await loader.load('xyz')).toBe(3);
  });

  it('one key that breaks the grouped read fails only its own caller', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    const loader = new GroupLoader<string>(async (keys) => {
      reads += 1;
      if (reads === 1) await gate;
      if (keys.includes('bad')) throw new Error('poisoned');
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    }, 1);
    const first = loader.load('a');
    const grouped = ['b', 'bad', 'c', 'b'].map((key) => loader.load(key));
    release();
    expect(await first).toBe('A');
    const settled = await Promise.allSettled(grouped);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : 'failed'))).toEqual([
      'B',
      'failed',
      'C',
      'B',
    ]);
  });

  it('bounds a group', async () => {
    const sizes: number[] = [];
    const loader = new GroupLoader<number>(
      async (keys) => {
        sizes.push(keys.length);
        return new Map(keys.map((key) => [key, 1]));
      },
      1,
      3,
    );
    await Promise.all(Array.from({ length: 8 }, (_, i) => loader.load(String(i))));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(8);
  });
});
