import { spawn } from 'node:child_process';
import { percentile } from './load';

/** The probe's timer period: short enough to see a stall of a few milliseconds. */
const PERIOD_MS = 2;
/** A stall as long as the wallet's whole p99 target. */
const STALL_MS = 20;

/**
 * The probe itself: a process doing nothing but a timer every PERIOD_MS for the given seconds, printing how late
 * each tick came (ms, to a tenth), and the steal time (/proc/stat's whole-machine line, summed over the vCPUs, in
 * ms) that passed within the ticks that came a stall late: how much of a stall was the host running something
 * else on the guest's vCPUs. At most seconds * 1000 / PERIOD_MS ticks; /proc/stat is read once a tick (about
 * 15 us); steal is null where it cannot be opened or its first line read.
 */
const PROBE_SOURCE = `
const fs = require('node:fs');
const period = ${PERIOD_MS};
const stallMs = ${STALL_MS};
let fd = null;
try { fd = fs.openSync('/proc/stat', 'r'); } catch {}
const buffer = Buffer.alloc(256);
const steal = () => {
  if (fd === null) return null;
  const text = buffer.toString('utf8', 0, fs.readSync(fd, buffer, 0, buffer.length, 0));
  const fields = text.split('\\n', 1)[0].trim().split(/\\s+/);
  return fields[0] === 'cpu' && fields.length > 8 ? Number(fields[8]) : null;
};
const tickMs = 1000 / 100;
const until = performance.now() + Number(process.argv[1]) * 1000;
const late = [];
let stolenInStalls = 0;
let last = performance.now();
let lastSteal = steal();
// A line that cannot be read as expected, once, makes the steal figure unknown rather than 0.
let readable = lastSteal !== null;
const timer = setInterval(() => {
  const now = performance.now();
  const stolen = steal();
  if (stolen === null) readable = false;
  const lateBy = Math.max(0, now - last - period);
  late.push(Math.round(lateBy * 10) / 10);
  if (lateBy > stallMs && stolen !== null && lastSteal !== null) stolenInStalls += (stolen - lastSteal) * tickMs;
  last = now;
  lastSteal = stolen;
  if (now >= until) {
    clearInterval(timer);
    process.stdout.write(JSON.stringify({ late, stolenInStalls: readable ? stolenInStalls : null }));
  }
}, period);
`;

export interface TimerProbeFigures {
  probe_timer_late_p99_ms: number | null;
  probe_timer_late_max_ms: number | null;
  probe_stalls_over_20ms: number | null;
  /** The stalls' total lateness, ms. */
  probe_stalls_ms: number | null;
  /** Steal time within those stalls, ms summed over the vCPUs (USER_HZ ticks of 10 ms): the host's part. */
  probe_stalls_steal_ms: number | null;
}

/**
 * How late the probe's ticks came: p99, the worst, how many were a whole target late and how long those were in
 * all, with the steal time within them when the probe could read it. Exported for its test.
 */
export function latenessOf(late: readonly number[], stolenInStalls: number | null = null): TimerProbeFigures {
  if (late.length === 0)
    return {
      probe_timer_late_p99_ms: null,
      probe_timer_late_max_ms: null,
      probe_stalls_over_20ms: null,
      probe_stalls_ms: null,
      probe_stalls_steal_ms: null,
    };
  const sorted = [...late].sort((a, b) => a - b);
  const stalls = late.filter((ms) => ms > STALL_MS);
  return {
    probe_timer_late_p99_ms: percentile(sorted, 99),
    probe_timer_late_max_ms: sorted[sorted.length - 1] ?? 0,
    probe_stalls_over_20ms: stalls.length,
    probe_stalls_ms: Math.round(stalls.reduce((sum, ms) => sum + ms, 0)),
    probe_stalls_steal_ms: stolenInStalls,
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
        const reply: unknown = JSON.parse(output);
        if (typeof reply !== 'object' || reply === null) return none();
        const { late, stolenInStalls } = reply as { late?: unknown; stolenInStalls?: unknown };
        if (!Array.isArray(late)) return none();
        resolve(
          latenessOf(
            late.filter((value): value is number => typeof value === 'number'),
            typeof stolenInStalls === 'number' ? stolenInStalls : null,
          ),
        );
      } catch {
        none();
      }
    });
  });
}
