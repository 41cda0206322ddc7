/**
 * The tracking plan at the largest size we serve: 10,000 events, 50,000
 * attributes and 2,000 views, seeded through the native import use case
 * (timed), then p50/p99 and req/s at 20 concurrent clients of /health, an
 * event list page (as kept between plan changes, and as read from the
 * database by a replica that keeps nothing), an event search and an event's
 * effective JSON Schema (over all 10,000 events: mostly first reads), all in
 * one run, each next to /health; then that list while another tenant saves
 * overrides checked against a hostile regex, beside the same with a plain one
 * (scripts/bench-patterns.ts); then a proposal holding 500 operations: its
 * list page and effective schemas beside the live ones, and its merge
 * (scripts/bench-proposal.ts). The service runs in this process and the
 * load generator in a child process (scripts/bench-load.ts), so neither waits
 * behind the other's event loop.
 *
 *   DATABASE_URL=postgres://… npm run bench:plan    # a fresh database on that server (dropped afterwards)
 *   npm run bench:plan                              # embedded PGlite: a floor, not a capacity figure
 *   BENCH_KEEP_DATABASE=1 DATABASE_URL=postgres://… npm run bench:plan
 *                                                   # keeps the seeded database for EXPLAIN (scripts/explain-plan.ts)
 *   BENCH_DATABASE_URL=… BENCH_COMPANY_ID=… BENCH_OWNER_ID=… npm run bench:plan
 *                                                   # measures a kept database again, without seeding (import not timed)
 *   BENCH_ONLY=list|search|schema|patterns|proposal, BENCH_SECONDS, BENCH_CONNECTIONS, DB_POOL_MAX, PLAN_READ_CACHE_MS
 *                                                   # one request alone (e.g. under --cpu-prof), and the service's settings
 *
 * Targets: list and search p99 ≤ 50 ms, schema p99 ≤ 30 ms (inside a proposal too), import ≤ 30 s,
 * the list's p99 during hostile-pattern saves ≤ 2x its p99 during plain-pattern saves, the merge of a
 * proposal of 500 operations ≤ 2 s.
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import type pg from 'pg';
import { LARGE_PLAN_SIZE as SIZE, LARGE_PLAN_WORDS as WORDS, largePlan } from '@tracemap/tracking-plan';
import { cacheVerifiedTokens } from '@tracemap/service-kit';
import { createTestDatabase } from '@tracemap/test-kit';
import { service } from '../src/app';
import { loadConfig } from '../src/config';
import { importTrackingPlan } from '../src/tracking-plan/plan/import-tracking-plan';
import { startContractPeer } from '../test/support/contract-peer';
import { runLoad, type LoadSpec } from '@tracemap/test-kit';
import { measurePatternSaves } from './bench-patterns';
import { fillProposal, LIVE_WRITES, measureLiveWrites, mergeProposal, PROPOSAL_OPERATIONS } from './bench-proposal';
import { createTokenKit, PUBLIC_URL } from '../test/support/tokens';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = { list: 50, search: 50, schema: 30, importSeconds: 30, patternRatio: 2, mergeSeconds: 2 };
const KEEP_DATABASE = process.env.BENCH_KEEP_DATABASE === '1' && Boolean(process.env.DATABASE_URL);
const REUSE = process.env.BENCH_DATABASE_URL
  ? {
      url: process.env.BENCH_DATABASE_URL,
      companyId: String(process.env.BENCH_COMPANY_ID),
      ownerId: String(process.env.BENCH_OWNER_ID),
    }
  : null;
/** `BENCH_ONLY=schema` (or list, search, patterns) measures that request alone after /health, e.g. under a CPU profile. */
const ONLY = process.env.BENCH_ONLY;

/** CPU seconds of a process or thread from its /proc stat line (Linux, same machine). */
async function statSeconds(file: string): Promise<number> {
  const stat = await readFile(file, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / 100;
}

/** CPU seconds so far of the service (this process's main thread) and of each of the database's server processes. */
interface CpuSnapshot {
  node: number;
  postgres: Map<number, number>;
}

async function cpuSeconds(db: pg.Pool, database: string): Promise<CpuSnapshot> {
  const node = await statSeconds(`/proc/self/task/${process.pid}/stat`);
  const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database]);
  const postgres = new Map<number, number>();
  for (const { pid } of rows) postgres.set(pid, await statSeconds(`/proc/${pid}/stat`));
  return { node, postgres };
}

/**
 * Where a request's time went, whatever else the machine is running: the
 * service's CPU and the database's, per server process (one that started
 * meanwhile counts from zero; one a pool closed meanwhile is left out, rather
 * than taking the seeding's CPU away from the sum).
 */
function cpuSpent(before: CpuSnapshot, after: CpuSnapshot): { node: number; postgres: number } {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  return { node: after.node - before.node, postgres };
}

async function measure(
  name: string,
  spec: Omit<LoadSpec, 'connections' | 'duration'> & { duration?: number },
  cpu: () => Promise<CpuSnapshot>,
) {
  const before = await cpu();
  const result = await runLoad({ connections: CONNECTIONS, duration: SECONDS, ...spec });
  const spent = cpuSpent(before, await cpu());
  const perRequest = (seconds: number) => Number(((seconds * 1000) / Math.max(result.requests, 1)).toFixed(2));
  return {
    name,
    ...result,
    'node ms/req': perRequest(spent.node),
    'pg ms/req': perRequest(spent.postgres),
  };
}

/** A company owning the generated plan, imported through the use case (timed). */
async function seed(
  app: Awaited<ReturnType<typeof service.build>>,
  url: string,
  peer: Awaited<ReturnType<typeof startContractPeer>>,
  tokens: Awaited<ReturnType<typeof createTokenKit>>,
) {
  const owner = peer.addUser({ email: 'bench-plan-owner@example.test', firstName: 'Bench', lastName: 'Owner' });
  const token = await tokens.mint({ sub: owner.id, email: owner.email });
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${url}/api/company/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth },
    body: JSON.stringify({ name: 'Bench Plan Co' }),
  });
  const companyId = ((await created.json()) as { company: { id: string } }).company.id;
  if (KEEP_DATABASE) console.log(`company ${companyId}, owner ${owner.id}`);

  const plan = largePlan();
  const text = JSON.stringify(plan);
  const started = performance.now();
  const diff = await importTrackingPlan(
    app.companyService.deps,
    { companyId, userId: owner.id, role: 'owner' },
    { format: 'native', text, dryRun: false },
  );
  const importSeconds = (performance.now() - started) / 1000;
  const entities = plan.attributes.length + plan.events.length + plan.views.length + (plan.maps?.length ?? 0);
  if (!diff.applied || diff.added.length !== entities) {
    throw new Error(
      `import did not seed the plan: applied ${diff.applied}, added ${diff.added.length}, rejected ${JSON.stringify(diff.rejected.slice(0, 3))}`,
    );
  }
  // What autovacuum does shortly after a large import: statistics and the visibility map (index-only counts).
  await app.db.query(
    'VACUUM ANALYZE company.plan_events, company.plan_attributes, company.plan_views, company.plan_view_events, company.plan_event_attributes, company.plan_view_attributes, company.plan_event_link_arrays, company.plan_view_link_arrays',
  );
  return { companyId, token, importSeconds };
}

async function main() {
  const database = REUSE ? { url: REUSE.url, drop: async () => undefined } : await createTestDatabase();
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
    DB_STATEMENT_TIMEOUT_MS: '60000',
    ...(process.env.DB_POOL_MAX ? { DB_POOL_MAX: process.env.DB_POOL_MAX } : {}),
    ...(process.env.PLAN_READ_CACHE_MS ? { PLAN_READ_CACHE_MS: process.env.PLAN_READ_CACHE_MS } : {}),
  });
  // Verified tokens are remembered as in production (the service wraps its JWKS verifier the same way);
  // an unwrapped verifier would check an ES256 signature on every request, which no deployed request does.
  const overrides = {
    verifier: cacheVerifiedTokens(tokens.verifier),
    isSessionActive: async () => true,
    logger: false,
  } as const;
  const app = await service.build(config, overrides);
  // A second replica that keeps no plan reads: what a list costs when it is read from the database.
  const uncached = await service.build({ ...config, PLAN_READ_CACHE_MS: 0 }, overrides);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    await uncached.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const uncachedUrl = `http://127.0.0.1:${(uncached.server.address() as AddressInfo).port}`;
    await app.companyService.deps.planReads.channel?.whenUp(5000);
    const seeded = REUSE
      ? {
          ...REUSE,
          token: await tokens.mint({ sub: REUSE.ownerId, email: 'bench-plan-owner@example.test' }),
          importSeconds: NaN,
        }
      : await seed(app, url, peer, tokens);
    const { companyId, token, importSeconds } = seeded;
    const auth = { authorization: `Bearer ${token}` };
    const { rows: eventRows } = await app.db.query<{ id: string }>(
      'SELECT id FROM company.plan_events WHERE company_id = $1 ORDER BY id',
      [companyId],
    );
    const eventIds = eventRows.map((row) => row.id);

    const base = `${url}/api/company/${companyId}`;
    const paths = (path: (i: number) => string) =>
      Array.from({ length: 50_000 }, (_, i) => `/api/company/${companyId}${path(i + 1)}`);
    const rotating = (path: (i: number) => string): Omit<LoadSpec, 'connections' | 'duration'> => ({
      url: base,
      headers: auth,
      paths: paths(path),
    });
    // Warm-up: JIT, pool connections, plan caches of PostgreSQL.
    await runLoad({ url: `${url}/health`, connections: 5, duration: 1 });
    await runLoad({
      ...rotating((i) => `/events/${eventIds[i % eventIds.length]}/schema`),
      connections: 5,
      duration: 1,
    });

    const cpu = () => cpuSeconds(app.db, new URL(database.url).pathname.slice(1));
    // A profile of one request should not be mostly /health: it then gets a one-second baseline.
    const health = await measure('/health', { url: `${url}/health`, ...(ONLY ? { duration: 1 } : {}) }, cpu);
    const skip = (name: string) => ONLY !== undefined && ONLY !== name;
    const skipped = { p50: 0, p99: 0, rps: 0, requests: 0, failures: 0 };
    const list = skip('list')
      ? { name: 'list (skipped)', ...skipped }
      : await measure('list: GET events?limit=50', { url: `${base}/events?limit=50`, headers: auth }, cpu);
    const listRead = skip('list')
      ? { name: 'list, uncached (skipped)', ...skipped }
      : await measure(
          'list, uncached replica',
          { url: `${uncachedUrl}/api/company/${companyId}/events?limit=50`, headers: auth },
          cpu,
        );
    const search = skip('search')
      ? { name: 'search (skipped)', ...skipped }
      : await measure(
          'search: GET events?search=…',
          rotating((i) => `/events?search=${encodeURIComponent(`${WORDS[i % WORDS.length]} event ${i % 997}`)}`),
          cpu,
        );
    const schema = skip('schema')
      ? { name: 'schema (skipped)', ...skipped }
      : await measure(
          'schema: GET events/:id/schema',
          rotating((i) => `/events/${eventIds[(i * 7919) % eventIds.length]}/schema`),
          cpu,
        );
    const patterns = skip('patterns')
      ? null
      : await measurePatternSaves(
          url,
          peer,
          tokens,
          { url: `${base}/events?limit=50`, headers: auth },
          { connections: CONNECTIONS, duration: SECONDS },
        );

    const liveWriteMs = skip('proposal') ? NaN : await measureLiveWrites(base, token, eventIds);
    const proposal = skip('proposal') ? null : await fillProposal(base, token, eventIds);
    const inProposal = `proposal=${proposal?.id ?? ''}`;
    const proposalList = !proposal
      ? { name: 'proposal list (skipped)', ...skipped }
      : await measure(
          `proposal list (${PROPOSAL_OPERATIONS} ops)`,
          { url: `${base}/events?limit=50&${inProposal}`, headers: auth },
          cpu,
        );
    const proposalSchema = !proposal
      ? { name: 'proposal schema (skipped)', ...skipped }
      : await measure(
          `proposal schema (${PROPOSAL_OPERATIONS} ops)`,
          rotating((i) => `/events/${eventIds[(i * 7919) % eventIds.length]}/schema?${inProposal}`),
          cpu,
        );
    const mergeSeconds = proposal ? await mergeProposal(base, token, proposal.id) : NaN;

    const where = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL, fresh database)' : 'embedded PGlite';
    console.log(
      `database: ${where}; plan ${SIZE.events} events, ${SIZE.attributes} attributes, ${SIZE.views} views; ${CONNECTIONS} connections, ${SECONDS}s each`,
    );
    if (!REUSE) console.log(`import (native): ${importSeconds.toFixed(1)} s (target ≤ ${TARGETS.importSeconds} s)`);
    const measured = [health, list, listRead, search, schema, proposalList, proposalSchema, ...(patterns?.rows ?? [])];
    const rows = measured.map((r) => ({
      ...r,
      'p99/health': health.p99 > 0 ? `${(r.p99 / health.p99).toFixed(1)}x` : 'n/a',
      'rps/health': health.rps > 0 ? `${(r.rps / health.rps).toFixed(2)}x` : 'n/a',
    }));
    console.table(rows);
    if (patterns) {
      const [hostile, plain] = patterns.rows;
      console.log(
        `another tenant's list p99 during hostile-pattern saves ${hostile.p99} ms, during plain-pattern saves ${plain.p99} ms: ${patterns.ratio.toFixed(2)}x (target ≤ ${TARGETS.patternRatio}x)`,
      );
    }
    if (proposal) {
      const ratio = (inside: number, live: number) => (live > 0 ? `${(inside / live).toFixed(2)}x` : 'n/a');
      console.log(
        `proposal: opened in ${proposal.openSeconds.toFixed(2)} s, ${PROPOSAL_OPERATIONS} operations in ${proposal.operationSeconds.toFixed(1)} s ` +
          `(${proposal.operationMs.toFixed(0)} ms each, ${ratio(proposal.operationMs, liveWriteMs)} the ${liveWriteMs.toFixed(0)} ms of ${LIVE_WRITES} live writes); ` +
          `inside it list p99 ${proposalList.p99} ms (${ratio(proposalList.p99, list.p99)} the live list's), ` +
          `schema p99 ${proposalSchema.p99} ms (${ratio(proposalSchema.p99, schema.p99)} the live schema's); ` +
          `merge ${mergeSeconds.toFixed(2)} s (target ≤ ${TARGETS.mergeSeconds} s)`,
      );
    }
    const [load1, load5] = loadavg();
    console.log(`load average ${load1.toFixed(2)} (1 min), ${load5.toFixed(2)} (5 min) on ${cpus().length} cores`);
    const misses = [
      list.p99 > TARGETS.list && `list p99 ${list.p99} ms > ${TARGETS.list} ms`,
      listRead.p99 > TARGETS.list && `uncached list p99 ${listRead.p99} ms > ${TARGETS.list} ms`,
      search.p99 > TARGETS.search && `search p99 ${search.p99} ms > ${TARGETS.search} ms`,
      schema.p99 > TARGETS.schema && `schema p99 ${schema.p99} ms > ${TARGETS.schema} ms`,
      proposalList.p99 > TARGETS.list && `proposal list p99 ${proposalList.p99} ms > ${TARGETS.list} ms`,
      proposalSchema.p99 > TARGETS.schema && `proposal schema p99 ${proposalSchema.p99} ms > ${TARGETS.schema} ms`,
      mergeSeconds > TARGETS.mergeSeconds && `merge ${mergeSeconds.toFixed(2)} s > ${TARGETS.mergeSeconds} s`,
      importSeconds > TARGETS.importSeconds && `import ${importSeconds.toFixed(1)} s > ${TARGETS.importSeconds} s`,
      patterns &&
        patterns.ratio > TARGETS.patternRatio &&
        `list p99 during hostile-pattern saves ${patterns.ratio.toFixed(2)}x the plain one's > ${TARGETS.patternRatio}x`,
    ].filter(Boolean);
    console.log(misses.length === 0 ? 'all targets met' : `targets missed: ${misses.join('; ')}`);
    const failedSaves = (patterns?.rows ?? []).some((r) => r['failed saves'] > 0);
    if (failedSaves || measured.some((r) => r.failures > 0)) {
      console.error('some requests failed; the numbers above are not valid');
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await uncached.close();
    await peer.stop();
    if (KEEP_DATABASE) console.log(`database kept: ${database.url}`);
    else await database.drop();
  }
}

void main();
