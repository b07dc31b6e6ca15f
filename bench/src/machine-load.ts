import { readFileSync } from 'node:fs';

/** The machine's CPU time so far (/proc/stat's first line, in ticks): busy and all; null when it cannot be read. */
function machineTicks(): { busy: number; all: number } | null {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/) ?? [];
    // user nice system idle iowait irq softirq steal (guest time is counted in user already)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.slice(0, 8).map(Number);
    const busy = [user, nice, system, irq, softirq, steal].reduce<number>((sum, n) => sum + (n ?? NaN), 0);
    const all = busy + (idle ?? NaN) + (iowait ?? NaN);
    return Number.isFinite(all) && all > 0 ? { busy, all } : null;
  } catch {
    return null;
  }
}

/**
 * Microseconds in which some runnable task of the machine waited for a CPU (/proc/pressure/cpu, `some total`);
 * null without pressure stall information.
 */
function cpuStallMicros(): number | null {
  try {
    const some = /^some .*total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return some?.[1] === undefined ? null : Number(some[1]);
  } catch {
    return null;
  }
}

/**
 * How loaded the whole machine was over a window: the share of its CPU time that was busy (every process, not
 * only the three measured), and the share of the window in which some task waited for a CPU. A tail latency
 * is read against these: near a full machine, an open-loop client's calls queue whatever the code does.
 */
export function machineLoadSince(): () => {
  machine_cpu_busy_share: number | null;
  machine_cpu_wait_share: number | null;
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
    };
  };
}
