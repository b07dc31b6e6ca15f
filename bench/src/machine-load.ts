import { readFileSync } from 'node:fs';

/**
 * Busy and all CPU time in /proc/stat's text (its first line, the whole machine, in ticks); null when the line
 * does not hold the eight fields. Exported for its test.
 */
export function ticksOf(stat: string): { busy: number; steal: number; all: number } | null {
  const [name, ...fields] = stat.split('\n', 1)[0]?.trim().split(/\s+/) ?? [];
  if (name !== 'cpu') return null;
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.slice(0, 8).map(Number);
  const busy = [user, nice, system, irq, softirq, steal].reduce<number>((sum, n) => sum + (n ?? NaN), 0);
  const all = busy + (idle ?? NaN) + (iowait ?? NaN);
  return Number.isFinite(all) && all > 0 ? { busy, steal: steal ?? NaN, all } : null;
}

/**
 * Microseconds in which some runnable task waited for a CPU, from /proc/pressure/cpu's text (`some ... total=`);
 * null when it holds none. Exported for its test.
 */
export function stallMicrosOf(pressure: string): number | null {
  const some = /^some .*total=(\d+)/m.exec(pressure);
  return some?.[1] === undefined ? null : Number(some[1]);
}

/** The text of a /proc file, or null where the kernel has none (no pressure stall information). */
function procText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

const machineTicks = () => {
  const stat = procText('/proc/stat');
  return stat === null ? null : ticksOf(stat);
};

const cpuStallMicros = () => {
  const pressure = procText('/proc/pressure/cpu');
  return pressure === null ? null : stallMicrosOf(pressure);
};

/**
 * How loaded the whole machine was over a window: the share of its CPU time that was busy (every process, not
 * only the three measured), the share of the window in which some task waited for a CPU, and the share of its
 * CPU time the host took from the guest's vCPUs (steal, part of busy). A tail latency is read against these:
 * near a full machine, an open-loop client's calls queue whatever the code does.
 */
export function machineLoadSince(): () => {
  machine_cpu_busy_share: number | null;
  machine_cpu_wait_share: number | null;
  machine_cpu_steal_share: number | null;
} {
  const from = { ticks: machineTicks(), stall: cpuStallMicros(), at: process.hrtime.bigint() };
  return () => {
    const ticks = machineTicks();
    const stall = cpuStallMicros();
    const wallMicros = Number((process.hrtime.bigint() - from.at) / 1000n);
    const share = (part: number, whole: number) => (whole > 0 ? Number((part / whole).toFixed(3)) : null);
    return {
      machine_cpu_busy_share:
        ticks && from.ticks ? share(ticks.busy - from.ticks.busy, ticks.all - from.ticks.all) : null,
      machine_cpu_wait_share:
        stall !== null && from.stall !== null ? share(stall - from.stall, wallMicros) : null,
      machine_cpu_steal_share:
        ticks && from.ticks ? share(ticks.steal - from.ticks.steal, ticks.all - from.ticks.all) : null,
    };
  };
}
