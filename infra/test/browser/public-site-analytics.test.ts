import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { waitFor } from '@tracemap/test-kit';
import type { Stack } from '../../src/stack';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * The public site's analytics in a real browser against the whole product: nothing is sent before
 * consent, accepted page views reach our own collector, and a page view survives the visitor
 * leaving as soon as the page has loaded.
 */

let world: BrowserWorld<never>;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  world = await openBrowserWorld('public-site-analytics', {}, { warmUp: true });
  stack = world.stack;
  browser = world.browser;
});

afterAll(async () => {
  await world?.close();
});

/** Resolves once the page is live: rendered by the app, or its static HTML hydrated. */
const live = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.pageShown === 'true');

async function open(page: Page, route: string): Promise<void> {
  const response = await page.goto(`${stack.url}${route}`);
  expect(response?.status()).toBe(200);
  await page.locator('#root [data-app="mfe-marketing"] h1').first().waitFor();
  await live(page);
}

describe('the public site: analytics', () => {
  test('analytics wait for consent; once accepted, page views reach our own collector', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/analytics/events')) sent.push(r.postData() ?? '');
    });
    await open(page, '/');
    await page.getByTestId('consent-notice').waitFor();
    // Declining: nothing is sent, and the notice does not come back.
    await page.getByTestId('consent-decline').click();
    await page.getByTestId('nav-pricing').click();
    await page.getByTestId('page-pricing').waitFor();
    await page.reload();
    await live(page);
    // The analytics client (and with it the notice) loads once the page is live.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('consent-notice').count()).toBe(0);
    expect(sent).toEqual([]);

    // Accepting in a fresh browser: the batch is accepted by the collector.
    const other = await browser.newContext();
    const visitor = await other.newPage();
    await open(visitor, '/blog?utm_source=newsletter&utm_campaign=autumn');
    const accepted = visitor.waitForResponse(
      (r) => r.url().endsWith('/api/analytics/events') && r.request().method() === 'POST',
    );
    await visitor.getByTestId('consent-accept').click();
    const response = await accepted;
    expect(response.status()).toBe(202);
    const batch = JSON.parse(response.request().postData() ?? '{}');
    expect(batch).toMatchObject({
      utm: { source: 'newsletter', campaign: 'autumn' },
      events: [{ kind: 'page_view', path: '/blog' }],
    });
    expect(batch.bucket).toBeGreaterThanOrEqual(0);
    // Leaving the page sends the engagement summary as a beacon; it is stored like any batch.
    await visitor.goto('about:blank');
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const { rows } = await waitFor(
        () =>
          db.query<{ path: string; visible_ms: number }>(
            `SELECT path, visible_ms FROM analytics.events WHERE kind = 'engagement' AND session_id = $1`,
            [batch.sessionId],
          ),
        {
          until: (result) => result.rows.length > 0,
          timeoutMs: 20_000,
          intervalMs: 100,
          message: 'the engagement summary stored',
        },
      );
      expect(rows).toEqual([{ path: '/blog', visible_ms: expect.any(Number) }]);
      expect(rows[0].visible_ms).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
    await other.close();
    await context.close();
  });

  test('a visitor who agreed earlier and leaves /pricing as soon as it has loaded still has that page view stored', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await open(page, '/');
    const accepted = page.waitForResponse(
      (r) => r.url().endsWith('/api/analytics/events') && r.request().method() === 'POST',
    );
    await page.getByTestId('consent-accept').click();
    const { deviceId } = JSON.parse((await accepted).request().postData() ?? '{}');
    // A fresh load of /pricing, left the moment its load event has fired: long before the page
    // counts as shown, which is when the analytics client used to start.
    await page.goto(`${stack.url}/pricing?token=secret-123&utm_source=newsletter`, { waitUntil: 'load' });
    await page.goto('about:blank');
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    try {
      const { rows } = await waitFor(
        () =>
          db.query<{ path: string }>(
            `SELECT path FROM analytics.events WHERE kind = 'page_view' AND device_id = $1 AND path LIKE '/pricing%'`,
            [deviceId],
          ),
        {
          until: (result) => result.rows.length > 0,
          timeoutMs: 20_000,
          intervalMs: 100,
          message: 'the /pricing page view stored',
        },
      );
      expect(rows).toEqual([{ path: '/pricing' }]);
    } finally {
      await db.end();
    }
    await context.close();
  });
});
