import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@tracemap/test-kit';
import { REPO_ROOT } from '../../src/stack';
import { createAndListCompany } from './support/company-round-trip';
import {
  RECORDER,
  companySettings,
  startCompiledService,
  startKeyServer,
  typeScriptTraces,
} from './support/compiled-service';
import { envOf, execForm, readDockerfile, type Stage } from './support/dockerfile';

// The company image's contents, made by replaying its Dockerfile's steps in a temporary folder:
// the prune stage runs in the repository, the build stage is the repository's own build, and the
// runtime stage runs here as written. No container engine is involved; the result is the same tree.
const dockerfile = readDockerfile(path.join(REPO_ROOT, 'deploy', 'docker', 'company.Dockerfile'));
const work = mkdtempSync(path.join(os.tmpdir(), 'tracemap-image-'));
const where: Record<string, Record<string, string>> = {
  prune: { '/repo': REPO_ROOT, '/pruned': path.join(work, 'pruned') },
  build: { '/app': REPO_ROOT },
  runtime: { '/app': path.join(work, 'app') },
};

function hostPath(stage: string, containerPath: string, workdir: string): string {
  const absolute = path.posix.isAbsolute(containerPath) ? containerPath : path.posix.join(workdir, containerPath);
  for (const [inside, outside] of Object.entries(where[stage]))
    if (absolute === inside || absolute.startsWith(`${inside}/`))
      return path.join(outside, absolute.slice(inside.length));
  throw new Error(`${stage}: ${absolute} has no place outside the container`);
}

/** Runs a stage's WORKDIR, COPY and RUN steps (`COPY . .` in the prune stage is the repository itself). */
function replay(stage: Stage): void {
  let workdir = '/';
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...envOf(stage) };
  for (const step of stage.instructions) {
    if (step.keyword === 'WORKDIR') {
      workdir = step.args;
      mkdirSync(hostPath(stage.name, workdir, '/'), { recursive: true });
    } else if (step.keyword === 'COPY' && step.flags.from) {
      const [source, target] = step.args.split(/\s+/);
      cpSync(hostPath(step.flags.from, source, '/'), hostPath(stage.name, target, workdir), { recursive: true });
    } else if (step.keyword === 'RUN') {
      const command = Object.entries(where[stage.name]).reduce(
        (text, [inside, outside]) => text.split(inside).join(outside),
        step.args,
      );
      const run = spawnSync('sh', ['-c', command], { cwd: hostPath(stage.name, workdir, '/'), env, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`${stage.name}: ${step.args} failed:\n${run.stdout}\n${run.stderr}`);
    }
  }
}

let database: TestDatabase;
let keys: Awaited<ReturnType<typeof startKeyServer>>;
const app = where.runtime['/app'];

beforeAll(async () => {
  const dist = path.join(REPO_ROOT, 'services', 'company', 'dist', 'server.js');
  if (!existsSync(dist)) execFileSync('npm', ['run', 'build'], { cwd: path.join(REPO_ROOT, 'services', 'company') });
  replay(dockerfile.stage('prune'));
  replay(dockerfile.stage('runtime'));
  database = await createTestDatabase();
  keys = await startKeyServer();
});

afterAll(async () => {
  await keys?.close();
  await database?.drop();
  rmSync(work, { recursive: true, force: true });
});

test('the image holds production dependencies only, and runs as a user other than root', () => {
  for (const devOnly of ['typescript', 'jest', 'tsx', 'esbuild', '@swc/core', 'typescript-eslint'])
    expect(existsSync(path.join(app, 'node_modules', devOnly))).toBe(false);
  expect(existsSync(path.join(app, 'node_modules', 'fastify'))).toBe(true);
  const user = dockerfile
    .stage('runtime')
    .instructions.filter((i) => i.keyword === 'USER')
    .at(-1);
  expect(user?.args).toBeDefined();
  expect(['root', '0']).not.toContain(user!.args);
});

test('its command starts the service against PostgreSQL; the health check passes and a real route works', async () => {
  const runtime = dockerfile.stage('runtime');
  const [node, entry] = execForm(runtime.instructions.find((i) => i.keyword === 'CMD')!.args);
  expect(node).toBe('node');
  const service = await startCompiledService({
    cwd: app,
    entry,
    // The image's own settings, on this machine's loopback (the port is always a free one).
    env: { ...envOf(runtime), HOST: '127.0.0.1', ...companySettings(database.url, keys.url) },
  });
  let stopped: Awaited<ReturnType<typeof service.stop>> | undefined;
  try {
    const [command, ...args] = execForm(runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!.args);
    const port = new URL(service.url).port;
    const check = spawnSync(command === 'node' ? process.execPath : command, args, {
      env: { PATH: process.env.PATH, PORT: port },
      encoding: 'utf8',
    });
    expect(check.status).toBe(0);
    await createAndListCompany(service.url, keys.tokens);
  } finally {
    stopped = await service.stop();
  }
  expect(stopped.exitCode).toBe(0);
  expect(typeScriptTraces(stopped.loaded)).toEqual([]);
  // Every file the service loaded came from the image's tree, none from the repository's (but the test's recorder).
  const fromRepository = stopped.loaded.files.filter((file) => file.startsWith(REPO_ROOT) && file !== RECORDER);
  expect(fromRepository).toEqual([]);
  expect(stopped.loaded.files).toContain(path.join(app, entry));
});
