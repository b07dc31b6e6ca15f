import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSession } from '../src/backoffice';
import { artifactPath, launchBrowser, loggedInPage } from '../src/browser';
import { freePort, startSim, type RunningSim } from '../src/provider-sim';
import { post, startServer, type RunningServer } from '../src/server';

const SLOT = 'rl_lucky_lanterns';

/** "MYR 10,000.00" or "1,000.00 MYR" -> 10000 */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/**
 * The slot lobby in a browser against the real platform and the provider simulator in its own process (as
 * `npm start` runs them): the member opens /slots, launches the slot into its pop-up window on the provider's
 * host, spins, sees the balance in the main window move by the round's result (the wallet's push), finds the
 * round in the lobby's report, and logs out: the game window closes with the session.
 */
describe('game lobby in a browser', () => {
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'sb-e2e-lobby-'));
  let server: RunningServer;
  let sim: RunningSim;
  let browser: Browser;

  beforeAll(async () => {
    const simPort = await freePort();
    server = await startServer({
      FEED: 'none',
      DATA_DIR: dataDir,
      PROVIDER_SIM_URL: `http://127.0.0.1:${simPort}`,
      PROVIDER_SIM_SECRET: secret,
      GAMES_SYNC_INTERVAL_MS: '1000',
    });
    sim = await startSim({ port: simPort, walletUrl: server.url, secret });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('launches the slot from /slots, spins, moves the balance, lists the round; logout closes the game', async () => {
    // The catalogue syncs from the simulator once it is up: wait for the slot to be listed.
    const session = await memberSession(server.url, 'demomyr');
    await expect
      .poll(
        async () => {
          const list = await post(`${server.url}/api/GameList`, { ...session, product: 'slots' });
          return ((list.games as { game_code: string }[] | undefined) ?? []).some(
            (g) => g.game_code === SLOT,
          );
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);

    const page = await loggedInPage(browser, server.url, '/slots', 'demomyr');
    const tile = page.locator(`[data-testid="game-tile"][data-game="${SLOT}"]`);
    await tile.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('game-tile').count()).toBeGreaterThan(5);
    await page.screenshot({ path: artifactPath('games-lobby-slots.png') });
    const balance = page.getByTestId('header-balance').first();
    await expect.poll(async () => amountOf(await balance.textContent())).toBeGreaterThan(0);
    const before = amountOf(await balance.textContent());

    const [game] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId(`play-${SLOT}`).click(),
    ]);
    await game.waitForURL(/\/play\//, { timeout: 15_000 });
    expect(new URL(game.url()).origin).toBe(sim.url);
    await game.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => game.locator('#message').textContent(), { timeout: 15_000 }).toMatch(/\d+\.\d\d/);
    const win = Number(/(\d+\.\d\d)/.exec((await game.locator('#message').textContent()) ?? '')?.[1]);
    await game.screenshot({ path: artifactPath('games-lobby-slot-window.png') });

    // One round: a 1.00 stake and its win, pushed to the main window by the wallet.
    await expect
      .poll(async () => amountOf(await balance.textContent()), { timeout: 20_000 })
      .toBeCloseTo(before - 1 + win, 2);

    await page.locator('#lobby-tab-rounds').click();
    const round = page.locator(`[data-testid="game-round"][data-game="${SLOT}"]`).first();
    await round.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: artifactPath('games-lobby-rounds.png') });

    // The game report from the account menu: the same round, its stake, win and net.
    await page.getByTestId('account-menu').click();
    await page.getByTestId('nav-menu-gamereport').click();
    await page.waitForURL(/\/info\/gamereport/);
    const reported = page.locator(
      `[data-testid="game-report"] [data-testid="game-round"][data-game="${SLOT}"]`,
    );
    await reported.first().waitFor({ timeout: 15_000 });
    expect(await reported.count()).toBe(1);
    expect(amountOf(await reported.getByTestId('round-stake').textContent())).toBe(1);
    expect(amountOf(await reported.getByTestId('round-win').textContent())).toBeCloseTo(win, 2);
    expect(amountOf(await reported.getByTestId('round-net').textContent())).toBeCloseTo(win - 1, 2);
    await page.screenshot({ path: artifactPath('games-report.png') });

    await page.getByTestId('logout-button').first().click();
    await expect.poll(() => game.isClosed(), { timeout: 10_000 }).toBe(true);
  });

  it('the same routes on a phone: the fishing lobby fits the screen and opens its game', async () => {
    const page = await loggedInPage(browser, server.url, '/fishing', 'demomyr', { width: 390 });
    await page.getByTestId('game-tile').first().waitFor({ timeout: 30_000 });
    // Nothing wider than the phone's screen: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: artifactPath('games-lobby-fishing-phone.png'), fullPage: true });
    const code = await page.getByTestId('game-tile').first().getAttribute('data-game');
    const [game] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId(`demo-${code ?? ''}`).click(),
    ]);
    await game.waitForURL(/\/play\//, { timeout: 15_000 });
    expect(new URL(game.url()).origin).toBe(sim.url);
    await page.getByTestId('logout-button').first().click();
    await expect.poll(() => game.isClosed(), { timeout: 10_000 }).toBe(true);
  });
});
