import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildLoneGateway } from './support/lone-gateway';

// The account service's stand-in: its internal route of current releases, behind the service token,
// answering whatever the test sets (a release, an error, a malformed answer, or nothing for a while).
const TOKEN = 'gateway-releases-test-token';
type Mode = 'released' | 'error' | 'malformed' | 'hang';
let mode: Mode = 'released';
let asked = 0;
let account: FastifyInstance;
let gateway: FastifyInstance;
let root: string;
let remotesFile: string;
let accountUrl: string;
const RELEASED = '/releases/mfe-company/0.0.0-abc123/mf-manifest.json';

beforeAll(async () => {
  account = Fastify();
  account.get('/internal/releases/current', async (request, reply) => {
    asked += 1;
    if (request.headers['x-service-token'] !== TOKEN) return reply.code(401).send({ statusCode: 401 });
    if (mode === 'error') return reply.code(500).send({ statusCode: 500, code: 'internal', message: 'down' });
    if (mode === 'malformed') return { remotes: [{ name: 'mfe_company' }] };
    if (mode === 'hang') await new Promise((resolve) => setTimeout(resolve, 1500));
    return { remotes: [{ name: 'mfe_company', entry: RELEASED, version: '0.0.0-abc123' }] };
  });
  accountUrl = await account.listen({ port: 0, host: '127.0.0.1' });
  root = mkdtempSync(path.join(os.tmpdir(), 'gateway-releases-'));
  const release = path.join(root, 'releases', 'mfe-company', '0.0.0-abc123');
  mkdirSync(release, { recursive: true });
  writeFileSync(path.join(release, 'mf-manifest.json'), '{"name":"mfe_company"}');
  writeFileSync(path.join(release, 'remoteEntry.js'), 'self.released = true;');
  writeFileSync(path.join(release, '123.abcdef.js'), 'self.chunk = true;');
  remotesFile = path.join(root, 'remotes.json');
  writeFileSync(remotesFile, '{}');
  gateway = await buildLoneGateway('releases', {
    ACCOUNT_URL: accountUrl,
    INTERNAL_SERVICE_TOKEN: TOKEN,
    RELEASES_CACHE_MS: '0',
    RELEASES_DIR: path.join(root, 'releases'),
    REMOTES_FILE: remotesFile,
  });
  await gateway.ready();
});

afterAll(async () => {
  await gateway?.close();
  await account?.close();
  rmSync(root, { recursive: true, force: true });
});

const entries = async () => {
  const res = await gateway.inject('/remotes.json');
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json().remotes as Array<{ name: string; entry: string }>).map((r) => [r.name, r.entry]),
  );
};
const DEFAULTS = {
  mfe_marketing: '/remotes/mfe-marketing/mf-manifest.json',
  mfe_auth: '/remotes/mfe-auth/mf-manifest.json',
  mfe_company: '/remotes/mfe-company/mf-manifest.json',
  mfe_admin: '/remotes/mfe-admin/mf-manifest.json',
};

test("a released remote's entry is its release; the others stay on the builds the gateway serves", async () => {
  mode = 'released';
  expect(await entries()).toEqual({ ...DEFAULTS, mfe_company: RELEASED });
});

test("the remotes file moves a remote's base build; its current release still counts over it", async () => {
  writeFileSync(
    remotesFile,
    JSON.stringify({
      mfe_company: 'https://cdn.example.com/mfe-company/dist/mf-manifest.json',
      mfe_auth: 'https://cdn.example.com/mfe-auth/dist/mf-manifest.json',
    }),
  );
  try {
    mode = 'released';
    expect(await entries()).toEqual({
      ...DEFAULTS,
      mfe_company: RELEASED,
      mfe_auth: 'https://cdn.example.com/mfe-auth/dist/mf-manifest.json',
    });
    // Without the registry, the moved base build is what loads.
    mode = 'error';
    expect((await entries()).mfe_company).toBe('https://cdn.example.com/mfe-company/dist/mf-manifest.json');
  } finally {
    mode = 'released';
    writeFileSync(remotesFile, '{}');
  }
});

test.each(['error', 'malformed', 'hang'] as const)(
  'when the registry %s, every remote loads its base build and the shell is still served',
  async (failure) => {
    mode = failure;
    const before = asked;
    expect(await entries()).toEqual(DEFAULTS);
    expect(asked).toBeGreaterThan(before);
    const page = await gateway.inject('/');
    expect(page.statusCode).toBe(200);
    mode = 'released';
    expect((await entries()).mfe_company).toBe(RELEASED);
  },
);

test("a release's files are served under /releases/, its manifest revalidated and its hashed files kept", async () => {
  const manifest = await gateway.inject('/releases/mfe-company/0.0.0-abc123/mf-manifest.json');
  expect([manifest.statusCode, manifest.headers['cache-control']]).toEqual([200, 'no-cache']);
  const chunk = await gateway.inject('/releases/mfe-company/0.0.0-abc123/123.abcdef.js');
  expect([chunk.statusCode, chunk.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
  // Nothing outside the releases folder.
  writeFileSync(path.join(root, 'outside.txt'), 'not a release');
  const outside = await gateway.inject('/releases/%2e%2e/outside.txt');
  expect(outside.body).not.toContain('not a release');
});

test('a releases folder that cannot be made (a read-only file system) leaves the gateway working without it', async () => {
  const blocked = path.join(root, 'a-file');
  writeFileSync(blocked, 'not a folder');
  const other = await buildLoneGateway('releases-blocked', { RELEASES_DIR: path.join(blocked, 'releases') });
  try {
    await other.ready();
    expect((await other.inject('/remotes.json')).statusCode).toBe(200);
    expect((await other.inject('/releases/mfe-company/x/mf-manifest.json')).statusCode).toBe(404);
  } finally {
    await other.close();
  }
});

test('with several account replicas, the first one that answers gives the releases', async () => {
  mode = 'released';
  const other = await buildLoneGateway('releases-replicas', {
    ACCOUNT_URL: `http://127.0.0.1:9,${accountUrl}`,
    INTERNAL_SERVICE_TOKEN: TOKEN,
  });
  try {
    await other.ready();
    const registry = (await other.inject('/remotes.json')).json() as {
      remotes: Array<{ name: string; entry: string }>;
    };
    expect(registry.remotes.find((r) => r.name === 'mfe_company')?.entry).toBe(RELEASED);
  } finally {
    await other.close();
  }
});
