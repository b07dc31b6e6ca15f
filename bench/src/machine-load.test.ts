import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { machineLoadSince, stallMicrosOf, ticksOf } from './machine-load';

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
    // The host's share of the window is part of busy.
    expect(load.machine_cpu_steal_share).toBeGreaterThanOrEqual(0);
    expect(load.machine_cpu_steal_share).toBeLessThanOrEqual(load.machine_cpu_busy_share ?? 0);
    // Pressure stall information is optional (a kernel without it answers null), never outside 0..1.
    const wait = load.machine_cpu_wait_share;
    if (wait !== null) {
      expect(wait).toBeGreaterThanOrEqual(0);
      expect(wait).toBeLessThanOrEqual(1);
    }
  });

  it('counts user, nice, system, irq, softirq and steal as busy, idle and iowait as not, from /proc/stat', () => {
    //              user nice system idle iowait irq softirq steal guest guest_nice
    const stat =
      'cpu  100  1    50     800  10     5   4       30    7     0\ncpu0 50 0 25 400 5 2 2 15 3 0\n';
    expect(ticksOf(stat)).toEqual({ busy: 190, steal: 30, all: 1000 });
    expect(ticksOf('cpu0 1 2 3 4 5 6 7 8\n')).toBeNull();
    expect(ticksOf('cpu  1 2 3\n')).toBeNull();
    expect(ticksOf('')).toBeNull();
  });

  it("reads the 'some' stall total from /proc/pressure/cpu, not the 'full' one", () => {
    const pressure =
      'some avg10=3.30 avg60=5.51 avg300=2.23 total=8598090\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=42\n';
    expect(stallMicrosOf(pressure)).toBe(8_598_090);
    expect(stallMicrosOf('full avg10=0.00 avg60=0.00 avg300=0.00 total=42\n')).toBeNull();
  });
});
