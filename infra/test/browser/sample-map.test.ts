import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * A company that starts from the example plan opens its Shopping journey map on a laptop-sized
 * window and can read it: the editor does not shrink the twelve views until their names are specks,
 * and the journey's first view is on screen.
 */

const READABLE_ZOOM = 0.75;
const sampleText = readFileSync(require.resolve('@tracemap/tracking-plan/samples/ecommerce.json'), 'utf8');
const sample = JSON.parse(sampleText) as {
  views: { id: string; name: string }[];
  maps: { id: string; name: string }[];
};
const journey = sample.maps.find((m) => m.name === 'Shopping journey')!;
const home = sample.views.find((v) => v.name === 'Home')!;

let stack: Stack;
let world: BrowserWorld<'owner'> | undefined;
let session: Session;
let companyId = '';

const people = { owner: { email: 'sam.sample@example.com', password: 'a-long-sample-password-1' } };

async function api(method: string, apiPath: string, body: string, contentType = 'application/json'): Promise<unknown> {
  const res = await fetch(`${stack.url}/api/company${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': contentType },
    body,
  });
  if (!res.ok) throw new Error(`${method} ${apiPath} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** The zoom React Flow draws the canvas at: the scale of the viewport's transform. */
async function zoomOf(page: Page): Promise<number> {
  const transform = await page.locator('.react-flow__viewport').evaluate((el) => (el as HTMLElement).style.transform);
  const [, scale] = /scale\(([\d.]+)\)/.exec(transform) ?? [];
  return Number(scale);
}

beforeAll(async () => {
  world = await openBrowserWorld('sample-map', people);
  stack = world.stack;
  session = world.sessions.owner;
  const created = (await api('POST', '/create', JSON.stringify({ name: 'Sample Shop' }))) as {
    company: { id: string };
  };
  companyId = created.company.id;
  const imported = (await api('POST', `/${companyId}/tracking-plan/import?format=native&dryRun=false`, sampleText)) as {
    applied: boolean;
  };
  expect(imported.applied).toBe(true);
});

afterAll(async () => {
  await world?.close();
});

test("the example plan's Shopping journey opens at a readable zoom with its first view on screen", async () => {
  const page = await world!.pageFor('owner', { viewport: { width: 1280, height: 800 } });
  await page.goto(`${stack.url}/company/${companyId}/maps/${journey.id}`);
  await page.getByTestId('map-editor').waitFor();
  await page.locator('.react-flow[data-first-view="placed"]').waitFor();

  const zoom = await zoomOf(page);
  expect(zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);

  // What the reader sees of the canvas: the part inside the window (the page may scroll below it).
  const box = (await page.locator('.react-flow').boundingBox())!;
  const seen = {
    left: Math.max(box.x, 0),
    top: Math.max(box.y, 0),
    right: Math.min(box.x + box.width, 1280),
    bottom: Math.min(box.y + box.height, 800),
  };
  const isSeen = (b: { x: number; y: number; width: number; height: number }) =>
    b.x >= seen.left && b.y >= seen.top && b.x + b.width <= seen.right && b.y + b.height <= seen.bottom;

  const startName = page.locator(`.react-flow__node[data-id="${home.id}"] .mp-node-name`);
  expect(await startName.innerText()).toBe('Home');
  expect(isSeen((await startName.boundingBox())!)).toBe(true);

  // Most of the journey is on screen at that zoom, not just its first view.
  const nodes = await page
    .locator('.react-flow__node')
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  expect(nodes).toHaveLength(12);
  expect(nodes.filter(isSeen).length).toBeGreaterThanOrEqual(6);
});
