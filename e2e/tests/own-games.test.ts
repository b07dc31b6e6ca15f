import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, launchBrowser, loggedInPage } from '../src/browser';
import { startServer, type RunningServer } from '../src/server';
import { demoBackofficeToken as boSignIn } from '../../apps/server/src/db/demo-totp';

/**
 * Our own games in a browser against the real server (its own clocks running): a 4D ticket bought with box on
 * the number pad, seen in the ticket list, drawn by the operator and settled with its prize shown, the draw's
 * numbers in the results; then a crash round played with an automatic cash-out over the socket.
 */
describe('own games in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ FEED: 'none', CRASH_BETTING_MS: '4000' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('buys a 4D box ticket, sees it drawn and paid; plays a crash round', async () => {
    const page = await loggedInPage(browser, server.url, '/w4d', 'demomyr');
    await page.getByTestId('lottery-draw').first().waitFor({ timeout: 30_000 });
    for (const digit of ['1', '2', '3', '4']) await page.getByTestId(`pad-${digit}`).click();
    expect(await page.getByTestId('lottery-number').textContent()).toBe('1234');
    await page.getByTestId('mode-box').check();
    await page.getByTestId('lottery-stake').fill('1.00');
    // Box 1234: 24 orderings at 1.00 each.
    expect(await page.getByTestId('lottery-cost').textContent()).toContain('24.00');
    await page.getByTestId('lottery-buy').click();
    const ticket = page.getByTestId('lottery-ticket').first();
    await ticket.waitFor({ timeout: 15_000 });
    expect(await ticket.getAttribute('data-status')).toBe('open');
    const drawId = Number(await ticket.getAttribute('data-draw-id'));

    const boToken = await boSignIn(server.url);
    const drawn = await fetch(`${server.url}/bo/lottery/drawnow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${boToken}` },
      body: JSON.stringify({ draw_id: drawId }),
    }).then((r) => r.json() as Promise<{ statusdesc: string; draw: { status: string } }>);
    expect(drawn.statusdesc).toBe('success');
    expect(drawn.draw.status).toBe('settled');
    // The settlement's push refreshes the list: the ticket is won or lost with its payout shown.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="lottery-ticket"]')?.getAttribute('data-status') !== 'open',
      undefined,
      { timeout: 20_000 },
    );
    expect(['won', 'lost']).toContain(await ticket.getAttribute('data-status'));
    expect(await page.getByTestId('lottery-payout').first().textContent()).toMatch(/\d+\.\d{2}/);
    await page.getByTestId('lottery-tab-results').click();
    await page.getByTestId('lottery-result').first().waitFor();
    expect(await page.getByTestId('lottery-first').first().textContent()).toMatch(/^\d{4}$/);
    await page.screenshot({ path: artifactPath('own-games-4d.png') });

    // Crash: bet while the round takes bets, with an automatic cash-out at 1.01x (99% of rounds reach it).
    await page.goto(`${server.url}/minigame`);
    await page.getByTestId('crash-stage').waitFor();
    await page.getByTestId('crash-stake').fill('2.00');
    await page.getByTestId('crash-auto').fill('1.01');
    const betButton = page.getByTestId('crash-bet');
    // On a loaded machine a click late in the betting window may reach the server after the round took off: the
    // bet is refused (its reply says so), and the member bets again in the next round. At most three rounds.
    let accepted = false;
    for (let attempt = 0; attempt < 3 && !accepted; attempt += 1) {
      await page.waitForFunction(
        () => !(document.querySelector('[data-testid="crash-bet"]') as HTMLButtonElement | null)?.disabled,
        undefined,
        { timeout: 90_000, polling: 100 },
      );
      const [reply] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/crashbet'), { timeout: 30_000 }),
        betButton.click(),
      ]);
      accepted = String(((await reply.json()) as { status: unknown }).status) === '1';
    }
    expect(accepted).toBe(true);
    // The accepted bet shows in the panel, unless its round was already over when the state came back.
    await page
      .getByTestId('crash-my-bet')
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    // The bet settles (auto cash-out or bust). On a loaded machine the screen may only ask again once the next
    // round has begun: the bet then leaves the panel, and its result is in the member's rounds.
    await page.waitForFunction(
      () => {
        const mine = document.querySelector('[data-testid="crash-my-bet"]');
        const status = mine?.getAttribute('data-status');
        return !mine || status === 'won' || status === 'lost';
      },
      undefined,
      { timeout: 60_000, polling: 200 },
    );
    const shown = page.getByTestId('crash-my-bet');
    let status = (await shown.count()) > 0 ? await shown.getAttribute('data-status') : null;
    if (status === 'won') expect(await shown.textContent()).toContain('2.02');
    if (status !== 'won' && status !== 'lost') {
      await page.locator('#minigame-tab-rounds').click();
      const latest = page.getByTestId('minigame-rounds').locator('tbody tr').first();
      await latest.waitFor();
      const text = (await latest.textContent()) ?? '';
      status = /Won/.test(text) ? 'won' : /Lost/.test(text) ? 'lost' : text;
      if (status === 'won') expect(text).toContain('2.02');
    }
    expect(['won', 'lost']).toContain(status);
    await page.screenshot({ path: artifactPath('own-games-crash.png') });
  }, 240_000);
});
