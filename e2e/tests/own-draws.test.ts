import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactPath, launchBrowser, loggedInPage } from '../src/browser';
import { post, startServer, type RunningServer } from '../src/server';

const MINUTE = 60_000;
const GMT8 = 8 * 3_600_000;
const SETTLED = ['won', 'won_half', 'draw', 'lost_half', 'lost', 'void', 'refund'];

interface Session {
  account_id: string;
  session_token: string;
}
interface Bet {
  bet_id: number;
  status: string;
  stake: string | number;
  payout: string | number | null;
}
interface Statement extends Bet {
  commission: string | number | null;
}
interface Race {
  race_id: number;
  match_id: number | null;
  off_at: string;
  status: string;
  finish: number[] | null;
}

/** Money as the replies give it ('1,234.50' or 1234.5) in hundredths, so sums are exact. */
const cents = (value: string | number | null): number =>
  value === null ? 0 : Math.round(Number(String(value).replaceAll(',', '')) * 100);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The member's session as the web app keeps it, so the test reads the same member's bets and balance. */
async function sessionOf(page: Page): Promise<Session> {
  await page.getByTestId('header-balance').waitFor({ timeout: 20_000 });
  const info = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i) ?? '';
      if (!key.endsWith('account')) continue;
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as {
        state?: { account?: { info?: { account_id?: string; session_token?: string } } };
      };
      if (stored.state?.account?.info) return stored.state.account.info;
    }
    return null;
  });
  if (!info?.account_id || !info.session_token) throw new Error('no session in the web app');
  return { account_id: info.account_id, session_token: info.session_token };
}

const betsOf = async (url: string, session: Session) =>
  ((await post(`${url}/api/bet/dbetlist`, { ...session, page_size: 50 })).bets ?? []) as Bet[];

/** GMT+8 betting days from yesterday to tomorrow: a range that holds today's bets whatever the cut-off. */
function aroundToday(): { start_date: string; end_date: string } {
  const day = (offset: number) =>
    new Date(Date.now() + GMT8 + offset * 86_400_000).toISOString().slice(0, 10);
  return { start_date: day(-1), end_date: day(1) };
}

/** A keno draw's name as members see it (the server's drawName): its GMT+8 date and minute. */
function drawName(at: number): string {
  const local = new Date(at + GMT8).toISOString();
  return `#${local.slice(0, 10).replaceAll('-', '')}-${local.slice(11, 16).replace(':', '')}`;
}

/** Places what the slip holds at this stake and waits until the member's bet list has one more bet. */
async function placeFromSlip(page: Page, url: string, session: Session, stake: string, before: number) {
  await page.getByTestId('betslip-stake').fill(stake);
  await page.getByTestId('betslip-place').click();
  await expect.poll(async () => (await betsOf(url, session)).length, { timeout: 15_000 }).toBe(before + 1);
}

/**
 * Keno and a virtual race in a browser against the real server, its clocks running on a one-minute cadence:
 * a keno big/small bet and a pick from the number pad bet through the slip, a greyhound or horse winner bet
 * on /racing; the draw and the race close, draw from the fair source and settle; the balance is the start less
 * the stakes plus the payouts; /ngresult shows the draw's balls with Verify, /racing the race's replay with Verify.
 */
describe('keno and virtual racing in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({
      FEED: 'none',
      KENO_INTERVAL_SECONDS: '60',
      NUMBER_GAME_INTERVAL_SECONDS: '60',
      RACE_INTERVAL_SECONDS: '60',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('bets keno (a side and a pick) and a race winner, sees them drawn, settled and verifiable', async () => {
    const url = server.url;
    const page = await loggedInPage(browser, url, '/desktop', 'demomyr', { width: 1400 });
    const session = await sessionOf(page);
    const start = cents((await post(`${url}/api/userbalance`, session)).balance as string | number);

    // Start just after a minute: the next keno draw is a minute away, time for three bets before it closes.
    for (let i = 0; i < 130 && !(Date.now() % MINUTE >= 1_000 && Date.now() % MINUTE <= 8_000); i += 1)
      await sleep(500);
    const drawAt = Math.ceil(Date.now() / MINUTE) * MINUTE;

    // Keno: the draw's row in sport 162, its markets opened, 'big' from the side market.
    await page.getByTestId('menu-sport-162-select').click();
    const row = page.locator('[data-testid^="match-row-"]').filter({ hasText: drawName(drawAt) });
    await row.first().waitFor({ timeout: 15_000 });
    const matchId = Number((await row.first().getAttribute('data-testid'))?.replace('match-row-', ''));
    await page.getByTestId(`more-${matchId}`).click();
    const markets = page.getByTestId(`match-markets-${matchId}`);
    await markets.waitFor({ timeout: 10_000 });
    await markets.locator('button[data-testid^="price-"][data-testid$="-big"]').first().click();
    await placeFromSlip(page, url, session, '10', 0);

    // A pick of three on the number pad, bet as a single.
    for (const n of [7, 23, 61]) await markets.getByTestId(`keno-number-${n}`).click();
    expect(await markets.getByTestId('keno-pick-count').innerText()).toContain('3');
    await markets.getByTestId('keno-pick-add').click();
    await placeFromSlip(page, url, session, '2', 1);

    // A race off at least 20 s from now (betting closes 5 s before the off): its first runner to win.
    await page.goto(`${url}/racing`);
    const nextRace = async () => {
      const card = (await post(`${url}/api/racecard`, session)) as { upcoming?: Race[] };
      return (card.upcoming ?? [])
        .filter((r) => r.match_id !== null && Date.parse(r.off_at) >= Date.now() + 20_000)
        .sort((a, b) => Date.parse(a.off_at) - Date.parse(b.off_at))[0];
    };
    // The racing schedule lists the card on its own clock: right after start it may not have run yet.
    await expect.poll(nextRace, { timeout: 30_000, interval: 1_000 }).toBeDefined();
    const race = await nextRace();
    expect(race).toBeDefined();
    if (!race) return;
    await page.getByTestId(`race-tab-${race.race_id}`).click();
    await page.getByTestId('race-gh_win-1').click();
    await placeFromSlip(page, url, session, '5', 2);

    // The draw and the race close, draw and settle (bounded: the later event plus the settlement's passes).
    await expect
      .poll(
        async () => {
          const list = await betsOf(url, session);
          return list.every((bet) => SETTLED.includes(bet.status)) ? list : null;
        },
        { timeout: Math.max(drawAt, Date.parse(race.off_at)) - Date.now() + 60_000, interval: 1_000 },
      )
      .not.toBeNull();
    const settled = await betsOf(url, session);
    expect(settled).toHaveLength(3);
    // The statement's lines of the three bets: each one's payout and the member's commission on it.
    const statement = (await post(`${url}/api/sportsbook`, { ...session, ...aroundToday() }))
      .data as Statement[];
    const lines = statement.filter((line) => settled.some((bet) => bet.bet_id === line.bet_id));
    expect(lines).toHaveLength(3);
    const staked = lines.reduce((sum, line) => sum + cents(line.stake), 0);
    const paid = lines.reduce((sum, line) => sum + cents(line.payout), 0);
    const commission = lines.reduce((sum, line) => sum + cents(line.commission), 0);
    expect(staked).toBe(1700);
    await expect
      .poll(async () => cents((await post(`${url}/api/userbalance`, session)).balance as string | number))
      .toBe(start - staked + paid + commission);

    // /ngresult: the draw's 20 balls and Verify (the day's seed is revealed tomorrow: until then the call
    // answers with its commitment; once revealed it recomputes the same balls).
    await page.goto(`${url}/ngresult`);
    const verify = page.getByTestId(`verify-keno-${matchId}`);
    await verify.waitFor({ timeout: 15_000 });
    const draw = page.getByTestId('ng-draw').filter({ has: verify });
    const balls = (await draw.getByTestId('ng-balls').locator('li').allInnerTexts()).map(Number);
    expect(balls).toHaveLength(20);
    await verify.getByTestId('verify-round-run').click();
    await verifyAnswered(verify, balls.join(' '));
    await page.screenshot({ path: artifactPath('own-draws-ngresult.png') });

    // /racing: the race run again to its drawn order, and Verify.
    await page.goto(`${url}/racing`);
    await page.getByTestId(`race-recent-${race.race_id}`).click();
    const replay = page.getByTestId('race-replay');
    await replay.waitFor();
    const order = await replay.getByTestId('race-result').locator('li').allInnerTexts();
    expect(order.length).toBeGreaterThanOrEqual(3);
    const raceVerify = page.getByTestId(`verify-racing-${race.race_id}`);
    await raceVerify.getByTestId('verify-round-run').click();
    await verifyAnswered(raceVerify, order.map((line) => line.split('.')[0]).join(' - '));
    await page.screenshot({ path: artifactPath('own-draws-racing.png') });
  }, 240_000);
});

/** Verify either recomputed the stored outcome (a revealed seed) or named the seed still in use. */
async function verifyAnswered(panel: ReturnType<Page['getByTestId']>, stored: string) {
  const result = panel.getByTestId('verify-round-result');
  const notice = panel.getByRole('alert');
  await expect.poll(async () => (await result.count()) + (await notice.count()), { timeout: 10_000 }).toBe(1);
  if ((await result.count()) > 0) {
    expect(await panel.getByTestId('verify-round-outcome').innerText()).toBe(stored);
    expect(await result.innerText()).not.toContain('✗');
  } else {
    expect(await notice.innerText()).toMatch(/still in use/);
  }
}
