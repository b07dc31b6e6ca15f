import { gmt8DayEnd } from '@sb/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoBackofficeToken as boSignIn, demoTotpSecret } from '../../apps/server/src/db/demo-totp';
import { totpCode } from '../../apps/server/src/lib/totp';
import { post } from './server';

/** A signed-in back-office account's calls (/bo/<name>), answering the reply's JSON. */
export async function boCaller(url: string, accountId = 'demoop') {
  const token = await boSignIn(url, accountId);
  return async (name: string, body: object): Promise<Record<string, unknown>> => {
    const response = await fetch(`${url}/bo/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
}

/** The demo operator's trading calls (/bo/trade/<name>), for tests that need matches and results. */
export async function operatorTrade(url: string) {
  const bo = await boCaller(url);
  return (name: string, body: object) => bo(`trade/${name}`, body);
}

/** A member's session from /api/authlogin: the body fields every member call carries. */
export async function memberSession(url: string, accountId: string, password = 'Demo1234') {
  const login = await post(`${url}/api/authlogin`, { account_id: accountId, password });
  const profile = login.member_profile as { player_info: [{ session_token: string }] } | undefined;
  return { account_id: accountId, session_token: profile?.player_info[0].session_token ?? '' };
}

/**
 * A kick-off later today (GMT+8, the 'today' menu's day): two hours from now, or, late in the GMT+8 evening, two
 * minutes before midnight (at least a minute from now, so only a test in the day's last three minutes can see it
 * start). Two hours flat put the match in tomorrow's menu from 22:00 GMT+8 on.
 */
export function kickoffLaterToday(now = Date.now()): string {
  const midnight = gmt8DayEnd(now);
  const ahead = Math.max(60_000, Math.min(2 * 3_600_000, midnight - now - 2 * 60_000));
  return new Date(now + ahead).toISOString();
}

/** A soccer match kicking off later today with one Asian-handicap market; answers its ids. */
export async function matchWithHandicap(
  url: string,
  teams: { league: string; home: string; away: string },
  prices: { h: string; a: string } = { h: '1.90', a: '2.00' },
): Promise<{ matchId: number; marketId: number }> {
  const trade = await operatorTrade(url);
  const created = await trade('creatematch', {
    sport_id: 1,
    ...teams,
    kickoff: kickoffLaterToday(),
  });
  await trade('market', { match_id: created.match_id, kind: 'hdp', line: '-0.25', prices });
  const detail = await post(`${url}/cache/uxmatch`, { match_id: created.match_id, odds_type: '1' });
  return { matchId: Number(created.match_id), marketId: Number((detail.odds as number[][])[0]?.[0]) };
}

/** Resolves true when the locator shows up in time, false otherwise (never rejects: it races another wait). */
const shows = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .waitFor()
    .then(() => true)
    .catch(() => false);

/**
 * Signs a demo back-office login in to the app at `url` the way its user would: password, then the
 * authenticator's current code (the next one if this one was used a moment ago), trusting the browser. A context
 * made from an earlier one's storage (`trustedFrom`) holds that device token: it is not asked for a code at all,
 * so no code is ever typed twice. Answers the signed-in page.
 */
export async function signInBackofficeApp(
  browser: Browser,
  url: string,
  login: string,
  options: { width?: number; trustedFrom?: BrowserContext; password?: string } = {},
): Promise<Page> {
  const storageState = options.trustedFrom ? await options.trustedFrom.storageState() : undefined;
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 860 },
    storageState,
  });
  const page = await context.newPage();
  await page.goto(`${url}/bo-app/login`);
  await page.getByTestId('bo-login-account').fill(login);
  await page.getByTestId('bo-login-password').fill(options.password ?? 'Demo1234');
  await page.getByTestId('bo-login-submit').click();
  const asked = await Promise.race([shows(page, 'bo-who').then(() => false), shows(page, 'bo-login-code')]);
  if (options.trustedFrom && asked) throw new Error('a trusted browser was asked for a code');
  for (const offset of asked ? [0, 30_000] : []) {
    await page
      .getByTestId('bo-login-code')
      .fill(totpCode(demoTotpSecret(login), new Date(Date.now() + offset)));
    await page.getByTestId('bo-login-trust').check();
    await page.getByTestId('bo-login-submit').click();
    const signedIn = await Promise.race([
      shows(page, 'bo-who'),
      page
        .getByRole('alert')
        .waitFor()
        .then(() => false)
        .catch(() => false),
    ]);
    if (signedIn) break;
  }
  await page.getByTestId('bo-who').waitFor();
  return page;
}
