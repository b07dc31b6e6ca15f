import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSim, type RunningSim } from '../src/provider-sim';
import { post, startServer, type RunningServer } from '../src/server';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const MEMBERS = ['demomyr', 'demousd', 'demosgd', 'democredit'];
const GAMES = [
  { product: 'slots', code: 'rl_lucky_lanterns' },
  { product: 'live_casino', code: 'gt_baccarat_a' },
  { product: 'fishing', code: 'ok_dragon_fishing' },
  { product: 'others', code: 'jg_european_roulette' },
];
const ROUNDS = 1_000;

/** "12.34" -> 1234n cents (the platform's and the simulator's money are both whole cents here). */
const cents = (text: unknown) => {
  const [whole = '0', fraction = ''] = String(text).split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)));
};

/**
 * The provider simulator in its own process against the real platform (both as `npm start` runs them):
 * 1,000 rounds with every fault switch on, then each member's balance on the platform equals its start plus
 * the simulator's Σ wins − Σ bets not rolled back, to the cent, and the platform's books verify.
 */
describe('provider simulator fault run against the platform', () => {
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-e2e-sim-'));
  let server: RunningServer;
  let sim: RunningSim;

  beforeAll(async () => {
    const simPort = await freePort();
    server = await startServer({
      FEED: 'none',
      DATA_DIR: dataDir,
      PROVIDER_SIM_URL: `http://127.0.0.1:${simPort}`,
      PROVIDER_SIM_SECRET: secret,
      // The simulator starts after the platform: the next catalogue sync finds it within a second.
      GAMES_SYNC_INTERVAL_MS: '1000',
    });
    sim = await startSim({ port: simPort, walletUrl: server.url, secret });
  });
  afterAll(async () => {
    await sim?.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('1,000 rounds with every fault on: balances match the simulator to the cent, ledger verifies', async () => {
    const sessions: { game_code: string; launch_token: string }[] = [];
    const start = new Map<string, bigint>();
    for (const member of MEMBERS) {
      const login = await post(`${server.url}/api/authlogin`, { account_id: member, password: 'Demo1234' });
      const token = (login.member_profile as { player_info: [{ session_token: string }] }).player_info[0]
        .session_token;
      const api = (name: string, body: object = {}) =>
        post(`${server.url}/api/${name}`, { account_id: member, session_token: token, ...body });
      start.set(member, cents((await api('userbalance')).balance));
      for (const game of GAMES) {
        // The catalogue syncs from the simulator's /game/list; the game must be listed before it launches.
        const deadline = Date.now() + 30_000;
        let listed = false;
        while (!listed && Date.now() < deadline) {
          const list = await api('GameList', { product: game.product });
          listed = ((list.games as { game_code: string }[] | undefined) ?? []).some(
            (g) => g.game_code === game.code,
          );
          if (!listed) await new Promise((r) => setTimeout(r, 500));
        }
        expect(listed, `${game.code} listed`).toBe(true);
        const launch = await api('launchgp', { game_code: game.code, mode: 'real', lang: 'en' });
        expect(launch.status, JSON.stringify(launch)).toBe('1');
        const url = new URL(String(launch.url));
        expect(url.origin).toBe(sim.url);
        sessions.push({ game_code: game.code, launch_token: url.searchParams.get('t') ?? '' });
      }
    }

    const admin = (path: string, body: object) => post(`${sim.url}${path}`, body);
    await admin('/admin/faults', {
      delay: 0.1,
      delay_ms: 20,
      drop: 0.1,
      duplicate: 0.1,
      rollback_before_bet: 0.05,
      reorder: 0.1,
      reorder_hold_ms: 50,
    });
    const driven = (await admin('/admin/drive', {
      sessions,
      rounds: ROUNDS,
      concurrency: 8,
      stake: '1.00',
    })) as {
      rounds: number;
      refused_seats: string[];
      tally: Record<string, number>;
      faults: Record<string, number>;
    };
    expect(driven.refused_seats).toEqual([]);
    expect(driven.rounds).toBe(ROUNDS);
    for (const fault of ['delay', 'drop', 'duplicate', 'rollbackBeforeBet', 'reorder']) {
      expect(driven.faults[fault], fault).toBeGreaterThan(0);
    }
    await admin('/admin/faults', { reset: true });

    // Wins and rollbacks still being retried land before the books are compared.
    type Ledger = { pending: number; users: Record<string, string | number>[] };
    let ledger: Ledger = { pending: 1, users: [] };
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      ledger = (await (await fetch(`${sim.url}/admin/ledger`)).json()) as Ledger;
      if (ledger.pending === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(ledger.pending).toBe(0);

    for (const member of MEMBERS) {
      const book = ledger.users.find((row) => row.user === member);
      expect(book, member).toBeDefined();
      expect(book?.stuck, `${member} stuck`).toBe(0);
      expect(book?.anomalies, `${member} anomalies`).toBe(0);
      // About 1,000 / 16 seats each; faults and random draws spread them, so only "played a fair share" is asserted.
      expect(Number(book?.accepted_bets), `${member} bets`).toBeGreaterThan(20);
      const login = await post(`${server.url}/api/authlogin`, { account_id: member, password: 'Demo1234' });
      const token = (login.member_profile as { player_info: [{ session_token: string }] }).player_info[0]
        .session_token;
      const balance = await post(`${server.url}/api/userbalance`, {
        account_id: member,
        session_token: token,
      });
      const expected = (start.get(member) ?? 0n) + cents(book?.wins) - cents(book?.bets);
      expect(cents(balance.balance), `${member} balance`).toBe(expected);
    }

    // No transfer applied twice and every invariant of the books: ledger:verify on the run's database.
    await server.stop();
    const verify = spawnSync(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'apps/server/src/cli/ledger-verify.ts'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      },
    );
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toContain('"ok": true');
  }, 600_000);
});
