import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitFor } from '@tracemap/test-kit';
import { freePort, startProcess, waitUntilReady } from '../src/processes';
import { restartDelayMs, supervise, DEFAULT_RESTART_POLICY, type SupervisedProcess } from '../src/supervisor';

// A tiny server that answers /ready, or exits at once with code 3 while the "broken" file exists.
const SERVER = `
const fs = require('node:fs');
if (fs.existsSync(process.argv[2])) process.exit(3);
require('node:http').createServer((q, r) => r.end('ok')).listen(Number(process.argv[1]), '127.0.0.1');
`;

function waitForLine(lines: string[], pattern: RegExp, timeoutMs = 10000): Promise<string> {
  return waitFor(() => lines.find((l) => pattern.test(l)), {
    timeoutMs,
    intervalMs: 20,
    message: () => `a log line matching ${pattern} in:\n${lines.join('\n')}`,
  });
}

let supervised: SupervisedProcess | undefined;
afterEach(async () => {
  await supervised?.stop();
  supervised = undefined;
});

async function superviseTinyServer(policy: Parameters<typeof supervise>[0]['policy']) {
  const port = await freePort();
  const broken = path.join(mkdtempSync(path.join(os.tmpdir(), 'supervisor-')), 'broken');
  const lines: string[] = [];
  supervised = await supervise({
    name: 'tiny',
    start: () =>
      startProcess('tiny', process.execPath, ['-e', SERVER, String(port), broken], {
        env: process.env,
        cwd: os.tmpdir(),
      }),
    ready: (proc) => waitUntilReady(`http://127.0.0.1:${port}/ready`, [proc], 10000),
    log: (line) => lines.push(line),
    policy,
  });
  return { port, broken, lines, supervised };
}

test('restart delays double from 200 ms up to their cap', () => {
  expect([1, 2, 3, 4, 5, 6, 7].map((n) => restartDelayMs(n, DEFAULT_RESTART_POLICY))).toEqual([
    200, 400, 800, 1600, 3200, 5000, 5000,
  ]);
});

test('a killed process is restarted, with a log line saying how it died and one when it is ready again', async () => {
  const { port, lines, supervised: tiny } = await superviseTinyServer({});
  const first = tiny.current;
  process.kill(-first.child.pid!, 'SIGKILL');
  await waitForLine(lines, /tiny is ready again/);
  expect(lines[0]).toMatch(
    new RegExp(
      `\\[supervisor\\] tiny \\(pid ${first.child.pid}\\) died: killed by SIGKILL, after [\\d.]+ s up; restarting in 200 ms`,
    ),
  );
  expect(tiny.current.child.pid).not.toBe(first.child.pid);
  expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
});

test('a process that keeps failing is retried with growing delays, then left down with a clear log line', async () => {
  const {
    broken,
    lines,
    supervised: tiny,
  } = await superviseTinyServer({ firstDelayMs: 10, maxDelayMs: 40, maxFailuresInARow: 4 });
  writeFileSync(broken, '');
  process.kill(-tiny.current.child.pid!, 'SIGTERM');
  const gaveUp = await waitForLine(lines, /giving up/);
  expect(gaveUp).toMatch(/tiny stopped again \(exit code 3\) after 4 restarts without staying up 30\.0 s; giving up/);
  const delays = lines
    .filter((l) => l.includes('restarting in'))
    .map((l) => Number(/restarting in (\d+) ms/.exec(l)![1]));
  expect(delays).toEqual([10, 20, 40, 40]);
  expect(lines.filter((l) => /died: exit code 3, before it was ready/.test(l))).toHaveLength(3);
  expect(lines.some((l) => l.includes('ready again'))).toBe(false);
});

test('with a warm standby, the standby takes over when the process dies and a new one is prepared', async () => {
  const port = await freePort();
  const lines: string[] = [];
  // The standby waits for a line on stdin before it starts serving.
  const waiting = `process.stdin.once('data', () => { ${SERVER.replace(/\n/g, ' ')} }); process.stdin.once('end', () => process.exit(0));`;
  const spawned: number[] = [];
  const tiny = await supervise({
    name: 'tiny',
    start: () =>
      startProcess('tiny', process.execPath, ['-e', SERVER, String(port), '/nonexistent'], {
        env: process.env,
        cwd: os.tmpdir(),
      }),
    standby: {
      spawn: () => {
        const proc = startProcess('tiny', process.execPath, ['-e', waiting, String(port), '/nonexistent'], {
          env: process.env,
          cwd: os.tmpdir(),
          stdin: true,
        });
        spawned.push(proc.child.pid!);
        return proc;
      },
      activate: (proc) => proc.child.stdin!.write('start\n'),
    },
    ready: (proc) => waitUntilReady(`http://127.0.0.1:${port}/ready`, [proc], 10000, 20),
    log: (line) => lines.push(line),
  });
  supervised = tiny;
  expect(spawned).toHaveLength(1);
  process.kill(-tiny.current.child.pid!, 'SIGKILL');
  await waitForLine(lines, /tiny is ready again/);
  expect(lines[1]).toMatch(new RegExp(`tiny is ready again \\(pid ${spawned[0]}, from its warm standby\\)`));
  expect(tiny.current.child.pid).toBe(spawned[0]);
  expect(spawned).toHaveLength(2);
  expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
});

test('the backoff grows while deaths follow each other and starts over once a run has stayed healthy', async () => {
  const killTwice = async (healthyAfterMs: number) => {
    const { lines, supervised: tiny } = await superviseTinyServer({ firstDelayMs: 10, healthyAfterMs });
    for (let round = 1; round <= 2; round += 1) {
      process.kill(-tiny.current.child.pid!, 'SIGKILL');
      await waitFor(() => lines.filter((l) => l.includes('ready again')).length >= round, {
        timeoutMs: 10000,
        intervalMs: 20,
        message: () => `back after kill ${round}:\n${lines.join('\n')}`,
      });
    }
    await tiny.stop();
    supervised = undefined;
    return lines
      .filter((l) => l.includes('restarting in'))
      .map((l) => /restarting in (\d+ ms \(failure \d+)/.exec(l)![1]);
  };
  expect(await killTwice(60_000)).toEqual(['10 ms (failure 1', '20 ms (failure 2']);
  expect(await killTwice(0)).toEqual(['10 ms (failure 1', '10 ms (failure 1']);
});

test('an intended stop is not restarted', async () => {
  const { port, lines, supervised: tiny } = await superviseTinyServer({ firstDelayMs: 10 });
  await tiny.stop();
  supervised = undefined;
  await expect(fetch(`http://127.0.0.1:${port}/ready`)).rejects.toThrow();
  expect(lines).toEqual([]);
});
