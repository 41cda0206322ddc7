import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  createTestDatabase,
  launchBrowser,
  serveStatic,
  type StaticServer,
  type TestBrowser,
  type TestDatabase,
} from '@tracemap/test-kit';
import { freePort } from '../../src/processes';
import { REPO_ROOT, startStack, type Stack } from '../../src/stack';
import { createConfirmedUser, sessionCookies, signIn, type Session } from '../../src/test-users';
import { PAGE_ROUTES } from '@tracemap/contracts';

const ADMIN_EMAIL = 'platform-admin@example.com';
const ADMIN_PASSWORD = 'a-long-platform-password-1';
let adminSession: Session;

let stack: Stack;
let database: TestDatabase | undefined;
let chromium: TestBrowser;
let browser: Browser;
let remotesFile: string;
let elsewherePort: number;
const servers: StaticServer[] = [];

function writeRegistry(overrides: Record<string, string>) {
  writeFileSync(remotesFile, JSON.stringify(overrides));
}

async function appShown(page: Page): Promise<string | null> {
  const element = page.locator('[data-app]').first();
  await element.waitFor({ timeout: 20000 });
  // A public page's static HTML names its app before any script ran: wait until it is live too.
  await page.waitForFunction(() => document.documentElement.dataset.pageShown === 'true', null, { timeout: 20000 });
  return element.getAttribute('data-app');
}

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracemap-platform-'));
  remotesFile = path.join(dataDir, 'remotes.json');
  writeRegistry({});
  elsewherePort = await freePort();
  database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  stack = await startStack({
    port: 0,
    dataDir,
    databaseUrl: database?.url,
    remotesFile,
    logLevel: 'warn',
    log: () => undefined,
    // A remote may live on another host the operator allowed.
    env: { REMOTE_ORIGINS: `http://127.0.0.1:${elsewherePort}`, ADMIN_EMAILS: ADMIN_EMAIL },
  });
  await createConfirmedUser(stack, ADMIN_EMAIL, ADMIN_PASSWORD);
  adminSession = await signIn(stack, ADMIN_EMAIL, ADMIN_PASSWORD);
  chromium = await launchBrowser();
  browser = chromium.browser;
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await chromium?.close();
  await stack?.stop();
  await database?.drop();
});

afterEach(() => writeRegistry({}));

test('the home page comes from mfe-marketing inside the shared layout', async () => {
  const page = await browser.newPage();
  const response = await page.goto(`${stack.url}/`);
  expect(response?.status()).toBe(200);
  expect(await appShown(page)).toBe('mfe-marketing');
  await expect(page.getByTestId('shell-main').getByTestId('home-heading').innerText()).resolves.toContain('Tracemap');
  expect(await page.getByTestId('shell-header').isVisible()).toBe(true);
  expect(await page.getByTestId('shell-footer').isVisible()).toBe(true);
  await page.close();
});

test('/login is rendered by mfe-auth', async () => {
  const page = await browser.newPage();
  await page.goto(`${stack.url}/login`);
  expect(await appShown(page)).toBe('mfe-auth');
  await page.close();
});

/** A page in a browser context that already holds the admin's session cookie. */
async function adminPage(): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies(sessionCookies(stack, adminSession));
  return context.newPage();
}

test('/company is rendered by mfe-company for a logged-in user', async () => {
  const page = await adminPage();
  await page.goto(`${stack.url}/company`);
  expect(await appShown(page)).toBe('mfe-company');
  expect(new URL(page.url()).pathname).toBe('/company');
  await page.context().close();
});

test('/admin is rendered by mfe-admin for a product admin', async () => {
  const page = await adminPage();
  await page.goto(`${stack.url}/admin`);
  expect(await appShown(page)).toBe('mfe-admin');
  await page.context().close();
});

test('a zustand store written in a remote is seen by the shell', async () => {
  const page = await adminPage();
  await page.goto(`${stack.url}/admin/debug-test`);
  await page.getByTestId('debug-banner-input').fill('Written by mfe-admin');
  await page.getByTestId('debug-banner-submit').click();
  // The banners region is already on the page (it may hold other banners), so wait for the new text to render.
  const written = page.getByTestId('shell-banners').getByText('Written by mfe-admin');
  await written.waitFor({ state: 'visible', timeout: 10_000 });
  expect(await written.count()).toBe(1);
  await page.context().close();
});

test('every page of the product is rendered by the app that owns it, inside the layout unless bare', async () => {
  const page = await adminPage();
  for (const route of PAGE_ROUTES) {
    const path = route.pattern.replace(/:[A-Za-z]+/g, 'sample-id');
    const response = await page.goto(`${stack.url}${path}`);
    expect({ path, status: response?.status() }).toEqual({ path, status: 200 });
    await page.locator(`[data-app="${route.app}"]`).first().waitFor({ timeout: 20000 });
    expect({ path, header: await page.getByTestId('shell-header').count() }).toEqual({
      path,
      header: route.bare ? 0 : 1,
    });
  }
  await page.context().close();
});

test('an unknown path shows the 404 error page, and Go Home leads to /', async () => {
  const page = await browser.newPage();
  const response = await page.goto(`${stack.url}/no/such/page`);
  expect(response?.status()).toBe(404);
  const errorPage = page.getByTestId('error-page');
  await errorPage.waitFor();
  expect(await errorPage.getAttribute('data-status')).toBe('404');
  expect(await errorPage.innerText()).toContain('Oops!');
  expect(await page.getByTestId('error-message').innerText()).toBe('Page not found: /no/such/page');
  await page.getByTestId('error-go-home').click();
  await page.waitForURL(`${stack.url}/`);
  expect(await appShown(page)).toBe('mfe-marketing');
  await page.close();
});

test('/map-preview/{mapId} renders without the layout', async () => {
  const page = await browser.newPage();
  // No such map (and no session): the preview's own 404 page, still inside mfe-company and without the layout.
  await page.goto(`${stack.url}/map-preview/00000000-0000-4000-8000-000000000000`);
  await page.locator('[data-app="mfe-company"] [data-testid="error-page"][data-status="404"]').waitFor();
  expect(await appShown(page)).toBe('mfe-company');
  expect(await page.getByTestId('shell-header').count()).toBe(0);
  expect(await page.getByTestId('shell-footer').count()).toBe(0);
  await page.close();
});

test('a remote that is down shows a fallback on its routes only, and works again once it is back without a reload', async () => {
  writeRegistry({ mfe_company: `http://127.0.0.1:${elsewherePort}/mf-manifest.json` });
  const page = await adminPage();
  await page.goto(`${stack.url}/`);
  expect(await appShown(page)).toBe('mfe-marketing');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  await page.goto(`${stack.url}/map-preview/first`);
  await page.getByTestId('remote-unavailable').waitFor({ timeout: 20000 });
  expect(await page.getByTestId('remote-unavailable').innerText()).toContain('unavailable');

  // The rest of the product keeps working, in the same document.
  await page.goto(`${stack.url}/`);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByTestId('nav-pricing').click();
  expect(await appShown(page)).toBe('mfe-marketing');
  await page.getByTestId('nav-company').click();
  await page.getByTestId('remote-unavailable').waitFor({ timeout: 20000 });
  expect(await page.getByTestId('shell-header').isVisible()).toBe(true);

  // The remote comes back on its host; Retry loads it without reloading the page.
  servers.push(await serveStatic(path.join(REPO_ROOT, 'mfe-company/dist'), elsewherePort));
  await page.getByTestId('remote-retry').click();
  expect(await appShown(page)).toBe('mfe-company');
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await page.context().close();
  await servers.pop()!.stop();
});

test('a remote relocated to another host is picked up while the shell keeps running', async () => {
  const page = await browser.newPage();
  await page.goto(`${stack.url}/`);
  expect(await appShown(page)).toBe('mfe-marketing');
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // Redeployed on another host; only the registry changes, the open shell is untouched.
  const elsewhere = await serveStatic(path.join(REPO_ROOT, 'mfe-auth/dist'), elsewherePort);
  servers.push(elsewhere);
  writeRegistry({ mfe_auth: `${elsewhere.url}/mf-manifest.json` });

  await page.getByTestId('nav-login').click();
  expect(await appShown(page)).toBe('mfe-auth');
  expect(elsewhere.requests).toContain('/mf-manifest.json');
  expect(elsewhere.requests.some((p) => p.endsWith('.js'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await page.close();
});

test('after a redeploy, a chunk that fails to load reloads the page to where the user was going', async () => {
  const page = await adminPage();
  const manifestRead = page.waitForResponse((r) => r.url().includes('/builds-latest.json'));
  await page.goto(`${stack.url}/`);
  expect(await appShown(page)).toBe('mfe-marketing');
  await manifestRead;
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

  // A new shell build goes out, and the company remote this page would load is gone.
  const shellIndex = path.join(REPO_ROOT, 'shell/dist/index.html');
  const original = readFileSync(shellIndex);
  writeFileSync(shellIndex, Buffer.concat([original, Buffer.from('\n<!-- redeployed -->\n')]));
  writeRegistry({ mfe_company: 'http://127.0.0.1:9/mf-manifest.json' });
  try {
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('nav-company').click();
    await reloaded;
    expect(new URL(page.url()).pathname).toBe('/company');
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBeUndefined();
  } finally {
    writeFileSync(shellIndex, original);
    await page.context().close();
  }
});
