import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * The tracking-plan pages end to end: a creator builds a small plan by hand (attributes, an
 * event with a required and an optional attribute, two views carrying a view attribute with
 * the event on both), sees the inherited attribute and the JSON Schema on the event page, and
 * sees it go when the owner turns inheritance off; a viewer gets the same pages read-only; of
 * two editors saving the same event, the second is told about the conflict.
 */

let stack: Stack;
let world: BrowserWorld<Person> | undefined;
let companyId = '';
let eventId = '';

const people = {
  owner: { email: 'olga.owner@example.com', password: 'a-long-owner-password-1', firstName: 'Olga', lastName: 'Owner' },
  creator: {
    email: 'carl.creator@example.com',
    password: 'a-long-creator-password-1',
    firstName: 'Carl',
    lastName: 'Creator',
  },
  viewer: {
    email: 'vera.viewer@example.com',
    password: 'a-long-viewer-password-1',
    firstName: 'Vera',
    lastName: 'Viewer',
  },
};
type Person = keyof typeof people;
const sessions = {} as Record<Person, Session>;
const pages = {} as Record<Person, Page>;

/** A company API call as a signed-in user, failing loudly on anything but success. */
async function api<T>(who: Person, apiPath: string, body: unknown): Promise<T> {
  const res = await fetch(`${stack.url}/api/company${apiPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sessions[who].access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${apiPath} as ${who} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Adds a person to the company with a role, by invitation and acceptance through the API. */
async function join(who: Person, role: 'creator' | 'viewer'): Promise<void> {
  const p = people[who];
  const { invitation } = await api<{ invitation: { invitationId: string } }>('owner', '/invite', {
    companyId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    role,
  });
  await api(who, '/accept-invite', {
    invitationId: invitation.invitationId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
  });
}

function pageFor(who: Person): Promise<Page> {
  return world!.pageFor(who);
}

const url = (section: string) => `${stack.url}/company/${companyId}/${section}`;

/** Creates an entity from its list page with the create dialog and waits for its page to open. */
async function create(
  page: Page,
  section: string,
  name: string,
  choices: Record<string, string> = {},
): Promise<string> {
  await page.goto(url(section));
  await page.getByTestId(`${section}-page`).waitFor();
  await page.getByTestId('plan-count').filter({ hasNotText: 'Loading' }).waitFor();
  // `n` opens the create dialog from anywhere on the list page.
  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Description').fill(`The ${name} ${section.slice(0, -1)} of the test plan.`);
  for (const [label, value] of Object.entries(choices))
    await dialog.getByLabel(label, { exact: true }).selectOption(value);
  await dialog.getByRole('button', { name: /^Create / }).click();
  await page.waitForURL(new RegExp(`/company/${companyId}/${section}/[0-9a-f-]{36}$`));
  await page.getByTestId('entity-title').filter({ hasText: name }).waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Picks an entity in a searchable picker by typing part of its name. */
async function pick(page: Page, pickerLabel: string, name: string): Promise<void> {
  const input = page.getByRole('combobox', { name: pickerLabel });
  await input.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

async function save(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/api/company/${companyId}/`),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await page.getByTestId('entity-save-state').filter({ hasText: 'Saved.' }).waitFor();
}

const effective = (page: Page, name: string) =>
  page.locator(`[data-testid="effective-attribute"][data-name="${name}"]`);

beforeAll(async () => {
  world = await openBrowserWorld('tracking-plan', people);
  stack = world.stack;
  Object.assign(sessions, world.sessions);
  const created = await api<{ company: { id: string } }>('owner', '/create', { name: 'Plan Co' });
  companyId = created.company.id;
  await api('owner', '/update-settings', { companyId, attributeNameCase: 'snake_case', eventNameCase: 'snake_case' });
  await join('creator', 'creator');
  await join('viewer', 'viewer');
  for (const who of Object.keys(people) as Person[]) pages[who] = await pageFor(who);
});

afterAll(async () => {
  await world?.close();
});

test('an empty attribute list explains attributes and offers the two ways to begin', async () => {
  const page = pages.creator;
  // The dashboard's to-do opens the create dialog straight away; closing it leaves the plain list.
  await page.goto(`${stack.url}/company/${companyId}`);
  await page.getByRole('link', { name: 'Define your first attribute' }).click();
  await page.getByRole('dialog', { name: 'New attribute' }).waitFor();
  await page.keyboard.press('Escape');
  await page.waitForURL(url('attributes'));
  const empty = page.getByTestId('plan-empty');
  await empty.waitFor();
  expect(await empty.innerText()).toContain('Attributes are the properties');
  expect(await empty.getByRole('button', { name: 'Create the first attribute' }).isVisible()).toBe(true);
  expect(await empty.getByRole('button', { name: 'Start from an example' }).isVisible()).toBe(true);
});

test('"Start from an example" previews the sample plan, then imports it on Apply', async () => {
  // Olga's free trial went to Plan Co; Vera has hers still, so her new company may edit its plan.
  const { company } = await api<{ company: { id: string } }>('viewer', '/create', { name: 'Example Co' });
  const page = pages.viewer;
  await page.goto(`${stack.url}/company/${company.id}/events`);
  await page.getByTestId('plan-empty').getByRole('button', { name: 'Start from an example' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start from an example' });
  const dryRun = page.waitForResponse(
    (r) => r.url().includes('/tracking-plan/import') && r.url().includes('dryRun=true'),
  );
  expect((await dryRun).status()).toBe(200);
  await dialog.getByTestId('import-summary').waitFor();
  expect(await dialog.getByTestId('import-summary').innerText()).toMatch(
    /^[1-9]\d* to add · 0 to change · 0 unchanged$/,
  );
  // The dry run wrote nothing.
  const before = await fetch(`${stack.url}/api/company/${company.id}/events?limit=1`, {
    headers: { authorization: `Bearer ${sessions.viewer.access_token}` },
  });
  expect(((await before.json()) as { total: number }).total).toBe(0);

  await dialog.getByRole('button', { name: 'Apply import' }).click();
  await dialog.getByTestId('import-done').waitFor();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page
    .getByTestId('plan-count')
    .filter({ hasText: /^[1-9]\d* events$/ })
    .waitFor();
  expect(await page.getByTestId('plan-row').count()).toBeGreaterThan(0);

  // The whole imported plan can be checked against the lint rules on demand.
  await page.getByRole('button', { name: 'Check plan' }).click();
  const summary = page.getByRole('dialog', { name: 'Check the plan' }).getByTestId('lint-summary');
  await summary.waitFor();
  expect(await summary.innerText()).toMatch(/^\d+ errors? · \d+ warnings?$/);
  await page.keyboard.press('Escape');
  await summary.waitFor({ state: 'detached' });
});

test('the name field checks as the user types and suggests the company naming case', async () => {
  const page = pages.creator;
  await page.getByRole('button', { name: 'Create the first attribute' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create attribute' }).click();
  await dialog.getByTestId('field-error').filter({ hasText: 'Name is required' }).waitFor();
  await dialog.getByLabel('Name', { exact: true }).fill('orderId');
  await dialog.getByTestId('name-case-suggestion').filter({ hasText: 'order_id' }).waitFor();
  await dialog.getByRole('button', { name: 'Use it' }).click();
  expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('order_id');
  expect(await dialog.getByTestId('field-error').count()).toBe(0);
  // Esc closes the dialog without creating anything.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('plan-empty').waitFor();
});

test('a creator builds a small plan by hand', async () => {
  const page = pages.creator;
  await create(page, 'attributes', 'order_id', { Scope: 'event', Type: 'string' });
  await create(page, 'attributes', 'coupon_code', { Scope: 'event', Type: 'string' });
  await create(page, 'attributes', 'page_category', { Scope: 'view', Type: 'string' });

  eventId = await create(page, 'events', 'checkout_completed', { Kind: 'track' });
  await pick(page, 'Add attribute', 'order_id');
  await pick(page, 'Add attribute', 'coupon_code');
  await page.getByLabel('Presence of order_id').selectOption('required');
  await save(page);
  const links = page.getByTestId('attribute-link');
  expect(await links.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-presence')))).toEqual([
    'required',
    'optional',
  ]);

  for (const view of ['Checkout', 'Cart']) {
    await create(page, 'views', view, { Type: 'page' });
    await pick(page, 'Add attribute', 'page_category');
    await page.getByLabel('Presence of page_category').selectOption('required');
    await pick(page, 'Add event', 'checkout_completed');
    await page.getByLabel('When checkout_completed fires').fill(`on Pay in the ${view.toLowerCase()}`);
    await save(page);
  }

  await page.goto(url('attributes'));
  await page.getByTestId('plan-count').filter({ hasText: '3 attributes' }).waitFor();
  expect(await page.getByRole('table', { name: 'Attributes' }).getByRole('link').allInnerTexts()).toEqual([
    'coupon_code',
    'order_id',
    'page_category',
  ]);
  // Search runs on the server as the user types.
  await page.keyboard.press('/');
  await page.keyboard.type('page');
  await page.getByTestId('plan-count').filter({ hasText: '1 attribute' }).waitFor();
  expect(await page.getByRole('table', { name: 'Attributes' }).getByRole('link').allInnerTexts()).toEqual([
    'page_category',
  ]);
});

test('the event page shows the inherited view attribute by layer, and the JSON Schema', async () => {
  const page = pages.creator;
  await page.goto(url(`events/${eventId}`));
  await effective(page, 'page_category').waitFor();
  expect(await effective(page, 'page_category').getAttribute('data-layer')).toBe('view');
  expect(await effective(page, 'page_category').getAttribute('data-presence')).toBe('required');
  expect(await effective(page, 'page_category').innerText()).toMatch(/via (Cart, Checkout|Checkout, Cart)/);
  expect(await effective(page, 'order_id').getAttribute('data-layer')).toBe('event');
  expect(await effective(page, 'order_id').getAttribute('data-presence')).toBe('required');
  expect(await effective(page, 'coupon_code').getAttribute('data-presence')).toBe('optional');

  const schema = JSON.parse(await page.getByTestId('schema-text').innerText()) as {
    properties: Record<string, unknown>;
    required: string[];
  };
  expect(Object.keys(schema.properties).sort()).toEqual(['coupon_code', 'order_id', 'page_category']);
  expect([...schema.required].sort()).toEqual(['order_id', 'page_category']);
  expect(await page.getByRole('button', { name: 'Copy' }).isEnabled()).toBe(true);
});

test('with inheritance turned off in settings, the inherited attribute leaves the event', async () => {
  const owner = pages.owner;
  await owner.goto(url('settings'));
  const inheritance = owner.getByTestId('settings-attributeInheritance');
  await inheritance.waitFor();
  expect(await inheritance.isChecked()).toBe(true);
  await inheritance.uncheck();
  await owner.getByTestId('settings-save').click();
  await owner.getByTestId('settings-saved').waitFor();

  const page = pages.creator;
  await page.goto(url(`events/${eventId}`));
  await page.locator('[data-testid="effective-inheritance"][data-inheritance="false"]').waitFor();
  await effective(page, 'order_id').waitFor();
  expect(await effective(page, 'page_category').count()).toBe(0);
  await page.getByTestId('schema-text').filter({ hasNotText: 'page_category' }).waitFor();
  expect(await page.getByTestId('effective-layer-view').count()).toBe(0);
});

test('a viewer sees the same pages with no edit control', async () => {
  const page = pages.viewer;
  await page.goto(url('attributes'));
  await page.getByTestId('plan-count').filter({ hasText: '3 attributes' }).waitFor();
  expect(await page.getByTestId('plan-read-only').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: /^New / }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Import' }).count()).toBe(0);
  await page.keyboard.press('n');
  expect(await page.getByRole('dialog').count()).toBe(0);

  await page.goto(url(`events/${eventId}`));
  await page.getByTestId('entity-title').filter({ hasText: 'checkout_completed' }).waitFor();
  await effective(page, 'order_id').waitFor();
  expect(await page.getByTestId('plan-read-only').isVisible()).toBe(true);
  const form = page.getByRole('form', { name: 'event checkout_completed' });
  expect(await form.locator('input, textarea, select').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /Archive|Delete/ }).count()).toBe(0);
  expect(await page.getByRole('combobox').count()).toBe(0);
  expect(await page.getByTestId('attribute-link').count()).toBe(2);
});

test('of two editors saving the same event, the second gets the conflict and reloads on request', async () => {
  const first = pages.owner;
  const second = pages.creator;
  for (const page of [first, second]) {
    await page.goto(url(`events/${eventId}`));
    await page.getByTestId('entity-title').filter({ hasText: 'checkout_completed' }).waitFor();
  }
  await first.getByTestId('plan-description').fill('Fired once the payment is accepted.');
  await second.getByTestId('plan-description').fill('Fired when the order is placed.');
  await save(first);

  const refused = second.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().includes(`/events/${eventId}`),
  );
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await refused).status()).toBe(409);
  const conflict = second.getByTestId('version-conflict');
  await conflict.waitFor();
  expect(await conflict.innerText()).toContain('Someone else changed this event');
  expect(await conflict.innerText()).toContain('Reload to see their version');
  // Nothing was replaced behind the user's back: their text is still in the field.
  expect(await second.getByTestId('plan-description').inputValue()).toBe('Fired when the order is placed.');

  await conflict.getByRole('button', { name: 'Reload their version' }).click();
  await conflict.waitFor({ state: 'detached' });
  expect(await second.getByTestId('plan-description').inputValue()).toBe('Fired once the payment is accepted.');
});

test('an attribute in use is not deleted but can be archived, hidden from the list until asked for, and restored', async () => {
  const page = pages.creator;
  await page.goto(url('attributes'));
  await page.getByRole('table', { name: 'Attributes' }).getByRole('link', { name: 'coupon_code' }).click();
  await page.getByTestId('entity-title').filter({ hasText: 'coupon_code' }).waitFor();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const refused = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await page.getByRole('button', { name: 'Delete coupon_code for good' }).click();
  expect((await refused).status()).toBe(409);
  const message = page.getByTestId('entity-error');
  await message.waitFor();
  expect(await message.innerText()).toContain('Archive it instead');

  await page.getByRole('button', { name: 'Archive it instead' }).click();
  await page.locator('[data-testid="status-badge"][data-status="archived"]').waitFor();
  await page.keyboard.press('Escape');
  await page.waitForURL(url('attributes'));
  await page.getByTestId('plan-count').filter({ hasText: '2 attributes' }).waitFor();
  const names = () => page.getByRole('table', { name: 'Attributes' }).getByRole('link').allInnerTexts();
  expect(await names()).toEqual(['order_id', 'page_category']);
  await page.getByLabel('Show archived').check();
  await page.getByTestId('plan-count').filter({ hasText: '3 attributes' }).waitFor();
  expect(await names()).toEqual(['coupon_code', 'order_id', 'page_category']);

  await page.getByRole('table', { name: 'Attributes' }).getByRole('link', { name: 'coupon_code' }).click();
  await page.getByRole('button', { name: 'Restore' }).click();
  await page.locator('[data-testid="status-badge"][data-status="planned"]').waitFor();
  await page.getByTestId('history-entry').filter({ hasText: 'restored' }).waitFor();
});
