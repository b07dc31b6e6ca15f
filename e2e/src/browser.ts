import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's chromium with the flags this machine needs (no sandbox as root, no background networking).
 * Playwright gives every launch a new empty profile of its own.
 */
export async function launchBrowser(): Promise<Browser> {
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
    ],
  });
}

/** Screenshots are kept as test artifacts under e2e/artifacts/. */
export function artifactPath(name: string): string {
  const dir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../artifacts');
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}
