import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@tracemap/test-kit';
import { freePort } from '../src/processes';
import { REPO_ROOT } from '../src/stack';

function descendants(pid: number): number[] {
  let output = '';
  try {
    output = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const line of output.trim().split('\n')) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent, [...(children.get(parent) ?? []), child]);
  }
  const found: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('the start command serves the product on its embedded defaults, prints its URL, and Ctrl-C leaves no process behind', async () => {
  const port = await freePort();
  // The local default: no DATABASE_URL, so the embedded database is part of what must stop.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env = {
    ...inherited,
    PORT: String(port),
    SERVICE_PORT_BASE: '0',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'tracemap-start-')),
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'infra/src/start.ts')], {
    env,
    cwd: REPO_ROOT,
  });
  try {
    await checkStartAndStop(child, port);
  } finally {
    if (child.exitCode === null) child.kill('SIGINT');
  }
});

async function checkStartAndStop(child: ReturnType<typeof spawn>, port: number) {
  let output = '';
  child.stderr!.on('data', (c) => (output += c));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C to stop.')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`start exited early (${code}): ${output}`)));
  });
  expect(output).toContain(`Tracemap is running at http://localhost:${port}`);
  const page = await fetch(`http://127.0.0.1:${port}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<html');
  expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);

  const started = descendants(child.pid!);
  // the embedded database, four services and the gateway
  expect(started.length).toBeGreaterThanOrEqual(6);
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  expect(output).toContain('Nothing left running.');
  // Exited children may linger a moment as zombies until init reaps them.
  await waitFor(() => !started.some(alive), {
    timeoutMs: 5000,
    intervalMs: 100,
    message: () => `every started process gone; still alive: ${started.filter(alive).join(', ')}`,
  });
  expect(started.filter(alive)).toEqual([]);
  await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
}
