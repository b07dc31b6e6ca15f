import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { machineLoadSince } from './machine-load';

describe('machine load over a window', () => {
  it('reads the busy share of a window this process kept a core busy in, as a share of the whole machine', () => {
    const since = machineLoadSince();
    const until = Date.now() + 300;
    let spins = 0;
    while (Date.now() < until && spins < 1e9) spins += 1;
    const load = since();
    // Linux test machines have /proc/stat: a missing reading would hide the figure from every bench.
    expect(load.machine_cpu_busy_share).not.toBeNull();
    // One of the machine's cores was busy the whole window (ticks are 10 ms, and a hypervisor may take some:
    // a wide margin).
    expect(load.machine_cpu_busy_share).toBeGreaterThan(0.5 / availableParallelism());
    expect(load.machine_cpu_busy_share).toBeLessThanOrEqual(1);
    // Pressure stall information is optional (a kernel without it answers null), never outside 0..1.
    const wait = load.machine_cpu_wait_share;
    if (wait !== null) {
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(1);
    }
  });
});
