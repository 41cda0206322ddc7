import type { Page } from 'playwright-core';
import { waitFor } from '@tracemap/test-kit';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * Billing end to end on the sandbox provider (the stack's default): a new company is in its
 * trial; the owner subscribes on the hosted checkout page and changes plan after a prorated
 * preview; a declined card on checkout shows the provider's message and changes nothing;
 * cancel and resume; a viewer sees the state without actions and the API refuses them; a card
 * whose charges fail plus sandbox time past the renewal makes the subscription past due on
 * the page and in the banner.
 */

let stack: Stack;
let world: BrowserWorld<Person> | undefined;
let companyId = '';

const people = {
  owner: { email: 'bill.owner@example.com', password: 'a-long-owner-password-1', firstName: 'Bill', lastName: 'Owner' },
  viewer: {
    email: 'vic.viewer@example.com',
    password: 'a-long-viewer-password-1',
    firstName: 'Vic',
    lastName: 'Viewer',
  },
  admin: {
    email: 'clock.admin@example.com',
    password: 'a-long-admin-password-1',
    firstName: 'Clock',
    lastName: 'Admin',
  },
};
type Person = keyof typeof people;
const sessions = {} as Record<Person, Session>;
const pages = {} as Record<Person, Page>;

/** A JSON call as a signed-in user; answers the status and body so refusals can be checked too. */
async function call<T = Record<string, unknown>>(
  who: Person,
  apiPath: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${stack.url}${apiPath}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${sessions[who].access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function ok<T = Record<string, unknown>>(who: Person, apiPath: string, body?: unknown): Promise<T> {
  const answer = await call<T>(who, apiPath, body);
  if (answer.status >= 300)
    throw new Error(`${apiPath} as ${who} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

interface Details {
  status: string;
  trialEnd: string | null;
  planName: string | null;
  priceId: string | null;
  currentPeriodEnd: string | null;
  card: { last4: string } | null;
}

/** A billing date as the pages show it (a calendar day in UTC). */
const day = (iso: string | null | undefined) =>
  new Date(iso!).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

const details = async (id: string) =>
  (await ok<{ subscription: Details | null }>('owner', '/api/subscription/details', { companyId: id })).subscription;

/**
 * Reads until the answer is as expected, for at most 20 s: the provider reports
 * changes to the subscription service on its own channel, a moment after the call that made them.
 */
function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  return waitFor(read, { until: done, timeoutMs: 20_000, intervalMs: 200, message: what });
}

async function createCompany(name: string): Promise<string> {
  const created = await ok<{ company: { id: string } }>('owner', '/api/company/create', { name });
  return created.company.id;
}

function pageFor(who: Person): Promise<Page> {
  return world!.pageFor(who);
}

const subscriptionUrl = (id: string) => `${stack.url}/company/${id}/subscription`;
const badge = (page: Page) => page.getByTestId('subscription-status');
const planCard = (page: Page, priceId: string) => page.locator(`[data-testid="plan-card"][data-price-id="${priceId}"]`);
const banner = (page: Page, id: string) => page.locator(`[data-testid="shell-banner"][data-banner-id="${id}"]`);

async function openSubscription(page: Page, id: string, status: string): Promise<void> {
  await page.goto(subscriptionUrl(id));
  await page.locator(`[data-testid="subscription-status"][data-status="${status}"]`).waitFor();
}

/** Types a card into the sandbox's hosted page (checkout or card update) and submits it. */
async function enterCard(page: Page, number: string, expiry = '12 / 34'): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM / YY)').fill(expiry);
  await page.getByLabel('CVC').fill('123');
  await page.locator('form button[type="submit"]').click();
}

/** Chooses a plan on the subscription page and goes on to the provider's checkout page. */
async function startCheckout(page: Page, priceId: string): Promise<void> {
  await planCard(page, priceId).getByTestId('plan-choose').click();
  await page.getByTestId('plan-checkout-note').waitFor();
  await page.getByTestId('plan-confirm').click();
  await page.waitForURL(/\/api\/subscription\/sandbox\/checkout\//);
}

beforeAll(async () => {
  // The clock admin is a product admin: only they may move the sandbox's time.
  world = await openBrowserWorld('billing', people, { env: { ADMIN_EMAILS: people.admin.email } });
  stack = world.stack;
  Object.assign(sessions, world.sessions);
  companyId = await createCompany('Billing Co');
  for (const who of Object.keys(people) as Person[]) pages[who] = await pageFor(who);
});

afterAll(async () => {
  await world?.close();
});

test("a new company is in its trial, and the owner's subscription page says when it ends", async () => {
  const page = pages.owner;
  await openSubscription(page, companyId, 'trialing');
  const trial = await details(companyId);
  expect(Date.parse(trial!.trialEnd!)).toBeGreaterThan(Date.now());
  expect(await badge(page).innerText()).toBe(`Trial — ends ${day(trial!.trialEnd)}`);
  expect(await page.getByTestId('subscription-read-only').count()).toBe(0);
  expect(await banner(page, 'subscription-required').count()).toBe(0);
  await planCard(page, 'price_starter').waitFor();
});

test('the owner subscribes with 4242 4242 4242 4242 on the hosted checkout page and sees Active', async () => {
  const page = pages.owner;
  await startCheckout(page, 'price_team');
  await enterCard(page, '4242 4242 4242 4242');
  await page.waitForURL((url) => url.pathname === `/company/${companyId}/subscription`);
  await page.locator('[data-testid="subscription-status"][data-status="active"]').waitFor({ timeout: 30000 });
  expect(await badge(page).innerText()).toBe('Active');
  await page.getByTestId('checkout-done').waitFor();
  await page.waitForURL((url) => !url.searchParams.has('checkout'));
  expect(await page.getByTestId('subscription-plan-name').innerText()).toBe('Team');
  expect(await page.getByTestId('subscription-card').getAttribute('data-last4')).toBe('4242');
  await page.locator('[data-testid="invoice-row"][data-status="paid"]').first().waitFor();
});

test('changing the plan shows the prorated preview, and confirming it switches the plan', async () => {
  const page = pages.owner;
  await openSubscription(page, companyId, 'active');
  expect(await planCard(page, 'price_team').getAttribute('data-current')).toBe('true');
  await planCard(page, 'price_business').getByTestId('plan-choose').click();
  const preview = page.getByTestId('proration-preview');
  await preview.waitFor();
  expect(await page.getByTestId('preview-amount-due').innerText()).toMatch(/^-?\$\d[\d,]*\.\d{2}$/);
  expect(await page.getByTestId('preview-line').count()).toBeGreaterThan(0);
  await page.getByTestId('plan-confirm').click();
  await page.getByTestId('subscription-notice').filter({ hasText: 'The plan is now Business.' }).waitFor();
  await page.getByTestId('subscription-plan-name').filter({ hasText: 'Business' }).waitFor();
  expect(await planCard(page, 'price_business').getAttribute('data-current')).toBe('true');
  expect((await details(companyId))?.priceId).toBe('price_business');
});

test("a declined card on checkout shows the provider's message and changes nothing", async () => {
  const page = pages.owner;
  // The owner's free trial went to the first company, so the second one starts without a subscription.
  const otherId = await createCompany('Second Co');
  expect(await details(otherId)).toBeNull();
  await openSubscription(page, otherId, 'none');
  expect(await badge(page).innerText()).toBe('No subscription — choose a plan');
  await startCheckout(page, 'price_starter');
  await enterCard(page, '4000 0000 0000 9995');
  await page.getByText('Your card has insufficient funds.').waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/api\/subscription\/sandbox\/checkout\//);
  expect(await details(otherId)).toBeNull();

  await openSubscription(page, otherId, 'none');
  const required = banner(page, 'subscription-required');
  await required.waitFor();
  expect(await required.innerText()).toContain('Second Co has no subscription');
  expect(await required.getByRole('link', { name: 'Manage Subscription' }).getAttribute('href')).toBe(
    `/company/${otherId}/subscription`,
  );
});

test('cancel asks first and shows canceled until the period ends; resume makes it active again', async () => {
  const page = pages.owner;
  await openSubscription(page, companyId, 'active');
  await page.getByTestId('subscription-cancel').click();
  const dialog = page.getByTestId('cancel-dialog');
  await dialog.waitFor();
  await page.getByTestId('cancel-dialog-confirm').click();
  await page.locator('[data-testid="subscription-status"][data-status="canceled"]').waitFor();
  const canceled = await details(companyId);
  expect(canceled?.status).toBe('canceled');
  expect(Date.parse(canceled!.currentPeriodEnd!)).toBeGreaterThan(Date.now());
  expect(await badge(page).innerText()).toBe(`Canceled — ends ${day(canceled!.currentPeriodEnd)}`);
  expect(await page.getByTestId('subscription-cancel').count()).toBe(0);

  await page.getByTestId('subscription-resume').click();
  await page.locator('[data-testid="subscription-status"][data-status="active"]').waitFor();
  expect((await details(companyId))?.status).toBe('active');
});

test('a viewer sees the subscription without any action, and the API refuses their changes', async () => {
  const { invitation } = await ok<{ invitation: { invitationId: string } }>('owner', '/api/company/invite', {
    companyId,
    email: people.viewer.email,
    firstName: people.viewer.firstName,
    lastName: people.viewer.lastName,
    role: 'viewer',
  });
  await ok('viewer', '/api/company/accept-invite', {
    invitationId: invitation.invitationId,
    email: people.viewer.email,
    firstName: people.viewer.firstName,
    lastName: people.viewer.lastName,
  });
  const page = pages.viewer;
  await openSubscription(page, companyId, 'active');
  expect(await page.getByTestId('subscription-read-only').innerText()).toBe(
    'Only owners and admins can manage the subscription.',
  );
  await planCard(page, 'price_starter').waitFor();
  expect(await page.getByTestId('company-subscription').locator('button').count()).toBe(0);
  expect((await call('viewer', '/api/subscription/update', { companyId, priceId: 'price_starter' })).status).toBe(403);
  expect((await call('viewer', '/api/subscription/cancel', { companyId })).status).toBe(403);
  expect((await details(companyId))?.priceId).toBe('price_business');
});

test('a card whose charges fail and time past the renewal make the subscription past due, on the page and in the banners', async () => {
  const page = pages.owner;
  await openSubscription(page, companyId, 'active');
  await page.getByTestId('subscription-update-card').click();
  await page.waitForURL(/\/api\/subscription\/sandbox\/portal\//);
  // The new card also runs out this month, which owners and admins are told about.
  const today = new Date();
  const thisMonth = `${String(today.getUTCMonth() + 1).padStart(2, '0')} / ${String(today.getUTCFullYear()).slice(2)}`;
  await enterCard(page, '4000 0000 0000 0341', thisMonth);
  await page.getByText('Your card was updated.').waitFor();
  await page.getByRole('link', { name: 'Return to Tracemap' }).click();
  await page.waitForURL((url) => url.pathname === `/company/${companyId}/subscription`);
  await until(
    'the new card',
    () => details(companyId),
    (d) => d?.card?.last4 === '0341',
  );

  // The product admin moves the sandbox clock a day on its debug page, then past the renewal by its API.
  const admin = pages.admin;
  await admin.goto(`${stack.url}/admin/debug-test`);
  const before = Date.parse(await admin.getByTestId('sandbox-clock-now').innerText());
  await admin.getByTestId('sandbox-advance-1').click();
  await admin.getByTestId('sandbox-clock-notice').waitFor();
  expect(Date.parse(await admin.getByTestId('sandbox-clock-now').innerText()) - before).toBeGreaterThanOrEqual(
    86_400_000,
  );
  const { now } = await ok<{ now: string | number }>('admin', '/api/subscription/sandbox/clock');
  const sandboxNow = typeof now === 'number' ? now * 1000 : Date.parse(now);
  const periodEnd = Date.parse((await details(companyId))!.currentPeriodEnd!);
  await ok('admin', '/api/subscription/sandbox/clock/advance', {
    seconds: Math.ceil((periodEnd - sandboxNow) / 1000) + 3600,
  });
  await until(
    'the failed renewal',
    () => details(companyId),
    (d) => d?.status === 'past_due',
  );

  await openSubscription(page, companyId, 'past_due');
  expect(await badge(page).innerText()).toBe('Past due — update your card');
  const pastDue = banner(page, 'payment-past-due');
  await pastDue.waitFor();
  expect(await pastDue.innerText()).toContain('Your last payment for Billing Co failed');
  expect(await pastDue.getByRole('link', { name: 'Update card' }).getAttribute('href')).toBe(
    `/company/${companyId}/subscription`,
  );
  const expiring = banner(page, 'payment-method-expiring');
  await expiring.waitFor();
  expect(await expiring.getByRole('link', { name: 'Update card' }).getAttribute('href')).toBe(
    `/company/${companyId}/subscription`,
  );

  // A viewer is told about the failed payment (without an action) but not about the card.
  const viewer = pages.viewer;
  await openSubscription(viewer, companyId, 'past_due');
  const viewerPastDue = banner(viewer, 'payment-past-due');
  await viewerPastDue.waitFor();
  expect(await viewerPastDue.innerText()).toContain('Ask an owner or admin to update the card.');
  expect(await viewerPastDue.getByRole('link').count()).toBe(0);
  expect(await banner(viewer, 'payment-method-expiring').count()).toBe(0);
});

test('a good card on the card page pays the open invoice: active again, and the banners go', async () => {
  const page = pages.owner;
  await openSubscription(page, companyId, 'past_due');
  await page.getByTestId('subscription-update-card').click();
  await page.waitForURL(/\/api\/subscription\/sandbox\/portal\//);
  await enterCard(page, '4242 4242 4242 4242');
  await page.getByText('Your card was updated.').waitFor();
  await until(
    'the paid invoice',
    () => details(companyId),
    (d) => d?.status === 'active' && d.card?.last4 === '4242',
  );
  await page.getByRole('link', { name: 'Return to Tracemap' }).click();
  await page.locator('[data-testid="subscription-status"][data-status="active"]').waitFor();
  expect(await banner(page, 'payment-past-due').count()).toBe(0);
  expect(await banner(page, 'payment-method-expiring').count()).toBe(0);
});
