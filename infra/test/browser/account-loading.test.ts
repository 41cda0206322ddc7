import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * How a logged-in page loads the account: the sync starts from the session cookie without
 * waiting for the sign-in client, a reload renders from the saved account, and while the
 * company service is down the page says so instead of claiming the user has no company.
 */

const EMAIL = 'loading.owner@example.com';
const PASSWORD = 'a-long-loading-password-1';
let stack: Stack;
let world: BrowserWorld<'owner'> | undefined;
let page: Page;

const banner = (id: string) => page.locator(`[data-testid="shell-banner"][data-banner-id="${id}"]`);

beforeAll(async () => {
  // Signed in below through the login page, as a user would, not with a session cookie.
  world = await openBrowserWorld(
    'account-loading',
    { owner: { email: EMAIL, password: PASSWORD, signedIn: false } },
    {
      // Every sync reaches the company service, so stopping it shows on the next page.
      env: { SYNC_CACHE_MS: '0', SYNC_STALE_MS: '0' },
    },
  );
  stack = world.stack;
  page = await world.pageFor(null);
  await page.goto(`${stack.url}/login?redirect=${encodeURIComponent('/company/create')}`);
  await page.locator('#email').fill(EMAIL);
  await page.locator('#password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/company/create');
  await page.getByTestId('company-create-name').fill('Loading Co');
  await page.getByTestId('company-create-submit').click();
  await page.getByTestId('dashboard-company-name').waitFor();
});

afterAll(async () => {
  await world?.close();
});

test('a reload of /account syncs at once from the session cookie, before the sign-in client is even loaded', async () => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${stack.url}/account`);
  await page.getByTestId('name-form').waitFor();
  page.removeAllListeners('request');
  const sync = requests.indexOf('/api/account/sync');
  expect(sync).toBeGreaterThanOrEqual(0);
  // The client's own start (its configuration, then the session) comes later, if at all.
  const clientStart = requests.indexOf('/app-config.json');
  expect(clientStart === -1 || clientStart > sync).toBe(true);
  expect(await page.getByTestId('account-loading').count()).toBe(0);
});

test('the saved account renders the page even while the sync has not answered', async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let syncsHeld = 0;
  await page.route('**/api/account/sync', async (route) => {
    syncsHeld += 1;
    await held;
    await route.continue().catch(() => undefined);
  });
  try {
    await page.goto(`${stack.url}/account`);
    await page.getByTestId('name-form').waitFor();
    await expect(page.getByTestId('account-email').innerText()).resolves.toBe(EMAIL);
    expect(syncsHeld).toBeGreaterThan(0);
  } finally {
    release();
    await page.unroute('**/api/account/sync');
  }
});

test('with the company service down, an outage notice shows and never "no company access"; it clears once the service is back', async () => {
  await stack.stopService('company');
  try {
    await page.goto(`${stack.url}/account`);
    await banner('company-data-unavailable').waitFor();
    await expect(banner('company-data-unavailable').innerText()).resolves.toContain(
      'Company data is temporarily unavailable',
    );
    expect(await banner('no-company-access').count()).toBe(0);
  } finally {
    await stack.startService('company');
  }
  // The shell syncs again on its own and the notice goes.
  await banner('company-data-unavailable').waitFor({ state: 'detached', timeout: 60000 });
  expect(await banner('no-company-access').count()).toBe(0);
});
