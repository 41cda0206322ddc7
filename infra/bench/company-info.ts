import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createTestDatabase } from '@tracemap/test-kit';
import { startStack } from '../src/stack';
import { createConfirmedUser, signIn } from '../src/test-users';

/**
 * p50/p99 of POST /api/company/info through the gateway at 50 concurrent
 * clients, next to the gateway's own /health in the same run as baseline.
 * Uses DATABASE_URL when set (meaningful numbers), the embedded PGlite otherwise.
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function run(title: string, options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const non2xx = result.non2xx + result.errors;
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, stat]) => `${code}×${(stat as { count: number }).count}`)
    .join(' ');
  console.log(
    `${title.padEnd(28)} p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ${Math.round(result.requests.average)} req/s  (${non2xx} failed; ${statuses})`,
  );
  return result;
}

async function main() {
  const database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  const stack = await startStack({
    port: 0,
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-bench-info-')),
    databaseUrl: database?.url,
    logLevel: 'warn',
    log: () => undefined,
    env: { RATE_LIMIT_PER_MINUTE: '10000000' },
  });
  try {
    await createConfirmedUser(stack, 'owner@example.com', 'a-long-bench-password-1');
    const session = await signIn(stack, 'owner@example.com', 'a-long-bench-password-1');
    const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
    const created = await fetch(`${stack.url}/api/company/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench Co' }),
    });
    if (!created.ok) throw new Error(`create company: ${created.status} ${await created.text()}`);
    const {
      company: { id: companyId },
    } = (await created.json()) as { company: { id: string } };
    console.log(
      `database: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    const health = await run('GET /health (baseline)', { url: `${stack.url}/health` });
    const info = await run('POST /api/company/info', {
      url: `${stack.url}/api/company/info`,
      method: 'POST',
      headers,
      body: JSON.stringify({ companyId }),
    });
    console.log(
      `ratio info/health: p50 ×${(info.latency.p50 / Math.max(health.latency.p50, 1)).toFixed(1)}, p99 ×${(info.latency.p99 / Math.max(health.latency.p99, 1)).toFixed(1)}`,
    );
  } finally {
    await stack.stop();
    await database?.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
