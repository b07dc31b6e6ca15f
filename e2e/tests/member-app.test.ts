import type { Browser, Page } from 'playwright-core';
import { gmt8DayNumber, gmt8DayStart } from '@sb/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, launchBrowser, loggedInPage } from '../src/browser';
import { matchWithHandicap, operatorTrade } from '../src/backoffice';
import { post, startServer, type RunningServer } from '../src/server';
import { demoBackofficeToken as boSignIn } from '../../apps/server/src/db/demo-totp';

/** The member app in Debian's chromium against the real server on a fresh database. */
describe('member web app in a browser', () => {
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

  /** A fresh page whose guided tour counts as seen (the tour has its own test). */
  async function newPage(options: { tourDone?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    if (options.tourDone !== false) {
      await context.addInitScript(() =>
        window.localStorage.setItem('sb_tour', JSON.stringify({ done: true })),
      );
    }
    return context.newPage();
  }

  async function logIn(page: Page, accountId = 'demomyr', password = 'Demo1234') {
    await page.getByTestId('login-username').fill(accountId);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
  }

  it('has the brand title and redirects an anonymous visit to login, then lands on the wanted screen', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/info/statement`);
    await page.waitForURL(
      (url) => url.pathname === '/' && url.searchParams.get('redirect') === '/info/statement',
    );
    expect(await page.title()).toBe('Demo Sports Betting Platform');
    await logIn(page);
    await page.waitForURL((url) => url.pathname === '/info/statement');
    await page.getByTestId('header-balance').waitFor();
    expect(await page.getByTestId('header-balance').innerText()).toContain('10,000.00');
    await page.context().close();
  });

  it('shows the spec messages for an empty form and a wrong password', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Username is required!');
    await page.getByTestId('login-username').fill('demomyr');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.locator('body').innerText()).toContain('Password is required!');
    await logIn(page, 'demomyr', 'wrong-pass');
    await expect.poll(() => page.locator('body').innerText()).toContain('Invalid password.');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });

  it('switching language changes the visible text, and settings survive a reload', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/info/settings`);
    await logIn(page);
    await page.waitForURL((url) => url.pathname === '/info/settings');
    const save = page.getByTestId('settings-save');
    await save.waitFor();
    const englishSave = await save.innerText();
    const englishNav = await page.getByTestId('nav-info-statement').innerText();
    await page.screenshot({ path: artifactPath('settings-en.png'), fullPage: true });
    await page.getByTestId('language-switcher').selectOption('cn');
    await expect.poll(() => page.getByTestId('settings-save').innerText()).not.toBe(englishSave);
    expect(await page.getByTestId('nav-info-statement').innerText()).not.toBe(englishNav);
    await page.screenshot({ path: artifactPath('settings-cn.png'), fullPage: true });
    await page.getByTestId('settings-odds-type').selectOption('2');
    await page.getByTestId('settings-save').click();
    await page.waitForTimeout(300);
    await page.reload();
    await page.getByTestId('settings-odds-type').waitFor();
    expect(await page.getByTestId('settings-odds-type').inputValue()).toBe('2');
    expect(await page.getByTestId('settings-save').innerText()).not.toBe(englishSave);
    // The server kept them too: a fresh login returns them.
    const reply = await post(`${server.url}/api/authlogin`, { account_id: 'demomyr', password: 'Demo1234' });
    const info = (
      reply.member_profile as { player_info: [{ settings: { oddsType: string; language: string } }] }
    ).player_info[0];
    expect(info.settings).toMatchObject({ oddsType: '2', language: 'cn' });
    await page.getByTestId('language-switcher').selectOption('en');
    await page.getByTestId('settings-save').click();
    await page.context().close();
  });

  it('an ended session returns home with the dialog', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await logIn(page, 'demousd');
    await page.getByTestId('header-balance').waitFor();
    // The upline resets the password: every session of the member ends.
    const boToken = await boSignIn(server.url);
    const response = await fetch(`${server.url}/bo/resetpassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${boToken}` },
      body: JSON.stringify({ account_id: 'demousd', new_password: 'Demo1234' }),
    });
    expect(((await response.json()) as { status: string }).status).toBe('1');
    await page.getByTestId('balance-refresh').click();
    await page.getByTestId('dialog').waitFor();
    expect(await page.getByTestId('dialog-text').innerText()).toContain('Session expired');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('the guided tour shows once with skip, previous, next and finish', async () => {
    const page = await newPage({ tourDone: false });
    await page.goto(`${server.url}/desktop`);
    await logIn(page, 'democny');
    await page.getByTestId('tour').waitFor();
    await page.getByTestId('tour-next').click();
    await page.getByTestId('tour-prev').click();
    await page.getByTestId('tour-skip').click();
    await page.getByTestId('tour').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('header-balance').waitFor();
    expect(await page.getByTestId('tour').count()).toBe(0);
    await page.context().close();
  });

  it('shows a published result on the results screen', async () => {
    const trade = await operatorTrade(server.url);
    const created = await trade('creatematch', {
      sport_id: 1,
      league: 'Browser Test League',
      home: 'Resultshire FC',
      away: 'Scoreford Town',
      // Two hours ago, but never before today's start in GMT+8: the screen opens on today's results, so from
      // 00:00 to 02:00 GMT+8 a kick-off two hours back would be yesterday's.
      kickoff: new Date(
        Math.max(Date.now() - 2 * 3_600_000, gmt8DayStart(gmt8DayNumber(Date.now()))),
      ).toISOString(),
    });
    expect(created.status).toBe('1');
    const published = await trade('result', {
      match_id: created.match_id,
      ht: { home: 1, away: 0 },
      ft: { home: 3, away: 1 },
    });
    expect(published.status).toBe('1');
    const page = await newPage();
    await page.goto(`${server.url}/info/result`);
    await logIn(page, 'demosgd');
    await page.waitForURL((url) => url.pathname === '/info/result');
    await expect
      .poll(() => page.locator('body').innerText(), { timeout: 10_000 })
      .toContain('Resultshire FC');
    const text = await page.locator('body').innerText();
    expect(text).toContain('Scoreford Town');
    expect(text).toMatch(/3\s*-\s*1/);
    await page.screenshot({ path: artifactPath('results-with-data-en.png'), fullPage: true });
    await page.context().close();
  });

  it('lists a placed bet on the bet list screen', async () => {
    const { marketId } = await matchWithHandicap(server.url, {
      league: 'Browser Bets League',
      home: 'Stakeley United',
      away: 'Oddsbury',
    });
    const login = await post(`${server.url}/api/authlogin`, { account_id: 'demoidr', password: 'Demo1234' });
    const token = (login.member_profile as { player_info: [{ session_token: string }] }).player_info[0]
      .session_token;
    const placed = await post(`${server.url}/api/bet/betsingle`, {
      account_id: 'demoidr',
      session_token: token,
      idempotency_key: 'e2e-bet-1',
      odds_type: '1',
      market_id: marketId,
      selection: 'h',
      odds: '0.90',
      stake: '50',
    });
    expect(placed.status, JSON.stringify(placed)).toBe('1');
    const page = await loggedInPage(browser, server.url, '/info/betlist', 'demoidr');
    await page.waitForURL((url) => url.pathname === '/info/betlist');
    await expect
      .poll(() => page.locator('body').innerText(), { timeout: 10_000 })
      .toContain('Stakeley United');
    await page.screenshot({ path: artifactPath('betlist-with-bet-en.png'), fullPage: true });
    await page.context().close();
  });

  it('keeps a screenshot of each main screen in two languages', async () => {
    const page = await newPage();
    await page.goto(server.url);
    await page.getByTestId('login-username').waitFor();
    await page.screenshot({ path: artifactPath('home-en.png') });
    await logIn(page, 'demothb');
    await page.getByTestId('header-balance').waitFor();
    for (const language of ['en', 'th']) {
      await page.getByTestId('language-switcher').selectOption(language);
      for (const path of [
        '/desktop',
        '/info/betlist',
        '/info/statement',
        '/info/result',
        '/info/message',
        '/info/rules',
      ]) {
        await page.goto(`${server.url}${path}`);
        await page.getByTestId('header-balance').waitFor();
        await page.waitForTimeout(150);
        await page.screenshot({
          path: artifactPath(`${path.replaceAll('/', '_').slice(1)}-${language}.png`),
          fullPage: true,
        });
      }
    }
    await page.context().close();
  });
});
