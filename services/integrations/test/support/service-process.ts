import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '@tracemap/test-kit';

const ROOT = path.join(__dirname, '..', '..');
const LISTENING = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/;
const tail = (logs: string[]) => logs.join('').slice(-4000);

/** The settings every separately started service needs: its database, its company peer, its keys. */
export function baseSettings(options: {
  databaseUrl: string;
  companyUrl: string;
  serviceToken: string;
  secretKey: string;
}): Record<string, string> {
  return {
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: 'http://localhost:8080',
    AUTH_URL: 'http://127.0.0.1:9',
    AUTH_SESSION_CHECK: 'false',
    INTERNAL_SERVICE_TOKEN: options.serviceToken,
    COMPANY_URL: options.companyUrl,
    INTEGRATIONS_SECRET_KEY: options.secretKey,
  };
}

/** Ends every started process still alive (a test that failed midway leaves one). */
export function killAll(children: ChildProcess[]): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * The integrations service as a process of its own (so a test can SIGKILL it), on a port the
 * system picks, with these settings over a development base. Resolves once it answers /ready; a
 * process that exits first fails at once with what it printed. Its output is added to `logs`.
 */
export async function startServiceProcess(
  env: Record<string, string>,
  logs: string[],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src', 'server.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const own: string[] = [];
  let ended: string | null = null;
  child.once('exit', (code, signal) => (ended = signal ?? String(code)));
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (chunk: Buffer) => {
      own.push(chunk.toString());
      logs.push(chunk.toString());
    });
  try {
    const url = await waitFor(
      () => {
        if (ended !== null) throw new Error(`integrations exited (${ended}) before listening:\n${tail(own)}`);
        return LISTENING.exec(own.join(''))?.[1];
      },
      { timeoutMs: 60000, intervalMs: 50, message: () => `integrations listening; it printed:\n${tail(own)}` },
    );
    await waitFor(() => fetch(`${url}/ready`).then((r) => r.ok), {
      timeoutMs: 60000,
      intervalMs: 100,
      retryOnError: true,
      message: () => `integrations ready; it printed:\n${tail(own)}`,
    });
    return { child, url };
  } catch (error) {
    // A process that never became ready is not left behind.
    child.kill('SIGKILL');
    throw error;
  }
}
