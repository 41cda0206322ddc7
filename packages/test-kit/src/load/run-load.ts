import { fork } from 'node:child_process';
import path from 'node:path';

/**
 * Benchmark load from a child process. The service under test runs in the
 * bench's own process, as it would in production; with the load generator on
 * the same event loop every response it parses would wait behind the service's
 * work and the other way round, which is not the latency a client sees. (A
 * worker thread would do, but autocannon takes itself for one of its own
 * workers there.)
 */
export interface LoadSpec {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Paths requested in turn (absolute paths on `url`'s host); the url's own path when absent. */
  paths?: string[];
}

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  /** Answers other than 2xx, connection errors and timeouts. */
  failures: number;
}

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'load-generator.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (result: LoadResult) => {
      resolve(result);
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(spec);
  });
}
