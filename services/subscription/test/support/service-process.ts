import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { waitFor } from '@tracemap/test-kit';

const ROOT = path.join(__dirname, '..', '..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** SIGKILL: no shutdown hooks, no commit, the connection just drops. */
  kill(): Promise<void>;
}

/** Runs the service as its own process (`src/server.ts`), ready when /ready answers 200. */
export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src', 'server.ts')], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`service exited at start: ${stderr}`);
        return fetch(`${url}/ready`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeoutMs: 30_000, intervalMs: 100, message: () => `service ready: ${stderr}` },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    child,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
