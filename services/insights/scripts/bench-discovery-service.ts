/**
 * The insights service as it is deployed, for the discovery bench: compiled (`dist/server.js`), run by
 * plain Node with NODE_ENV=production and the Node flags its Kubernetes Deployment starts it with, in a child
 * process whose resident memory is read from the kernel's account of it (not from this process).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { JWK } from 'jose';

const SERVICE_ROOT = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(SERVICE_ROOT, '..', '..');
const DEPLOYMENT = path.join(REPO_ROOT, 'deploy', 'k8s', 'base', 'insights.yaml');

/** The Node options the insights Deployment starts its container with (its command's flags before the entry). */
export function deployedNodeOptions(): string {
  const manifest = readFileSync(DEPLOYMENT, 'utf8');
  const command = /^\s*command: (\[.*\])\s*$/m.exec(manifest);
  if (!command) return '';
  const words = JSON.parse(command[1]) as string[];
  return words.filter((word) => word.startsWith('--')).join(' ');
}

/** Builds the compiled service (turbo answers from its cache when nothing changed). */
export function buildService(): void {
  execFileSync('npx', ['turbo', 'run', 'build', '--filter=@tracemap/insights', '--output-logs=errors-only'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Auth's published key set, so the child verifies the bench's tokens the way it verifies auth's. */
export async function serveKeySet(jwk: JWK): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify({ keys: [jwk] });
  const server: Server = createServer((request, response) => {
    if (request.url !== '/auth/v1/.well-known/jwks.json') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Resident memory of a process, in bytes, as the kernel counts it: now, and the highest since it started. */
export function residentMemory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds a process has used so far (all its threads, user and system), as the kernel counts them. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export interface RunningService {
  url: string;
  pid: number;
  nodeOptions: string;
  /** Samples the child's RSS every 50 ms until stopped; answers the highest sample. */
  sampleRss(): { stop(): number };
  stop(): Promise<void>;
}

/** Starts `node dist/server.js` with `env` and waits (up to a minute) until it answers /ready. */
export async function startCompiledService(env: Record<string, string>, nodeOptions: string): Promise<RunningService> {
  const port = await freePort();
  // Flags Node refuses in NODE_OPTIONS (--cpu-prof, to profile the service and its reading thread) go on its command line.
  const flags = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter((flag) => flag !== '');
  const child: ChildProcess = spawn(process.execPath, [...flags, path.join(SERVICE_ROOT, 'dist', 'server.js')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...env,
      NODE_ENV: 'production',
      NODE_OPTIONS: nodeOptions,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await Promise.race([
      fetch(`${url}/ready`).then(
        (response) => response.ok,
        () => false,
      ),
      exited.then((code) => {
        throw new Error(`the compiled insights service exited (${code}) before it was ready`);
      }),
    ]);
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the compiled insights service was not ready within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = child.pid!;
  return {
    url,
    pid,
    nodeOptions,
    sampleRss() {
      let peak = 0;
      const sample = () => (peak = Math.max(peak, residentMemory(pid).rss));
      const timer = setInterval(sample, 50);
      sample();
      return {
        stop() {
          clearInterval(timer);
          sample();
          return peak;
        },
      };
    },
    async stop() {
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
