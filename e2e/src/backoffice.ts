import { demoBackofficeToken as boSignIn } from '../../apps/server/src/db/demo-totp';
import { post } from './server';

/** A signed-in back-office account's calls (/bo/<name>), answering the reply's JSON. */
export async function boCaller(url: string, accountId = 'demoop') {
  const token = await boSignIn(url, accountId);
  return async (name: string, body: object): Promise<Record<string, unknown>> => {
    const response = await fetch(`${url}/bo/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
}

/** The demo operator's trading calls (/bo/trade/<name>), for tests that need matches and results. */
export async function operatorTrade(url: string) {
  const bo = await boCaller(url);
  return (name: string, body: object) => bo(`trade/${name}`, body);
}

/** A member's session from /api/authlogin: the body fields every member call carries. */
export async function memberSession(url: string, accountId: string, password = 'Demo1234') {
  const login = await post(`${url}/api/authlogin`, { account_id: accountId, password });
  const profile = login.member_profile as { player_info: [{ session_token: string }] } | undefined;
  return { account_id: accountId, session_token: profile?.player_info[0].session_token ?? '' };
}

/** A soccer match kicking off in two hours with one Asian-handicap market; answers its ids. */
export async function matchWithHandicap(
  url: string,
  teams: { league: string; home: string; away: string },
  prices: { h: string; a: string } = { h: '1.90', a: '2.00' },
): Promise<{ matchId: number; marketId: number }> {
  const trade = await operatorTrade(url);
  const created = await trade('creatematch', {
    sport_id: 1,
    ...teams,
    kickoff: new Date(Date.now() + 2 * 3_600_000).toISOString(),
  });
  await trade('market', { match_id: created.match_id, kind: 'hdp', line: '-0.25', prices });
  const detail = await post(`${url}/cache/uxmatch`, { match_id: created.match_id, odds_type: '1' });
  return { matchId: Number(created.match_id), marketId: Number((detail.odds as number[][])[0]?.[0]) };
}
