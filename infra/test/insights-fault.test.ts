import { once } from 'node:events';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import type { ObservedEventPage, Run } from '@tracemap/contracts';
import { generateExampleTraffic } from '@tracemap/discovery';
import { createTestDatabase, waitFor, type TestDatabase } from '@tracemap/test-kit';
import { startStack, type Stack } from '../src/stack';
import { createConfirmedUser, signIn } from '../src/test-users';

/**
 * The insights fault test: a Segment upload large enough that ingest takes a
 * while is read by the insights service, which is killed with SIGKILL under
 * the stack's supervisor while the run is in progress. The run must end on
 * its own (taken over from its checkpoint once the dead process's lease runs
 * out), and when it succeeds the profile must hold every event of the file
 * exactly once.
 */

/**
 * Enough that reading outlasts the first checkpoint (written after a second of reading) several
 * times over, so the kill lands mid-run with most of the file still to read after the restart;
 * FAULT_EVENTS changes it (lower on a slow machine, higher to see a longer run).
 */
const EVENTS = Number(process.env.FAULT_EVENTS ?? 100_000);
const PASSWORD = 'insights-fault-password-1';
/**
 * A run held by a dead process is taken over once its lease (15 s, renewed while a live process
 * works on it) runs out; then the rest of the file is read, allowed at 500 events/s at least.
 */
const RUN_END_TIMEOUT_MS = 45_000 + EVENTS * 2;
const TEST_TIMEOUT_MS = RUN_END_TIMEOUT_MS + 150_000;
const FINAL_STATUSES: ReadonlyArray<Run['status']> = ['succeeded', 'failed', 'cancelled'];

let stack: Stack;
let database: TestDatabase | undefined;
let token: string;
let companyId: string;
let dataDir: string;
let upload: Blob;

const authorized = (init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { authorization: `Bearer ${token}`, ...(init.headers as Record<string, string> | undefined) },
});

async function api<T>(apiPath: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stack.url}${apiPath}`, { ...authorized(init), signal: AbortSignal.timeout(30000) });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}

/** The run as the API shows it; null while the service does not answer (it is being restarted). */
async function runOf(runId: string): Promise<Run | null> {
  try {
    const { status, body } = await api<Run>(`/api/insights/${companyId}/discovery/runs/${runId}`);
    return status === 200 ? body : null;
  } catch {
    return null;
  }
}

/** The example traffic of the sample plan as Segment NDJSON, gzipped, written as it is generated. */
async function writeSegmentUpload(file: string, events: number): Promise<void> {
  const gzip = createGzip();
  const out = gzip.pipe(createWriteStream(file));
  let chunk: string[] = [];
  for (const record of generateExampleTraffic({ seed: 7, events, format: 'segment' })) {
    chunk.push(JSON.stringify(record));
    if (chunk.length === 1000) {
      if (!gzip.write(chunk.join('\n') + '\n')) await once(gzip, 'drain');
      chunk = [];
    }
  }
  if (chunk.length > 0) gzip.write(chunk.join('\n') + '\n');
  gzip.end();
  await once(out, 'finish');
}

/** The profile's volume summed over every observed event, page by page. */
async function observedVolume(): Promise<number> {
  let total = 0;
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const { status, body } = await api<ObservedEventPage>(
      `/api/insights/${companyId}/discovery/events?limit=200${query}`,
    );
    expect(status).toBe(200);
    for (const item of body.items) total += item.volume;
    cursor = body.nextCursor;
  } while (cursor);
  return total;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracemap-insights-fault-'));
  const file = path.join(dataDir, 'segment.ndjson.gz');
  await writeSegmentUpload(file, EVENTS);
  upload = new Blob([await readFile(file)]);
  database = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
  stack = await startStack({
    port: 0,
    databaseUrl: database?.url,
    dataDir,
    logLevel: 'warn',
    log: () => undefined,
    environment: {},
    // As `npm start` runs it.
    standby: true,
    env: { RATE_LIMIT_PER_MINUTE: '100000', OUTBOX_POLL_MS: '200' },
  });
  await createConfirmedUser(stack, 'owner@insights-fault.test', PASSWORD);
  token = (await signIn(stack, 'owner@insights-fault.test', PASSWORD)).access_token;
  expect((await api('/api/account/sync')).status).toBe(200);
  // A new company starts on a trial, a running subscription, which uploads need.
  const created = await api<{ company: { id: string } }>('/api/company/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Insights Fault Co' }),
  });
  expect(created.status).toBe(201);
  companyId = created.body.company.id;
  // The company service asks billing for the trial off the request, through its outbox.
  await waitFor(
    async () => {
      const { body } = await api<{ subscription: { status: string } | null }>('/api/subscription/details', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ companyId }),
      });
      return body.subscription?.status === 'trialing';
    },
    { timeoutMs: 30000, intervalMs: 100, message: 'the new company in its trial' },
  );
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test(
  'a run whose insights process is killed mid-upload ends by itself, and a success counts every event exactly once',
  async () => {
    const accepted = await api<{ runId: string }>(`/api/insights/${companyId}/discovery/uploads?format=segment`, {
      method: 'POST',
      headers: { 'content-type': 'application/gzip' },
      body: upload,
    });
    expect(accepted.status).toBe(202);
    const { runId } = accepted.body;

    const started = await waitFor(() => runOf(runId), {
      until: (run) =>
        run !== null &&
        ((run.status === 'running' && run.events >= EVENTS / 20) || FINAL_STATUSES.includes(run.status)),
      timeoutMs: 60000,
      intervalMs: 25,
      message: 'the run a twentieth through the file',
    });
    // Reading must still be under way, or the kill would prove nothing.
    expect(started).toMatchObject({ status: 'running' });
    expect(started!.events).toBeLessThan(EVENTS);

    const oldPid = stack.processOf('insights')!.child.pid!;
    const killedAt = Date.now();
    process.kill(-oldPid, 'SIGKILL');
    await waitFor(
      async () => {
        const pid = stack.processOf('insights')?.child.pid;
        return (
          pid !== undefined &&
          pid !== oldPid &&
          (await fetch(`${stack.urls.insights}/ready`).then(
            (r) => r.ok,
            () => false,
          ))
        );
      },
      { timeoutMs: 30000, intervalMs: 25, message: 'insights back' },
    );
    const readyAfterMs = Date.now() - killedAt;
    console.log(
      `insights killed with ${started!.events} of ${EVENTS} events read; ready again after ${readyAfterMs} ms`,
    );

    const ended = (await waitFor(() => runOf(runId), {
      until: (run) => run !== null && FINAL_STATUSES.includes(run.status),
      timeoutMs: RUN_END_TIMEOUT_MS,
      intervalMs: 250,
      message: 'the run ending after the kill',
    }))!;
    const endedAfterMs = Date.now() - killedAt;
    console.log(
      `insights killed with ${started!.events} of ${EVENTS} events read, ready again after ${readyAfterMs} ms; ` +
        `run ${ended.status}${ended.failure ? ` (${ended.failure})` : ''} ${endedAfterMs} ms after the kill, ` +
        `${ended.events} events counted`,
    );

    expect(['succeeded', 'failed']).toContain(ended.status);
    if (ended.status === 'failed') {
      expect(ended.failure).toEqual(expect.any(String));
      expect(ended.failure!.length).toBeGreaterThan(0);
      return;
    }
    // Resumed from its checkpoint: no line read twice, none skipped.
    expect(ended).toMatchObject({ events: EVENTS, badLines: 0, failure: null });
    // The events list is rebuilt from the whole profile when the company is judged, just after the
    // run; until then it may still show a judgement made during the run, of the events read so far.
    const volume = await waitFor(observedVolume, {
      until: (total) => total >= EVENTS,
      timeoutMs: 60000,
      intervalMs: 250,
      message: 'the events judged after the run',
    });
    expect(volume).toBe(EVENTS);
  },
  TEST_TIMEOUT_MS,
);
