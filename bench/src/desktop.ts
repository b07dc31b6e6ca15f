import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page, WebSocketRoute } from 'playwright-core';
import { launchBrowser, loggedInPage } from '@sb/e2e/browser';
import { benchServer } from './setup';

/**
 * The sportsbook screen in headless chromium (`node --conditions=source --import tsx bench/src/desktop.ts
 * [--seconds N] [--matches N] [--ticks N]`, after `npm run build -w apps/web`): /desktop showing a list of
 * 1,000 matches (uxmarket answered by the bench) while the socket (also the bench's) pushes 200 price ticks a
 * second. Measured in the page: long tasks (PerformanceObserver 'longtask'), frame times (requestAnimationFrame
 * deltas with the frame rate uncapped, so a delta is a frame's cost) while ticking, then while ticking and scrolling; the rows in the document; LCP of /desktop with 4x CPU
 * throttling; the gzipped JavaScript the route loads. One JSON line per figure.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LEAGUE_SIZE = 20;

/** A uxmarket reply of `count` soccer matches in leagues of 20, each with FT hdp, o/u and 1x2 (MY prices). */
function bigList(count: number, kickoffBase: number) {
  const leagues: [number, string, number, number][] = [];
  const matches: unknown[] = [];
  const odds: unknown[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = 100_000 + index;
    const league = 9_000 + Math.floor(index / LEAGUE_SIZE);
    if (index % LEAGUE_SIZE === 0) leagues.push([league, `Bench League ${league - 9_000 + 1}`, 1, league]);
    const live = index % 7 === 0 ? 1 : 0;
    matches.push([
      id,
      league,
      `Home ${index}`,
      `Away ${index}`,
      0,
      live ? 1 : 0,
      0,
      live ? 35 : 0,
      kickoffBase + index * 60_000,
      live ? '1h' : '',
      0,
      0,
      0,
      live,
      0,
      1,
    ]);
    odds.push(
      [id * 10 + 1, id, 'hdp', 'ft', '-0.25', 1, 1, 'h', '0.90', 'a', '0.96'],
      [id * 10 + 2, id, 'ou', 'ft', '2.5', 1, 1, 'o', '0.88', 'u', '-0.98'],
      [id * 10 + 3, id, '1x2', 'ft', '', 1, 1, '1', '2.10', 'x', '3.30', '2', '3.40'],
    );
  }
  return {
    status: '1',
    statusdesc: 'success',
    leagues,
    matches,
    links: [],
    heads: [],
    odds,
    total: count,
    page: 1,
    version: 1,
  };
}

/** The socket as the server speaks it: 'ready' after auth, then `rate` market changes a second on the sport topic. */
function tickingSocket(ws: WebSocketRoute, count: number, rate: number, stop: { done: boolean }) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let seq = 1;
  ws.onMessage((raw) => {
    const message = JSON.parse(String(raw)) as { op?: string };
    if (message.op === 'auth') ws.send(JSON.stringify({ op: 'ready' }));
    if (message.op !== 'sub' || timer) return;
    // Ticks in 10 ms slices: rate / 100 changes each, spread over every match (most of them off screen).
    const perSlice = Math.max(1, Math.round(rate / 100));
    timer = setInterval(() => {
      if (stop.done) return clearInterval(timer);
      for (let n = 0; n < perSlice; n += 1) {
        const index = Math.floor(Math.random() * count);
        const id = 100_000 + index;
        const home = (1.8 + Math.random() * 0.3).toFixed(2);
        const away = (1.8 + Math.random() * 0.3).toFixed(2);
        seq += 1;
        ws.send(
          JSON.stringify({
            op: 'chg',
            c: {
              t: 'market',
              id,
              seq,
              market: {
                id: id * 10 + 1,
                matchId: id,
                kind: 'hdp',
                period: 'ft',
                line: '-0.25',
                status: 'open',
                isMain: true,
                prices: { h: home, a: away },
              },
            },
          }),
        );
      }
    }, 10);
  });
}

interface Frames {
  longTasks: number[];
  frames: number[];
}

/**
 * Records long tasks and frame deltas in the page for `ms`, optionally scrolling the list every frame. Page code
 * is a string: the TypeScript loader would wrap named functions in a helper the page does not have.
 */
const RECORD = `(ms, scroll) => new Promise((done) => {
  const longTasks = [];
  const frames = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const scroller = document.querySelector('[data-testid="market-scroller"]');
  // The scroll range is read once: reading it every frame would force a layout the app does not do.
  const max = scroller ? scroller.scrollHeight - scroller.clientHeight : 0;
  const start = performance.now();
  let last = start;
  const frame = (now) => {
    frames.push(now - last);
    last = now;
    if (scroll && scroller) {
      scroller.scrollTop = scroller.scrollTop + 60 > max ? 0 : scroller.scrollTop + 60;
    }
    if (now - start < ms) requestAnimationFrame(frame);
    else {
      observer.disconnect();
      done({ longTasks, frames: frames.slice(1) });
    }
  };
  requestAnimationFrame(frame);
})`;

const LCP = `new Promise((done) => {
  new PerformanceObserver((entries) => {
    const all = entries.getEntries();
    const last = all[all.length - 1];
    const element = last && last.element;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const table = document.querySelector('[data-testid="market-table"]');
    done({
      ms: last ? last.startTime : 0,
      element: element ? element.tagName + (element.getAttribute('data-testid') ? '#' + element.getAttribute('data-testid') : '') + ' ' + (element.textContent || '').slice(0, 40) : '',
      fcp: fcp ? fcp.startTime : 0,
      rowPx: table && table.querySelector('[data-testid^="match-row-"]') ? table.querySelector('[data-testid^="match-row-"]').getBoundingClientRect().height : 0,
    });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})`;

async function record(page: Page, ms: number, scroll: boolean): Promise<Frames> {
  return (await page.evaluate(`(${RECORD})(${ms}, ${scroll})`)) as Frames;
}

interface Profile {
  profile: {
    nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
    samples?: number[];
    timeDeltas?: number[];
  };
}

/** BENCH_PROFILE=1: the functions with the most self time while scrolling (CPU profile of the page). */
function topFunctions({ profile }: Profile): string[] {
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, index) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[index] ?? 0)),
  );
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, micros]) => `${name} ${Math.round(micros / 1000)}ms`);
}

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (value: number) => Math.round(value * 100) / 100;

const summary = (phase: string, matches: number, rate: number, { longTasks, frames }: Frames) => ({
  bench: 'desktop',
  phase,
  matches,
  ticks_per_s: rate,
  frames: frames.length,
  frame_ms_p50: round(percentile(frames, 50)),
  frame_ms_p95: round(percentile(frames, 95)),
  frame_ms_max: round(Math.max(0, ...frames)),
  long_tasks: longTasks.length,
  long_task_ms_max: round(Math.max(0, ...longTasks)),
});

/** The gzipped JavaScript of /desktop: the entry, the app shell and the sportsbook chunk with their imports. */
function routeJsKiB(): number {
  const dist = join(root, 'apps/web/dist');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const seen = new Set<string>();
  const collect = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const dependency of chunk.imports ?? []) collect(dependency);
  };
  for (const key of ['index.html', 'src/app/shell/AppShell.tsx', 'src/features/sportsbook/DesktopPage.tsx'])
    collect(key);
  let bytes = 0;
  for (const key of seen) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js')) bytes += gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  }
  return round(bytes / 1024);
}

export async function desktopBench(
  seconds: number,
  options: { matches?: number; ticks?: number } = {},
): Promise<object[]> {
  const count = options.matches ?? 1_000;
  const rate = options.ticks ?? 200;
  const figures: object[] = [{ bench: 'desktop', route_js_gzip_kib: routeJsKiB(), budget_kib: 300 }];
  const server = await benchServer({ FEED: 'none' });
  // Frames uncapped (no vsync, no 60 Hz limit): a requestAnimationFrame delta is then what one frame costs
  // (script, style, layout, paint), not the display's 16.7 ms period, which every frame would show at 60 Hz.
  const browser = await launchBrowser(['--disable-frame-rate-limit', '--disable-gpu-vsync']);
  const browsers = [browser];
  const stop = { done: false };
  try {
    const page = await loggedInPage(browser, server.url, '/', 'demomyr', { width: 1440 });
    await page.getByTestId('header-balance').waitFor({ timeout: 30_000 });
    const list = JSON.stringify(bigList(count, Date.now() + 3_600_000));
    await page.route('**/cache/uxmarket', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: list }),
    );
    await page.routeWebSocket('**/ws', (ws) => tickingSocket(ws, count, rate, stop));
    await page.goto(`${server.url}/desktop`);
    await page.getByTestId('market-table').waitFor({ timeout: 30_000 });
    // Everything on one page: the list holds all the matches.
    await page.getByTestId('match-row-100000').waitFor();
    await page.waitForTimeout(1_000);
    const ms = seconds * 1_000;
    figures.push(summary('ticking', count, rate, await record(page, ms, false)));
    const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    figures.push(summary('ticking+scrolling', count, rate, await record(page, ms, true)));
    if (profiler)
      figures.push({ bench: 'desktop', profile_top: topFunctions(await profiler.send('Profiler.stop')) });
    figures.push({
      bench: 'desktop',
      rows_in_document: await page.locator('[data-testid^="match-row-"]').count(),
      matches_in_list: count,
    });
    stop.done = true;

    // LCP of /desktop on localhost with 4x CPU throttling (the list from the bench, no ticks).
    await page.context().close();
    await browser.close();

    // LCP in a browser with the usual flags (frames at the display's rate, as a member's browser draws).
    const plain = await launchBrowser();
    browsers.push(plain);
    const fresh = await loggedInPage(plain, server.url, '/', 'demomyr', { width: 1440 });
    await fresh.getByTestId('header-balance').waitFor({ timeout: 30_000 });
    await fresh.route('**/cache/uxmarket', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: list }),
    );
    await fresh.routeWebSocket('**/ws', (ws) => tickingSocket(ws, count, 0, stop));
    const cdp = await fresh.context().newCDPSession(fresh);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Three loads, the median reported (the machine is shared: one load can be an outlier).
    const samples: { ms: number; element: string; fcp: number; rowPx: number }[] = [];
    for (let run = 0; run < 3; run += 1) {
      await fresh.goto(`${server.url}/desktop`);
      await fresh.getByTestId('market-table').waitFor({ timeout: 60_000 });
      samples.push(
        (await fresh.evaluate(LCP)) as { ms: number; element: string; fcp: number; rowPx: number },
      );
    }
    samples.sort((a, b) => a.ms - b.ms);
    const median = samples[1] ?? { ms: 0, element: '', fcp: 0, rowPx: 0 };
    figures.push({
      bench: 'desktop',
      lcp_ms_cpu4x: Math.round(median.ms),
      lcp_ms_samples: samples.map((sample) => Math.round(sample.ms)),
      lcp_element: median.element,
      fcp_ms_cpu4x: Math.round(median.fcp),
      match_row_px: median.rowPx,
      budget_ms: 1_500,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await fresh.context().close();
  } finally {
    stop.done = true;
    for (const open of browsers) await open.close();
    await server.stop();
  }
  return figures;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const flag = (name: string, fallback: number) => {
    const index = process.argv.indexOf(`--${name}`);
    return index >= 0 ? Number(process.argv[index + 1]) : fallback;
  };
  const figures = await desktopBench(flag('seconds', 10), {
    matches: flag('matches', 1_000),
    ticks: flag('ticks', 200),
  });
  for (const figure of figures) console.log(JSON.stringify(figure));
  process.exit(0);
}
