import { post } from './server';

/** The demo operator's trading calls (/bo/trade/<name>), for tests that need matches and results. */
export async function operatorTrade(url: string) {
  const bo = await post(`${url}/bo/login`, { account_id: 'demoop', password: 'Demo1234' });
  return async (name: string, body: object): Promise<Record<string, unknown>> => {
    const response = await fetch(`${url}/bo/trade/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${String(bo.token)}` },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
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
