import { postJson, runLoad, type LoadResult } from './load';
import { benchServer, databaseName } from './setup';
import { demoBackofficeToken } from '../../apps/server/src/db/demo-totp';

const MEMBERS = 40;

/**
 * Login and balance calls against a running server on the configured database (DATABASE_URL, else
 * embedded PGlite). Limits are lifted so the figures measure the work, not the throttles.
 */
export async function accountBench(seconds: number): Promise<LoadResult[]> {
  const server = await benchServer();
  try {
    const boToken = await demoBackofficeToken(server.url);
    const run = Date.now().toString(36);
    const ids = Array.from({ length: MEMBERS }, (_, i) => `b${run}${i}`);
    for (const id of ids) {
      const created = await fetch(`${server.url}/bo/createaccount`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${boToken}` },
        body: JSON.stringify({
          account_id: id,
          password: 'Bench123',
          parent_id: 'demoag',
          currency: 'MYR',
          commission_rate: '0.0025',
        }),
      });
      const reply = (await created.json()) as { status: string };
      if (reply.status !== '1') throw new Error(`could not create bench member: ${JSON.stringify(reply)}`);
    }
    const login = await runLoad('account.login', { workers: 8, seconds, maxRequests: 100_000 }, (worker) => ({
      url: `${server.url}/api/authlogin`,
      body: { account_id: ids[worker % MEMBERS], password: 'Bench123' },
    }));
    const sessions: { account_id: string; session_token: string }[] = [];
    for (const id of ids) {
      const { reply } = await postJson(`${server.url}/api/authlogin`, {
        account_id: id,
        password: 'Bench123',
      });
      const profile = reply.member_profile as { player_info: [{ session_token: string }] };
      sessions.push({ account_id: id, session_token: profile.player_info[0].session_token });
    }
    // One session per worker: the spec refuses parallel balance calls within one session.
    const balance = await runLoad(
      'account.balance',
      { workers: MEMBERS, seconds, maxRequests: 1_000_000 },
      (worker) => ({
        url: `${server.url}/api/userbalance`,
        body: sessions[worker],
      }),
    );
    return [login, balance].map((result) => ({
      ...result,
      database: databaseName(),
    }));
  } finally {
    await server.stop();
  }
}
