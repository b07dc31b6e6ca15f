import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchWithHandicap, memberSession, operatorTrade, signInBackofficeApp } from '../src/backoffice';
import { artifactPath, launchBrowser } from '../src/browser';
import { post, startServer, type RunningServer } from '../src/server';
import { totpCode } from '../../apps/server/src/lib/totp';

const AGENT = 'aboag1';
const MEMBER = 'aboag1m1';

/**
 * The back-office app (apps/backoffice, served at /bo-app/) against the real server: the demo operator signs in,
 * creates an agent under the demo master and a member under the agent, gives the member credit and finds it in
 * the list; after a settled bet of a demo member, the win/loss report drills down level by level to the member.
 * Screenshots at desktop and phone width in e2e/artifacts.
 */
describe('back-office app in a browser', () => {
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

  const signIn = (width: number, trustedFrom?: BrowserContext) =>
    signInBackofficeApp(browser, server.url, 'demoop', { width, ...(trustedFrom ? { trustedFrom } : {}) });

  it('operator creates an agent and a member, sets credit, and drills the win/loss down', async () => {
    // A settled bet of the demo member so the report has rows at every level.
    const match = await matchWithHandicap(server.url, {
      league: 'Back Office League',
      home: 'Desk FC',
      away: 'Ledger',
    });
    const session = await memberSession(server.url, 'demomyr');
    const placed = await post(`${server.url}/api/bet/betsingle`, {
      ...session,
      odds_type: '4',
      idempotency_key: 'e2e-bo-app-1',
      market_id: match.marketId,
      selection: 'h',
      odds: '1.90',
      stake: '100',
    });
    expect(placed.status, JSON.stringify(placed)).toBe('1');
    const trade = await operatorTrade(server.url);
    const result = await trade('result', {
      match_id: match.matchId,
      ht: { home: 0, away: 0 },
      ft: { home: 2, away: 0 },
    });
    expect(result.status, JSON.stringify(result)).toBe('1');

    const page = await signIn(1280);
    expect(await page.getByTestId('bo-who').textContent()).toContain('demoop');
    await page.getByRole('link', { name: 'Members & downline' }).click();
    await page.getByTestId('bo-members-table').waitFor();

    const create = async (parent: string, accountId: string, commission: string, share: string) => {
      await page.getByTestId('bo-members-new').click();
      await page.getByTestId('bo-create-parent').fill(parent);
      await page.getByTestId('bo-create-account').fill(accountId);
      await page.getByTestId('bo-create-password').fill('Secret1234');
      await page.getByTestId('bo-create-commission').fill(commission);
      await page.getByTestId('bo-create-share').fill(share);
      await page.getByTestId('bo-create-submit').click();
      await page.getByTestId('bo-create-submit').waitFor({ state: 'detached' });
    };
    await create('demoma', AGENT, '0.3', '5');
    await create(AGENT, MEMBER, '0.2', '');

    const row = page.getByTestId(`bo-member-${MEMBER}`);
    await row.waitFor();
    await page.getByTestId(`bo-edit-${MEMBER}`).click();
    await page.getByTestId('bo-edit-amount').fill('5000');
    await page.getByTestId('bo-edit-setcredit').click();
    await expect.poll(() => page.getByTestId('bo-edit-notice').textContent()).toContain('Saved.');
    await expect.poll(() => row.textContent()).toContain('5,000.00');
    await page.getByTestId('bo-members-search').fill('aboag1');
    expect(await page.locator('[data-testid^="bo-member-"]').count()).toBe(1);
    await page.screenshot({ path: artifactPath('backoffice-members-desktop.png'), fullPage: true });

    // Win/loss: open the downline level after level (operator, shareholder ... agent) down to the agent's members.
    await page.getByRole('link', { name: 'Win/loss' }).click();
    await page.getByTestId('bo-wl-totals').waitFor();
    for (let level = 0; level < 6; level += 1) {
      const before = await page.getByTestId('bo-wl-path').textContent();
      if (before?.includes('demoag')) break;
      const next = page.locator('[data-testid^="bo-wl-open-demo"]').first();
      await next.click();
      await expect.poll(() => page.getByTestId('bo-wl-path').textContent()).not.toBe(before);
      await page.getByTestId('bo-wl-totals').waitFor();
    }
    // At the agent: the member's line with its bet, one click from the member's own report.
    expect(await page.getByTestId('bo-wl-path').textContent()).toContain('demosr› demoma› demoag');
    expect(await page.getByTestId('bo-wl-downlines').textContent()).toContain('demomyr');
    expect(await page.getByTestId('bo-wl-downlines').textContent()).toContain('100.00');
    await page.screenshot({ path: artifactPath('backoffice-winloss-desktop.png'), fullPage: true });

    // The same routes on a phone: no sideways scroll of the page itself (tables scroll in their own box).
    const phone = await signIn(390, page.context());
    // A screen's address opens that screen (the server answers the app's page for any path under /bo-app/).
    await phone.goto(`${server.url}/bo-app/members`);
    await phone.getByTestId(`bo-member-${MEMBER}`).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await phone.screenshot({ path: artifactPath('backoffice-members-phone.png'), fullPage: true });
    await phone.getByRole('link', { name: 'Win/loss' }).click();
    await phone.getByTestId('bo-wl-totals').waitFor();
    await phone.screenshot({ path: artifactPath('backoffice-winloss-phone.png'), fullPage: true });
  });

  it('a new agent enrols its second factor at first sign-in, runs its member, gives a staff login rights, and sees it all audited', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/bo-app/login`);
    await page.getByTestId('bo-login-account').fill(AGENT);
    await page.getByTestId('bo-login-password').fill('Secret1234');
    await page.getByTestId('bo-login-submit').click();
    // No second factor yet: the enrolment screen with its QR code, nothing else.
    await page.waitForURL((url) => url.pathname === '/bo-app/enrol');
    await page.getByTestId('bo-enrol-qr').waitFor();
    const seed = (await page.getByTestId('bo-enrol-secret').textContent()) ?? '';
    await page.getByTestId('bo-enrol-code').fill(totpCode(seed, new Date()));
    await page.getByTestId('bo-enrol-confirm').click();
    await page.getByTestId('bo-recovery-codes').waitFor();
    expect(await page.locator('[data-testid="bo-recovery-codes"] li').count()).toBe(10);
    await page.screenshot({ path: artifactPath('backoffice-enrol-desktop.png'), fullPage: true });
    await page.getByTestId('bo-enrol-continue').click();
    await page.getByTestId('bo-who').waitFor();

    // Its own member: a new credit line.
    await page.getByRole('link', { name: 'Members & downline' }).click();
    await page.getByTestId(`bo-edit-${MEMBER}`).click();
    await page.getByTestId('bo-edit-amount').fill('7500');
    await page.getByTestId('bo-edit-setcredit').click();
    await expect.poll(() => page.getByTestId('bo-edit-notice').textContent()).toContain('Saved.');

    // A staff login with reports only.
    await page.getByRole('link', { name: 'Staff sub-accounts' }).click();
    await page.getByTestId('bo-staff-password').fill('Staff1234');
    await page.getByTestId('bo-staff-right-reports').check();
    await page.getByTestId('bo-staff-create').click();
    await page.getByTestId('bo-staff-row').waitFor();
    expect(await page.getByTestId('bo-staff-row').textContent()).toContain(`${AGENT}Sub01`);

    // The audit log: the credit change (before and after) and the new staff login, by this agent.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByTestId('bo-audit-row').first().waitFor();
    const rows = await page.getByTestId('bo-audit-row').allTextContents();
    expect(rows.some((row) => row.includes('staff.create') && row.includes(`${AGENT}Sub01`))).toBe(true);
    expect(
      rows.some(
        (row) => row.includes('account.credit') && row.includes('5000.00') && row.includes('7500.00'),
      ),
    ).toBe(true);
    await page.screenshot({ path: artifactPath('backoffice-audit-desktop.png'), fullPage: true });
    await context.close();
  });
});
