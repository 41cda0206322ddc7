/**
 * Load from a child process. The service under test runs in the bench's own
 * process, as it would in production; with autocannon on the same event loop
 * every response it parses would wait behind the service's work and the other way
 * round, which is not the latency a client sees. (A worker thread would do, but
 * autocannon takes itself for one of its own workers there.)
 */
import { fork } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
  /** Paths requested in turn (absolute paths on `url`'s host); the url's own path when absent. */
  paths?: string[];
}

export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
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
  let n = 0;
  const paths = spec.paths;
  const requests: autocannon.Request[] | undefined = paths
    ? [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[(n += 1) % paths.length] }) }]
    : undefined;
  const result = await autocannon({
    url: spec.url,
    headers: spec.headers,
    connections: spec.connections,
    duration: spec.duration,
    requests,
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
