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
