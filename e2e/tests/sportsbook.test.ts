import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchWithHandicap, operatorTrade } from '../src/backoffice';
import { artifactPath, launchBrowser, loggedInPage } from '../src/browser';
import { startServer, type RunningServer } from '../src/server';

/** A newcomer's path on the sportsbook screen: today's soccer, a price that moves, a bet placed from the slip. */
describe('sportsbook screen in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ FEED: 'none' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows today’s soccer, moves a price live, and places a single from the slip', async () => {
    const { matchId, marketId } = await matchWithHandicap(
      server.url,
      { league: 'Slip League', home: 'Slipton Rovers', away: 'Pickford City' },
      { h: '1.95', a: '1.95' },
    );
    const trade = await operatorTrade(server.url);
    const page = await loggedInPage(browser, server.url, '/desktop', 'demosgd', { width: 1400 });
    await page.waitForURL((url) => url.pathname === '/desktop');
    await page.getByTestId(`match-row-${matchId}`).waitFor({ timeout: 15_000 });
    const price = page.getByTestId(`price-${String(marketId)}-h`);
    expect(await price.innerText()).toContain('0.95');

    // The book moves: the cell follows without a reload.
    await trade('price', {
      match_id: matchId,
      kind: 'hdp',
      line: '-0.25',
      prices: { h: '1.90', a: '2.00' },
    });
    await expect.poll(() => price.innerText(), { timeout: 10_000 }).toContain('0.90');

    await price.click();
    await page.getByTestId('betslip-stake').fill('100');
    await page.getByTestId('betslip-place').click();
    await page.getByTestId('mybets').getByText('Slipton Rovers').first().waitFor({ timeout: 10_000 });
    await expect
      .poll(() => page.getByTestId('header-balance').innerText(), { timeout: 10_000 })
      .toContain('9,900.00');
    await page.screenshot({ path: artifactPath('sportsbook-bet-placed-en.png'), fullPage: true });
    await page.context().close();
  });
});
