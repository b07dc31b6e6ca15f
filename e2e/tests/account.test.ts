import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchWithHandicap, operatorTrade } from '../src/backoffice';
import { artifactPath, launchBrowser, loggedInPage } from '../src/browser';
import { post, startServer, type RunningServer } from '../src/server';

const MEMBER = 'demomyr';
const money = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const shown = (amount: string) => money.format(Number(amount));
/** YYYY-MM-DD in GMT+8, shifted by whole days (the statement's dates). */
const gmt8Day = (offset = 0) =>
  new Date(Date.now() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

type Row = Record<string, unknown>;

/**
 * The member's account screens against the real statement calls: bets placed through the API, results
 * published by the operator and settled by the server, then the statement, the day's bets with a parlay's
 * legs, the settled history, a system parlay's combinations, in English and Chinese; nickname and password.
 */
describe('account screens in a browser', () => {
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

  it('statement, bet list and system parlay show settled bets; nickname and password change', async () => {
    const trade = await operatorTrade(server.url);
    const matches = [];
    for (const [home, away] of [
      ['Ledger Rovers', 'Balance Town'],
      ['Parlay Park', 'Comboford'],
      ['System City', 'Foldham'],
      ['Trixie United', 'Patent Athletic'],
    ] as const) {
      matches.push(await matchWithHandicap(server.url, { league: 'Statement League', home, away }));
    }
    const [a, b, c, d] = matches;
    if (!a || !b || !c || !d) throw new Error('four matches');

    const login = await post(`${server.url}/api/authlogin`, { account_id: MEMBER, password: 'Demo1234' });
    const token = (login.member_profile as { player_info: [{ session_token: string }] }).player_info[0]
      .session_token;
    const session = { account_id: MEMBER, session_token: token };
    const api = (name: string, body: object = {}) =>
      post(`${server.url}/api/${name}`, { ...session, ...body });
    let key = 0;
    const bet = async (name: string, body: object) => {
      key += 1;
      const reply = await api(`bet/${name}`, {
        odds_type: '4',
        idempotency_key: `e2e-account-${key}`,
        ...body,
      });
      expect(reply.status, JSON.stringify(reply)).toBe('1');
      return reply.bet as { bet_id: number; ref_no: string };
    };
    const home = (marketId: number) => ({ market_id: marketId, selection: 'h', odds: '1.90' });
    const single = await bet('betsingle', { ...home(a.marketId), stake: '100' });
    const parlay = await bet('betparlay', { picks: [home(b.marketId), home(c.marketId)], stake: '20' });
    const system = await bet('betsysparlay', {
      picks: [home(b.marketId), home(c.marketId), home(d.marketId)],
      stake: '10',
      fold_sizes: [2, 3],
    });

    // The operator publishes the results; the server settles on each one.
    for (const [match, ft] of [
      [a, { home: 2, away: 0 }],
      [b, { home: 1, away: 0 }],
      [c, { home: 3, away: 1 }],
      [d, { home: 0, away: 2 }],
    ] as const) {
      const published = await trade('result', { match_id: match.matchId, ht: { home: 0, away: 0 }, ft });
      expect(published.status, JSON.stringify(published)).toBe('1');
    }
    const range = { start_date: gmt8Day(-1), end_date: gmt8Day(0) };
    await expect
      .poll(async () => ((await api('sportsbook', range)).data as Row[] | undefined)?.length, {
        timeout: 20_000,
      })
      .toBe(3);

    // What the screens must show, from the member's own money: the statement's closing is available plus
    // outstanding, today opens at zero (the demo deposit is today's adjustment), win/loss is the bets'.
    const statement = (await api('dailystatement', range)).data as Row[];
    const today = statement[statement.length - 1] as Row;
    const day = String(today.transaction_date);
    const settled = (await api('sportsbook', { working_date: day })).data as Row[];
    const winLoss = settled.reduce((sum, row) => sum + Math.round(Number(row.win_loss) * 100), 0) / 100;
    const balance = await api('userbalance');
    const closing = (Number(balance.balance) + Number(balance.outstanding_balance)).toFixed(2);
    expect(today).toMatchObject({
      opening_balance: '0.00',
      adjustment: '10000.00',
      settled_amount: winLoss.toFixed(2),
      closing_balance: closing,
    });

    const page = await loggedInPage(browser, server.url, '/info/statement', MEMBER);
    await page.waitForURL((url) => url.pathname === '/info/statement');
    const row = page.getByTestId(`statement-day-${day}`);
    await row.waitFor({ timeout: 15_000 });
    const cell = (key: string) => row.getByTestId(`day-${key}`).innerText();
    expect(await cell('opening')).toBe('0.00');
    expect(await cell('winLoss')).toBe(shown(winLoss.toFixed(2)));
    expect(await cell('closing')).toBe(shown(closing));
    expect(await cell('adjustment')).toBe('10,000.00');

    const shots = async (language: 'en' | 'cn') => {
      await page.goto(`${server.url}/info/statement`);
      await row.waitFor({ timeout: 15_000 });
      await page.screenshot({ path: artifactPath(`account-statement-${language}.png`), fullPage: true });

      // The day's settled bets, the parlay's legs read with parlaybetdetails.
      await page.getByTestId(`statement-open-${day}`).click();
      const singleRow = page.getByTestId(`bet-${single.ref_no}`);
      await singleRow.waitFor({ timeout: 10_000 });
      expect(await singleRow.innerText()).toContain('Ledger Rovers');
      expect(await singleRow.innerText()).toContain('2-0');
      await page.getByTestId(`bet-legs-${parlay.bet_id}`).click();
      await page.getByTestId(`bet-${parlay.ref_no}`).getByTestId('leg-2').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId(`bet-${parlay.ref_no}`).innerText()).toContain('Comboford');
      // The day's deposit explains its adjustment column.
      expect(await page.getByTestId('statement-adjustments').innerText()).toContain('10,000.00');
      await page.screenshot({ path: artifactPath(`account-statement-day-${language}.png`), fullPage: true });

      // The bet list's settled history.
      await page.goto(`${server.url}/info/betlist`);
      await page.getByTestId('betlist-tab-settled').click();
      const history = page.getByTestId(`settled-${single.ref_no}`);
      await history.waitFor({ timeout: 10_000 });
      await expect.poll(() => history.innerText()).toContain('Ledger Rovers');
      await page.getByTestId(`settled-${system.ref_no}`).waitFor();
      await page.screenshot({
        path: artifactPath(`account-betlist-settled-${language}.png`),
        fullPage: true,
      });

      // The system parlay: its matches and its four combinations with stake and return.
      await page.goto(`${server.url}/info/sysparlay`);
      await page.getByTestId(`ticket-open-${system.ref_no}`).click();
      const combos = page.getByTestId(`combinations-${system.ref_no}`);
      await combos.waitFor({ timeout: 10_000 });
      expect(await combos.getByTestId('combination').count()).toBe(4);
      expect(await combos.innerText()).toContain('10.00');
      await page.getByTestId(`ticket-details-${system.ref_no}`).getByTestId('leg-3').waitFor();
      await page.screenshot({ path: artifactPath(`account-sysparlay-${language}.png`), fullPage: true });
    };

    await shots('en');
    const englishTitle = await page.locator('h1').first().innerText();
    await page.getByTestId('language-switcher').selectOption('cn');
    await expect.poll(() => page.locator('h1').first().innerText()).not.toBe(englishTitle);
    await shots('cn');

    // A phone: each table row becomes a card.
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`${server.url}/info/statement?date=${day}`);
    await page.getByTestId(`bet-${single.ref_no}`).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: artifactPath('account-statement-day-phone-cn.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 860 });

    await setNicknameAndPassword(page, server.url);
    await page.context().close();
    const relogin = await post(`${server.url}/api/authlogin`, { account_id: MEMBER, password: 'Newpass12' });
    expect(relogin.status, JSON.stringify(relogin)).toBe('1');
    const info = (relogin.member_profile as { player_info: [{ nickname: string }] }).player_info[0];
    expect(info.nickname).toBe('Statement01');
  });
});

async function setNicknameAndPassword(page: Page, url: string) {
  await page.goto(`${url}/info/settings`);
  await page.getByTestId('nickname-input').fill('Statement01');
  await page.getByTestId('nickname-save').click();
  await page.getByTestId('nickname-confirm-text').waitFor();
  await page.getByTestId('nickname-save').click();
  await page.getByTestId('nickname-value').waitFor({ timeout: 10_000 });
  expect(await page.getByTestId('nickname-value').innerText()).toBe('Statement01');

  await page.getByTestId('password-current').fill('Demo1234');
  await page.getByTestId('password-next').fill('Newpass12');
  await page.getByTestId('password-confirm').fill('Newpass12');
  await page.getByTestId('password-save').click();
  // The message is in the member's language; the new password is proven by logging in with it.
  await expect.poll(() => page.getByTestId('password-message').innerText(), { timeout: 10_000 }).not.toBe('');
}
