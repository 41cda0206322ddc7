import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '@tracemap/test-kit';
import { startStack } from '../src/stack';
import { createConfirmedUser, sessionCookies, signIn } from '../src/test-users';

/**
 * Prints the gzip size of the JavaScript the browser loads before the first
 * page renders, for / (visitor) and /company (logged-in user), split by app.
 * Budget: 150 KiB gzip.
 */
const BUDGET_KIB = 150;

function appOf(url: string): string {
  const match = /\/remotes\/([^/]+)\//.exec(new URL(url).pathname);
  return match ? match[1] : 'shell';
}

async function main() {
  const stack = await startStack({
    port: 0,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-bench-')),
    logLevel: 'warn',
    log: () => undefined,
  });
  const { browser, close } = await launchBrowser();
  try {
    await createConfirmedUser(stack, 'bench@example.com', 'a-long-bench-password-1');
    const session = await signIn(stack, 'bench@example.com', 'a-long-bench-password-1');
    const rows: Array<{ page: string; byApp: Record<string, number>; total: number }> = [];
    for (const [pagePath, loggedIn] of [
      ['/', false],
      ['/company', true],
    ] as const) {
      const context = await browser.newContext();
      if (loggedIn) await context.addCookies(sessionCookies(stack, session));
      const page = await context.newPage();
      const sizes = new Map<string, number>();
      let rendered = false;
      page.on('response', async (response) => {
        const type = response.headers()['content-type'] ?? '';
        if (rendered || !type.includes('javascript')) return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        sizes.set(response.url(), gzipSync(body).length);
      });
      await page.goto(`${stack.url}${pagePath}`);
      await page.locator('[data-app]').first().waitFor({ timeout: 30000 });
      rendered = true;
      await page.waitForTimeout(200);
      const byApp: Record<string, number> = {};
      for (const [url, size] of sizes) byApp[appOf(url)] = (byApp[appOf(url)] ?? 0) + size;
      rows.push({
        page: `${pagePath} (${loggedIn ? 'logged in' : 'visitor'}, rendered ${new URL(page.url()).pathname})`,
        byApp,
        total: [...sizes.values()].reduce((a, b) => a + b, 0),
      });
      await context.close();
    }
    for (const row of rows) {
      const parts = Object.entries(row.byApp)
        .sort()
        .map(([app, size]) => `${app} ${(size / 1024).toFixed(1)}`)
        .join(', ');
      console.log(
        `${row.page}: ${(row.total / 1024).toFixed(1)} KiB gzip JS before first render [${parts}] — ${((row.total / 1024 / BUDGET_KIB) * 100).toFixed(0)}% of the ${BUDGET_KIB} KiB budget`,
      );
    }
  } finally {
    await close();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
