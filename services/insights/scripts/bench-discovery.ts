/**
 * Discovery's throughput and latency on PostgreSQL, in a fresh database on the
 * server DATABASE_URL names (dropped afterwards):
 *
 *   - the sample plan's example traffic as gzipped NDJSON in Segment, Amplitude
 *     export and GA4 BigQuery rows, read first by a bare gunzip + split2 +
 *     JSON.parse loop (the baseline), then uploaded through the service's own
 *     upload route and read by its ingest worker: events/s and their ratio to
 *     the baseline;
 *   - the service process's resident memory before the first upload and its peak while it ingests;
 *   - from the end of an upload to the first findings the findings API lists;
 *   - with ~10,000 observed event names no plan knows, p99 of the findings
 *     list and of the plan-against-reality events list at 20 concurrent clients.
 *
 * The service runs as it is deployed: compiled, in a process of its own under
 * plain Node with NODE_ENV=production and the Node options of its Kubernetes
 * Deployment (given as NODE_OPTIONS; BENCH_NODE_OPTIONS replaces them, to try others), reached over
 * HTTP; its RSS is read from the kernel's account of that process. Its company
 * and subscription peers are played by the test peer, auth's key set by a small
 * server here. The load generator, the upload files and the baseline read run
 * in child processes of their own.
 *
 *   DATABASE_URL=postgres://… npm run bench:discovery
 *   BENCH_EVENTS=20000 npm run bench:discovery    # a quick check that it works
 *   BENCH_FULL=1 npm run bench:discovery          # first findings after a 1,000,000-event upload
 *   BENCH_NAMES, BENCH_SECONDS, BENCH_CONNECTIONS
 *   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=…"   # flags on the service's command line (profiles of both threads)
 *
 * A missed target is reported, not an error; a run that does not succeed is.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FindingPage, Run } from '@tracemap/contracts';
import { examplePlanSnapshot, type SourceFormat } from '@tracemap/discovery';
import { createTestDatabase, createTokenKit, TEST_PUBLIC_URL } from '@tracemap/test-kit';
import { CompanyPeer } from '../test/support/company-peer';
import { baselineParseApart, unplannedTracks, writeExampleTrafficApart, writeNdjsonGz } from './bench-discovery-files';
import {
  buildService,
  cpuSeconds,
  deployedNodeOptions,
  residentMemory,
  serveKeySet,
  startCompiledService,
} from './bench-discovery-service';
import { runLoad } from '@tracemap/test-kit';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const FULL = process.env.BENCH_FULL === '1';
const FULL_EVENTS = 1_000_000;
const NAMES = Number(process.env.BENCH_NAMES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SERVICE_TOKEN = 'insights-bench-service-token-0123456789';
const TARGETS = { ndjson: 20_000, ga4: 10_000, baselineShare: 0.5, rssMb: 256, firstFindingsS: 5, p99Ms: 50 };
const FORMATS: Array<{ format: SourceFormat; label: string; target: number; share: boolean }> = [
  { format: 'segment', label: 'Segment NDJSON', target: TARGETS.ndjson, share: true },
  { format: 'amplitude-export', label: 'Amplitude export NDJSON', target: TARGETS.ndjson, share: true },
  { format: 'ga4-bigquery', label: 'GA4 BigQuery rows', target: TARGETS.ga4, share: false },
];

interface Row {
  name: string;
  figure: string;
  target: string;
  /** Against the baseline read of the same file, where there is one. */
  ratio: string;
  met: boolean;
}
const rows: Row[] = [];
const row = (name: string, figure: string, target: string, met: boolean, ratio = '') =>
  rows.push({ name, figure, target, ratio, met });

const mb = (bytes: number) => bytes / (1024 * 1024);
const rate = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;

async function main(): Promise<void> {
  const load = os.loadavg();
  console.log(`load average ${load.map((n) => n.toFixed(2)).join(' ')} (${os.cpus().length} CPUs)`);
  if (load[0] > 1.5)
    console.warn(`warning: load average ${load[0].toFixed(2)} is above 1.5; the figures below will be low and noisy`);

  buildService();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'insights-bench-'));
  // The service spools uploads under its temporary directory: this bench's, removed at the end.
  await mkdir(path.join(dir, 'service-tmp'));
  const database = await createTestDatabase();
  const tokens = await createTokenKit();
  const keySet = await serveKeySet(tokens.jwk);
  const peer = new CompanyPeer(SERVICE_TOKEN);
  await peer.start();
  const nodeOptions = process.env.BENCH_NODE_OPTIONS ?? deployedNodeOptions();
  const service = await startCompiledService(
    {
      TMPDIR: path.join(dir, 'service-tmp'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      PUBLIC_URL: TEST_PUBLIC_URL,
      AUTH_URL: keySet.url,
      AUTH_SESSION_CHECK: 'false',
      INTERNAL_SERVICE_TOKEN: SERVICE_TOKEN,
      COMPANY_URL: peer.url,
      SUBSCRIPTION_URL: peer.url,
      INSIGHTS_SECRET_KEY: randomBytes(32).toString('base64'),
      BILLING_ENFORCED: 'true',
    },
    nodeOptions,
  );
  // The service's own footprint before any upload, printed beside the peak: what ingest adds is the difference.
  const idleRss = residentMemory(service.pid).rss;
  console.log(
    `compiled insights (pid ${service.pid}, NODE_OPTIONS "${nodeOptions}"): ${mb(idleRss).toFixed(0)} MB resident when ready`,
  );

  /** A company on the sample plan with a running subscription, and its owner's bearer header. */
  const company = async () => {
    const companyId = randomUUID();
    const userId = randomUUID();
    peer.snapshots.set(companyId, { ...examplePlanSnapshot(), companyId });
    peer.subscriptions.set(companyId, 'active');
    peer.setRole(companyId, userId, 'owner');
    return { companyId, authorization: `Bearer ${await tokens.mint({ sub: userId })}` };
  };
  type Company = Awaited<ReturnType<typeof company>>;
  const get = async <T>(who: Company, url: string): Promise<T> => {
    const response = await fetch(`${service.url}${url}`, { headers: { authorization: who.authorization } });
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const findingsSeen = async (who: Company) =>
    (await get<FindingPage>(who, `/api/insights/${who.companyId}/discovery/findings?limit=1`)).items.length > 0;

  /** Polls until `check` answers something, or fails once `timeoutMs` has passed. */
  async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | null>): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== null) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Uploads a file through the route and waits for its run to end; throws unless it succeeded. */
  async function ingest(who: Company, file: string, format: SourceFormat, events: number) {
    const started = Date.now();
    const response = await fetch(`${service.url}/api/insights/${who.companyId}/discovery/uploads?format=${format}`, {
      method: 'POST',
      headers: { authorization: who.authorization, 'content-type': 'application/gzip' },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit);
    if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    const uploaded = Date.now();
    const { runId } = (await response.json()) as { runId: string };
    // Findings are looked for alongside, from the moment the upload has ended.
    const firstFindings = until('first findings', 60_000 + events / 2, async () =>
      (await findingsSeen(who)) ? Date.now() - uploaded : null,
    );
    firstFindings.catch(() => undefined);
    const run = await until(`the ${format} run`, 120_000 + events / 2, async () => {
      const current = await get<Run>(who, `/api/insights/${who.companyId}/discovery/runs/${runId}`);
      return ['queued', 'running'].includes(current.status) ? null : current;
    });
    const seconds = (Date.now() - started) / 1000;
    if (run.status !== 'succeeded')
      throw new Error(`the ${format} run ended ${run.status}: ${run.failure ?? 'no reason given'}`);
    return { run, seconds, firstFindings };
  }

  try {
    console.log(`generating ${EVENTS.toLocaleString('en-US')} events per format …`);
    const files = new Map<SourceFormat, string>();
    for (const { format } of FORMATS) {
      const file = path.join(dir, `${format}.ndjson.gz`);
      await writeExampleTrafficApart(file, format, EVENTS);
      files.set(format, file);
      console.log(`  ${format}: ${mb((await stat(file)).size).toFixed(1)} MB gzipped`);
    }

    let peakRss = 0;
    let firstFindingsMs: number | null = null;
    for (const { format, label, target, share } of FORMATS) {
      const file = files.get(format)!;
      // The baseline is read just before and just after the upload, and the two times averaged: on a
      // shared machine whose load drifts, one read on one side would tilt the ratio either way.
      const before = await baselineParseApart(file);
      const who = await company();
      const rss = service.sampleRss();
      const cpuBefore = cpuSeconds(service.pid);
      const { run, seconds, firstFindings } = await ingest(who, file, format, EVENTS);
      // Both of the service's threads, the bench's own polling requests included; the database's work is not.
      const serviceCpu = cpuSeconds(service.pid) - cpuBefore;
      peakRss = Math.max(peakRss, rss.stop());
      const after = await baselineParseApart(file);
      const baseline = { records: before.records, seconds: (before.seconds + after.seconds) / 2 };
      const baselineCpu = (before.cpuSeconds + after.cpuSeconds) / 2;
      const baselineRate = EVENTS / baseline.seconds;
      if (run.events !== EVENTS) throw new Error(`the ${format} run counted ${run.events} events of ${EVENTS}`);
      const measured = run.events / seconds;
      const ratio = measured / baselineRate;
      console.log(
        `  ${label}: ${rate(measured)} through the service (${seconds.toFixed(1)} s), ` +
          `baseline ${rate(baselineRate)} (${baseline.records.toLocaleString('en-US')} lines in ` +
          `${before.seconds.toFixed(1)} s before, ${after.seconds.toFixed(1)} s after), load ${os.loadavg()[0].toFixed(1)}`,
      );
      // CPU time hardly depends on what else runs: on a loaded machine it says what the wall-clock ratio cannot.
      console.log(
        `    CPU time: the service ${serviceCpu.toFixed(1)} s, the baseline ${baselineCpu.toFixed(1)} s ` +
          `(${((baselineCpu / serviceCpu) * 100).toFixed(0)} % of the service's)`,
      );
      const targetText = `≥ ${rate(target)}${share ? ` and ≥ ${TARGETS.baselineShare * 100} % of baseline` : ''}`;
      row(
        `${label} ingest`,
        rate(measured),
        targetText,
        measured >= target && (!share || ratio >= TARGETS.baselineShare),
        `${(ratio * 100).toFixed(0)} % of ${rate(baselineRate)}; CPU ${((baselineCpu / serviceCpu) * 100).toFixed(0)} %`,
      );
      if (format === 'segment' && !FULL) firstFindingsMs = await firstFindings;
    }

    let findingsLabel = `first findings after upload end (${EVENTS.toLocaleString('en-US')} Segment events)`;
    if (FULL) {
      const file = path.join(dir, 'segment-full.ndjson.gz');
      console.log(`generating ${FULL_EVENTS.toLocaleString('en-US')} Segment events …`);
      await writeExampleTrafficApart(file, 'segment', FULL_EVENTS);
      const rss = service.sampleRss();
      const { run, seconds, firstFindings } = await ingest(await company(), file, 'segment', FULL_EVENTS);
      peakRss = Math.max(peakRss, rss.stop());
      firstFindingsMs = await firstFindings;
      console.log(`  ${FULL_EVENTS.toLocaleString('en-US')} Segment events: ${rate(run.events / seconds)}`);
      findingsLabel = `first findings after upload end (${FULL_EVENTS.toLocaleString('en-US')} Segment events)`;
    }
    // The kernel's high-water mark covers the whole life of the process, start included, and any moment
    // between two samples.
    const { hwm } = residentMemory(service.pid);
    console.log(
      `  peak RSS of the service process: ${mb(peakRss).toFixed(0)} MB sampled, ${mb(hwm).toFixed(0)} MB VmHWM`,
    );
    peakRss = Math.max(peakRss, hwm);
    row(
      'peak RSS while ingesting',
      `${mb(peakRss).toFixed(0)} MB (${mb(idleRss).toFixed(0)} MB before the first upload)`,
      `≤ ${TARGETS.rssMb} MB`,
      mb(peakRss) <= TARGETS.rssMb,
    );
    row(
      findingsLabel,
      `${(firstFindingsMs! / 1000).toFixed(1)} s`,
      `≤ ${TARGETS.firstFindingsS} s`,
      firstFindingsMs! <= TARGETS.firstFindingsS * 1000,
    );

    console.log(`seeding ${NAMES.toLocaleString('en-US')} observed event names no plan knows …`);
    const seeded = await company();
    const namesFile = path.join(dir, 'unplanned.ndjson.gz');
    await writeNdjsonGz(namesFile, unplannedTracks(NAMES, 2));
    const seedingRss = service.sampleRss();
    await ingest(seeded, namesFile, 'segment', NAMES * 2);
    await until('findings of the seeded names', 120_000, async () => ((await findingsSeen(seeded)) ? true : null));
    console.log(`  peak RSS while the seeded names were read and judged: ${mb(seedingRss.stop()).toFixed(0)} MB`);
    const listsRss = service.sampleRss();

    for (const list of ['findings', 'events'] as const) {
      const result = await runLoad({
        url: `${service.url}/api/insights/${seeded.companyId}/discovery/${list}`,
        headers: { authorization: seeded.authorization },
        connections: CONNECTIONS,
        duration: SECONDS,
      });
      console.log(
        `  GET …/discovery/${list}: p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.rps} req/s, ` +
          `${result.failures} failed of ${result.requests}`,
      );
      if (result.failures > 0) throw new Error(`GET …/discovery/${list}: ${result.failures} requests failed`);
      row(
        `GET …/discovery/${list} p99 (${CONNECTIONS} clients)`,
        `${result.p99} ms`,
        `≤ ${TARGETS.p99Ms} ms`,
        result.p99 <= TARGETS.p99Ms,
      );
    }
    console.log(`  peak RSS while the lists were read: ${mb(listsRss.stop()).toFixed(0)} MB`);
    // The reading thread ends after 30 s without a run; what the service keeps then is its resting footprint.
    await new Promise((resolve) => setTimeout(resolve, 32_000));
    console.log(`  RSS 32 s after the last run: ${mb(residentMemory(service.pid).rss).toFixed(0)} MB`);
  } finally {
    await service.stop();
    await keySet.close();
    await peer.stop();
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  }

  const header = ['row', 'figure', 'target', 'ratio to baseline'];
  const cells = rows.map((r) => [r.name, r.figure, r.target, r.ratio]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((c) => c[i].length)));
  const line = (values: string[]) => values.map((value, i) => value.padEnd(widths[i])).join('  ');
  console.log();
  console.log(line(header) + '  met');
  rows.forEach((r, i) => console.log(line(cells[i]) + `  ${r.met ? 'yes' : 'NO'}`));
  const missed = rows.filter((r) => !r.met).length;
  if (missed > 0) console.log(`\n${missed} target(s) missed (reported, not a failure)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
