// The child side of `runLoad`: only this process loads autocannon.
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './run-load';

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

process.once('message', (spec: LoadSpec) => {
  void generateLoad(spec).then((result) => process.send?.(result));
});
