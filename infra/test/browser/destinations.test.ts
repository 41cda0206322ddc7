import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * Destinations end to end under the stack's local stand-in (no vendor address configured): an
 * owner adds a Segment destination with the stand-in's keys, tests the connection, previews,
 * pushes, sees each operation applied, finds the rules in the stand-in, the company's last sync
 * on the dashboard, and a preview with nothing left to push. Then a RudderStack destination whose
 * connection is tested before it is saved, pushed together with Segment as one set. Then an
 * event's Code tab.
 */

const people = { owner: { email: 'dana.destinations@example.com', password: 'a-long-destinations-password-1' } };
type Person = keyof typeof people;

let stack: Stack;
let world: BrowserWorld<Person> | undefined;
let sessions: Record<Person, Session>;
let companyId = '';
let eventId = '';

async function api<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stack.url}${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${sessions.owner.access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

beforeAll(async () => {
  world = await openBrowserWorld('destinations', people, { warmUp: true });
  stack = world.stack;
  sessions = world.sessions;
  const created = await api<{ company: { id: string } }>('POST', '/api/company/create', { name: 'Destinations Co' });
  companyId = created.company.id;
  const attribute = await api<{ id: string }>('POST', `/api/company/${companyId}/attributes`, {
    name: 'order_id',
    type: 'string',
  });
  const event = await api<{ id: string }>('POST', `/api/company/${companyId}/events`, {
    name: 'Order Completed',
    kind: 'track',
    attributes: [{ attributeId: attribute.id, presence: 'required' }],
  });
  eventId = event.id;
}, 180_000);

afterAll(async () => {
  await world?.close();
});

test('an owner adds a Segment destination, previews, pushes, and sees lastSync on the dashboard', async () => {
  expect(stack.destinationsUrl).not.toBeNull();
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/${companyId}/settings`);
  await page.getByTestId('settings-destinations-link').click();
  await page.getByTestId('destinations-local-note').waitFor();
  await page.getByTestId('destinations-last-sync').filter({ hasText: 'never' }).waitFor();

  await page.getByTestId('destination-name').fill('Segment (local)');
  await page.getByTestId('destination-use-local').click();
  await page.getByTestId('destination-save').click();
  const card = page.locator('[data-testid="destination-card"][data-type="segment"]');
  await card.getByTestId('destination-status').filter({ hasText: 'Not pushed yet' }).waitFor();

  await card.getByTestId('destination-test').click();
  await card.getByTestId('destination-notice').filter({ hasText: 'Connected' }).waitFor();

  await card.getByTestId('destination-preview-button').click();
  await card.getByTestId('destination-preview').waitFor();
  const planned = Number(await card.getByTestId('destination-preview').getAttribute('data-operations'));
  expect(planned).toBeGreaterThan(0);
  await card.getByTestId('preview-create').filter({ hasText: 'Order Completed' }).waitFor();

  await card.getByTestId('destination-push').click();
  await card.getByTestId('destination-notice').filter({ hasText: 'Pushed' }).waitFor({ timeout: 30_000 });
  await card.getByTestId('destination-status').filter({ hasText: 'In sync' }).waitFor();
  await card.locator('[data-testid="run-row"][data-status="succeeded"]').first().getByTestId('run-open').click();
  await card.getByTestId('run-operations').waitFor();
  expect(await card.locator('[data-testid="run-operation"][data-status="applied"]').count()).toBe(planned);
  expect(await card.locator('[data-testid="run-operation"][data-status="failed"]').count()).toBe(0);

  // What arrived in the stand-in: the event's rule, once.
  const state = (await (await fetch(`${stack.destinationsUrl}/_sandbox/state`)).json()) as {
    segment: { trackingPlans: Record<string, Array<{ key?: string | null }>> };
  };
  expect(state.segment.trackingPlans.tp_sandbox.filter((rule) => rule.key === 'Order Completed')).toHaveLength(1);

  // lastSync is handed to the company service right after the run ends: the dashboard shows it within 10 s.
  const deadline = Date.now() + 10_000;
  let shown = 'never';
  while (Date.now() < deadline) {
    await page.goto(`${stack.url}/company/${companyId}`);
    shown = (await page.getByTestId('dashboard-last-sync').textContent()) ?? '';
    if (shown !== 'never') break;
  }
  expect(shown).not.toBe('never');

  // A second look: nothing left to push.
  await page.goto(`${stack.url}/company/${companyId}/settings/destinations`);
  await page.getByTestId('destinations-last-sync').filter({ hasNotText: 'never' }).waitFor();
  await card.getByTestId('destination-preview-button').click();
  await card.getByTestId('preview-summary').filter({ hasText: 'Nothing to push' }).waitFor();
  expect(await card.getByTestId('destination-push').count()).toBe(0);

  // Renamed without typing credentials: the stored ones are kept and still open the destination.
  await card.getByTestId('destination-edit').click();
  await card.getByTestId('destination-name').fill('Segment renamed');
  await card.getByTestId('destination-save').click();
  await card.locator('h2').filter({ hasText: 'Segment renamed' }).waitFor();
  await card.getByTestId('destination-test').click();
  await card.getByTestId('destination-notice').filter({ hasText: 'Connected' }).waitFor();
});

test('an owner tests a new destination before saving it, then pushes two destinations as one set', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/${companyId}/settings/destinations`);
  const segment = page.locator('[data-testid="destination-card"][data-type="segment"]');
  await segment.getByTestId('destination-status').filter({ hasText: 'In sync' }).waitFor();

  // Test connection before saving: a wrong token is refused, the stand-in's keys connect; nothing is saved by a test.
  const form = page.getByTestId('destination-form').last();
  await form.getByTestId('destination-type').selectOption('rudderstack');
  await form.getByTestId('destination-name').fill('RudderStack (local)');
  await form.getByTestId('destination-use-local').click();
  await form.getByTestId('destination-field-token').fill('not-the-right-token');
  await form.getByTestId('destination-form-test').click();
  await form.locator('[data-testid="destination-form-test-result"][data-ok="false"]').waitFor();
  await form.getByTestId('destination-use-local').click();
  await form.getByTestId('destination-form-test').click();
  await form
    .locator('[data-testid="destination-form-test-result"][data-ok="true"]')
    .filter({ hasText: 'Connected' })
    .waitFor();
  expect(await page.locator('[data-testid="destination-card"][data-type="rudderstack"]').count()).toBe(0);
  await form.getByTestId('destination-save').click();
  const rudder = page.locator('[data-testid="destination-card"][data-type="rudderstack"]');
  await rudder.getByTestId('destination-status').filter({ hasText: 'Not pushed yet' }).waitFor();

  // Both ticked: each one's preview, then one push followed destination by destination.
  const lastSyncBefore = await page.getByTestId('destinations-last-sync').textContent();
  await segment.getByTestId('destination-select').check();
  await rudder.getByTestId('destination-select').check();
  const panel = page.getByTestId('set-panel');
  await panel.getByTestId('set-preview-button').filter({ hasText: 'Preview selected (2)' }).click();
  await panel.getByTestId('set-preview').nth(1).waitFor();
  const segmentId = await segment.getAttribute('data-destination-id');
  const rudderId = await rudder.getAttribute('data-destination-id');
  const previewOf = (id: string | null) => panel.locator(`[data-testid="set-preview"][data-destination-id="${id}"]`);
  await previewOf(segmentId).getByTestId('preview-summary').filter({ hasText: 'Nothing to push' }).waitFor();
  await previewOf(rudderId).getByTestId('preview-create').filter({ hasText: 'Order Completed' }).waitFor();

  await panel.getByTestId('set-push').click();
  await panel
    .locator('[data-testid="set-result"][data-status="succeeded"]')
    .filter({ hasText: 'Every selected destination took the plan' })
    .waitFor({ timeout: 30_000 });
  expect(await panel.locator('[data-testid="set-run"][data-status="succeeded"]').count()).toBe(2);
  await rudder.getByTestId('destination-status').filter({ hasText: 'In sync' }).waitFor();

  // The catalog event arrived in the stand-in once and is in the tracking plan.
  const state = (await (await fetch(`${stack.destinationsUrl}/_sandbox/state`)).json()) as {
    rudderstack: { events: Array<{ id: string; name: string }>; trackingPlans: Record<string, Array<{ id: string }>> };
  };
  const catalog = state.rudderstack.events.filter((event) => event.name === 'Order Completed');
  expect(catalog).toHaveLength(1);
  expect(state.rudderstack.trackingPlans.tp_sandbox.map((event) => event.id)).toContain(catalog[0].id);

  // lastSync is handed to the company service right after the set ends: the page shows the new one within 10 s.
  const deadline = Date.now() + 10_000;
  let shown = lastSyncBefore;
  while (Date.now() < deadline && shown === lastSyncBefore) {
    await page.reload();
    shown = await page.getByTestId('destinations-last-sync').textContent();
  }
  expect(shown).not.toBe(lastSyncBefore);
});

test("an event's Code tab shows its typed tracking function", async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/${companyId}/events/${eventId}`);
  await page.getByTestId('event-tab-code').click();
  await page.getByTestId('code-text').filter({ hasText: 'trackOrderCompleted' }).waitFor();
});
