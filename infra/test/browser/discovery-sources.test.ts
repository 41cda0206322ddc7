import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { LOCAL_AMPLITUDE_KEYS } from '@tracemap/analytics-sandbox';
import { waitFor } from '@tracemap/test-kit';
import type { Stack } from '../../src/stack';
import type { Session } from '../../src/test-users';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';
import { companyWithSamplePlan, sessionApi, type SessionApi } from './support/session-api';

/**
 * Discovery's Sources tab as an owner uses it: a file uploaded with its progress and its run's
 * bad line reported by number; a collector created, fed, and its key rotated; an Amplitude
 * project connected with keys that are never shown back, and pulled on demand.
 */

/** Reading a run on a busy test machine. */
const RUN_TIMEOUT_MS = 90_000;

let stack: Stack;
let world: BrowserWorld<'owner'> | undefined;
let session: Session;
let api: SessionApi;
let companyId = '';
let scratch = '';

const people = { owner: { email: 'sol.sources@example.com', password: 'a-long-sources-password-1' } };

beforeAll(async () => {
  world = await openBrowserWorld('discovery-sources', people);
  stack = world.stack;
  session = world.sessions.owner;
  api = sessionApi(stack.url, () => session.access_token);
  companyId = await companyWithSamplePlan(api, 'Sources Shop');
  scratch = mkdtempSync(path.join(os.tmpdir(), 'discovery-sources-'));
});

afterAll(async () => {
  await world?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const track = (event: string, n: number) =>
  JSON.stringify({
    type: 'track',
    event,
    messageId: `m-${event}-${n}`,
    timestamp: '2026-11-20T10:00:00.000Z',
    anonymousId: `a-${n}`,
    properties: { coupon_code: `SAVE${n}` },
  });

async function openSources(page: Page) {
  await page.goto(`${stack.url}/company/${companyId}/analytics-discovery?tab=sources`);
  await page.getByTestId('sources-tab').waitFor();
}

/** How many events of that name the service has observed, once it lists that many (its list is refreshed just after a write). */
function observedVolume(name: string, expected: number): Promise<number> {
  return waitFor(
    async () => {
      const page = (await api('GET', `/api/insights/${companyId}/discovery/events?q=${encodeURIComponent(name)}`)) as {
        items: { name: string; volume: number }[];
      };
      return page.items.find((e) => e.name === name)?.volume ?? 0;
    },
    { until: (volume) => volume >= expected, message: `${expected} observed ${name}` },
  );
}

test('an uploaded file shows its run to the end, with the malformed line reported by its number', async () => {
  const file = path.join(scratch, 'segment-export.ndjson');
  writeFileSync(
    file,
    [track('Coupon Pasted', 1), track('Coupon Pasted', 2), '{"type":"track","event":', track('Coupon Pasted', 3)].join(
      '\n',
    ) + '\n',
  );
  const page = await world!.pageFor('owner');
  await openSources(page);
  await page.getByTestId('upload-file').setInputFiles(file);
  await page.getByTestId('upload-format').selectOption('segment');
  await page.getByTestId('upload-submit').click();

  // The page moves to Runs, where the run is followed until it ends.
  await page.getByTestId('runs-tab').waitFor();
  const run = page.locator('[data-testid="run-row"][data-status="succeeded"]');
  await run.waitFor({ timeout: RUN_TIMEOUT_MS });
  const cells = await run.locator('td').allInnerTexts();
  expect(cells[1]).toBe('segment');
  // Lines read, events, bad lines.
  expect(cells.slice(4, 6)).toEqual(['4', '3']);
  expect(cells[6]).toMatch(/^1\b/);
  expect(await run.getByTestId('run-errors').innerText()).toContain('line 3: not valid JSON');
  expect(await observedVolume('Coupon Pasted', 3)).toBe(3);
});

test('a collector is created with its URL and snippet shown once, takes events, and a rotated key stops the old URL', async () => {
  const page = await world!.pageFor('owner');
  await openSources(page);
  await page.getByTestId('collector-name').fill('Web webhook');
  await page.getByTestId('collector-create').click();
  const firstUrl = await page.getByTestId('collector-url').innerText();
  expect(firstUrl).toMatch(new RegExp(`^${stack.url}/api/insights/collect/\\S+$`));
  expect(await page.getByTestId('collector-snippet').innerText()).toContain(firstUrl);
  const row = page.locator('[data-testid="source-row"][data-kind="collector"]');
  await row.waitFor();

  const send = (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ batch: [JSON.parse(track('Gift Wrapped', 1)), JSON.parse(track('Gift Wrapped', 2))] }),
    });
  expect((await send(firstUrl)).status).toBe(202);
  expect(await observedVolume('Gift Wrapped', 2)).toBe(2);

  // The key is shown once: a reload lists the collector by its key's prefix only.
  await page.reload();
  await row.waitFor();
  expect(await page.getByTestId('collector-url').count()).toBe(0);
  expect(await row.innerText()).not.toContain(firstUrl.split('/').pop()!);

  await row.getByTestId('source-rotate').click();
  await row.getByTestId('source-rotate-confirm').click();
  const secondUrl = await page.getByTestId('collector-url').innerText();
  expect(secondUrl).not.toBe(firstUrl);
  const refused = await send(firstUrl);
  expect(refused.status).toBe(404);
  expect(((await refused.json()) as { code: string }).code).toBe('source_not_found');
  expect((await send(secondUrl)).status).toBe(202);
  expect(await observedVolume('Gift Wrapped', 4)).toBe(4);
});

test('an Amplitude project is connected with keys never shown back, and a pull on demand reads its export', async () => {
  const page = await world!.pageFor('owner');
  await openSources(page);
  await page.getByTestId('amplitude-name').fill('Amplitude production');
  await page.getByTestId('amplitude-api-key').fill(LOCAL_AMPLITUDE_KEYS.apiKey);
  await page.getByTestId('amplitude-secret-key').fill(LOCAL_AMPLITUDE_KEYS.secretKey);
  await page.getByTestId('amplitude-form-submit').click();
  const row = page.locator('[data-testid="source-row"][data-kind="amplitude"]');
  await row.waitFor();
  // The secret fields are emptied and no part of the page or the API's answer holds the keys.
  expect(await page.getByTestId('amplitude-secret-key').inputValue()).toBe('');
  expect(await page.content()).not.toContain(LOCAL_AMPLITUDE_KEYS.secretKey);
  const listed = JSON.stringify(await api('GET', `/api/insights/${companyId}/discovery/sources`));
  expect(listed).not.toContain(LOCAL_AMPLITUDE_KEYS.secretKey);
  expect(listed).not.toContain(LOCAL_AMPLITUDE_KEYS.apiKey);

  await row.getByTestId('source-pull').click();
  await row.getByTestId('source-pull-started').waitFor();
  await page.getByTestId('discovery-tab-runs').click();
  const pulled = page.locator('[data-testid="run-row"][data-status="succeeded"]').filter({ hasText: 'amplitude' });
  await pulled.waitFor({ timeout: RUN_TIMEOUT_MS });
  const events = Number((await pulled.locator('td').nth(5).innerText()).replace(/\D/g, ''));
  expect(events).toBeGreaterThan(0);
});
