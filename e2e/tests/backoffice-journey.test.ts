import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchWithHandicap, memberSession, signInBackofficeApp } from '../src/backoffice';
import { artifactPath, launchBrowser } from '../src/browser';
import { post, startServer, type RunningServer } from '../src/server';

const MEMBER = 'jrnym1';
const MEMBER_PASSWORD = 'Secret12';

/**
 * The whole back-office journey of issue 18 in a browser against the real server: the demo agent signs in with its
 * authenticator code, creates a credit member, gives it credit and a bet limit; the member bets; the agent finds
 * the ticket and the member's open position; the operator enters the match's result on the trading desk with its
 * confirm step; the agent's win/loss then shows the settled bet.
 */
describe('back-office journey in a browser', () => {
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

  const signIn = (login: string) => signInBackofficeApp(browser, server.url, login);

  it('agent creates a member with credit and limits; the member bets; the desk settles; the agent sees it all', async () => {
    const match = await matchWithHandicap(server.url, {
      league: 'Journey League',
      home: 'Agents United',
      away: 'Desk Rovers',
    });

    // 1. The agent: a new credit member, its credit line and a bet limit.
    const agent = await signIn('demoag');
    await agent.getByRole('link', { name: 'Members & downline' }).click();
    await agent.getByTestId('bo-members-new').click();
    await agent.getByTestId('bo-create-account').fill(MEMBER);
    await agent.getByTestId('bo-create-password').fill(MEMBER_PASSWORD);
    await agent.getByTestId('bo-create-commission').fill('0.2');
    await agent.getByTestId('bo-create-type').selectOption('credit');
    await agent.getByTestId('bo-create-submit').click();
    await agent.getByTestId(`bo-member-${MEMBER}`).waitFor();
    await agent.getByTestId(`bo-edit-${MEMBER}`).click();
    await agent.getByTestId('bo-edit-amount').fill('2000');
    await agent.getByTestId('bo-edit-setcredit').click();
    await expect.poll(() => agent.getByTestId('bo-edit-notice').textContent()).toContain('Saved.');
    await agent.getByTestId('bo-limit-min').fill('5');
    await agent.getByTestId('bo-limit-max').fill('500');
    await agent.getByTestId('bo-limit-max_payout').fill('5000');
    await agent.getByTestId('bo-limit-save').click();
    await expect.poll(() => agent.getByTestId('bo-edit-notice').textContent()).toContain('Saved.');

    // 2. The member bets 100 on the home side.
    const session = await memberSession(server.url, MEMBER, MEMBER_PASSWORD);
    expect(session.session_token).not.toBe('');
    const placed = await post(`${server.url}/api/bet/betsingle`, {
      ...session,
      odds_type: '4',
      idempotency_key: 'e2e-journey-1',
      market_id: match.marketId,
      selection: 'h',
      odds: '1.90',
      stake: '100',
    });
    expect(placed.status, JSON.stringify(placed)).toBe('1');
    const refNo = (placed.bet as { ref_no: string }).ref_no;

    // 3. The agent finds the ticket and the member's open position.
    await agent.getByRole('link', { name: 'Ticket search' }).click();
    await agent.getByTestId('bo-tk-account').fill(MEMBER);
    await agent.getByTestId('bo-tk-search').click();
    await agent.getByTestId(`bo-ticket-open-${refNo}`).waitFor();
    await agent.getByRole('link', { name: 'Outstanding' }).click();
    const position = agent.locator('tr', { hasText: MEMBER });
    await position.waitFor();
    expect(await position.textContent()).toContain('100.00');
    await agent.screenshot({ path: artifactPath('backoffice-journey-outstanding.png'), fullPage: true });

    // 4. The operator enters the result on the desk: scores, review, confirm.
    const desk = await signIn('demoop');
    await desk.getByRole('link', { name: 'Risk & trading' }).click();
    const book = desk.locator('section.panel', { hasText: `#${match.matchId}` });
    await book.getByRole('button', { name: 'Enter result' }).click();
    const entry = desk.getByRole('dialog', { name: 'Enter result' });
    const fullTime = entry.getByRole('group', { name: 'Full time' });
    await fullTime.getByLabel('Home').fill('2');
    await fullTime.getByLabel('Away').fill('0');
    await entry.getByRole('button', { name: 'Review' }).click();
    await expect.poll(() => entry.getByRole('alert').textContent()).toContain('full time 2-0');
    await entry.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => desk.getByRole('status').first().textContent()).toContain('Saved.');

    // 5. The agent's win/loss: the member's line with the settled bet (won 90.00 at 1.90).
    await agent.getByRole('link', { name: 'Win/loss' }).click();
    await expect
      .poll(
        async () => {
          // Away and back: the report is asked again (settlement runs in the server's own time).
          await agent.getByRole('link', { name: 'Outstanding' }).click();
          await agent.getByRole('link', { name: 'Win/loss' }).click();
          await agent.getByTestId('bo-wl-totals').waitFor();
          return agent.getByTestId('bo-wl-members').textContent();
        },
        { timeout: 30_000 },
      )
      .toContain(MEMBER);
    expect(await agent.getByTestId('bo-wl-members').textContent()).toContain('100.00');
    await agent.screenshot({ path: artifactPath('backoffice-journey-winloss.png'), fullPage: true });
  });
});
