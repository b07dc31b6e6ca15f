import { startServer, type RunningServer } from '@sb/e2e/server';
import { postJson } from './load';

/** A server for a benchmark: the configured database (DATABASE_URL, else embedded), throttles lifted. */
export async function benchServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    REQUESTS_PER_SECOND: '100000',
    LOG_LEVEL: 'error',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
}

export const databaseName = () => (process.env.DATABASE_URL ? 'postgres' : 'pglite');

/** The operator's bearer session, for trading and backoffice calls. */
export async function operator(url: string) {
  const { reply } = await postJson(`${url}/bo/login`, { account_id: 'demoop', password: 'Demo1234' });
  const token = String(reply.token);
  return async (name: string, body: unknown) => {
    const response = await fetch(`${url}/bo/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (answer.status !== '1') throw new Error(`${name} failed: ${JSON.stringify(answer)}`);
    return answer;
  };
}

/** Creates `count` soccer matches kicking off within the next hours, each with AH, O/U and 1X2 markets. */
export async function createSoccerBook(url: string, count: number, sportId = 1): Promise<number[]> {
  const bo = await operator(url);
  const ids: number[] = [];
  const now = Date.now();
  const batch = 16;
  for (let start = 0; start < count; start += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, async (_, offset) => {
        const i = start + offset;
        const created = await bo('trade/creatematch', {
          sport_id: sportId,
          league: `Bench League ${i % 60}`,
          home: `Home ${i}`,
          away: `Away ${i}`,
          // Spread over the next few hours of today (GMT+8 day permitting) so 'today' holds them.
          kickoff: new Date(now + 10 * 60_000 + (i % 180) * 60_000).toISOString(),
        });
        const id = Number(created.match_id);
        await bo('trade/market', {
          match_id: id,
          kind: 'hdp',
          line: '-0.25',
          prices: { h: '1.95', a: '1.93' },
        });
        await bo('trade/market', { match_id: id, kind: 'ou', line: '2.5', prices: { o: '2.02', u: '1.86' } });
        await bo('trade/market', {
          match_id: id,
          kind: '1x2',
          prices: { '1': '2.40', x: '3.30', '2': '3.00' },
        });
        return id;
      }),
    );
    ids.push(...made);
  }
  return ids;
}
