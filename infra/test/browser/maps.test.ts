import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * The map editor end to end: a creator makes a map from the maps page, puts three views on it
 * and connects two through an event; after a reload the nodes are where they were left and the
 * transition carries the event's name; auto-layout moves them and saves; a viewer gets the map
 * read-only; a stale editor is told about the conflict instead of overwriting; the PNG export
 * draws the whole map, not just what fits on screen, and the JSON export carries the views and
 * events the map uses; the maps list searches, duplicates, archives and restores.
 */

let stack: Stack;
let world: BrowserWorld<Person> | undefined;
let companyId = '';
let mapId = '';
const viewIds: Record<string, string> = {};
let eventId = '';

const people = {
  owner: { email: 'mona.owner@example.com', password: 'a-long-owner-password-1', firstName: 'Mona', lastName: 'Owner' },
  creator: {
    email: 'milo.creator@example.com',
    password: 'a-long-creator-password-1',
    firstName: 'Milo',
    lastName: 'Creator',
  },
  viewer: {
    email: 'vik.viewer@example.com',
    password: 'a-long-viewer-password-1',
    firstName: 'Vik',
    lastName: 'Viewer',
  },
};
type Person = keyof typeof people;
const sessions = {} as Record<Person, Session>;
const pages = {} as Record<Person, Page>;

interface ApiMap {
  version: number;
  nodes: { viewId: string; x: number; y: number }[];
  edges: { id: string; from: string; to: string; eventId?: string | null }[];
}

/** A company API call as a signed-in user, failing loudly on anything but success. */
async function api<T>(
  who: Person,
  method: string,
  apiPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${stack.url}/api/company${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${sessions[who].access_token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${apiPath} as ${who} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const readMap = () => api<ApiMap>('owner', 'GET', `/${companyId}/maps/${mapId}`);
const positions = (map: ApiMap) => Object.fromEntries(map.nodes.map((n) => [n.viewId, { x: n.x, y: n.y }]));

async function join(who: Person, role: 'creator' | 'viewer'): Promise<void> {
  const p = people[who];
  const { invitation } = await api<{ invitation: { invitationId: string } }>('owner', 'POST', '/invite', {
    companyId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    role,
  });
  await api(who, 'POST', '/accept-invite', {
    invitationId: invitation.invitationId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
  });
}

function pageFor(who: Person): Promise<Page> {
  return world!.pageFor(who, { acceptDownloads: true, viewport: { width: 1280, height: 800 } });
}

const node = (page: Page, viewId: string) => page.locator(`.react-flow__node[data-id="${viewId}"]`);

/** The node's place on the canvas as React Flow draws it (its translate). */
async function drawnAt(page: Page, viewId: string): Promise<{ x: number; y: number }> {
  const transform = await node(page, viewId).evaluate((el) => (el as HTMLElement).style.transform);
  const [, x, y] = /translate\((-?[\d.]+)px,\s*(-?[\d.]+)px\)/.exec(transform) ?? [];
  return { x: Number(x), y: Number(y) };
}

/** Waits for the editor's next successful save and returns what it sent. */
function nextSave(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/maps/${mapId}`) && r.status() === 200,
  );
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

async function centreOf(locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function openEditor(page: Page) {
  await page.goto(`${stack.url}/company/${companyId}/maps/${mapId}`);
  await page.getByTestId('map-editor').waitFor();
  // The editor moves the viewport to its first view once the map is drawn; a click before that can miss.
  await page.locator('.react-flow[data-first-view="placed"]').waitFor();
}

beforeAll(async () => {
  world = await openBrowserWorld('maps', people);
  stack = world.stack;
  Object.assign(sessions, world.sessions);
  const created = await api<{ company: { id: string } }>('owner', 'POST', '/create', { name: 'Map Co' });
  companyId = created.company.id;
  await join('creator', 'creator');
  await join('viewer', 'viewer');
  const event = await api<{ id: string }>('owner', 'POST', `/${companyId}/events`, {
    name: 'product_clicked',
    description: 'A product tile was clicked.',
  });
  eventId = event.id;
  for (const name of ['Home', 'Product', 'Cart']) {
    const view = await api<{ id: string }>('owner', 'POST', `/${companyId}/views`, {
      name,
      type: 'page',
      events: name === 'Home' ? [{ eventId }] : [],
    });
    viewIds[name] = view.id;
  }
  for (const who of Object.keys(people) as Person[]) pages[who] = await pageFor(who);
});

afterAll(async () => {
  await world?.close();
});

test('a creator makes a map with three views and an event-labelled transition, and finds it as left after a reload', async () => {
  const page = pages.creator;
  await page.goto(`${stack.url}/company/${companyId}/maps`);
  const empty = page.getByTestId('maps-empty');
  await empty.waitFor();
  expect(await empty.innerText()).toContain('how people move through your product');
  await page.getByTestId('map-create-name').fill('Checkout journey');
  await page.getByTestId('map-create').click();
  await page.waitForURL(new RegExp(`/company/${companyId}/maps/[0-9a-f-]{36}$`));
  mapId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByTestId('map-editor').waitFor();

  for (const name of ['Home', 'Product', 'Cart']) {
    await page.getByRole('combobox', { name: 'Find a view' }).fill(name);
    await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
    await node(page, viewIds[name]).waitFor();
  }
  // The node shows the view's name, type and the events that fire on it.
  await node(page, viewIds.Home).getByText('product_clicked').waitFor();
  expect(await node(page, viewIds.Home).locator('.mp-node-type').textContent()).toBe('page');

  // New views land near the middle, slightly apart; spread them out by dragging.
  for (const [name, dx] of [
    ['Product', 320],
    ['Cart', 640],
  ] as const) {
    const saved = nextSave(page);
    const at = await centreOf(node(page, viewIds[name]).locator('.mp-node-name'));
    await drag(page, at, { x: at.x + dx, y: at.y + 40 * (dx / 320) });
    await saved;
  }

  // Connect Home to Product, then pick the event the transition goes through.
  const source = await centreOf(node(page, viewIds.Home).locator('.react-flow__handle.source'));
  const target = await centreOf(node(page, viewIds.Product).locator('.react-flow__handle.target'));
  await drag(page, source, target);
  await page.getByTestId('map-edge-panel').waitFor();
  const withEvent = page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' &&
      r.url().endsWith(`/maps/${mapId}`) &&
      r.status() === 200 &&
      (r.request().postData() ?? '').includes(eventId),
  );
  await page.getByRole('combobox', { name: 'Pick the event' }).fill('product');
  await page.getByRole('option', { name: /^product_clicked/ }).click();
  await withEvent;
  await page.getByTestId('map-save-state').filter({ hasText: 'Saved' }).waitFor();
  await page.getByTestId('map-edge-label').filter({ hasText: 'product_clicked' }).waitFor();

  const before = await readMap();
  expect(before.nodes).toHaveLength(3);
  expect(before.edges).toEqual([expect.objectContaining({ from: viewIds.Home, to: viewIds.Product, eventId })]);

  await page.reload();
  await page.getByTestId('map-editor').waitFor();
  await page.getByTestId('map-edge-label').filter({ hasText: 'product_clicked' }).waitFor();
  expect(await page.locator('.react-flow__node').count()).toBe(3);
  expect(await page.locator('.react-flow__edge').count()).toBe(1);
  for (const name of ['Home', 'Product', 'Cart'])
    expect(await drawnAt(page, viewIds[name])).toEqual(positions(before)[viewIds[name]]);
  expect(positions(await readMap())).toEqual(positions(before));
});

test('auto-layout rearranges the map and saves the new places', async () => {
  const page = pages.creator;
  const before = await readMap();
  const saved = nextSave(page);
  await page.getByTestId('map-auto-layout').click();
  await saved;
  const after = await readMap();
  expect(after.version).toBeGreaterThan(before.version);
  expect(positions(after)).not.toEqual(positions(before));
  // Left to right: the transition's target is laid out to the right of its source.
  expect(positions(after)[viewIds.Product].x).toBeGreaterThan(positions(after)[viewIds.Home].x);
  expect(await drawnAt(page, viewIds.Product)).toEqual(positions(after)[viewIds.Product]);
});

test('a viewer gets the same map read-only: no edit controls, and dragging moves nothing', async () => {
  const page = pages.viewer;
  await openEditor(page);
  await page.getByTestId('map-read-only').waitFor();
  expect(await page.getByTestId('map-editor').getAttribute('data-editable')).toBe('false');
  await page.getByTestId('map-edge-label').filter({ hasText: 'product_clicked' }).waitFor();
  for (const id of ['map-undo', 'map-auto-layout', 'map-delete', 'map-view-picker', 'map-save-state'])
    expect(await page.getByTestId(id).count()).toBe(0);

  const before = await readMap();
  const start = await drawnAt(page, viewIds.Cart);
  const at = await centreOf(node(page, viewIds.Cart).locator('.mp-node-name'));
  await drag(page, at, { x: at.x + 150, y: at.y + 150 });
  expect(await drawnAt(page, viewIds.Cart)).toEqual(start);
  // Clicking a node still opens its details, read-only.
  await node(page, viewIds.Home).click();
  await page
    .getByTestId('map-node-panel')
    .getByRole('link', { name: /Open the view page/ })
    .waitFor();
  expect((await readMap()).version).toBe(before.version);
});

test('an editor whose map was changed elsewhere is told, and nothing is overwritten', async () => {
  const page = pages.creator;
  await openEditor(page);
  const current = await readMap();
  const theirs = current.nodes.map((n) => (n.viewId === viewIds.Cart ? { ...n, y: n.y + 500 } : n));
  await api(
    'owner',
    'PATCH',
    `/${companyId}/maps/${mapId}`,
    { nodes: theirs },
    { 'if-match': String(current.version) },
  );

  const refused = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && r.url().endsWith(`/maps/${mapId}`) && r.status() === 409,
  );
  const at = await centreOf(node(page, viewIds.Home).locator('.mp-node-name'));
  await drag(page, at, { x: at.x, y: at.y + 120 });
  await refused;
  await page.getByTestId('map-conflict').filter({ hasText: 'Someone else changed this map' }).waitFor();
  expect(await page.getByTestId('map-save-state').innerText()).toBe('Conflict');
  expect(positions(await readMap())[viewIds.Cart]).toEqual({
    x: positions(current)[viewIds.Cart].x,
    y: positions(current)[viewIds.Cart].y + 500,
  });

  await page.getByTestId('map-conflict-reload').click();
  await page.getByTestId('map-conflict').waitFor({ state: 'detached' });
  expect(await drawnAt(page, viewIds.Cart)).toEqual(positions(await readMap())[viewIds.Cart]);
});

test('the PNG export draws the whole map, wider than the screen when the map is', async () => {
  const current = await readMap();
  const spread = current.nodes.map((n, i) => ({ ...n, x: i * 2400, y: 0 }));
  await api(
    'creator',
    'PATCH',
    `/${companyId}/maps/${mapId}`,
    { nodes: spread },
    { 'if-match': String(current.version) },
  );
  const page = pages.creator;
  await openEditor(page);
  await page.locator('.react-flow__node').nth(2).waitFor();

  await page.getByTestId('map-export-menu').locator('summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('map-export-png').click()]);
  expect(download.suggestedFilename()).toBe('checkout-journey.png');
  const file = readFileSync((await download.path())!);
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // IHDR: width and height are the first two big-endian integers after the chunk header.
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  // Nodes 4,800 canvas units apart at full size: far wider than the 1,280-pixel window.
  expect(width).toBeGreaterThan(2 * 2400);
  expect(height).toBeGreaterThan(40);
});

test('the JSON export holds the map with the views and events it uses', async () => {
  const page = pages.creator;
  await page.getByTestId('map-export-menu').locator('summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('map-export-json').click()]);
  expect(download.suggestedFilename()).toBe('checkout-journey.map.json');
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
    format: string;
    maps: { id: string; nodes: unknown[]; edges: { eventId?: string }[] }[];
    views: { name: string }[];
    events: { id: string }[];
  };
  expect(file.format).toBe('tracemap.tracking-plan');
  expect(file.maps).toEqual([expect.objectContaining({ id: mapId })]);
  expect(file.maps[0].nodes).toHaveLength(3);
  expect(file.views.map((v) => v.name)).toEqual(['Cart', 'Home', 'Product']);
  expect(file.events.map((e) => e.id)).toEqual([eventId]);
});

test('the maps list searches as you type, duplicates a map, and archives and restores it', async () => {
  const page = pages.creator;
  await page.goto(`${stack.url}/company/${companyId}/maps`);
  const card = (name: string) => page.locator(`[data-testid="map-card"][data-name="${name}"]`);
  await card('Checkout journey').waitFor();
  expect(await card('Checkout journey').getByTestId('map-counts').innerText()).toBe(
    '3 views · 1 transition · 0 attributes',
  );

  await card('Checkout journey').getByTestId('map-duplicate').click();
  await card('Checkout journey (copy)').waitFor();
  expect(await card('Checkout journey (copy)').getByTestId('map-counts').innerText()).toBe(
    '3 views · 1 transition · 0 attributes',
  );

  await page.getByTestId('maps-search').fill('copy');
  await page
    .getByTestId('maps-count')
    .filter({ hasText: /^1 map$/ })
    .waitFor();
  expect(await page.getByTestId('map-card').count()).toBe(1);

  await card('Checkout journey (copy)').getByTestId('map-archive').click();
  await page.getByTestId('maps-no-match').waitFor();
  await page.getByLabel('Show archived').check();
  await card('Checkout journey (copy)').getByTestId('map-archive').filter({ hasText: 'Restore' }).click();
  await card('Checkout journey (copy)').getByTestId('status-badge').filter({ hasText: 'planned' }).waitFor();
});

test('a deleted view comes back with undo, and the map saves each step', async () => {
  const page = pages.creator;
  await openEditor(page);
  await node(page, viewIds.Cart).click();
  await page.locator(`.react-flow__node.selected[data-id="${viewIds.Cart}"]`).waitFor();
  const removed = nextSave(page);
  await page.keyboard.press('Delete');
  await node(page, viewIds.Cart).waitFor({ state: 'detached' });
  await removed;
  expect((await readMap()).nodes.map((n) => n.viewId)).not.toContain(viewIds.Cart);

  const restored = nextSave(page);
  await page.keyboard.press('Control+z');
  await node(page, viewIds.Cart).waitFor();
  await restored;
  expect((await readMap()).nodes.map((n) => n.viewId)).toContain(viewIds.Cart);
  // Redo is a button too.
  const again = nextSave(page);
  await page.getByTestId('map-redo').click();
  await node(page, viewIds.Cart).waitFor({ state: 'detached' });
  await again;
  expect((await readMap()).nodes).toHaveLength(2);
});
