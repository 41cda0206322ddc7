/**
 * Load for the discovery benchmark, from a child process: the service runs in
 * the bench's own process, and autocannon on that same event loop would make
 * each side wait behind the other's work, which is not the latency a client sees.
 */
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  headers: Record<string, string>;
  connections: number;
  /** Seconds. */
  duration: number;
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
    const child = fork(__filename, [], {
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

async function generateLoad(spec: LoadSpec): Promise<LoadResult> {
  const result = await autocannon({
    url: spec.url,
    headers: spec.headers,
    connections: spec.connections,
    duration: spec.duration,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

if (require.main === module && process.send) {
  process.once('message', (spec: LoadSpec) => {
    void generateLoad(spec).then((result) => process.send?.(result));
  });
}
