import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '@tracemap/test-kit';
import { REPO_ROOT, startStack } from '../src/stack';

/**
 * Largest Contentful Paint of public pages on a throttled phone-like setup, with the static HTML
 * the gateway serves (which the app then hydrates) and without it (`?prerender=0`), in one run;
 * plus the gzip size of the shell's own JavaScript loaded before the first render. Run
 * `npm run build` first.
 *
 * Setup per page load: a fresh browser context (empty cache), CPU slowed 4× and a slow mobile
 * network (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) through the DevTools protocol.
 */
const TARGET_LCP_MS = 1200;
const TARGET_SHELL_KIB = 120;
const RUNS = Number(process.env.LCP_RUNS ?? 3);
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

interface Sample {
  lcpMs: number;
  shellJsBytes: number;
}

/** Set in the page: when the marketing heading first entered the DOM (ms since the epoch). */
type Marks = { __lcp: number; __firstRenderAt?: number };

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => {
    const w = window as unknown as Marks;
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    // The first render, timed in the page itself: noticing it from here takes a while on a slowed
    // CPU, and what the app asks for right after rendering must not count as before it.
    const observer = new MutationObserver(() => {
      if (!document.querySelector('#root [data-app="mfe-marketing"] h1')) return;
      w.__firstRenderAt = performance.timeOrigin + performance.now();
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  const origin = new URL(url).origin;
  const scripts: Promise<{ requestedAt: number; gzipBytes: number }>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const at = new URL(response.url());
    if (!type.includes('javascript') || at.origin !== origin || at.pathname.startsWith('/remotes/')) return;
    const requestedAt = response.request().timing().startTime;
    scripts.push(
      response
        .body()
        .then((body) => ({ requestedAt, gzipBytes: gzipSync(body).length }))
        .catch(() => ({ requestedAt, gzipBytes: 0 })),
    );
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.locator('#root [data-app="mfe-marketing"] h1').first().waitFor({ timeout: 120_000 });
  // Static HTML shows its heading at once: wait until the app has hydrated it as well, so a page
  // that hydration repainted (or replaced) would show in its LCP.
  await page.waitForFunction(() => document.documentElement.dataset.pageShown === 'true', null, { timeout: 120_000 });
  // LCP candidates stop at the first input; read what the page reported by now.
  const { lcpMs, firstRenderAt } = await page.evaluate(() => {
    const w = window as unknown as Marks;
    return { lcpMs: w.__lcp, firstRenderAt: w.__firstRenderAt ?? Infinity };
  });
  // The shell's JavaScript before the first render: what was asked for before the heading appeared.
  const shellJsBytes = (await Promise.all(scripts))
    .filter((s) => s.requestedAt <= firstRenderAt)
    .reduce((sum, s) => sum + s.gzipBytes, 0);
  await context.close();
  return { lcpMs, shellJsBytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracemap-lcp-'));
  const stack = await startStack({
    port: 0,
    dataDir,
    databaseUrl: process.env.DATABASE_URL,
    logLevel: 'warn',
    log: () => undefined,
  });
  const { browser, close } = await launchBrowser();
  const post = readdirSync(path.join(REPO_ROOT, 'mfe-marketing', 'content', 'blog'))
    .find((f) => f.endsWith('.md'))!
    .replace(/\.md$/, '');
  const routes = ['/', `/blog/${post}`, '/pricing'];
  try {
    // One unmeasured load warms the services and the database.
    await measure(browser, `${stack.url}/`);
    const rows: Array<{ route: string; withMs: number; withoutMs: number }> = [];
    let shellBytes = 0;
    for (const route of routes) {
      const withStatic: number[] = [];
      const without: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        withStatic.push((await measure(browser, `${stack.url}${route}`)).lcpMs);
        const bare = await measure(browser, `${stack.url}${route}?prerender=0`);
        without.push(bare.lcpMs);
        if (route === '/') shellBytes = bare.shellJsBytes;
      }
      rows.push({ route, withMs: median(withStatic), withoutMs: median(without) });
    }
    console.log(`LCP, median of ${RUNS} loads each, CPU 4× slower, network 150 ms / 1.6 Mbit/s, fresh cache:`);
    for (const row of rows) {
      console.log(
        `  ${row.route.padEnd(48)} prerendered ${String(Math.round(row.withMs)).padStart(5)} ms   app only ${String(Math.round(row.withoutMs)).padStart(5)} ms   ratio ${(row.withMs / row.withoutMs).toFixed(2)}`,
      );
    }
    const home = rows[0];
    console.log(
      `Target LCP on / ≤ ${TARGET_LCP_MS} ms: ${Math.round(home.withMs)} ms — ${home.withMs <= TARGET_LCP_MS ? 'met' : 'NOT met'}`,
    );
    const shellKiB = shellBytes / 1024;
    console.log(
      `Shell JavaScript before first render (gzip): ${shellKiB.toFixed(1)} KiB — target ≤ ${TARGET_SHELL_KIB} KiB ${shellKiB <= TARGET_SHELL_KIB ? 'met' : 'NOT met'}`,
    );
  } finally {
    await close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
