import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  createTestDatabase,
  launchBrowser,
  startSmtpPeer,
  type SmtpPeer,
  type TestBrowser,
  type TestDatabase,
} from '@tracemap/test-kit';
import { REPO_ROOT, startStack, type Stack } from '../../src/stack';

/**
 * The public site in a real browser against the whole product: every public page shows real
 * content with its own title, arrives as static HTML that the app hydrates without a mismatch,
 * unknown articles get the 404 page, markdown links open a new tab, the contact form's lead
 * reaches the team by email, and the header becomes a menu on a phone. Analytics are in
 * public-site-analytics.test.ts.
 */

const TEAM = 'leads@tracemap.test';
let stack: Stack;
let smtp: SmtpPeer;
let browser: TestBrowser;
let dataDir: string;
let database: TestDatabase | undefined;

const slugs = (folder: string) =>
  readdirSync(path.join(REPO_ROOT, 'mfe-marketing', 'content', folder))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.replace(/\.md$/, ''));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracemap-public-site-'));
  database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  smtp = await startSmtpPeer();
  stack = await startStack({
    port: 0,
    dataDir,
    databaseUrl: database?.url,
    smtpUrl: smtp.url,
    logLevel: 'warn',
    log: () => undefined,
    env: { LEAD_EMAIL: TEAM, OUTBOX_POLL_MS: '200' },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves once the page is live: rendered by the app, or its static HTML hydrated. */
const live = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.pageShown === 'true');

async function open(page: Page, route: string): Promise<void> {
  const response = await page.goto(`${stack.url}${route}`);
  expect(response?.status()).toBe(200);
  await page.locator('#root [data-app="mfe-marketing"] h1').first().waitFor();
  await live(page);
}

const mainText = (page: Page) => page.getByTestId('shell-main').innerText();

describe('the public site', () => {
  test('every public page shows real content with its own title and description', async () => {
    const context = await browser.browser.newContext();
    const page = await context.newPage();
    const routes = [
      '/',
      '/cdp',
      '/demo',
      '/agency',
      '/contact',
      '/pricing',
      '/roadmap',
      '/about-us',
      '/privacy-policy',
      '/terms-of-service',
      '/blog',
      ...slugs('blog').map((s) => `/blog/${s}`),
      '/learning',
      '/learning/core',
      '/learning/cdp',
      ...slugs('learning/core').map((s) => `/learning/core/${s}`),
      ...slugs('learning/cdp').map((s) => `/learning/cdp/${s}`),
    ];
    expect(slugs('blog').length).toBeGreaterThanOrEqual(4);
    expect(slugs('learning/core').length + slugs('learning/cdp').length).toBeGreaterThanOrEqual(6);
    const titles = new Set<string>();
    for (const route of routes) {
      await open(page, route);
      if (route === '/pricing')
        await page.locator('[data-testid="pricing-plans"], [data-testid="pricing-unavailable"]').first().waitFor();
      if (route === '/roadmap') {
        await page.locator('[data-testid^="roadmap-"]').first().waitFor();
      }
      const text = await mainText(page);
      expect(text).not.toMatch(
        /later release|content release|billing release|lead-capture release|published before the public launch/i,
      );
      expect(text.length).toBeGreaterThan(route === '/roadmap' ? 100 : 400);
      await page.waitForFunction(() => document.title !== 'Tracemap' && document.title.length > 0);
      const title = await page.title();
      expect(titles.has(title)).toBe(false);
      titles.add(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description && description.length > 40).toBe(true);
    }
    // Long-form articles are several hundred words each.
    await open(page, `/learning/core/${slugs('learning/core')[0]}`);
    expect((await page.getByTestId('markdown').innerText()).split(/\s+/).length).toBeGreaterThan(300);
    await context.close();
  });

  test('public pages arrive as static HTML that shows without JavaScript', async () => {
    const raw = await (await fetch(`${stack.url}/blog/lint-your-tracking-plan`)).text();
    expect(raw).toContain('<title>Lint for tracking plans');
    expect(raw).toMatch(/<meta name="description" content="Code has linters/);
    // The whole page, header to footer, sits in the app's root, ready to be hydrated.
    expect(raw).toMatch(/<div id="?root"?[^>]*><div class="sh-shell"><header/);
    expect(raw).toContain('data-testid="nav-login"');
    // `?prerender=0` gives the bare app (benchmarks compare the two); a query that changes the page does too.
    expect(await (await fetch(`${stack.url}/blog/lint-your-tracking-plan?prerender=0`)).text()).not.toContain(
      'sh-shell',
    );
    expect(await (await fetch(`${stack.url}/blog?tag=lint`)).text()).not.toContain('sh-shell');

    const noScript = await browser.browser.newContext({ javaScriptEnabled: false });
    const still = await noScript.newPage();
    await still.goto(`${stack.url}/`);
    expect(await still.locator('#root h1').innerText()).toContain('Tracemap');
    expect(await still.locator('#root h1').isVisible()).toBe(true);
    expect(await still.getByTestId('shell-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await noScript.close();
  });

  test('the app hydrates the static HTML: no mismatch, and what was on screen stays on screen', async () => {
    const context = await browser.browser.newContext();
    // Before any page script: remember the first heading the parser puts in the root, and note
    // any heading taken out of the document later on.
    await context.addInitScript(() => {
      const seen = window as unknown as { __firstHeading?: Element; __headingRemoved?: boolean };
      new MutationObserver((records) => {
        seen.__firstHeading ??= document.querySelector('#root h1') ?? undefined;
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
              seen.__headingRemoved = true;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    for (const route of ['/', '/blog/lint-your-tracking-plan', '/pricing']) {
      await open(page, route);
      if (route === '/pricing')
        await page.locator('[data-testid="pricing-plans"], [data-testid="pricing-unavailable"]').first().waitFor();
      const kept = await page.evaluate(() => {
        const seen = window as unknown as { __firstHeading?: Element; __headingRemoved?: boolean };
        return {
          sameHeading: seen.__firstHeading === document.querySelector('#root h1'),
          removed: seen.__headingRemoved === true,
        };
      });
      expect({ route, ...kept }).toEqual({ route, sameHeading: true, removed: false });
      expect(await page.locator('h1').count()).toBe(1);
      // Production React reports a mismatch as error #418 (or #423/#425), and the shell logs it too.
      expect({ route, errors: errors.filter((e) => /hydrat|#418|#423|#425/i.test(e)) }).toEqual({ route, errors: [] });
    }
    // Hydrated means interactive: a header link now changes the page inside the same document,
    // whose watcher sees the old heading go (a full page load would start a fresh watcher).
    await page.getByTestId('nav-blog').click();
    await page.waitForURL(/\/blog$/);
    await page.getByTestId('blog-card').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __headingRemoved?: boolean }).__headingRemoved)).toBe(
      true,
    );
    // The page keeps its styles, which came with the static HTML.
    await open(page, '/');
    expect(await page.locator('.mk-hero').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');
    expect(await page.getByTestId('shell-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await context.close();
  });

  test('the blog lists posts newest first and filters by tag', async () => {
    const page = await browser.browser.newPage();
    await open(page, '/blog');
    const cards = page.getByTestId('blog-card');
    expect(await cards.count()).toBe(slugs('blog').length);
    const dates = await cards.locator('.mk-meta').allInnerTexts();
    const sorted = [...dates].sort().reverse();
    expect(dates).toEqual(sorted);
    await page.getByTestId('blog-tag-lint').click();
    await page.waitForURL(/\?tag=lint$/);
    expect(await cards.count()).toBe(1);
    expect(await cards.first().innerText()).toContain('Lint');
    await page.close();
  });

  test('an unknown blog post or guide gives the 404 page', async () => {
    const page = await browser.browser.newPage();
    for (const route of ['/blog/no-such-post', '/learning/core/no-such-guide']) {
      await page.goto(`${stack.url}${route}`);
      await page.getByTestId('error-page').waitFor();
      expect(await page.getByTestId('error-status').innerText()).toBe('404');
      expect(await page.getByTestId('error-message').innerText()).toBe(`Page not found: ${route}`);
    }
    await page.close();
  });

  test('a link inside an article opens in a new tab without the opener', async () => {
    const context = await browser.browser.newContext();
    const page = await context.newPage();
    await open(page, '/blog/tracemap-vs-avo-amplitude-segment');
    const link = page.getByTestId('markdown').getByRole('link', { name: 'roadmap' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await tab.waitForURL(/\/roadmap$/);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await context.close();
  });

  test('the contact form checks its fields, then the lead reaches the team by email', async () => {
    const page = await browser.browser.newPage();
    await open(page, '/contact');
    await page.getByTestId('lead-submit').click();
    expect(await page.getByTestId('lead-error-name').innerText()).toBe('Your name is required');
    expect(await page.getByTestId('lead-error-message').innerText()).toBe('Message is required');
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel('Message').fill('We keep our plan in three spreadsheets. Can Tracemap import them?');
    await page.getByTestId('lead-submit').click();
    expect(await page.getByTestId('lead-error-email').innerText()).toBe('Enter a valid email address');
    await page.getByLabel('Email').fill('grace@navy.test');
    await page.getByTestId('lead-submit').click();
    await page.getByTestId('lead-sent').waitFor();

    const mail = await smtp.waitForMessage((m) => m.subject === 'New message from Grace Hopper (contact)', 30000);
    const to = Array.isArray(mail.to) ? mail.to : [mail.to];
    expect(to.flatMap((a) => a?.value.map((v) => v.address))).toEqual([TEAM]);
    expect(mail.text).toContain('email: grace@navy.test');
    expect(mail.text).toContain('three spreadsheets');
    expect(mail.text).not.toContain('website:');
    await page.close();
  });

  test('on a 390 px wide phone the header links sit behind a menu button', async () => {
    const context = await browser.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await open(page, '/');
    const pricing = page.getByTestId('nav-pricing');
    expect(await pricing.isVisible()).toBe(false);
    const button = page.getByTestId('nav-menu-button');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await pricing.waitFor({ state: 'visible' });
    // Nothing of the page or header is wider than the screen (wide tables scroll inside their own box).
    for (const route of [
      '/',
      '/pricing',
      '/blog/tracemap-vs-avo-amplitude-segment',
      '/learning/core/attribute-inheritance',
    ]) {
      if (route !== '/') await open(page, route);
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll('[data-app="mfe-marketing"] *, [data-testid="shell-header"] *')]
          .filter(
            (el) =>
              el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 &&
              !el.closest('.mk-mock, .mk-prose table, pre, [data-scroll]'),
          )
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
      );
      expect({ route, wider }).toEqual({ route, wider: [] });
    }
    await open(page, '/');
    await button.click();
    await pricing.waitFor({ state: 'visible' });
    await pricing.click();
    await page.waitForURL(/\/pricing$/);
    await page.getByTestId('page-pricing').waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await pricing.isVisible()).toBe(false);
    await context.close();
  });
});
