import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchBrowser, serveStatic, type StaticServer, type TestBrowser } from '@tracemap/test-kit';
import { freePort, startProcess, waitUntilReady, type ManagedProcess } from '../../src/processes';
import { REPO_ROOT } from '../../src/stack';

// A sixth remote: one manifest entry and its folder, built with the shared webpack config. The
// shell and the gateway are the repository's own builds, untouched.
const FIXTURE = path.join(__dirname, 'fixtures', 'mfe-sample');
const ENTRY = JSON.parse(readFileSync(path.join(FIXTURE, 'micro-frontend.json'), 'utf8')) as {
  name: string;
  exposes: unknown[];
};

/** Production build of the fixture into `outDir`, in its own process as `webpack` would run it. */
const BUILD = `
const webpack = require('webpack');
const config = require(process.argv[1])({}, { mode: 'production' });
config.output.path = process.argv[2];
webpack(config, (error, stats) => {
  if (error || stats.hasErrors()) {
    console.error(error ? String(error) : stats.toString('errors-only'));
    process.exit(1);
  }
});
`;

let remote: StaticServer;
let gateway: ManagedProcess;
let gatewayUrl: string;
let chromium: TestBrowser;
let browser: Browser;
const output: string[] = [];

beforeAll(async () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'tracemap-sixth-remote-'));
  const dist = path.join(work, 'dist');
  await promisify(execFile)(process.execPath, ['-e', BUILD, path.join(FIXTURE, 'webpack.config.js'), dist], {
    cwd: REPO_ROOT,
  });
  remote = await serveStatic(dist);

  const remotesFile = path.join(work, 'remotes.json');
  writeFileSync(
    remotesFile,
    JSON.stringify({ [ENTRY.name]: { entry: `${remote.url}/mf-manifest.json`, exposes: ENTRY.exposes } }),
  );
  const port = await freePort();
  gatewayUrl = `http://127.0.0.1:${port}`;
  const dead = 'http://127.0.0.1:9';
  gateway = startProcess(
    'gateway',
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'services/gateway/src/server.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: gatewayUrl,
        AUTH_URL: dead,
        ACCOUNT_URL: dead,
        COMPANY_URL: dead,
        SUBSCRIPTION_URL: dead,
        AUTH_PUBLIC_KEY: 'public-anon-key',
        FRONTEND_ROOT: REPO_ROOT,
        REMOTES_FILE: remotesFile,
      },
      onOutput: (line) => output.push(line),
    },
  );
  await waitUntilReady(`${gatewayUrl}/health`, [gateway]);
  chromium = await launchBrowser();
  browser = chromium.browser;
});

afterAll(async () => {
  await chromium?.close();
  await gateway?.stop();
  await remote?.stop();
});

test('the gateway lists the added remote with its routes, and its pages exist', async () => {
  const registry = (await (await fetch(`${gatewayUrl}/remotes.json`)).json()) as {
    remotes: Array<{ name: string; entry: string }>;
  };
  expect(registry.remotes).toContainEqual({ name: 'mfe_sample', entry: `${remote.url}/mf-manifest.json` });
  expect((await fetch(`${gatewayUrl}/sample/widget`)).status).toBe(200);
});

test('the built shell loads the added remote at its base, inside the layout, and routes within it', async () => {
  const page = await browser.newPage();
  await page.goto(`${gatewayUrl}/sample/widget`);
  const main = page.getByTestId('shell-main');
  await main.locator('[data-app="mfe-sample"]').waitFor({ timeout: 20000 });
  expect(await main.getByTestId('sample-heading').innerText()).toBe('Hello from the sample remote');
  expect(await main.getByTestId('sample-item').innerText()).toBe('Item widget');
  expect(await page.getByTestId('shell-header').isVisible()).toBe(true);
  // Its code came from where the registry said, not from the gateway.
  expect(remote.requests).toContain('/mf-manifest.json');
  await page.close();
});
