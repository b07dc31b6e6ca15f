import { spawn } from 'node:child_process';
import { percentile } from './load';

/** The probe's timer period: short enough to see a stall of a few milliseconds. */
const PERIOD_MS = 2;
/** A stall as long as the wallet's whole p99 target. */
const STALL_MS = 20;

/**
 * The probe itself: a process doing nothing but a timer every PERIOD_MS for the given seconds, printing how late
 * each tick came (ms, to a tenth). At most seconds * 1000 / PERIOD_MS ticks.
 */
const PROBE_SOURCE = `
const period = ${PERIOD_MS};
const until = performance.now() + Number(process.argv[1]) * 1000;
const late = [];
let last = performance.now();
const timer = setInterval(() => {
  const now = performance.now();
  late.push(Math.round(Math.max(0, now - last - period) * 10) / 10);
  last = now;
  if (now >= until) {
    clearInterval(timer);
    process.stdout.write(JSON.stringify(late));
  }
}, period);
`;

export interface TimerProbeFigures {
  probe_timer_late_p99_ms: number | null;
  probe_timer_late_max_ms: number | null;
  probe_stalls_over_20ms: number | null;
}

/** How late the probe's ticks came: p99, the worst, and how many were a whole target late. Exported for its test. */
export function latenessOf(late: readonly number[]): TimerProbeFigures {
  if (late.length === 0)
    return { probe_timer_late_p99_ms: null, probe_timer_late_max_ms: null, probe_stalls_over_20ms: null };
  const sorted = [...late].sort((a, b) => a - b);
  return {
    probe_timer_late_p99_ms: percentile(sorted, 99),
    probe_timer_late_max_ms: sorted[sorted.length - 1] ?? 0,
    probe_stalls_over_20ms: late.filter((ms) => ms > STALL_MS).length,
  };
}

/**
 * A reference for a run's tail, measured beside it: a process of its own that only keeps a 2 ms timer, and how
 * late its ticks come while the run loads the machine. Whatever waits that long in a process with no work of its
 * own (the vCPUs shared with the run, or taken away by the host) waits as long in the server, the database and the
 * client alike: a p99 target below the probe's own stalls cannot be met whatever the code does. All null when the
 * probe could not run.
 */
export function timerProbe(seconds: number): Promise<TimerProbeFigures> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', PROBE_SOURCE, String(seconds)], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const none = () => resolve(latenessOf([]));
    child.on('error', none);
    child.on('close', () => {
      try {
        const late: unknown = JSON.parse(output);
        if (!Array.isArray(late)) return none();
        resolve(latenessOf(late.filter((value): value is number => typeof value === 'number')));
      } catch {
        none();
      }
    });
  });
}
