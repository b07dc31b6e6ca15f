import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, launchBrowser } from '../src/browser';
import { freePort, startSim, type RunningSim } from '../src/provider-sim';

/**
 * The simulator's game pages in a browser, in demo mode (fun money, no platform needed): the slot's Spin
 * button, a roulette spin, a fishing shot and a bet on the shared baccarat table each move the balance.
 */
describe('provider simulator game pages', () => {
  let sim: RunningSim;
  let browser: Browser;

  beforeAll(async () => {
    // No wallet behind it: demo pages never call one.
    sim = await startSim({
      port: await freePort(),
      walletUrl: 'http://127.0.0.1:9',
      secret: 'pages-test-secret-0123456789',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await sim?.stop();
  });

  const balanceOf = async (text: string | null) => Number((text ?? '').split(' ')[0]);

  it('slot, roulette, fishing and baccarat play with fun money', async () => {
    const page = await browser.newPage();
    await page.goto(`${sim.url}/play/rl_lucky_lanterns`);
    await expect.poll(() => page.locator('#balance').textContent()).toBe('1000.00 FUN');
    await page.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => page.locator('#message').textContent()).toMatch(/^Win: \d+\.\d\d$/);
    const win = Number((await page.locator('#message').textContent())?.split(': ')[1]);
    expect(await balanceOf(await page.locator('#balance').textContent())).toBeCloseTo(999 + win, 2);
    await page.screenshot({ path: artifactPath('provider-sim-slot.png') });

    await page.goto(`${sim.url}/play/rl_lucky_lanterns?lang=th`);
    await expect(page.getByRole('button', { name: 'หมุน' }).isVisible()).resolves.toBe(true);

    await page.goto(`${sim.url}/play/jg_european_roulette`);
    await page.getByRole('button', { name: 'Spin' }).click();
    await expect.poll(() => page.locator('.pocket').textContent()).toMatch(/^\d+$/);

    await page.goto(`${sim.url}/play/ok_ocean_king`);
    await page.getByRole('button', { name: /Shark/ }).click();
    await page.getByRole('button', { name: 'Shoot' }).click();
    await expect.poll(() => page.locator('#message').textContent()).toMatch(/Win|×/);

    await page.goto(`${sim.url}/play/gt_speed_baccarat`);
    await expect
      .poll(() => page.locator('.phase').textContent(), { timeout: 15_000 })
      .toMatch(/Place your bets/);
    await page.getByRole('button', { name: 'Banker' }).click();
    await expect.poll(() => page.locator('#balance').textContent()).toBe('999.00 FUN');
    // The coup is dealt when the window closes; the page then shows both hands and the return.
    await expect
      .poll(() => page.locator('.table').textContent(), { timeout: 20_000 })
      .toMatch(/Result: (Player|Banker|Tie)/);
    await page.screenshot({ path: artifactPath('provider-sim-baccarat.png') });
    await page.close();
  });
});
