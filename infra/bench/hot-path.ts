import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createTestDatabase } from '@tracemap/test-kit';
import { startStack } from '../src/stack';
import { createConfirmedUser, signIn } from '../src/test-users';

/**
 * The authenticated hot path against PostgreSQL: throughput, p50 and p99 of
 * the requests a signed-in page makes most, each next to the gateway's own
 * /health measured in the same run (the ratio is what compares between
 * machines). The stack runs as `npm start` runs it, with the real auth
 * service, so every request pays the session check and the tenant checks.
 * A second stack in the same run has two company replicas behind the gateway:
 * its company routes are printed beside the one-replica figures, each with its
 * own stack's /health baseline and as a ratio to one replica.
 *
 *   npm run bench:hot-path
 *   DATABASE_URL=postgres://… PORT=8380 SERVICE_PORT_BASE=4300 BENCH_SECONDS=5 npm run bench:hot-path
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/**
 * Each route runs this long at full load before it is measured: the gateway
 * and the services take a few thousand requests of a route before V8 has
 * optimised its code, and a cold route measured at once shows half its
 * steady throughput and several times its p99.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SERVER = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.PORT ?? 0);
const SERVICE_PORT_BASE = Number(process.env.SERVICE_PORT_BASE ?? 0);

interface Target {
  name: string;
  request: (base: string, companyId: string) => autocannon.Options;
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

function targets(token: string): Target[] {
  const core: Target[] = [
    {
      name: 'POST /api/company/info',
      request: (base, companyId) => ({
        url: `${base}/api/company/info`,
        method: 'POST',
        headers: json(token),
        body: JSON.stringify({ companyId }),
      }),
    },
    {
      name: 'GET /api/account/sync',
      request: (base) => ({ url: `${base}/api/account/sync`, headers: { authorization: `Bearer ${token}` } }),
    },
  ];
  return [...core, ...EXTRA_TARGETS(token)];
}

/**
 * EXTRA TARGETS: further hot requests. Each is probed once first and left
 * out (with the status it answered) when the route does not answer 2xx yet,
 * so a route still being built does not break the run.
 */
const EXTRA_TARGETS = (token: string): Target[] => [
  {
    name: 'GET /api/company/{id}/events?limit=50',
    request: (base, companyId) => ({
      url: `${base}/api/company/${companyId}/events?limit=50`,
      headers: { authorization: `Bearer ${token}` },
    }),
  },
];

interface Figures {
  name: string;
  'company replicas'?: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'vs /health': string;
  failed: number;
}

const COMPANY_ROUTE = /\/api\/company\//;

async function measure(name: string, options: autocannon.Options, baseline?: number): Promise<Figures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const rps = Math.round(result.requests.average);
  return {
    name,
    'req/s': rps,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'vs /health': baseline ? (rps / baseline).toFixed(3) : '1',
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/**
 * Starts a stack with `companyReplicas` company processes, signs in, makes a company, then
 * measures /health and every target that answers (only `only` when given). Returns the rows.
 */
async function measureStack(
  databaseUrl: string,
  companyReplicas: number,
  only?: (target: Target) => boolean,
): Promise<{ rows: Figures[]; load: string }> {
  const servicePorts = SERVICE_PORT_BASE
    ? {
        auth: SERVICE_PORT_BASE + 1,
        account: SERVICE_PORT_BASE + 2,
        company: SERVICE_PORT_BASE + 3,
        subscription: SERVICE_PORT_BASE + 4,
      }
    : undefined;
  // Service errors are shown while measuring; what services log while the stack stops is not.
  let stopping = false;
  const stack = await startStack({
    port: PORT,
    servicePorts,
    replicas: { company: companyReplicas },
    dataDir: mkdtempSync(path.join(os.tmpdir(), 'tracemap-bench-hot-path-')),
    databaseUrl,
    logLevel: 'warn',
    log: (line) => (!stopping && /"level":(50|60)/.test(line) ? console.error(line) : undefined),
    env: { RATE_LIMIT_PER_MINUTE: '10000000' },
  });
  try {
    const email = `bench-owner-${companyReplicas}@example.com`;
    await createConfirmedUser(stack, email, 'a-long-bench-password-1');
    const session = await signIn(stack, email, 'a-long-bench-password-1');
    const created = await fetch(`${stack.url}/api/company/create`, {
      method: 'POST',
      headers: json(session.access_token),
      body: JSON.stringify({ name: 'Bench Co' }),
    });
    if (!created.ok) throw new Error(`create company: ${created.status} ${await created.text()}`);
    const {
      company: { id: companyId },
    } = (await created.json()) as { company: { id: string } };

    const runnable: Target[] = [];
    for (const target of targets(session.access_token).filter(only ?? (() => true))) {
      const options = target.request(stack.url, companyId);
      const probe = await fetch(options.url as string, {
        method: options.method ?? 'GET',
        headers: options.headers,
        body: options.body as string | undefined,
      });
      await probe.arrayBuffer();
      if (probe.ok) runnable.push(target);
      else console.log(`skipped ${target.name}: answered ${probe.status}`);
    }

    // Warm-up: JIT, pools, keep-alive connections, caches.
    await autocannon({ connections: CONNECTIONS, duration: WARMUP_SECONDS, url: `${stack.url}/health` });
    for (const target of runnable)
      await autocannon({ connections: CONNECTIONS, duration: WARMUP_SECONDS, ...target.request(stack.url, companyId) });
    const health = await measure('GET /health (baseline)', { url: `${stack.url}/health` });
    const rows = [health];
    for (const target of runnable)
      rows.push(await measure(target.name, target.request(stack.url, companyId), health['req/s']));
    for (const row of rows) row['company replicas'] = companyReplicas;
    return { rows, load: loadAverage() };
  } finally {
    stopping = true;
    await stack.stop();
  }
}

async function main() {
  process.env.DATABASE_URL = SERVER;
  const database = await createTestDatabase();
  try {
    const one = await measureStack(database.url, 1);
    // Only the company's routes differ with a second company replica (and the baseline, measured again).
    const two = await measureStack(database.url, 2, (target) => COMPANY_ROUTE.test(target.name));
    const rows: Array<Figures & { 'vs 1 replica'?: string }> = [...one.rows];
    for (const row of two.rows) {
      const single = one.rows.find((r) => r.name === row.name);
      rows.push({
        ...row,
        name: `${row.name}, company ×2`,
        'vs 1 replica': single ? (row['req/s'] / single['req/s']).toFixed(3) : '-',
      });
    }
    console.log(
      `PostgreSQL, fresh database; ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up, ${os.cpus().length} cores, load average ${one.load} (one company replica), ${two.load} (two)`,
    );
    console.table(rows);
    if (rows.some((row) => row.failed > 0)) {
      console.error('some requests failed; those figures are not valid');
      process.exitCode = 1;
    }
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
