import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, startServer, type RunningServer } from '../src/server';

/** The platform as `npm start` runs it: a fresh embedded database, demo data, the built web app. */
describe('platform from a fresh start', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('prints the URL and the demo logins', async () => {
    // The banner and the first ready answer race through two pipes: give the banner a moment.
    const deadline = Date.now() + 10_000;
    while (!server.output().includes('demomyr') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(server.output()).toContain('Sports Betting Platform is running at');
    expect(server.output()).toContain('demomyr');
  });

  it('answers health and readiness', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = (await (await fetch(`${server.url}/readyz`)).json()) as { database: string };
    expect(ready.database).toBe('pglite');
  });

  it('serves the web app at / and at every screen path (history routing), but not for unknown API calls', async () => {
    for (const path of ['/', '/desktop', '/info/settings']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    const api = await fetch(`${server.url}/api/nothing`, { method: 'POST' });
    expect(api.status).toBe(404);
  });

  it('logs in a demo member with the full profile and 10,000.00 in the wallet', async () => {
    const reply = await post(`${server.url}/api/authlogin`, { account_id: 'demomyr', password: 'Demo1234' });
    expect(reply.status).toBe('1');
    const profile = reply.member_profile as { player_wallet: [{ available_balance: string }] };
    expect(profile.player_wallet[0].available_balance).toBe('10000.00');
  });
});
