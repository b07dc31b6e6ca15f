import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchWithHandicap, operatorTrade } from '../src/backoffice';
import { artifactPath, launchBrowser, loggedInPage } from '../src/browser';
import { startServer, type RunningServer } from '../src/server';

/** Three matches kicking off in two hours, each with a handicap market: answers their match and market ids. */
async function threeMatches(url: string, tag: string) {
  return Promise.all(
    ['A', 'B', 'C'].map((leg, index) =>
      matchWithHandicap(
        url,
        { league: `${tag} League`, home: `${tag} ${leg} Home`, away: `${tag} ${leg} Away` },
        { h: ['1.90', '2.00', '1.95'][index] ?? '1.90', a: ['2.00', '1.90', '1.95'][index] ?? '1.90' },
      ),
    ),
  );
}

/** The member's /desktop with every match on one page (50 per page). */
async function openDesktop(browser: Browser, url: string, accountId: string): Promise<Page> {
  const page = await loggedInPage(browser, url, '/desktop', accountId, { width: 1400 });
  await page.waitForURL((where) => where.pathname === '/desktop');
  await page.getByTestId('page-size').selectOption('50');
  return page;
}

const balanceOf = (page: Page) => page.getByTestId('header-balance').innerText();

/** A newcomer's path on the sportsbook screen: today's soccer, a price that moves, a bet placed from the slip. */
describe('sportsbook screen in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    // Live bets are accepted after 2.5 s here (5 s by default), so the waiting-then-running walk stays short;
    // each trading helper logs the operator in, more often than the login throttle's 5 a minute.
    server = await startServer({
      FEED: 'none',
      LIVE_ACCEPT_DELAY_MS: '2500',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    });
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

  it('builds a 3-leg mix parlay and a system parlay of the same legs', async () => {
    const legs = await threeMatches(server.url, 'Parlay');
    const page = await openDesktop(browser, server.url, 'demomyr');
    await page.getByTestId(`match-row-${legs[2]?.matchId}`).waitFor({ timeout: 15_000 });
    await page.getByTestId('betslip-tab-parlay').click();
    for (const leg of legs) await page.getByTestId(`price-${leg.marketId}-h`).click();
    await expect
      .poll(() => page.getByTestId('betslip').locator('[data-testid^="betslip-pick-"]').count())
      .toBe(3);
    await page.getByTestId('betslip-stake').fill('10');
    await page.getByTestId('betslip-place').click();
    await expect
      .poll(() => page.getByTestId('betslip-message').innerText(), { timeout: 10_000 })
      .toMatch(/Running/);
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toContain('9,990.00');

    // The same three legs as a system: doubles and the treble, four bets of 10.
    await page.getByTestId('betslip-tab-system').click();
    for (const leg of legs) await page.getByTestId(`price-${leg.marketId}-a`).click();
    expect(await page.getByTestId('betslip-combinations').innerText()).toContain('4 bets');
    await page.getByTestId('betslip-stake').fill('10');
    expect(await page.getByTestId('betslip-total-stake').innerText()).toContain('40.00');
    await page.screenshot({ path: artifactPath('sportsbook-system-parlay-en.png'), fullPage: true });
    await page.getByTestId('betslip-place').click();
    await expect
      .poll(() => page.getByTestId('betslip-message').innerText(), { timeout: 10_000 })
      .toMatch(/Running/);
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toContain('9,950.00');
    await page.context().close();
  });

  it('asks to re-confirm a price that moved after it was picked, then places at the new price', async () => {
    const { matchId, marketId } = await matchWithHandicap(
      server.url,
      { league: 'Confirm League', home: 'Confirm Town', away: 'Moved City' },
      { h: '1.95', a: '1.95' },
    );
    const trade = await operatorTrade(server.url);
    const page = await openDesktop(browser, server.url, 'democny');
    await page.getByTestId(`match-row-${matchId}`).waitFor({ timeout: 15_000 });
    await page.getByTestId(`price-${marketId}-h`).click();
    await page.getByTestId('betslip-stake').fill('50');
    await trade('price', { match_id: matchId, kind: 'hdp', line: '-0.25', prices: { h: '1.80', a: '2.10' } });
    await expect
      .poll(() => page.getByTestId(`price-${marketId}-h`).innerText(), { timeout: 10_000 })
      .toBe('0.80');
    await page.getByTestId('betslip-place').click();
    const confirm = page.getByTestId('betslip-confirm-odds');
    await confirm.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('betslip-message').innerText()).toMatch(/0\.95.*0\.80/);
    await confirm.click();
    await expect
      .poll(() => page.getByTestId('betslip-message').innerText(), { timeout: 10_000 })
      .toMatch(/Running/);
    await page.context().close();
  });

  it('lets an MMK member bet with Myanmar odds', async () => {
    const { matchId, marketId } = await matchWithHandicap(
      server.url,
      { league: 'Myanmar League', home: 'Yangon United', away: 'Mandalay FC' },
      { h: '1.90', a: '2.00' },
    );
    const page = await openDesktop(browser, server.url, 'demommk');
    await page.getByTestId('odds-type-switcher').selectOption('5');
    await page.getByTestId(`match-row-${matchId}`).waitFor({ timeout: 15_000 });
    const line = page.getByTestId(`mm-${marketId}-h`);
    expect(await line.innerText()).toMatch(/^(=|\d+)([+-]\d+|D)$/);
    await line.click();
    expect(await page.getByTestId('betslip-tab-mmSingle').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('betslip-limits').waitFor({ timeout: 10_000 });
    await page.getByTestId('betslip-stake').fill('100');
    await page.getByTestId('betslip-place').click();
    await expect
      .poll(() => page.getByTestId('betslip-message').innerText(), { timeout: 10_000 })
      .toMatch(/Running/);
    await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toContain('9,900.00');
    await page.screenshot({ path: artifactPath('sportsbook-myanmar-en.png'), fullPage: true });
    await page.context().close();
  });

  it('places a live bet that waits, then runs; the live centre shows the score', async () => {
    const { matchId, marketId } = await matchWithHandicap(
      server.url,
      { league: 'Live League', home: 'Live Rovers', away: 'Inplay Athletic' },
      { h: '1.90', a: '2.00' },
    );
    const trade = await operatorTrade(server.url);
    await trade('live', { match_id: matchId, period: '1h', minute: 12, home: 1, away: 0, home_red: 1 });
    const page = await openDesktop(browser, server.url, 'demothb');
    await page.getByTestId(`open-live-${matchId}`).click();
    const centre = page.getByTestId('live-centre');
    await expect.poll(() => centre.getByTestId('live-score').innerText(), { timeout: 10_000 }).toBe('1 - 0');
    expect(await centre.getByTestId('live-clock').innerText()).toContain("12'");
    expect(await centre.getByTestId('live-red-home').innerText()).toBe('1');
    await page.getByTestId(`price-${marketId}-h`).first().click();
    await page.getByTestId('betslip-stake').fill('200');
    await page.getByTestId('betslip-place').click();
    const status = page.getByTestId('betslip-placed-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 10_000 }).toBe('waiting');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('running');
    await page.getByTestId('mybets').getByText('Live Rovers').first().waitFor({ timeout: 10_000 });
    await page.context().close();
  });

  it('lists the early matches of the chosen day from the server, and closes the league panel on Escape or a click outside', async () => {
    const trade = await operatorTrade(server.url);
    // Noon GMT+8 one and two days after today's GMT+8 date.
    const today = Math.floor((Date.now() + 8 * 3_600_000) / 86_400_000);
    const noon = (offset: number) => new Date((today + offset) * 86_400_000 + 4 * 3_600_000).toISOString();
    const ids: number[] = [];
    for (const [offset, home] of [
      [1, 'Morrow Town'],
      [2, 'Overmorrow United'],
    ] as const) {
      const created = await trade('creatematch', {
        sport_id: 1,
        league: 'Days League',
        home,
        away: `${home} Reserves`,
        kickoff: noon(offset),
      });
      await trade('market', {
        match_id: created.match_id,
        kind: 'hdp',
        line: '0',
        prices: { h: '1.9', a: '1.9' },
      });
      ids.push(Number(created.match_id));
    }
    const [tomorrow, dayAfter] = ids;
    const page = await openDesktop(browser, server.url, 'demomyr');
    await page.getByTestId('menu-tab-early').click();
    await page.getByTestId(`match-row-${dayAfter}`).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`match-row-${tomorrow}`).count()).toBe(1);
    await page.getByTestId('early-day-2').click();
    await page.getByTestId(`match-row-${dayAfter}`).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.getByTestId(`match-row-${tomorrow}`).count()).toBe(1);
    await page.getByTestId('early-day-3').click();
    await page.getByTestId(`match-row-${tomorrow}`).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await page.getByTestId(`match-row-${dayAfter}`).count()).toBe(1);

    await page.getByTestId('league-filter').click();
    await page.getByTestId('league-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('league-panel').waitFor({ state: 'detached' });
    await page.getByTestId('league-filter').click();
    await page.getByTestId('league-panel').waitFor();
    await page.getByTestId('market-table').click({ position: { x: 5, y: 5 } });
    await page.getByTestId('league-panel').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('keeps screenshots of the screen in two languages and both themes', async () => {
    await matchWithHandicap(server.url, { league: 'Shot League', home: 'Picture FC', away: 'Frame United' });
    const page = await openDesktop(browser, server.url, 'demousd');
    await page.getByTestId('market-table').waitFor({ timeout: 15_000 });
    for (const language of ['en', 'cn'] as const) {
      await page.getByTestId('language-switcher').selectOption(language);
      // The screen speaks the chosen language (its menu tabs translated); its texts load on demand, so the
      // screenshots wait for it.
      await expect
        .poll(() => page.getByTestId('menu-tab-today').innerText(), { timeout: 10_000 })
        .toBe(language === 'cn' ? '今日' : 'Today');
      for (const theme of ['light', 'dark'] as const) {
        if ((await page.evaluate(() => document.documentElement.dataset.theme)) !== theme) {
          await page.getByTestId('theme-toggle').click();
        }
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await page.waitForTimeout(200);
        await page.screenshot({ path: artifactPath(`sportsbook-desktop-${language}-${theme}.png`) });
      }
    }
    await page.getByTestId('language-switcher').selectOption('en');
    await page.context().close();
  });
});
