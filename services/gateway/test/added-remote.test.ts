import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildLoneGateway } from './support/lone-gateway';

// A remote the built-in manifest does not list, declared with the manifest's own fields.
const SAMPLE = {
  entry: 'http://127.0.0.1:9911/mf-manifest.json',
  exposes: [
    {
      module: './routes',
      file: './src/routes.tsx',
      label: 'Sample area',
      pages: ['/sample', '/sample/:item'],
      base: '/sample',
    },
  ],
};

let root: string;
let remotesFile: string;
let gateway: FastifyInstance;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'gateway-added-remote-'));
  mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  writeFileSync(path.join(root, 'shell/dist/index.html'), '<!doctype html><div id="root"></div>');
  remotesFile = path.join(root, 'remotes.json');
  writeFileSync(remotesFile, '{}');
  gateway = await buildLoneGateway('added-remote', { FRONTEND_ROOT: root, REMOTES_FILE: remotesFile });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  rmSync(root, { recursive: true, force: true });
});

test('the registry lists every remote of the manifest with the paths each of its modules renders', async () => {
  const registry = (await gateway.inject('/remotes.json')).json();
  expect(registry.remotes.map((r: { name: string }) => r.name)).toEqual([
    'mfe_marketing',
    'mfe_auth',
    'mfe_company',
    'mfe_admin',
  ]);
  expect(registry.routes).toContainEqual({
    remote: 'mfe_company',
    module: './map-preview',
    label: 'Map preview',
    pages: ['/map-preview/:mapId'],
    base: '/map-preview',
    bare: true,
  });
  expect((await gateway.inject('/sample/one')).statusCode).toBe(404);
});

test('a remote added by the remotes file is listed with its routes, and its pages exist', async () => {
  writeFileSync(remotesFile, JSON.stringify({ mfe_sample: SAMPLE }));
  const registry = (await gateway.inject('/remotes.json')).json();
  expect(registry.remotes).toContainEqual({ name: 'mfe_sample', entry: SAMPLE.entry });
  expect(registry.routes).toContainEqual({
    remote: 'mfe_sample',
    module: './routes',
    label: 'Sample area',
    pages: ['/sample', '/sample/:item'],
    base: '/sample',
  });
  const page = await gateway.inject('/sample/one');
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-security-policy']).toContain('http://127.0.0.1:9911');
  expect((await gateway.inject('/sample/one/two')).statusCode).toBe(404);
});

test('a malformed added remote is left out and adds no page', async () => {
  const cases: unknown[] = [
    { 'mfe-sample': SAMPLE },
    { mfe_sample: { ...SAMPLE, exposes: [] } },
    { mfe_sample: { ...SAMPLE, exposes: [{ ...SAMPLE.exposes[0], pages: ['sample'] }] } },
    { mfe_sample: { exposes: SAMPLE.exposes } },
  ];
  for (const file of cases) {
    writeFileSync(remotesFile, JSON.stringify(file));
    const registry = (await gateway.inject('/remotes.json')).json();
    expect(registry.remotes).toHaveLength(4);
    expect(registry.routes.some((r: { label: string }) => r.label === 'Sample area')).toBe(false);
    expect((await gateway.inject('/sample')).statusCode).toBe(404);
  }
});
