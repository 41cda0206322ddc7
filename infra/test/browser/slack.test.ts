import pg from 'pg';
import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * Slack end to end against the local Slack the stack starts without a Slack app: an admin
 * connects from /company/slack through the popup, which reports back and closes; a viewer sees
 * no install button and is refused by the API; a reused, expired or other browser's state and a
 * denial each end at /auth/popup-close with their named error.
 */

const people = {
  owner: { email: 'sam.slack@example.com', password: 'a-long-slack-password-1' },
  viewer: { email: 'vic.slack-viewer@example.com', password: 'a-long-viewer-password-1' },
};
type Person = keyof typeof people;

let stack: Stack;
let world: BrowserWorld<Person> | undefined;
let sessions: Record<Person, Session>;
let connectedId = '';
let otherId = '';

async function api<T>(
  who: Person,
  method: string,
  apiPath: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const res = await fetch(`${stack.url}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${sessions[who].access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
}

async function createCompany(name: string): Promise<string> {
  const created = await api<{ company: { id: string } }>('owner', 'POST', '/api/company/create', { name });
  if (created.status !== 200 && created.status !== 201) throw new Error(`create: ${created.status}`);
  return created.json.company.id;
}

const row = (page: Page, companyId: string) =>
  page.locator(`[data-testid="slack-company"][data-company-id="${companyId}"]`);

/** Clicks "Add to Slack" for the company and answers the popup at the consent page. */
async function openInstall(page: Page, companyId: string): Promise<Page> {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    row(page, companyId).getByTestId('slack-install').click(),
  ]);
  await popup.getByRole('button', { name: 'Allow' }).waitFor();
  return popup;
}

beforeAll(async () => {
  world = await openBrowserWorld('slack', people, { warmUp: true });
  stack = world.stack;
  sessions = world.sessions;
  connectedId = await createCompany('Slack Connected Co');
  otherId = await createCompany('Slack States Co');
  const invited = await api<{ invitation: { invitationId: string } }>('owner', 'POST', '/api/company/invite', {
    companyId: connectedId,
    email: people.viewer.email,
    firstName: 'Vic',
    lastName: 'Viewer',
    role: 'viewer',
  });
  await api('viewer', 'POST', '/api/company/accept-invite', {
    invitationId: invited.json.invitation.invitationId,
    email: people.viewer.email,
    firstName: 'Vic',
    lastName: 'Viewer',
  });
}, 180_000);

afterAll(async () => {
  await world?.close();
});

let callbackUrl = '';

test('an admin clicks "Add to Slack", approves in the popup, and the page shows the channel in under 5 s', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/slack`);
  await page.getByTestId('slack-local-note').waitFor();
  await row(page, connectedId).getByTestId('slack-status').filter({ hasText: 'Not connected' }).waitFor();
  const popup = await openInstall(page, connectedId);
  popup.on('request', (request) => {
    if (request.url().includes('/api/integrations/slack/oauth/callback')) callbackUrl = request.url();
  });
  await popup.getByLabel('Channel').selectOption({ label: '#analytics' });
  const started = Date.now();
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Allow' }).click()]);
  await row(page, connectedId)
    .getByTestId('slack-status')
    .filter({ hasText: 'Connected to #analytics' })
    .waitFor({ timeout: 5000 });
  expect(Date.now() - started).toBeLessThan(5000);
  expect(callbackUrl).toContain('state=');
  // The channel picked in Slack gets every kind, shown for the admin to change.
  const subscription = row(page, connectedId).locator('[data-testid="slack-subscription"][data-channel="analytics"]');
  await subscription.getByLabel('Plan changes').waitFor();
  expect(await subscription.getByLabel('Plan changes').isChecked()).toBe(true);
});

test('reusing a state ends at /auth/popup-close with invalid_state', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(callbackUrl);
  await page.waitForURL(/\/auth\/popup-close\?/);
  expect(new URL(page.url()).searchParams.get('code')).toBe('invalid_state');
  await page.locator('[data-testid="popup-close"][data-code="invalid_state"]').waitFor();
});

test('a viewer sees no install button, and the API refuses them an install URL', async () => {
  const page = await world!.pageFor('viewer');
  await page.goto(`${stack.url}/company/slack`);
  await row(page, connectedId).getByTestId('slack-status').filter({ hasText: 'Connected to #analytics' }).waitFor();
  await row(page, connectedId).getByTestId('slack-admin-only').waitFor();
  expect(await page.getByTestId('slack-install').count()).toBe(0);
  const refused = await api('viewer', 'POST', `/api/integrations/${connectedId}/slack/install-url`);
  expect(refused.status).toBe(403);
});

test('a state answered from another browser (no cookie) ends with invalid_state', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/slack`);
  const popup = await openInstall(page, otherId);
  const authorizeUrl = popup.url();
  await popup.close();
  const stranger = await world!.pageFor(null);
  await stranger.goto(authorizeUrl);
  await stranger.getByRole('button', { name: 'Allow' }).click();
  await stranger.waitForURL(/\/auth\/popup-close\?/);
  expect(new URL(stranger.url()).searchParams.get('code')).toBe('invalid_state');
});

test('an expired state ends with invalid_state, reported back to the page', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/slack`);
  const popup = await openInstall(page, otherId);
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query(
      `UPDATE integrations.slack_install_states SET expires_at = now() - interval '1 second' WHERE company_id = $1`,
      [otherId],
    );
  } finally {
    await db.end();
  }
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Allow' }).click()]);
  await page.locator('[data-testid="slack-install-error"][data-code="invalid_state"]').waitFor({ timeout: 5000 });
  await row(page, otherId).getByTestId('slack-status').filter({ hasText: 'Not connected' }).waitFor();
});

test('cancelling in Slack ends with access_denied', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/slack`);
  const popup = await openInstall(page, otherId);
  await Promise.all([popup.waitForEvent('close'), popup.getByRole('button', { name: 'Cancel' }).click()]);
  await page.locator('[data-testid="slack-install-error"][data-code="access_denied"]').waitFor({ timeout: 5000 });
});

test('company settings link to the Slack page', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/${connectedId}/settings`);
  await page.getByTestId('settings-slack-link').click();
  await page.waitForURL(/\/company\/slack$/);
  await page.getByTestId('company-slack-page').waitFor();
});
