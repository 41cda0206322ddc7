import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';
import { companyWithSamplePlan, sessionApi, type SessionApi } from './support/session-api';

/**
 * Analytics discovery end to end: a new company loads the sample e-commerce plan, opens discovery,
 * starts the example traffic with one click, sees the findings it leads to in the inbox,
 * acknowledges one and adds an unplanned event to the plan.
 */

/** Ingesting and judging 20,000 events on a busy test machine. */
const FINDINGS_TIMEOUT_MS = 150_000;

let stack: Stack;
let world: BrowserWorld<'owner'> | undefined;
let session: Session;
let api: SessionApi;
let companyId = '';

const people = { owner: { email: 'dana.discovery@example.com', password: 'a-long-discovery-password-1' } };

beforeAll(async () => {
  world = await openBrowserWorld('analytics-discovery', people);
  stack = world.stack;
  session = world.sessions.owner;
  api = sessionApi(stack.url, () => session.access_token);
  companyId = await companyWithSamplePlan(api, 'Discovery Shop');
});

afterAll(async () => {
  await world?.close();
});

test('example traffic in one click fills the findings inbox; a finding is acknowledged, an unplanned event added to the plan', async () => {
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/${companyId}/analytics-discovery`);
  await page.getByTestId('discovery-empty').waitFor();
  await page.getByTestId('try-example-traffic').click();

  // The inbox opens on the open findings and fills once the run has been read and judged.
  await page.getByTestId('findings-tab').waitFor();
  const firstRow = page.getByTestId('finding-row').first();
  await firstRow.waitFor({ timeout: FINDINGS_TIMEOUT_MS });
  expect(await page.getByTestId('finding-row').count()).toBeGreaterThan(3);
  const types = await page
    .getByTestId('finding-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
  expect(types).toContain('unplanned_event');

  const id = await firstRow.getAttribute('data-id');
  await firstRow.getByTestId('finding-acknowledge').click();
  const row = page.locator(`[data-testid="finding-row"][data-id="${id}"]`);
  await page.waitForFunction(
    (findingId) =>
      document.querySelector(`[data-testid="finding-row"][data-id="${findingId}"]`)?.getAttribute('data-state') ===
      'acknowledged',
    id,
  );
  expect(await row.getByTestId('finding-state').innerText()).toBe('acknowledged');

  // The service keeps it: the acknowledged list names it.
  const acknowledged = (await api('GET', `/api/insights/${companyId}/discovery/findings?state=acknowledged`)) as {
    items: { id: string }[];
  };
  expect(acknowledged.items.map((f) => f.id)).toEqual([id]);

  // Add to plan: an unplanned event becomes a planned one, and its finding is resolved at once.
  const unplanned = page.locator('[data-testid="finding-row"][data-type="unplanned_event"][data-state="open"]').first();
  const unplannedId = await unplanned.getAttribute('data-id');
  const unplannedName = await unplanned.locator('code').first().innerText();
  await unplanned.getByTestId('finding-add-to-plan').click();
  await page.waitForFunction(
    (findingId) =>
      document.querySelector(`[data-testid="finding-row"][data-id="${findingId}"]`)?.getAttribute('data-state') ===
      'resolved',
    unplannedId,
  );
  const planned = (await api(
    'GET',
    `/api/company/${companyId}/events?search=${encodeURIComponent(unplannedName)}`,
  )) as { items: { name: string }[] };
  expect(planned.items.map((e) => e.name)).toContain(unplannedName);

  // The KPIs count the observed traffic.
  await page.getByTestId('kpi-planned-volume').getByText('of 20,000 observed events are planned').waitFor();
});
