import type { Page, Response } from 'playwright-core';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * The map preview end to end: a member opens /map-preview/{id} signed in and
 * sees the map's views; an editor turns the public link on from the share
 * control on that page; a browser with no session opens the link and sees
 * the map with exposed attributes only; once the editor revokes the link the
 * same address shows the 404 error page.
 */

let stack: Stack;
let world: BrowserWorld<Person> | undefined;
let companyId = '';
let mapId = '';
let sharedUrl = '';

const people = {
  owner: {
    email: 'mona.mapper@example.com',
    password: 'a-long-owner-password-1',
    firstName: 'Mona',
    lastName: 'Mapper',
  },
  viewer: {
    email: 'vic.viewer@example.com',
    password: 'a-long-viewer-password-1',
    firstName: 'Vic',
    lastName: 'Viewer',
  },
};
type Person = keyof typeof people;
const sessions = {} as Record<Person, Session>;

const EXPOSED = 'page_category';
const HIDDEN = 'internal_margin_note';
const VIEWS = ['Home', 'Category', 'Product Detail', 'Cart'];

/** A company API call as a signed-in user, failing loudly on anything but success. */
async function api<T>(who: Person, apiPath: string, body?: unknown, method = 'POST'): Promise<T> {
  const res = await fetch(`${stack.url}/api/company${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${sessions[who].access_token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${apiPath} as ${who} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

function pageFor(who: Person | null): Promise<Page> {
  return world!.pageFor(who);
}

/**
 * Starts counting the bytes of the page code mfe-company sends: its scripts
 * but the remote entry, which every route of the remote loads alike (shared
 * libraries come with the shell).
 */
function countRemoteScripts(page: Page): () => Promise<{ files: number; bytes: number }> {
  const sizes: Array<Promise<number>> = [];
  const onResponse = (response: Response) => {
    const url = response.url();
    if (url.includes('/remotes/mfe-company/') && url.endsWith('.js') && !url.endsWith('/remoteEntry.js'))
      sizes.push(response.body().then((b) => b.length));
  };
  page.on('response', onResponse);
  return async () => {
    page.off('response', onResponse);
    const all = await Promise.all(sizes);
    return { files: all.length, bytes: all.reduce((a, b) => a + b, 0) };
  };
}

beforeAll(async () => {
  world = await openBrowserWorld('map-preview', people);
  stack = world.stack;
  Object.assign(sessions, world.sessions);
  companyId = (await api<{ company: { id: string } }>('owner', '/create', { name: 'Map Co' })).company.id;
  const p = people.viewer;
  const { invitation } = await api<{ invitation: { invitationId: string } }>('owner', '/invite', {
    companyId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    role: 'viewer',
  });
  await api('viewer', '/accept-invite', {
    invitationId: invitation.invitationId,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
  });

  const create = <T>(kind: string, body: object) => api<T & { id: string }>('owner', `/${companyId}/${kind}`, body);
  const exposed = await create('attributes', {
    name: EXPOSED,
    scope: 'view',
    description: 'The category of the page.',
  });
  const hidden = await create('attributes', {
    name: HIDDEN,
    description: 'Margin notes for merchandisers only.',
    exposed: false,
  });
  const viewed = await create('events', {
    name: 'Product Viewed',
    description: 'A product page was seen.',
    attributes: [{ attributeId: hidden.id, presence: 'optional' }],
  });
  const clicked = await create('events', { name: 'Product Clicked', description: 'A product tile was clicked.' });
  const added = await create('events', { name: 'Product Added', description: 'A product went into the cart.' });
  const views: Record<string, string> = {};
  for (const [i, name] of VIEWS.entries()) {
    const events =
      name === 'Product Detail'
        ? [{ eventId: viewed.id }, { eventId: added.id }]
        : name === 'Category'
          ? [{ eventId: clicked.id }]
          : [];
    views[name] = (
      await create('views', {
        name,
        urlPattern: `/${i}`,
        attributes: [{ attributeId: exposed.id, presence: 'required' }],
        events,
      })
    ).id;
  }
  const map = await create('maps', {
    name: 'Shopping journey',
    description: 'From the home page to the cart.',
    nodes: VIEWS.map((name, i) => ({ viewId: views[name], x: i * 300, y: i % 2 === 0 ? 0 : 120 })),
    edges: [
      { from: views.Home, to: views.Category, label: 'browses' },
      { from: views.Category, to: views['Product Detail'], eventId: clicked.id },
      { from: views['Product Detail'], to: views.Cart, eventId: added.id },
    ],
  });
  mapId = map.id;
});

afterAll(async () => {
  await world?.close();
});

const node = (page: Page, name: string) => page.locator(`[data-testid="map-node"][data-view="${name}"]`);

test('a member opens the preview signed in: every view of the map, its transitions and its attributes, no app layout', async () => {
  const page = await pageFor('viewer');
  await page.goto(`${stack.url}/map-preview/${mapId}`);
  await page.getByTestId('map-preview').waitFor();
  expect(await page.getByTestId('map-preview-title').innerText()).toBe('Shopping journey');
  for (const name of VIEWS) expect(await node(page, name).count()).toBe(1);
  expect(await node(page, 'Product Detail').textContent()).toContain('Product Added');
  expect(await page.getByTestId('map-edge').count()).toBe(3);
  expect(await page.locator('[data-testid="map-edge"][data-event="Product Clicked"]').count()).toBe(1);
  // A viewer sees exposed attributes only, and no share control.
  expect(
    await page.getByTestId('map-attribute').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name'))),
  ).toEqual([EXPOSED]);
  expect(await page.getByTestId('map-share-button').count()).toBe(0);
  expect(await page.getByTestId('map-open-in-app').getAttribute('href')).toBe(`/company/${companyId}/maps/${mapId}`);
  expect(await page.locator('header.tm-header, footer').count()).toBe(0);
});

test('the map zooms with the wheel around the pointer, pans by dragging, fits again on request, and prints without controls', async () => {
  const page = await pageFor('viewer');
  await page.goto(`${stack.url}/map-preview/${mapId}`);
  const svg = page.getByTestId('map-svg');
  await svg.waitFor();
  const viewBox = async () => (await svg.getAttribute('viewBox'))!.split(' ').map(Number);
  const fitted = await viewBox();
  const box = (await svg.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(
    (initial) => document.querySelector('[data-testid="map-svg"]')!.getAttribute('viewBox') !== initial,
    fitted.join(' '),
  );
  const zoomed = await viewBox();
  expect(zoomed[2]).toBeLessThan(fitted[2]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 40, { steps: 4 });
  await page.mouse.up();
  const panned = await viewBox();
  expect(panned[0]).toBeLessThan(zoomed[0]);
  expect(panned[2]).toBe(zoomed[2]);
  await page.getByTestId('map-fit').click();
  expect(await viewBox()).toEqual(fitted);

  await page.emulateMedia({ media: 'print' });
  expect(await page.getByRole('toolbar', { name: 'Map view' }).isVisible()).toBe(false);
  expect(await svg.isVisible()).toBe(true);
  expect(await page.getByTestId('map-attributes').isVisible()).toBe(true);
});

test("an owner names a site that may embed previews; the preview page's frame-ancestors then allows it, other pages still none", async () => {
  const owner = await pageFor('owner');
  await owner.goto(`${stack.url}/company/${companyId}/settings`);
  const field = owner.getByTestId('settings-mapEmbedOrigins');
  await field.waitFor();
  await field.fill('https://wiki.example.com\nhttp://localhost:4000/');
  await owner.getByTestId('settings-save').click();
  await owner.getByTestId('settings-saved').waitFor();
  // A map whose page was never served, so no earlier answer is kept for it.
  const second = await api<{ id: string }>('owner', `/${companyId}/maps`, { name: 'Embedded journey' });
  const page = await fetch(`${stack.url}/map-preview/${second.id}`);
  expect(page.headers.get('content-security-policy')).toContain(
    'frame-ancestors https://wiki.example.com http://localhost:4000;',
  );
  expect(page.headers.get('x-frame-options')).toBeNull();
  const other = await fetch(`${stack.url}/company/${companyId}/maps`);
  expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

test('an editor turns the public link on from the share control on the preview', async () => {
  const page = await pageFor('owner');
  await page.goto(`${stack.url}/map-preview/${mapId}`);
  await page.getByTestId('map-preview').waitFor();
  const names = await page
    .getByTestId('map-attribute')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
  expect(names.sort()).toEqual([HIDDEN, EXPOSED].sort());
  await page.getByTestId('map-share-button').click();
  const toggle = page.getByTestId('map-share-toggle');
  await page.locator('[data-testid="map-share-state"][data-enabled="false"]').waitFor();
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/maps/${mapId}/share`),
  );
  // The switch follows the server: it turns on once the link exists, so it is clicked, not "checked".
  await toggle.click();
  expect((await created).status()).toBe(201);
  const field = page.getByTestId('map-share-url');
  await field.waitFor();
  sharedUrl = await field.inputValue();
  expect(sharedUrl).toMatch(new RegExp(`^${stack.url}/map-preview/${mapId}\\?token=[A-Za-z0-9_-]{43}$`));
});

test('a browser with no session opens the link: the map with exposed attributes only, nothing hidden anywhere on the page', async () => {
  const page = await pageFor(null);
  await page.goto(sharedUrl);
  await page.locator('[data-testid="map-preview"][data-shared="true"]').waitFor();
  for (const name of VIEWS) expect(await node(page, name).count()).toBe(1);
  expect(
    await page.getByTestId('map-attribute').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name'))),
  ).toEqual([EXPOSED]);
  const text = await page.content();
  expect(text).toContain(EXPOSED);
  expect(text).not.toContain(HIDDEN);
  expect(text).not.toContain(companyId);
  expect(await page.getByTestId('map-share-button').count()).toBe(0);
  expect(await page.getByTestId('map-open-in-app').count()).toBe(0);
});

test('after the editor revokes the link, the same address shows the 404 error page', async () => {
  const owner = await pageFor('owner');
  await owner.goto(`${stack.url}/map-preview/${mapId}`);
  await owner.getByTestId('map-share-button').click();
  await owner.locator('[data-testid="map-share-state"][data-enabled="true"]').waitFor();
  const revoked = owner.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/maps/${mapId}/share`),
  );
  await owner.getByTestId('map-share-revoke').click();
  expect((await revoked).status()).toBe(204);
  await owner.locator('[data-testid="map-share-state"][data-enabled="false"]').waitFor();

  const page = await pageFor(null);
  const answer = page.waitForResponse((r) => r.url().includes(`/api/company/map-preview/${mapId}`));
  await page.goto(sharedUrl);
  expect((await answer).status()).toBe(404);
  const error = page.getByTestId('error-page');
  await error.waitFor();
  expect(await error.getAttribute('data-status')).toBe('404');
  expect(await page.getByTestId('error-message').innerText()).toContain('link to it is not valid');
  expect(await page.getByTestId('map-node').count()).toBe(0);
});

test("the preview loads a fraction of the company pages' scripts (figures printed, not asserted)", async () => {
  const preview = await pageFor('viewer');
  const previewScripts = countRemoteScripts(preview);
  await preview.goto(`${stack.url}/map-preview/${mapId}`);
  await preview.getByTestId('map-preview').waitFor();
  const company = await pageFor('viewer');
  const companyScripts = countRemoteScripts(company);
  await company.goto(`${stack.url}/company/${companyId}/attributes`);
  await company.getByTestId('attributes-page').waitFor();
  const [a, b] = [await previewScripts(), await companyScripts()];
  console.log(
    `mfe-company page scripts fetched (remote entry aside): /map-preview ${a.files} files ${a.bytes} B; /company/:id/attributes ${b.files} files ${b.bytes} B`,
  );
  expect(a.files).toBeGreaterThan(0);
});
