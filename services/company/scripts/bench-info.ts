/**
 * p50/p99 of POST /api/company/info at 50 concurrent clients, next to /health
 * measured in the same run (the ratio is what to compare between machines).
 *
 *   npm run bench:info -w @tracemap/company                 # in-process app, embedded or DATABASE_URL database
 *   BENCH_URL=http://127.0.0.1:8080 BENCH_TOKEN=… BENCH_COMPANY_ID=… npm run bench:info -w @tracemap/company
 *
 * With BENCH_URL the script measures that running deployment (e.g. through
 * the gateway) instead of starting its own. PGlite serialises transactions,
 * so numbers on the embedded database are a floor, not a capacity figure:
 * set DATABASE_URL to measure against PostgreSQL.
 */
import autocannon from 'autocannon';
import type { AddressInfo } from 'node:net';
import { createTestDatabase } from '@tracemap/test-kit';
import { service } from '../src/app';
import { loadConfig } from '../src/config';
import { startContractPeer } from '../test/support/contract-peer';
import { createTokenKit, PUBLIC_URL } from '../test/support/tokens';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Target {
  url: string;
  token: string;
  companyId: string;
  stop(): Promise<void>;
}

async function startLocal(): Promise<Target> {
  const database = await createTestDatabase();
  const tokens = await createTokenKit();
  const serviceToken = 'bench-internal-service-token';
  const peer = await startContractPeer({ serviceToken, serviceRoleKey: 'bench-service-role' });
  const config = loadConfig({
    PORT: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    PUBLIC_URL,
    AUTH_URL: peer.url,
    ACCOUNT_URL: peer.url,
    SUBSCRIPTION_URL: peer.url,
    INTERNAL_SERVICE_TOKEN: serviceToken,
    OUTBOX_WORKER: 'false',
  });
  // The session check is auth's round trip; through the gateway the lead measures it with the real auth.
  const app = await service.build(config, {
    verifier: tokens.verifier,
    isSessionActive: async () => true,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const owner = peer.addUser({ email: 'bench-owner@example.test', firstName: 'Bench', lastName: 'Owner' });
  const token = await tokens.mint({ sub: owner.id, email: owner.email });
  const created = await fetch(`${url}/api/company/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Bench Co' }),
  });
  const companyId = ((await created.json()) as { company: { id: string } }).company.id;
  for (let i = 0; i < 20; i += 1) {
    const member = peer.addUser({ email: `member-${i}@example.test`, firstName: 'M', lastName: String(i) });
    await app.db.query(`INSERT INTO company.memberships (company_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      companyId,
      member.id,
    ]);
  }
  return {
    url,
    token,
    companyId,
    async stop() {
      await app.close();
      await peer.stop();
      await database.drop();
    },
  };
}

async function measure(name: string, options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const failures = result.non2xx + result.errors + result.timeouts;
  return {
    name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    requests: result.requests.total,
    failures,
  };
}

async function main() {
  const target: Target = process.env.BENCH_URL
    ? {
        url: process.env.BENCH_URL,
        token: process.env.BENCH_TOKEN ?? '',
        companyId: process.env.BENCH_COMPANY_ID ?? '',
        stop: async () => undefined,
      }
    : await startLocal();
  try {
    // Warm-up: JIT, pool connections, first cache fill.
    await autocannon({ url: `${target.url}/health`, connections: 5, duration: 1 });
    const health = await measure('/health', { url: `${target.url}/health` });
    const info = await measure('/api/company/info', {
      url: `${target.url}/api/company/info`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
      body: JSON.stringify({ companyId: target.companyId }),
    });
    console.log(
      `database: ${process.env.BENCH_URL ? 'remote deployment' : process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}; ${CONNECTIONS} connections, ${SECONDS}s each`,
    );
    console.table([health, info]);
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
    console.log(
      `info/health ratio: p50 ${ratio(info.p50, health.p50)}x, p99 ${ratio(info.p99, health.p99)}x, throughput ${ratio(info.rps, health.rps)}x`,
    );
    if (info.failures > 0 || health.failures > 0) {
      console.error('some requests failed; the numbers above are not valid');
      process.exitCode = 1;
    }
  } finally {
    await target.stop();
  }
}

void main();
