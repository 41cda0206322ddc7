import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { REPO_ROOT } from '../../src/stack';
import { createAndListCompany } from './support/company-round-trip';
import { companySettings, startCompiledService, startKeyServer, typeScriptTraces } from './support/compiled-service';

// The company service as production runs it: `node dist/server.js`, plain JavaScript only.
const serviceDir = path.join(REPO_ROOT, 'services', 'company');
const entry = path.join(serviceDir, 'dist', 'server.js');

let database: TestDatabase;
let keys: Awaited<ReturnType<typeof startKeyServer>>;

beforeAll(async () => {
  // `npm test` builds first; a file run on its own builds what it needs.
  if (!existsSync(entry)) execFileSync('npm', ['run', 'build'], { cwd: serviceDir, stdio: 'ignore' });
  database = await createTestDatabase();
  keys = await startKeyServer();
});

afterAll(async () => {
  await keys?.close();
  await database?.drop();
});

test('the build is one bundle with a source map that points back at the TypeScript sources', () => {
  const map = JSON.parse(readFileSync(`${entry}.map`, 'utf8')) as { sources: string[] };
  const sources = map.sources.map((source) => path.resolve(path.dirname(entry), source));
  expect(sources).toContain(path.join(serviceDir, 'src', 'server.ts'));
  expect(sources).toContain(path.join(REPO_ROOT, 'packages', 'service-kit', 'src', 'run-service.ts'));
  // npm dependencies stay external: production installs them, the bundle does not carry them.
  expect(sources.filter((source) => source.includes(`${path.sep}node_modules${path.sep}`))).toEqual([]);
});

test('node dist/server.js migrates a fresh database, is ready, serves a real route, and never loads TypeScript', async () => {
  const service = await startCompiledService({
    cwd: serviceDir,
    entry,
    env: companySettings(database.url, keys.url),
  });
  let stopped: Awaited<ReturnType<typeof service.stop>> | undefined;
  try {
    const health = await fetch(`${service.url}/health`);
    expect(health.status).toBe(200);
    await createAndListCompany(service.url, keys.tokens);
  } finally {
    stopped = await service.stop();
  }
  expect(stopped.exitCode).toBe(0);
  expect(typeScriptTraces(stopped.loaded)).toEqual([]);
  // The recorder saw the service's own code: the check above looked at the right process.
  expect(stopped.loaded.files).toContain(entry);
  expect(stopped.loaded.files.some((file) => file.includes('node_modules/fastify/'))).toBe(true);
});

test('with --migrate-only it migrates a fresh database and exits without serving (the migrations job)', async () => {
  const fresh = await createTestDatabase();
  try {
    const run = spawnSync(process.execPath, [entry, '--migrate-only'], {
      cwd: serviceDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: '0',
        LOG_LEVEL: 'info',
        ...companySettings(fresh.url, keys.url),
      },
      encoding: 'utf8',
      timeout: 60000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('not serving (--migrate-only)');
    expect(run.stdout).not.toContain('Server listening');
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'company'`,
      );
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  } finally {
    await fresh.drop();
  }
});
