import { readFileSync } from 'node:fs';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';
import { companyWithSamplePlan, sessionApi, type SessionApi } from './support/session-api';

/**
 * Analytics discovery end to end: a new company loads the sample e-commerce plan, opens discovery,
 * starts the example traffic with one click, sees the findings it leads to in the inbox,
 * acknowledges one and adds an unplanned event to the plan; then its Shopping journey map, with
 * "Observed" on, colours each view by what the traffic covered.
 */

const sample = JSON.parse(readFileSync(require.resolve('@tracemap/tracking-plan/samples/ecommerce.json'), 'utf8')) as {
  maps: { id: string; name: string }[];
};
const journey = sample.maps.find((m) => m.name === 'Shopping journey')!;

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

test('with "Observed" on, the Shopping journey colours every view by coverage and counts the observed moves it lacks', async () => {
  // Runs after the example traffic of the test above has been read.
  const page = await world!.pageFor('owner');
  await page.goto(`${stack.url}/company/${companyId}/maps/${journey.id}`);
  await page.getByTestId('map-editor').waitFor();
  const nodes = page.locator('[data-coverage]');
  expect(await nodes.count()).toBe(0);

  await page.getByTestId('map-observed-toggle').check();
  const legend = page.getByTestId('map-observed-legend');
  await legend.waitFor();
  const levels = await nodes.evaluateAll((els) => els.map((el) => el.getAttribute('data-coverage')));
  expect(levels.length).toBeGreaterThan(0);
  expect(levels.every((level) => level === 'full' || level === 'partial' || level === 'none')).toBe(true);
  // The example traffic visits the journey's pages, so some views are covered …
  expect(levels.some((level) => level === 'full' || level === 'partial')).toBe(true);
  // … and it takes a page sequence the map has no edge for.
  const [, moves] = /(\d+) observed moves? not on the map/.exec(await legend.innerText()) ?? [];
  expect(Number(moves)).toBeGreaterThan(0);

  // Off again: the colours go.
  await page.getByTestId('map-observed-toggle').uncheck();
  await legend.waitFor({ state: 'detached' });
  expect(await nodes.count()).toBe(0);
});
