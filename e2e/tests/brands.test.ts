import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, launchBrowser } from '../src/browser';
import { startServer, type RunningServer } from '../src/server';

/**
 * One server, two brands: Demo on 127.0.0.1 and Jade on jade.localhost (chromium sends *.localhost to this
 * machine). Each page shows its own title, theme, language and products, and keeps its own storage keys.
 */
describe('two brands from one deployment in a browser', () => {
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

  async function signedIn(url: string, accountId: string, tourKey: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    // The guided tour counts as seen, under the brand's own key (the tour has its own test).
    await context.addInitScript((key) => localStorage.setItem(key, JSON.stringify({ done: true })), tourKey);
    const page = await context.newPage();
    await page.goto(`${url}/`);
    await page.getByTestId('login-username').fill(accountId);
    await page.getByTestId('login-password').fill('Demo1234');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('logout-button').waitFor({ timeout: 60_000 });
    // The home page has no product menu: the sportsbook screen shows it.
    await page.goto(`${url}/desktop`);
    await page.getByTestId('nav-desktop').waitFor({ timeout: 60_000 });
    return page;
  }

  it('each brand shows its own title, theme, language and products, with its own storage keys', async () => {
    const port = new URL(server.url).port;
    const demoUrl = server.url;
    const jadeUrl = `http://jade.localhost:${port}`;
    const demo = await signedIn(demoUrl, 'demomyr', 'sb_tour');
    const jade = await signedIn(jadeUrl, 'jadethb', 'wl_jade_tour');

    // The brand plus 'Sports Betting Platform', in the page's language.
    expect(await demo.title()).toBe('Demo Sports Betting Platform');
    expect(await jade.title()).toMatch(/^Jade /);
    expect(await jade.title()).not.toBe('Demo Sports Betting Platform');
    const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
    expect(await theme(demo)).toBe('light');
    expect(await theme(jade)).toBe('dark');
    const brandColour = (page: Page) =>
      page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
    expect(await brandColour(jade)).toBe('#6a2c91');
    expect(await brandColour(demo)).not.toBe('#6a2c91');

    // Jade opens in Thai and offers four languages; Demo in English with all nine.
    const switcher = (page: Page) =>
      page.getByTestId('language-switcher').evaluate((select) => ({
        value: (select as HTMLSelectElement).value,
        options: [...(select as HTMLSelectElement).options].map((option) => option.value),
      }));
    expect(await switcher(jade)).toEqual({ value: 'th', options: ['en', 'cn', 'th', 'vi'] });
    expect((await switcher(demo)).value).toBe('en');
    expect((await switcher(demo)).options).toHaveLength(9);

    // Products: Jade has no live casino and no tournament; Demo has both.
    expect(await demo.getByTestId('nav-casino').count()).toBe(1);
    expect(await demo.getByTestId('nav-tournament2').count()).toBe(1);
    expect(await jade.getByTestId('nav-casino').count()).toBe(0);
    expect(await jade.getByTestId('nav-tournament2').count()).toBe(0);
    expect(await jade.getByTestId('nav-slots').count()).toBe(1);
    // A product the brand does not offer leads home.
    await jade.goto(`${jadeUrl}/casino`);
    await jade.waitForURL((url) => !url.pathname.startsWith('/casino'), { timeout: 30_000 });

    // White-label storage keys are the brand's own; the default brand keeps the platform's.
    const keys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());
    const jadeKeys = await keys(jade);
    const demoKeys = await keys(demo);
    expect(jadeKeys.length).toBeGreaterThan(1);
    expect(jadeKeys.every((key) => key.startsWith('wl_jade_'))).toBe(true);
    expect(demoKeys.some((key) => key.startsWith('sb_'))).toBe(true);
    expect(demoKeys.some((key) => key.startsWith('wl_'))).toBe(false);

    await demo.screenshot({ path: artifactPath('brand-demo.png') });
    await jade.screenshot({ path: artifactPath('brand-jade.png') });
  });

  it("a member of one brand cannot sign in on the other brand's host", async () => {
    const port = new URL(server.url).port;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`http://jade.localhost:${port}/`);
    await page.getByTestId('login-username').fill('demomyr');
    await page.getByTestId('login-password').fill('Demo1234');
    await page.getByTestId('login-submit').click();
    await page.waitForTimeout(1500);
    expect(await page.getByTestId('logout-button').count()).toBe(0);
    await context.close();
  });
});
