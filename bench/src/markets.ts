import { postJson, runLoad, type LoadResult } from './load';
import { benchServer, createSoccerBook, databaseName } from './setup';

const MATCHES = 1_500;

/** uxmarket for soccer today over a 1,500-match book, answered from the snapshot (issue 4 target: >= 2,000/s, p99 <= 30 ms). */
export async function marketsBench(
  seconds: number,
): Promise<(LoadResult & { database: string; matches: number })[]> {
  const server = await benchServer();
  try {
    await createSoccerBook(server.url, MATCHES);
    const probe = await postJson(`${server.url}/cache/uxmarket`, { sport_id: 1, menu: 'today' });
    const total = Number(probe.reply.total);
    if (total < MATCHES) throw new Error(`expected ${MATCHES} matches today, the snapshot has ${total}`);
    const pages = Math.ceil(total / 30);
    const result = await runLoad(
      'markets.uxmarket',
      { workers: 32, seconds, maxRequests: 2_000_000 },
      (worker) => ({
        url: `${server.url}/cache/uxmarket`,
        body: {
          sport_id: 1,
          menu: 'today',
          market_type: 'hdpou',
          odds_type: String((worker % 4) + 1),
          page: (worker % pages) + 1,
        },
      }),
    );
    return [{ ...result, database: databaseName(), matches: total }];
  } finally {
    await server.stop();
  }
}
