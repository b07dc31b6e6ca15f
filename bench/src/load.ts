import { Agent, request } from 'node:http';
import { RawHttpPool } from './raw-http';

export interface LoadResult {
  name: string;
  requests: number;
  ok: number;
  failed: number;
  seconds: number;
  throughput: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

/** Keep-alive connections per server, for the setup calls' agent and the open-loop client's pool alike. */
const CONNECTIONS = 256;
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** One POST JSON over a keep-alive connection; answers the parsed body and the elapsed milliseconds. */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ ms: number; reply: Record<string, unknown> }> {
  const payload = JSON.stringify(body);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          try {
            resolve({ ms, reply: JSON.parse(text) as Record<string, unknown> });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The load loops' POST: a raw keep-alive pool per server (raw-http.ts), closed with `close` when the run ends.
 * A run sends to a handful of URLs, so each is parsed once, not on every request of the measured loop.
 */
function rawPoster() {
  const pools = new Map<string, RawHttpPool>();
  const targets = new Map<string, { pool: RawHttpPool; path: string }>();
  const targetOf = (url: string) => {
    const parsed = new URL(url);
    const pool = pools.get(parsed.origin) ?? new RawHttpPool(parsed, CONNECTIONS);
    pools.set(parsed.origin, pool);
    const target = { pool, path: `${parsed.pathname}${parsed.search}` };
    if (targets.size < MAX_TARGETS) targets.set(url, target);
    return target;
  };
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const { pool, path } = targets.get(url) ?? targetOf(url);
    return pool.post(path, JSON.stringify(body), headers);
  };
  const close = () => {
    for (const pool of pools.values()) pool.close();
  };
  return { post, close };
}

/** URLs remembered per run at most (a suite whose URLs vary per request parses them each time). */
const MAX_TARGETS = 1_000;

/** The p-th percentile of ascending values (0 when there are none): the one every bench reports with. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Closed-loop load: `workers` concurrent loops, each sending its next request when the last one answers,
 * for `seconds` (and at most `maxRequests` in all, so a run always ends).
 */
export async function runLoad(
  name: string,
  options: { workers: number; seconds: number; maxRequests: number },
  next: (worker: number) => { url: string; body: unknown },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let sent = 0;
  const deadline = Date.now() + options.seconds * 1000;
  const { post, close } = rawPoster();
  const started = Date.now();
  await Promise.all(
    Array.from({ length: options.workers }, async (_, worker) => {
      while (Date.now() < deadline && sent < options.maxRequests) {
        sent += 1;
        const { url, body } = next(worker);
        const sentAt = performance.now();
        try {
          const reply = await post(url, body);
          latencies.push(performance.now() - sentAt);
          if (String(reply.status) === '1') ok += 1;
          else failed += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  close();
  return summary(name, latencies, ok, failed, (Date.now() - started) / 1000);
}

/** A run's figures: counts, throughput and latency percentiles (sorts `latencies`). */
function summary(name: string, latencies: number[], ok: number, failed: number, seconds: number): LoadResult {
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    ok,
    failed,
    seconds: Number(seconds.toFixed(2)),
    throughput: Number((ok / seconds).toFixed(1)),
    p50_ms: Number(percentile(latencies, 50).toFixed(2)),
    p99_ms: Number(percentile(latencies, 99).toFixed(2)),
    max_ms: Number((latencies[latencies.length - 1] ?? 0).toFixed(2)),
  };
}

/**
 * Open-loop load: requests start on a fixed schedule (`rate` a second, in 10 ms slots) whatever the server's
 * pace, as members arrive in life; each latency counts from the request's scheduled start, so a server that
 * falls behind shows it (no coordinated omission). At most `maxOutstanding` requests are open at once: past
 * that the schedule waits, and `stalled_slots` says how often in the window.
 *
 * `warmupSeconds` run first at the same rate, on the same schedule and connections, and are not counted: the
 * measured window is the middle of one load, as a live server's minute is. It was a second load started once
 * the warm-up's replies were all in, on new connections: a window that began with the server's queues drained
 * and idle for a moment. The wallet's p99 is higher measured this way (2026-12-07, five pairs of six).
 * `onWindow` runs as the window's first slot starts (where a bench starts its meters: keep it short, it delays
 * that slot).
 */
export async function runOpenLoad(
  name: string,
  options: {
    rate: number;
    seconds: number;
    maxOutstanding: number;
    /** What counts as a success (default: the spec envelope's status '1'). */
    isOk?: (reply: Record<string, unknown>) => boolean;
    /** Seconds of the same load before the measured window, not counted (default 0). */
    warmupSeconds?: number;
    onWindow?: () => void;
  },
  next: (index: number) => { url: string; body: unknown; headers?: Record<string, string> },
): Promise<LoadResult & { offered_rate: number; stalled_slots: number }> {
  const isOk = options.isOk ?? ((reply: Record<string, unknown>) => String(reply.status) === '1');
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let outstanding = 0;
  let stalled = 0;
  let sent = 0;
  const slotMs = 10;
  const warmupSlots = Math.round(((options.warmupSeconds ?? 0) * 1000) / slotMs);
  const slots = warmupSlots + Math.round((options.seconds * 1000) / slotMs);
  const open = new Set<Promise<void>>();
  let wakeOnFree: (() => void) | null = null;
  // BENCH_TRACE=1: the slowest request of each second (from the warm-up's start) on stderr, to see when a tail
  // happens.
  const trace: number[] | null = process.env.BENCH_TRACE ? [] : null;
  const { post, close } = rawPoster();
  const started = performance.now();
  let windowStarted = started;
  for (let slot = 0; slot < slots; slot += 1) {
    const slotStart = started + slot * slotMs;
    const wait = slotStart - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (slot === warmupSlots) {
      windowStarted = performance.now();
      options.onWindow?.();
    }
    const counted = slot >= warmupSlots;
    // Spread the rate over the slots exactly: this slot's share is the running total's increment.
    const due = Math.floor(((slot + 1) * options.rate * slotMs) / 1000) - sent;
    for (let k = 0; k < due; k += 1) {
      if (outstanding >= options.maxOutstanding) {
        if (counted) stalled += 1;
        // Woken by the next request to finish: racing every open request instead cost this client O(open)
        // handlers a stall, so under overload the load generator took the CPU the server was short of.
        await new Promise<void>((resolve) => (wakeOnFree = resolve));
      }
      const { url, body, headers } = next(sent);
      sent += 1;
      outstanding += 1;
      const request = post(url, body, headers)
        .then((reply) => {
          const ms = performance.now() - slotStart;
          if (counted) latencies.push(ms);
          if (trace) {
            const second = Math.floor((slotStart - started) / 1000);
            trace[second] = Math.max(trace[second] ?? 0, ms);
          }
          // isOk runs on every reply: a bench may keep what the warm-up's replies said.
          const good = isOk(reply);
          if (!counted) return;
          if (good) ok += 1;
          else failed += 1;
        })
        .catch(() => {
          if (counted) failed += 1;
        })
        .finally(() => {
          outstanding -= 1;
          open.delete(request);
          const wake = wakeOnFree;
          wakeOnFree = null;
          wake?.();
        });
      open.add(request);
    }
  }
  await Promise.all(open);
  close();
  if (trace) console.error(`${name} slowest per second (ms): ${trace.map((ms) => Math.round(ms)).join(' ')}`);
  return {
    ...summary(name, latencies, ok, failed, (performance.now() - windowStarted) / 1000),
    offered_rate: options.rate,
    stalled_slots: stalled,
  };
}
