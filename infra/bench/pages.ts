import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createTestDatabase, launchBrowser, type TestDatabase } from '@tracemap/test-kit';
import { startStack, type Stack } from '../src/stack';
import { createConfirmedUser, signIn } from '../src/test-users';

/**
 * How long a logged-in page takes to show its content after a reload, in Chromium, on the
 * embedded database and then on PostgreSQL. Each page is timed from the start of the
 * navigation until a selector that only exists once the page has its data is visible (so a
 * loading text does not count). The static home page, timed the same way in the same run,
 * is the baseline. Assumes `npm run build` has been run.
 */
const RELOADS = Number(process.env.BENCH_RELOADS ?? 7);
const TARGET_MS = 600;
const ADMIN_EMAIL = 'bench-admin@example.com';
const PASSWORD = 'a-long-bench-password-1';
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

interface Target {
  name: string;
  path: string;
  /** Visible only once the page shows its content. */
  ready: (page: Page) => ReturnType<Page['locator']>;
}

function targets(companyId: string): Target[] {
  return [
    { name: '/ (baseline)', path: '/', ready: (p) => p.getByTestId('home-heading') },
    { name: '/company', path: '/company', ready: (p) => p.getByTestId('company-list-item').first() },
    { name: '/company/{id}', path: `/company/${companyId}`, ready: (p) => p.getByTestId('dashboard-company-name') },
    { name: '/company/{id}/users', path: `/company/${companyId}/users`, ready: (p) => p.getByTestId('member-list') },
    { name: '/account', path: '/account', ready: (p) => p.getByTestId('name-form') },
    { name: '/admin', path: '/admin', ready: (p) => p.locator('main h1', { hasText: /^Admin$/ }) },
  ];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function timeLoad(page: Page, url: string, target: Target): Promise<number> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await target.ready(page).waitFor({ state: 'visible', timeout: 30000 });
  return Date.now() - started;
}

async function prepare(stack: Stack): Promise<string> {
  await createConfirmedUser(stack, ADMIN_EMAIL, PASSWORD);
  const session = await signIn(stack, ADMIN_EMAIL, PASSWORD);
  const created = await fetch(`${stack.url}/api/company/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Pages Co' }),
  });
  if (!created.ok) throw new Error(`create company: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { company: { id: string } }).company.id;
}

async function logIn(page: Page, stack: Stack): Promise<void> {
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('Email').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30000 });
}

async function measure(
  label: string,
  databaseUrl: string | undefined,
): Promise<Array<{ database: string; page: string; median: number; max: number }>> {
  const stack = await startStack({
    port: Number(process.env.PORT ?? 0),
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-bench-pages-')),
    databaseUrl,
    logLevel: 'warn',
    log: () => undefined,
    env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_PER_MINUTE: '1000000' },
  });
  const chromium = await launchBrowser();
  try {
    const companyId = await prepare(stack);
    const context = await chromium.browser.newContext();
    const page = await context.newPage();
    await logIn(page, stack);
    const rows = [];
    for (const target of targets(companyId)) {
      const url = `${stack.url}${target.path}`;
      await timeLoad(page, url, target); // warm-up: caches and first compilations
      const times: number[] = [];
      for (let i = 0; i < RELOADS; i++) times.push(await timeLoad(page, url, target));
      rows.push({ database: label, page: target.name, median: median(times), max: Math.max(...times) });
    }
    await context.close();
    return rows;
  } finally {
    await chromium.close();
    await stack.stop();
  }
}

async function main() {
  const all = [];
  all.push(...(await measure('embedded', undefined)));
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = POSTGRES_URL;
  let database: TestDatabase | undefined;
  try {
    database = await createTestDatabase();
    all.push(...(await measure('postgres', database.url)));
  } finally {
    await database?.drop();
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }

  console.log(
    `\n${RELOADS} reloads per page after one warm-up; time until the page shows its content (target ≤ ${TARGET_MS} ms)`,
  );
  console.log(
    `${'database'.padEnd(10)}${'page'.padEnd(22)}${'median'.padStart(9)}${'max'.padStart(9)}${'×baseline'.padStart(11)}  target`,
  );
  for (const row of all) {
    const baseline = all.find((r) => r.database === row.database && r.page === '/ (baseline)')!;
    const ratio = (row.median / Math.max(baseline.median, 1)).toFixed(1);
    const verdict = row.page === '/ (baseline)' ? '' : row.median <= TARGET_MS ? 'ok' : 'OVER';
    console.log(
      `${row.database.padEnd(10)}${row.page.padEnd(22)}${`${row.median} ms`.padStart(9)}${`${row.max} ms`.padStart(9)}${`×${ratio}`.padStart(11)}  ${verdict}`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
