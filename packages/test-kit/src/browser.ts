import { chromium, type Browser } from 'playwright-core';

export interface TestBrowser {
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Debian's Chromium driven by playwright-core, with the flags this closed
 * network needs (no background connections, no QUIC). playwright gives
 * every launch a fresh, temporary profile.
 */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
    },
  };
}
