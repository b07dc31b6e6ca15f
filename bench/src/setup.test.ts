import { describe, expect, it } from 'vitest';
import { cpuSeconds, mainThreadCpuSeconds } from './setup';

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
});
