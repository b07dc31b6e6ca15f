import { postJson, runLoad, type LoadResult } from './load';
import {
  benchServer,
  cpuSeconds,
  createSoccerBook,
  databaseName,
  operator,
  serverAtRest,
  serverProcess,
} from './setup';

const MATCHES = 1_500;
/** How long the idle server's CPU is sampled before the load. */
const IDLE_SAMPLE_MS = 10_000;

type Figure = LoadResult & {
  database: string;
  matches: number;
  /**
   * The server process's CPU time per 1,000 answered requests, less what it spends idle (its background jobs):
   * a figure a busy machine moves far less than req/s.
   */
  server_cpu_ms_per_1000_requests: number;
  server_idle_cpu_ms_per_second: number;
  price_changes_per_second?: number;
};

/**
 * uxmarket for soccer today over a 1,500-match book, answered from the snapshot (issue 4 target: >= 2,000/s,
 * p99 <= 30 ms); then the same load while 50 prices a second move, each change invalidating cached lists.
 */
export async function marketsBench(seconds: number): Promise<Figure[]> {
  // The book is the bench's own; no feed competes for the CPU.
  const server = await benchServer({ FEED: 'none' });
  try {
    await createSoccerBook(server.url, MATCHES);
    const probe = await postJson(`${server.url}/cache/uxmarket`, {
      sport_id: 1,
      menu: 'today',
      page_size: 100,
    });
    const total = Number(probe.reply.total);
    if (total < MATCHES) throw new Error(`expected ${MATCHES} matches today, the snapshot has ${total}`);
    const pages = Math.ceil(total / 30);
    const request = (worker: number) => ({
      url: `${server.url}/cache/uxmarket`,
      body: {
        sport_id: 1,
        menu: 'today',
        market_type: 'hdpou',
        odds_type: String((worker % 4) + 1),
        page: (worker % pages) + 1,
      },
    });
    await serverAtRest(server.url);
    const serverPid = serverProcess(server.url);
    // The server's own background work (draw, race and round clocks, settlement and report jobs) costs CPU with
    // no request at all: measured idle first and taken off, so the figure is the requests' cost.
    const idleStart = cpuSeconds(serverPid);
    const idleFrom = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_SAMPLE_MS));
    const idleCpuMsPerSecond =
      ((cpuSeconds(serverPid) - idleStart) * 1_000_000) / Math.max(1, performance.now() - idleFrom);
    const idle = Number(idleCpuMsPerSecond.toFixed(1));
    const cpuPer1000 = async (run: () => Promise<LoadResult>) => {
      const before = cpuSeconds(serverPid);
      const result = await run();
      const cpuMs = (cpuSeconds(serverPid) - before) * 1000 - idleCpuMsPerSecond * result.seconds;
      return { result, cpu: Number(((cpuMs * 1000) / Math.max(1, result.ok)).toFixed(1)) };
    };
    const still = await cpuPer1000(() =>
      runLoad('markets.uxmarket', { workers: 32, seconds, maxRequests: 2_000_000 }, request),
    );

    const ids = (probe.reply.matches as number[][]).map((m) => m[0] ?? 0);
    const bo = await operator(server.url);
    let moving = true;
    let moves = 0;
    const mover = (async () => {
      while (moving) {
        const id = ids[moves % ids.length] ?? 0;
        moves += 1;
        const price = (1.8 + (moves % 20) / 100).toFixed(2);
        await bo('trade/price', {
          match_id: id,
          kind: 'hdp',
          line: '-0.25',
          prices: { h: price, a: '1.93' },
        });
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const live = await cpuPer1000(() =>
      runLoad(
        'markets.uxmarket_with_price_changes',
        { workers: 32, seconds, maxRequests: 2_000_000 },
        request,
      ),
    );
    moving = false;
    await mover;
    return [
      {
        ...still.result,
        database: databaseName(),
        matches: total,
        server_cpu_ms_per_1000_requests: still.cpu,
        server_idle_cpu_ms_per_second: idle,
      },
      {
        ...live.result,
        database: databaseName(),
        matches: total,
        server_cpu_ms_per_1000_requests: live.cpu,
        server_idle_cpu_ms_per_second: idle,
        price_changes_per_second: Number((moves / live.result.seconds).toFixed(1)),
      },
    ];
  } finally {
    await server.stop();
  }
}
