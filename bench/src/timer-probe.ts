import { spawn } from 'node:child_process';
import { percentile } from './load';
import { ticksOf } from './machine-load';

/** The probe's timer period: short enough to see a stall of a few milliseconds. */
const PERIOD_MS = 2;
/** A stall as long as the wallet's whole p99 target. */
const STALL_MS = 20;

/**
 * The probe itself: a process doing nothing but a timer every PERIOD_MS for the given seconds, printing how late
 * each tick came (ms, to a tenth) and, for each tick that came a stall late, /proc/stat's first line before and
 * after it (read once a tick, about 15 us; null where it cannot be opened). The parent reads the steal time off
 * those lines with machine-load's parser. At most seconds * 1000 / PERIOD_MS ticks.
 */
const PROBE_SOURCE = `
const fs = require('node:fs');
const period = ${PERIOD_MS};
const stallMs = ${STALL_MS};
let fd = null;
try { fd = fs.openSync('/proc/stat', 'r'); } catch {}
const buffer = Buffer.alloc(256);
const statLine = () =>
  fd === null ? null : buffer.toString('utf8', 0, fs.readSync(fd, buffer, 0, buffer.length, 0)).split('\\n', 1)[0];
const until = performance.now() + Number(process.argv[1]) * 1000;
const late = [];
const stalls = [];
let last = performance.now();
let lastLine = statLine();
const timer = setInterval(() => {
  const now = performance.now();
  const line = statLine();
  const lateBy = Math.max(0, now - last - period);
  late.push(Math.round(lateBy * 10) / 10);
  if (lateBy > stallMs) stalls.push([lastLine, line]);
  last = now;
  lastLine = line;
  if (now >= until) {
    clearInterval(timer);
    process.stdout.write(JSON.stringify({ late, stalls: fd === null ? null : stalls }));
  }
}, period);
`;

/** /proc/stat counts in USER_HZ ticks: 100 a second on Linux. */
const MS_PER_STAT_TICK = 10;

/**
 * The steal time (ms, summed over the vCPUs) within the stalls, from /proc/stat's first line before and after
 * each; null when there are no lines or one cannot be read. Exported for its test.
 */
export function stealWithin(stalls: unknown): number | null {
  if (!Array.isArray(stalls)) return null;
  let stolen = 0;
  for (const pair of stalls) {
    const [before, after] = Array.isArray(pair) ? pair : [];
    const from = typeof before === 'string' ? ticksOf(before) : null;
    const to = typeof after === 'string' ? ticksOf(after) : null;
    if (!from || !to || !Number.isFinite(to.steal - from.steal)) return null;
    stolen += (to.steal - from.steal) * MS_PER_STAT_TICK;
  }
  return stolen;
}

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
        const { late, stalls } = reply as { late?: unknown; stalls?: unknown };
        if (!Array.isArray(late)) return none();
        resolve(
          latenessOf(
            late.filter((value): value is number => typeof value === 'number'),
            stealWithin(stalls),
          ),
        );
      } catch {
        none();
      }
    });
  });
}
