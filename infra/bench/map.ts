import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { createTestDatabase, launchBrowser, type TestDatabase } from '@tracemap/test-kit';
import { startStack, type Stack } from '../src/stack';
import { createConfirmedUser, sessionCookies, signIn, type Session } from '../src/test-users';

/**
 * The map editor at the largest size a company plans for: 1,000 views on one map with 1,500
 * transitions, on PostgreSQL, in Chromium. Prints the time from navigation start to the first
 * frame with map nodes drawn, frame times during a scripted 3-second pan and zoom (an empty
 * map in the same run is the baseline), the elk layout time of the whole map in its worker,
 * and the gzip size of the JavaScript /map-preview loads next to /company's.
 * Assumes `npm run build` has been run.
 */
const VIEWS = 1000;
const EDGES = 1500;
const EVENTS = 50;
const TARGETS = { firstPaintMs: 1500, p95FrameMs: 33, layoutMs: 3000 };
const EMAIL = 'bench-maps@example.com';
const PASSWORD = 'a-long-bench-password-1';
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function call<T>(
  stack: Stack,
  session: Session,
  method: string,
  apiPath: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${stack.url}/api/company${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Runs `task` over `items` with a few requests in flight at once. */
async function inBatches<T, R>(items: T[], size: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => task(item, i + j)))));
  return out;
}

/** A deterministic pseudo-random sequence, so every run seeds the same map. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

async function seed(stack: Stack, session: Session) {
  const { company } = await call<{ company: { id: string } }>(stack, session, 'POST', '/create', {
    name: 'Bench Maps Co',
  });
  const c = company.id;
  const events = await inBatches([...Array(EVENTS).keys()], 10, (i) =>
    call<{ id: string }>(stack, session, 'POST', `/${c}/events`, { name: `bench_event_${i}` }),
  );
  const views = await inBatches([...Array(VIEWS).keys()], 20, (i) =>
    call<{ id: string }>(stack, session, 'POST', `/${c}/views`, {
      name: `Bench view ${i}`,
      type: 'page',
      events: [{ eventId: events[i % EVENTS].id }],
    }),
  );
  // Journeys run in steps (landing → browse → product → cart → checkout …): 25 steps of 40 views,
  // each view leading to one or two views of the next step, some skipping a step or going back.
  // A single 1,000-long chain or edges between random views would be no product's map, and make
  // layered layout pay for hundreds of layers.
  const columns = 40;
  const step = (i: number) => Math.floor(i / columns);
  const nodes = views.map((v, i) => ({ viewId: v.id, x: step(i) * 280, y: (i % columns) * 120 }));
  const next = random(7);
  const pairs = new Set<string>();
  const edges: { from: string; to: string; eventId?: string }[] = [];
  const add = (a: number, b: number) => {
    const key = `${a}>${b}`;
    if (a === b || b < 0 || b >= VIEWS || pairs.has(key)) return;
    pairs.add(key);
    edges.push({
      from: views[a].id,
      to: views[b].id,
      ...(edges.length % 2 === 0 ? { eventId: events[edges.length % EVENTS].id } : {}),
    });
  };
  const inStep = (s: number) => s * columns + Math.floor(next() * columns);
  for (let i = 0; i + columns < VIEWS; i++) add(i, inStep(step(i) + 1));
  while (edges.length < EDGES) {
    const a = Math.floor(next() * VIEWS);
    const r = next();
    add(a, inStep(step(a) + (r < 0.6 ? 1 : r < 0.85 ? 2 : -1)));
  }
  // Nodes and edges go in two requests: each stays under the service's request size limit.
  const map = await call<{ id: string; version: number }>(stack, session, 'POST', `/${c}/maps`, {
    name: 'Bench map',
    nodes,
  });
  await call(stack, session, 'PATCH', `/${c}/maps/${map.id}`, { edges }, { 'if-match': String(map.version) });
  const empty = await call<{ id: string }>(stack, session, 'POST', `/${c}/maps`, {
    name: 'Empty map',
    nodes: nodes.slice(0, 1),
  });
  const small = await call<{ id: string }>(stack, session, 'POST', `/${c}/maps`, {
    name: 'Small map',
    nodes: nodes.slice(0, 3),
  });
  return { companyId: c, mapId: map.id, emptyMapId: empty.id, smallMapId: small.id };
}

/**
 * In the page: the time from navigation start to the first frame where a map node is drawn,
 * and to the frame where all of them are. Plain script text: functions compiled for Node may
 * carry helpers the page does not have.
 */
const WATCH_FIRST_PAINT = `(() => {
  const tick = () => {
    const nodes = document.querySelectorAll('.react-flow__node');
    const first = nodes[0];
    // React Flow keeps a node hidden (inline style) until it has measured it; reading the inline
    // style forces no style recalculation, so the watcher does not slow what it measures.
    if (window.__firstMapFrame === undefined && first && first.style.visibility !== 'hidden') window.__firstMapFrame = performance.now();
    if (window.__firstMapFrame !== undefined && window.__expected && nodes.length >= window.__expected) {
      window.__allNodesFrame = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** In the page: records every frame's duration until recording is turned off. */
const RECORD_FRAMES = `(() => {
  window.__frames = [];
  window.__recording = true;
  let last = 0;
  const tick = (now) => {
    window.__frames.push(now - last);
    last = now;
    if (window.__recording) requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => {
    last = now;
    requestAnimationFrame(tick);
  });
})();`;

async function openMap(page: Page, url: string, expected: number) {
  await page.addInitScript(`window.__expected = ${expected};`);
  await page.goto(url, { waitUntil: 'commit' });
  try {
    await page.waitForFunction(
      () => (window as unknown as { __allNodesFrame?: number }).__allNodesFrame !== undefined,
      undefined,
      { timeout: 60000, polling: 100 },
    );
  } catch (error) {
    const seen = await page.evaluate(() => ({
      nodes: document.querySelectorAll('.react-flow__node').length,
      text: document.body.innerText.slice(0, 400),
    }));
    throw new Error(`the map did not draw its ${expected} nodes (saw ${seen.nodes}); the page says: ${seen.text}`, {
      cause: error,
    });
  }
  const mapPath = new URL(url).pathname.split('/').pop()!;
  return page.evaluate((id) => {
    const w = window as unknown as { __firstMapFrame: number; __allNodesFrame: number };
    // When the map's own data had arrived: what is left after it is the editor's drawing.
    const data = performance
      .getEntriesByType('resource')
      .find((e) => new URL(e.name).pathname.endsWith(`/maps/${id}`)) as PerformanceResourceTiming | undefined;
    return { firstPaint: w.__firstMapFrame, allNodes: w.__allNodesFrame, dataArrived: data?.responseEnd ?? NaN };
  }, mapPath);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

interface FrameStats {
  median: number;
  p95: number;
  frames: number;
}
const stats = (frames: number[]): FrameStats => ({
  median: percentile(frames, 50),
  p95: percentile(frames, 95),
  frames: frames.length,
});

/** Frame durations while one gesture repeats for `ms`: a drag with Space held (the pane pans even over nodes) or wheel zooming. */
async function gesture(page: Page, kind: 'pan' | 'zoom', ms: number): Promise<number[]> {
  const pane = await page.locator('.react-flow').boundingBox();
  if (!pane) throw new Error('no canvas');
  const cx = pane.x + pane.width / 2;
  const cy = pane.y + pane.height / 2;
  // Space on a focused button would press it; the pan key must reach the canvas.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(cx, cy);
  await page.evaluate(RECORD_FRAMES);
  const started = Date.now();
  let step = 0;
  if (kind === 'pan') {
    await page.keyboard.down('Space');
    await page.mouse.down();
  }
  while (Date.now() - started < ms) {
    step++;
    if (kind === 'pan')
      await page.mouse.move(cx + Math.cos(step / 10) * 200, cy + Math.sin(step / 10) * 120, { steps: 2 });
    else await page.mouse.wheel(0, step % 20 < 10 ? -60 : 60);
  }
  if (kind === 'pan') {
    await page.mouse.up();
    await page.keyboard.up('Space');
  }
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames.slice(1);
  });
}

/** The scripted 3 seconds: 1.5 s of panning, then 1.5 s of zooming in and out. */
async function panAndZoom(page: Page): Promise<{ all: FrameStats; pan: FrameStats; zoom: FrameStats }> {
  const pan = await gesture(page, 'pan', 1500);
  const zoom = await gesture(page, 'zoom', 1500);
  return { all: stats([...pan, ...zoom]), pan: stats(pan), zoom: stats(zoom) };
}

/** The editor's own auto-layout: elk's time in its worker, and from the click until the new positions are drawn. */
async function layoutTime(page: Page): Promise<{ worker: number; total: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { __layoutStart: number };
    document
      .querySelector<HTMLElement>('[data-testid="map-auto-layout"]')!
      .addEventListener('click', () => (w.__layoutStart = performance.now()), { once: true });
  });
  await page.getByTestId('map-auto-layout').click();
  await page.getByTestId('map-auto-layout').filter({ hasText: 'Auto-layout' }).waitFor({ timeout: 120000 });
  return page.evaluate(() => ({
    worker: performance.getEntriesByName('map-layout').at(-1)?.duration ?? NaN,
    total: performance.now() - (window as unknown as { __layoutStart: number }).__layoutStart,
  }));
}

/** Gzip bytes of every script a page loads until it is idle. */
async function scriptBytes(page: Page, url: string): Promise<number> {
  const sizes = new Map<string, number>();
  const onResponse = async (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    try {
      sizes.set(response.url(), gzipSync(await response.body()).length);
    } catch {
      // A body the browser already dropped (a redirect) is not a script we can count.
    }
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  return [...sizes.values()].reduce((a, b) => a + b, 0);
}

async function main() {
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = POSTGRES_URL;
  let database: TestDatabase | undefined;
  let stack: Stack | undefined;
  const chromium = await launchBrowser();
  try {
    database = await createTestDatabase();
    stack = await startStack({
      port: Number(process.env.PORT ?? 0),
      dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-bench-map-')),
      databaseUrl: database.url,
      logLevel: 'warn',
      log: () => undefined,
      env: { RATE_LIMIT_PER_MINUTE: '1000000' },
    });
    await createConfirmedUser(stack, EMAIL, PASSWORD);
    const session = await signIn(stack, EMAIL, PASSWORD);
    const seededAt = Date.now();
    const { companyId, mapId, emptyMapId, smallMapId } = await seed(stack, session);
    console.log(
      `seeded ${VIEWS} views, ${EVENTS} events and a map of ${VIEWS} nodes and ${EDGES} edges in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`,
    );

    const context = await chromium.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies(sessionCookies(stack, session));
    await context.addInitScript(WATCH_FIRST_PAINT);
    const page = await context.newPage();
    const mapUrl = (id: string) => `${stack!.url}/company/${companyId}/maps/${id}`;

    // Warm-up: the first visit compiles and caches the app's chunks, as any returning user has them.
    await openMap(page, mapUrl(mapId), VIEWS);
    const paints = [];
    for (let i = 0; i < 3; i++) paints.push(await openMap(page, mapUrl(mapId), VIEWS));
    const firstPaint = percentile(
      paints.map((p) => p.firstPaint),
      50,
    );
    const allNodes = percentile(
      paints.map((p) => p.allNodes),
      50,
    );
    const dataArrived = percentile(
      paints.map((p) => p.dataArrived),
      50,
    );
    const smallPaints = [];
    for (let i = 0; i < 3; i++) smallPaints.push(await openMap(page, mapUrl(smallMapId), 3));
    const smallPaint = percentile(
      smallPaints.map((p) => p.firstPaint),
      50,
    );
    await openMap(page, mapUrl(mapId), VIEWS);
    const big = await panAndZoom(page);
    const layout = await layoutTime(page);

    // Baseline: the same editor and gestures on a map of one node.
    const baseline = await (async () => {
      const emptyPage = await context.newPage();
      await emptyPage.goto(mapUrl(emptyMapId));
      await emptyPage.getByTestId('map-editor').waitFor();
      const frames = await panAndZoom(emptyPage);
      await emptyPage.close();
      return frames;
    })();

    const jsPage = await context.newPage();
    const companyJs = await scriptBytes(jsPage, `${stack.url}/company`);
    const previewJs = await scriptBytes(jsPage, `${stack.url}/map-preview/${mapId}`);
    await context.close();

    const verdict = (value: number, target: number) => (value <= target ? 'ok' : 'OVER');
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    console.log(`\nMap editor, ${VIEWS} nodes and ${EDGES} edges, Chromium on PostgreSQL`);
    console.log(
      `first paint of the map (navigation start → first frame with nodes): ${ms(firstPaint)}   target ≤ ${TARGETS.firstPaintMs} ms  ${verdict(firstPaint, TARGETS.firstPaintMs)}`,
    );
    console.log(
      `  of which the map's data had arrived at ${ms(dataArrived)}; all ${VIEWS} nodes in the DOM at ${ms(allNodes)}`,
    );
    console.log(
      `  baseline, a 3-node map: first paint ${ms(smallPaint)}   (×${(firstPaint / Math.max(smallPaint, 1)).toFixed(1)})`,
    );
    const line = (f: FrameStats) => `${f.frames} frames, median ${ms(f.median)}, p95 ${ms(f.p95)}`;
    console.log(
      `pan and zoom, 3 s: ${line(big.all)}   target p95 ≤ ${TARGETS.p95FrameMs} ms  ${verdict(big.all.p95, TARGETS.p95FrameMs)}`,
    );
    console.log(`  pan alone: ${line(big.pan)}; zoom alone: ${line(big.zoom)}`);
    console.log(
      `  baseline, one-node map: ${line(baseline.all)}   (×${(big.all.p95 / Math.max(baseline.all.p95, 0.1)).toFixed(1)} p95)`,
    );
    console.log(
      `elk layout of the whole map in its worker: ${ms(layout.worker)}   target ≤ ${TARGETS.layoutMs} ms  ${verdict(layout.worker, TARGETS.layoutMs)}`,
    );
    console.log(`  click → new positions drawn and saved state: ${ms(layout.total)}`);
    console.log(
      `JavaScript loaded, gzip: /company ${(companyJs / 1024).toFixed(1)} KiB, /map-preview ${(previewJs / 1024).toFixed(1)} KiB (×${(previewJs / Math.max(companyJs, 1)).toFixed(2)})`,
    );
  } finally {
    await chromium.close();
    await stack?.stop();
    await database?.drop();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
