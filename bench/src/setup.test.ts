import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuSeconds, mainThreadCpuSeconds, mainThreadWaitSeconds } from './setup';

describe('the CPU readings of a process', () => {
  it("reads a process's main thread apart from the whole process, and counts work done on it", () => {
    const before = { main: mainThreadCpuSeconds(process.pid), all: cpuSeconds(process.pid) };
    // Linux test machines have /proc/<pid>/task: a missing reading would hide the figure from every bench.
    expect(before.main).toBeGreaterThan(0);
    // About 200 ms of work on this (the main) thread; /proc counts in 10 ms ticks.
    const until = performance.now() + 200;
    let spins = 0;
    while (performance.now() < until) spins += 1;
    expect(spins).toBeGreaterThan(0);
    const after = { main: mainThreadCpuSeconds(process.pid), all: cpuSeconds(process.pid) };
    expect(after.main - before.main).toBeGreaterThanOrEqual(0.1);
    expect(after.main).toBeLessThanOrEqual(after.all);
  });

  it('reads 0 for a process that is gone', () => {
    expect(mainThreadCpuSeconds(2 ** 22 + 1)).toBe(0);
  });

  it('counts the time the main thread, ready to run, waited for a core', async () => {
    const before = mainThreadWaitSeconds(process.pid);
    // Linux test machines keep schedstat: a missing reading would hide the figure from every bench.
    expect(before).not.toBeNull();
    // More busy processes than cores for 400 ms, while this thread spins 300 ms of them: it must wait its turn.
    const hogs = Array.from({ length: availableParallelism() + 1 }, () =>
      spawn(process.execPath, ['-e', 'const end = Date.now() + 400; while (Date.now() < end);']),
    );
    const until = performance.now() + 300;
    let spins = 0;
    while (performance.now() < until) spins += 1;
    expect(spins).toBeGreaterThan(0);
    const after = mainThreadWaitSeconds(process.pid);
    await Promise.all(hogs.map((hog) => once(hog, 'exit')));
    expect((after ?? 0) - (before ?? 0)).toBeGreaterThan(0.02);
  });

  it('reads no wait for a process that is gone', () => {
    expect(mainThreadWaitSeconds(2 ** 22 + 1)).toBeNull();
  });
});
