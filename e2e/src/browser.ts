import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's chromium with the flags this machine needs (no sandbox as root, no background networking).
 * Playwright gives every launch a new empty profile of its own.
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** Screenshots are kept as test artifacts under e2e/artifacts/. */
export function artifactPath(name: string): string {
  const dir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../artifacts');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

/** A fresh page whose guided tour counts as seen (the tour has its own test), logged in on `path`. */
export async function loggedInPage(
  browser: Browser,
  url: string,
  path: string,
  accountId: string,
  options: { tourDone?: boolean; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 860 } });
  if (options.tourDone !== false) {
    await context.addInitScript(() => window.localStorage.setItem('sb_tour', JSON.stringify({ done: true })));
  }
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  await page.getByTestId('login-username').fill(accountId);
  await page.getByTestId('login-password').fill('Demo1234');
  await page.getByTestId('login-submit').click();
  return page;
}
