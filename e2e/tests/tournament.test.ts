import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boCaller, memberSession, operatorTrade } from '../src/backoffice';
import { artifactPath, launchBrowser, loggedInPage } from '../src/browser';
import { post, startServer, type RunningServer } from '../src/server';

const PIN = '246810';
const FEE = 50;

/** The member's available balance, read with a session of its own. */
async function balanceOf(url: string, accountId: string): Promise<number> {
  const reply = await post(`${url}/api/userbalance`, await memberSession(url, accountId));
  return Number(reply.balance);
}

/** Picks the home side of every match on the room page, enters the PIN and joins. */
async function pickAndJoin(page: Page, matchIds: number[], sides: string) {
  for (const [i, id] of matchIds.entries()) await page.getByTestId(`pick-${id}-${sides[i]}`).click();
  await page.getByTestId('room-pin').fill(PIN);
  await page.getByTestId('room-join').click();
  await page.getByTestId('room-join').waitFor({ state: 'detached', timeout: 15_000 });
}

/**
 * A private room end to end in a browser against the real server: the owner creates it on the create screen
 * over three matches of the trading desk, joins with the PIN; a second member joins in its own browser, a third
 * through the API; the first match kicks off early (the room locks), the results are published through the
 * trading API, and the ranking with the prizes shows up by itself while the entry fee and the prize move the
 * owner's balance to the cent.
 */
describe('tournament rooms in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({
      FEED: 'none',
      TOURNAMENT_PAYOUT_DELAY_MS: '0',
      TOURNAMENT_INTERVAL_MS: '500',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a private room, two more members join with the PIN, results settle it and pay the prize', async () => {
    const trade = await operatorTrade(server.url);
    const matchIds: number[] = [];
    for (let i = 1; i <= 3; i += 1) {
      const created = await trade('creatematch', {
        sport_id: 1,
        league: 'Room Cup',
        home: `Room Home ${i}`,
        away: `Room Away ${i}`,
        kickoff: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      });
      expect(created.statusdesc, JSON.stringify(created)).toBe('success');
      const id = Number(created.match_id);
      await trade('market', { match_id: id, kind: 'hdp', line: '-0.5', prices: { h: '1.95', a: '2.10' } });
      matchIds.push(id);
    }
    // A third MYR member, made by the demo agent.
    const agent = await boCaller(server.url, 'demoag');
    expect(
      (await agent('createaccount', { account_id: 'roomthird', password: 'Demo1234', currency: 'MYR' }))
        .status,
    ).toBe('1');
    expect(
      (await agent('deposit', { account_id: 'roomthird', amount: '500', transfer_id: 'room-e2e-1' })).status,
    ).toBe('1');
    const ownerBefore = await balanceOf(server.url, 'demomyr');

    // The owner creates the private room on the create screen.
    const owner = await loggedInPage(browser, server.url, '/tournament2/home', 'demomyr');
    await owner.locator('#tournament-tab-create').click();
    await owner.getByTestId('room-type-2').check();
    await owner.getByTestId('room-fee').fill(String(FEE));
    await owner.getByTestId('room-players').fill('3');
    await owner.getByTestId('room-new-pin').fill(PIN);
    const league = owner.getByTestId('room-league');
    await league.waitFor();
    await league.selectOption({ label: 'Room Cup (3)' });
    for (const id of matchIds) await owner.getByTestId(`room-match-${id}`).check();
    await owner.getByTestId('room-terms').check();
    await owner.getByTestId('room-create').click();
    await owner.waitForURL(/\/tournament2\/room\/\d+$/, { timeout: 15_000 });
    const roomid = Number(owner.url().split('/').pop());
    await pickAndJoin(owner, matchIds, 'hhh');

    // A second member joins in a browser of its own, with the PIN; a wrong PIN first is refused.
    const second = await loggedInPage(browser, server.url, `/tournament2/room/${roomid}`, 'democredit');
    for (const id of matchIds) await second.getByTestId(`pick-${id}-a`).click();
    await second.getByTestId('room-pin').fill('111111');
    await second.getByTestId('room-join').click();
    // The spec shows a wrong PIN in the error dialog.
    await second.getByTestId('dialog').waitFor({ timeout: 10_000 });
    expect(await second.getByTestId('dialog-text').textContent()).toBeTruthy();
    await second.getByTestId('dialog-ok').click();
    await pickAndJoin(second, matchIds, 'aaa');

    // The third through the API.
    const session = await memberSession(server.url, 'roomthird');
    const picks = matchIds.map((id, i) => ({ match_id: id, selection: i === 1 ? 'a' : 'h' }));
    expect((await post(`${server.url}/tournament/bet`, { ...session, roomid, picks })).status).toBe('1');
    const joined = await post(`${server.url}/tournament/roomjoin`, {
      ...session,
      roomid,
      room_password: PIN,
    });
    expect(joined.statusdesc, JSON.stringify(joined)).toBe('success');
    expect(await balanceOf(server.url, 'demomyr')).toBeCloseTo(ownerBefore - FEE, 2);

    // The first match kicks off early: the room locks; then every match ends with a home win.
    await trade('live', { match_id: matchIds[0], period: '1h', minute: 1, home: 0, away: 0 });
    await owner.waitForSelector('[data-testid="room-status"][data-status="0"]', { timeout: 30_000 });
    for (const id of matchIds) {
      const result = await trade('result', {
        match_id: id,
        ht: { home: 1, away: 0 },
        ft: { home: 2, away: 0 },
      });
      expect(result.statusdesc, JSON.stringify(result)).toBe('success');
    }
    // Ended and paid (no payout delay here): the room closes and the ranking shows the prizes.
    await owner.waitForSelector('[data-testid="room-status"][data-status="1"]', { timeout: 30_000 });
    const ownerRow = owner.locator('[data-testid="rank-row"][data-account="demomyr"]');
    await ownerRow.waitFor();
    // The ranking is its own query: it may show the room ended a moment before it shows the paid prizes.
    const prizeOf = async () =>
      /MYR ([\d.]+)/.exec((await ownerRow.getByTestId('rank-prize').textContent()) ?? '')?.[1];
    await expect.poll(prizeOf, { timeout: 30_000 }).toBeDefined();
    const prize = Number(await prizeOf());
    // Pool: 3 x 50 less the 10% operator fee = 135; the owner (all three picks won) is Champion: 50%.
    expect(prize).toBe(67.5);
    expect(await owner.locator('[data-testid="rank-row"]').first().getAttribute('data-account')).toBe(
      'demomyr',
    );
    expect(await balanceOf(server.url, 'demomyr')).toBeCloseTo(ownerBefore - FEE + prize, 2);
    await owner.screenshot({ path: artifactPath('tournament-room.png'), fullPage: true });
  });
});
