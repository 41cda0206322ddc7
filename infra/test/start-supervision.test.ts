import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, waitFor, type TestDatabase } from '@tracemap/test-kit';
import { freePort } from '../src/processes';
import { REPO_ROOT } from '../src/stack';

// `npm start` as a user runs it, in production mode, with settings only the services know about.
let child: ChildProcess;
let output = '';
let base: string;
let database: TestDatabase | undefined;

/** The start command's processes running a service's code, with whether each is a warm standby. */
function serviceProcesses(service: string): Array<{ pid: number; standby: boolean }> {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,stat=,args='], { encoding: 'utf8' }).trim().split('\n');
  // Production runs the compiled service, and its standby is the plain-Node one.
  const entry = path.join('services', service, 'dist', 'server.js');
  return rows
    .map((r) => r.trim().split(/\s+/))
    .filter(
      ([, ppid, stat, ...args]) =>
        Number(ppid) === child.pid && !stat.startsWith('Z') && args.join(' ').includes(entry),
    )
    .map(([pid, , , ...args]) => ({ pid: Number(pid), standby: args.join(' ').includes('standby.cjs') }));
}

beforeAll(async () => {
  database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra/src/start.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      ...(database ? { DATABASE_URL: database.url } : {}),
      NODE_ENV: 'production',
      PORT: String(port),
      SERVICE_PORT_BASE: '0',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tracemap-supervised-')),
      LOG_LEVEL: 'warn',
      // Documented by the gateway only: the start command used to drop it.
      RATE_LIMIT_PER_MINUTE: '77',
      // Production bills through Stripe only (the sandbox is refused); its address here answers
      // nothing, so no call leaves the machine and billing reads degrade as they would in an outage.
      STRIPE_SECRET_KEY: 'sk_test_start_supervision',
      STRIPE_WEBHOOK_SECRET: 'whsec_start_supervision',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    },
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => output.includes('Press Ctrl-C to stop.') && resolve());
    child.once('exit', (code) => reject(new Error(`start exited early (${code}): ${output}`)));
  });
});

afterAll(async () => {
  if (child?.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
  await database?.drop();
});

test('a setting documented by the gateway reaches it from the environment of the start command', async () => {
  const response = await fetch(`${base}/api/company/mine`);
  expect(response.status).toBe(401);
  expect(response.headers.get('x-ratelimit-limit')).toBe('77');
});

test('in production there is no dev mailbox: not started, not announced, not served', async () => {
  expect(output).not.toContain('/dev/mailbox');
  expect(output).toContain('without SMTP_URL');
  const response = await fetch(`${base}/dev/mailbox`);
  expect(response.status).toBe(404);
  expect(await response.json()).toMatchObject({ statusCode: 404, code: 'not_found' });
});

test('a service killed under the start command is logged and comes back by itself within 5 s', async () => {
  const before = serviceProcesses('company');
  expect(before.map((p) => p.standby).sort()).toEqual([false, true]);
  const pid = before.find((p) => !p.standby)!.pid;
  const standby = before.find((p) => p.standby)!.pid;
  process.kill(-pid, 'SIGKILL');
  const killedAt = Date.now();
  // Its routes answer from the company service again (401 without a session), not the gateway's 503.
  await waitFor(async () => (await fetch(`${base}/api/company/mine`)).status === 401, {
    timeoutMs: 5000,
    retryOnError: true,
    message: () => `company answering again\n${output}`,
  });
  const backAfter = Date.now() - killedAt;
  await waitFor(() => output.includes('company is ready again'), {
    timeoutMs: 2000,
    message: () => `the ready-again log line\n${output}`,
  });
  expect(output).toMatch(
    new RegExp(
      `\\[supervisor\\] company \\(pid ${pid}\\) died: killed by SIGKILL, after [\\d.]+ s up; restarting in 200 ms`,
    ),
  );
  // The warm standby took over, and a new standby is prepared for next time.
  expect(output).toContain(`[supervisor] company is ready again (pid ${standby}, from its warm standby)`);
  await waitFor(() => serviceProcesses('company').length === 2, {
    timeoutMs: 10000,
    retryOnError: true,
    message: () => `a new standby beside it\n${output}`,
  });
  expect(serviceProcesses('company').map((p) => p.pid)).not.toContain(pid);
  expect((await fetch(`${base}/ready`)).status).toBe(200);
  process.stdout.write(`company answering again ${backAfter} ms after SIGKILL\n`);
});
