import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** Resolves once the process has exited. */
  exited: Promise<number | null>;
  stop(graceMs?: number): Promise<void>;
}

const everyChild = new Set<ChildProcess>();

// Whatever way the orchestrator ends, it takes its children with it.
process.once('exit', () => {
  for (const child of everyChild) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
});

/**
 * Starts a child in its own process group, so stopping it also stops
 * anything it started (tsx runs the service in a grandchild).
 */
export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd: string; onOutput?: (line: string) => void; stdin?: boolean },
): ManagedProcess {
  const stdin = options.stdin ? 'pipe' : 'ignore';
  const child = spawn(command, args, {
    env: options.env,
    cwd: options.cwd,
    detached: true,
    stdio: [stdin, 'pipe', 'pipe'],
  });
  child.stdin?.on('error', () => undefined);
  everyChild.add(child);
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) options.onOutput?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      everyChild.delete(child);
      resolve(code);
    });
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  return {
    name,
    child,
    exited,
    async stop(graceMs = 10000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // The group may hold a grandchild that outlived its parent.
      signalGroup('SIGKILL');
    },
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 2xx, the process dies, or time runs out. */
export async function waitUntilReady(
  url: string,
  processes: ManagedProcess[],
  timeoutMs = 60000,
  intervalMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    const dead = processes.find((p) => p.child.exitCode !== null || p.child.signalCode !== null);
    if (dead)
      throw new Error(
        `${dead.name} exited (${dead.child.signalCode ?? `code ${dead.child.exitCode}`}) before it was ready`,
      );
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      lastError = `status ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`${url} was not ready after ${timeoutMs} ms (${lastError})`);
}
