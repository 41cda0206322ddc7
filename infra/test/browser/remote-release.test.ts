import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { sharedContractOf } from '@tracemap/contracts';
import { recordShell, releaseRemote, type ReleaseTarget } from '../../src/releases/release-remote';
import { REPO_ROOT } from '../../src/stack';
import { openBrowserWorld, type BrowserWorld } from './support/browser-world';

/**
 * One team releases a new mfe-company while a person has the app open, then rolls it back. The
 * two builds are the repository's build of mfe-company, each with one statement appended to its
 * remote entry that names it (window.__mfeCompanyBuild), so the page can tell which one ran; the
 * appended line also gives each a version of its own. The release and the rollback go through the
 * release command, as a team would run it. The shell and the other remotes must never load again.
 * Then each remote, released as an unchanged copy of its build, must load from its release folder.
 */

const PASSWORD = 'a-long-release-test-password-9';
const people = { admin: { email: 'release.admin@example.com', password: PASSWORD, productAdmin: true } };
const COMPANY_DIR = path.join(REPO_ROOT, 'mfe-company');
const CLI = path.join(REPO_ROOT, 'infra/src/releases/release-remote-cli.ts');

let world: BrowserWorld<'admin'>;
let work: string;
let releasesDir: string;
let target: ReleaseTarget;
const builds: Record<'a' | 'b', string> = { a: '', b: '' };

/** A copy of the built remote whose entry, once run, names the build. */
function markedBuild(label: 'a' | 'b'): string {
  const dist = path.join(work, label);
  cpSync(path.join(COMPANY_DIR, 'dist'), dist, { recursive: true });
  appendFileSync(path.join(dist, 'remoteEntry.js'), `\n;window.__mfeCompanyBuild = ${JSON.stringify(label)};\n`);
  return dist;
}

/** The release command in its own process, as a team runs it. */
async function releaseCommand(...args: string[]): Promise<string> {
  return releaseCommandWith({}, ...args);
}

async function releaseCommandWith(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CLI, ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TRACEMAP_URL: world.stack.url,
      TRACEMAP_ADMIN_TOKEN: world.sessions.admin.access_token,
      RELEASES_DIR: releasesDir,
      ...env,
    },
  });
  return stdout;
}

/** A navigation inside the open app (the router's, as a link click does): no page load. */
async function navigate(page: Page, to: string, app: string): Promise<void> {
  await page.evaluate((pathname) => {
    window.history.pushState(null, '', pathname);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.getByTestId('shell-main').locator(`[data-app="${app}"]`).first().waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'tracemap-remote-release-'));
  releasesDir = path.join(work, 'releases');
  world = await openBrowserWorld('remote-release', people, {
    env: { RELEASES_DIR: releasesDir, RELEASES_CACHE_MS: '0' },
    warmUp: true,
  });
  target = {
    apiUrl: world.stack.url,
    token: world.sessions.admin.access_token,
    releasesDir,
    releasesBaseUrl: '/releases',
  };
  // The product-admin flag is given at the first sync of a listed email.
  const synced = await fetch(`${world.stack.url}/api/account/sync`, {
    headers: { authorization: `Bearer ${world.sessions.admin.access_token}` },
  });
  if (!synced.ok) throw new Error(`sync answered ${synced.status}`);
  builds.a = markedBuild('a');
  builds.b = markedBuild('b');
  await recordShell(target, path.join(REPO_ROOT, 'shell'));
});

afterAll(async () => {
  await world?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('a new mfe-company reaches an open app on its next navigation, and a rollback brings the old one back, without reloading anything else', async () => {
  const a = await releaseRemote(target, COMPANY_DIR, builds.a);
  const page = await world.pageFor('admin');
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  // A load event per document the page loads (the router's own navigations fire none).
  let documents = 0;
  page.on('load', () => {
    documents += 1;
  });

  await page.goto(`${world.stack.url}/company`);
  await page.getByTestId('shell-main').locator('[data-app="mfe-company"]').first().waitFor({ timeout: 30_000 });
  expect(await page.evaluate(() => (window as { __mfeCompanyBuild?: string }).__mfeCompanyBuild)).toBe('a');
  expect(requests).toContain(`/releases/mfe-company/${a.version}/remoteEntry.js`);
  await navigate(page, '/account', 'mfe-auth');
  // Set once in this document: still there at the end means the page never loaded again.
  await page.evaluate(() => Object.assign(window, { __openedOnce: 'still here' }));
  const loadedBefore = requests.length;
  const documentsBefore = documents;

  const released = await releaseCommand('mfe-company', '--dist', builds.b);
  const b = /mfe-company (\S+) released/.exec(released)?.[1];
  expect(b).toMatch(/^0\.0\.0-[0-9a-f]{12}$/);
  expect(b).not.toBe(a.version);
  const registry = (await (await fetch(`${world.stack.url}/remotes.json`)).json()) as {
    remotes: Array<{ name: string; entry: string }>;
  };
  expect(registry.remotes.find((r) => r.name === 'mfe_company')?.entry).toBe(
    `/releases/mfe-company/${b}/mf-manifest.json`,
  );

  await navigate(page, '/company', 'mfe-company');
  await page.waitForFunction(() => (window as { __mfeCompanyBuild?: string }).__mfeCompanyBuild === 'b', null, {
    timeout: 30_000,
  });
  expect(requests.slice(loadedBefore)).toContain(`/releases/mfe-company/${b}/remoteEntry.js`);

  await navigate(page, '/account', 'mfe-auth');
  expect(await releaseCommand('mfe-company', '--rollback')).toContain(`mfe-company now loads ${a.version}.`);
  await navigate(page, '/company', 'mfe-company');
  await page.waitForFunction(() => (window as { __mfeCompanyBuild?: string }).__mfeCompanyBuild === 'a', null, {
    timeout: 30_000,
  });

  // Someone who stays inside the company's pages gets a release too, within a few seconds of navigating.
  await releaseCommand('mfe-company', '--dist', builds.b);
  const deadline = Date.now() + 30_000;
  let build: string | undefined = 'a';
  for (let i = 0; build !== 'b' && Date.now() < deadline; i += 1) {
    await navigate(page, i % 2 === 0 ? '/company/create' : '/company', 'mfe-company');
    build = await page
      .waitForFunction(() => (window as { __mfeCompanyBuild?: string }).__mfeCompanyBuild === 'b', null, {
        timeout: 1000,
      })
      .then(
        () => 'b',
        () => 'a',
      );
  }
  expect(build).toBe('b');

  // The same document throughout; nothing of the shell or another remote was fetched again.
  expect(await page.evaluate(() => (window as { __openedOnce?: string }).__openedOnce)).toBe('still here');
  expect(documents).toBe(documentsBefore);
  const later = requests.slice(loadedBefore);
  expect(later.filter((p) => p.startsWith('/remotes/'))).toEqual([]);
  expect(later.filter((p) => /^\/[^/]+\.js$/.test(p) || p === '/' || p.endsWith('.html'))).toEqual([]);
  expect(later.filter((p) => p.startsWith('/releases/') && !p.startsWith('/releases/mfe-company/'))).toEqual([]);
});

test('every remote, released as a versioned copy of its build, loads in the current shell from its release folder', async () => {
  const pages = {
    'mfe-marketing': '/pricing',
    'mfe-auth': '/account',
    'mfe-company': '/company',
    'mfe-admin': '/admin',
  };
  for (const [folder, pathname] of Object.entries(pages)) {
    const release = await releaseRemote(target, path.join(REPO_ROOT, folder));
    const page = await world.pageFor('admin');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const entry = `/releases/${folder}/${release.version}/remoteEntry.js`;
    const entryLoaded = page.waitForResponse((res) => new URL(res.url()).pathname === entry && res.ok(), {
      timeout: 30_000,
    });
    await page.goto(`${world.stack.url}${pathname}`);
    await entryLoaded;
    await page.getByTestId('shell-main').locator(`[data-app="${folder}"]`).first().waitFor({ timeout: 30_000 });
    expect(requests.filter((p) => p.startsWith(`/remotes/${folder}/`))).toEqual([]);
    await page.context().close();
  }
});

test('a build the shell cannot run, or one published where nothing serves it, is refused by the release command with the reason, and nothing changes', async () => {
  const before = (await (await fetch(`${world.stack.url}/remotes.json`)).json()) as unknown;
  const dist = path.join(work, 'needs-react-20');
  cpSync(path.join(COMPANY_DIR, 'dist'), dist, { recursive: true });
  const manifestFile = path.join(dist, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    shared: Array<{ name: string; requiredVersion: string }>;
  };
  for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^20.0.0';
  writeFileSync(manifestFile, JSON.stringify(manifest));

  const refused = await releaseCommand('mfe-company', '--dist', dist).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused?.code).toBe(1);
  const shellManifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shell/dist/mf-manifest.json'), 'utf8'));
  const react = sharedContractOf(shellManifest).provides.react;
  expect(refused?.stderr.trim()).toBe(
    `409 release_incompatible: mfe_company is not compatible with the current shell: it expects react ^20.0.0 (the shell provides ${react}).`,
  );
  expect(await (await fetch(`${world.stack.url}/remotes.json`)).json()).toEqual(before);

  // Published where nothing serves it (a CDN address the folder was never uploaded to): refused too.
  const unreachable = await releaseCommandWith(
    { RELEASES_BASE_URL: '/nowhere' },
    'mfe-company',
    '--dist',
    builds.b,
  ).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(unreachable?.code).toBe(1);
  expect(unreachable?.stderr).toContain("The release's manifest is not reachable at");
  expect(unreachable?.stderr).toContain('(it answers 404)');
  expect(await (await fetch(`${world.stack.url}/remotes.json`)).json()).toEqual(before);
});
