import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { createSandboxServiceAccount, startAnalyticsSandbox, type AnalyticsSandbox } from '@tracemap/analytics-sandbox';
import { GA4_REPORT_FORMAT } from '@tracemap/contracts';
import { waitFor } from '@tracemap/test-kit';
import { DEFAULT_INGEST_LIMITS } from '../../src/ingest/ingest-limits';
import { createIngestWorker, type IngestWorker } from '../../src/ingest/ingest-worker';
import { readProfile } from '../../src/ingest/profile-repository';
import { getRun } from '../../src/ingest/runs';
import { inCompany } from '../../src/ingest/tenant-transaction';
import { insertPullRun } from '../../src/pulls/pull-repository';
import { createPullScheduler } from '../../src/pulls/pull-scheduler';
import { PullRunner, type PullSettings } from '../../src/pulls/pull-source';
import { credentialsBinding } from '../../src/sources/create-source';
import { SecretBox } from '@tracemap/service-kit';
import { insertSource } from '../../src/sources/source-repository';
import { createIngestDatabase, type IngestDatabase } from '../ingest/support/ingest-database';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const log = Fastify({ logger: false }).log;

let db: IngestDatabase;
let sandbox: AnalyticsSandbox;
let spoolDir: string;
let worker: IngestWorker;
let runner: PullRunner;
const secrets = new SecretBox(randomBytes(32).toString('hex'));
const judged: string[] = [];

beforeAll(async () => {
  db = await createIngestDatabase();
  sandbox = await startAnalyticsSandbox();
  spoolDir = await mkdtemp(path.join(tmpdir(), 'insights-pulls-'));
  worker = createIngestWorker({ db: db.pool, log, limits: DEFAULT_INGEST_LIMITS, leaseSeconds: 30, pollMs: 60_000 });
  worker.start();
  runner = new PullRunner({
    db: db.pool,
    log,
    secrets,
    settings: settings(),
    spool: { dir: spoolDir, maxBytes: DEFAULT_INGEST_LIMITS.maxUploadBytes, wakeIngest: () => worker.wake() },
    batchRows: 2,
    judge: (companyId) => judged.push(companyId),
  });
});
afterAll(async () => {
  await runner.stop();
  await worker.stop();
  await sandbox.close();
  await db.close();
  await rm(spoolDir, { recursive: true, force: true });
});

function settings(): PullSettings {
  return {
    intervalMs: 6 * HOUR,
    firstDays: 7,
    leaseSeconds: 600,
    retry: { attempts: 3, maxWaitMs: 5000, baseDelayMs: 10 },
    ga4: { dataApiUrl: sandbox.url, tokenUrl: sandbox.tokenUrl },
    amplitude: { us: sandbox.url, eu: sandbox.url },
    ga4PageRows: 2,
  };
}

async function addSource(
  companyId: string,
  source:
    { kind: 'ga4'; propertyId: string; keyFile: string } | { kind: 'amplitude'; apiKey: string; secretKey: string },
): Promise<string> {
  const id = randomUUID();
  const credentials =
    source.kind === 'ga4'
      ? { serviceAccountKey: source.keyFile }
      : { apiKey: source.apiKey, secretKey: source.secretKey };
  await inCompany(db.pool, companyId, (client) =>
    insertSource(client, companyId, {
      id,
      kind: source.kind,
      name: `${source.kind} source`,
      format: null,
      ingestKeyHash: null,
      ingestKeyPrefix: null,
      propertyId: source.kind === 'ga4' ? source.propertyId : null,
      region: source.kind === 'amplitude' ? 'us' : null,
      credentials: secrets.seal(JSON.stringify(credentials), credentialsBinding(companyId, id)),
      createdBy: randomUUID(),
    }),
  );
  return id;
}

const day = (time: number) => new Date(time).toISOString().slice(0, 10);
const amplitudeTime = (time: number) => `${new Date(time).toISOString().replace('T', ' ').slice(0, 19)}.000000`;

function amplitudeEvent(type: string, time: number, properties: Record<string, unknown> = {}) {
  return {
    event_type: type,
    event_time: amplitudeTime(time),
    event_properties: properties,
    user_properties: {},
    platform: 'iOS',
    version_name: '5.2.0',
    library: 'amplitude-swift/1.0.0',
    session_id: 1,
    $insert_id: randomUUID(),
  };
}

function amplitudeProject(events: Record<string, unknown>[]) {
  const project = {
    projectId: 100 + sandbox.data.amplitude.projects.length,
    apiKey: randomUUID(),
    secretKey: 's',
    events,
  };
  sandbox.data.amplitude.projects.push(project);
  return project;
}

async function ended(companyId: string, runId: string) {
  await runner.idle();
  return waitFor(
    async () => {
      const run = await getRun({ db: db.pool }, companyId, runId);
      return ['succeeded', 'failed', 'cancelled'].includes(run.status) ? run : null;
    },
    { timeoutMs: 10_000 },
  );
}

describe('GA4 pulls', () => {
  it('read event counts page by page with the registered parameters into the profile', async () => {
    const companyId = randomUUID();
    const { keyFile, account } = createSandboxServiceAccount({ properties: ['5001'], tokenUri: sandbox.tokenUrl });
    sandbox.data.ga4.serviceAccounts.push(account);
    const yesterday = day(Date.now() - DAY);
    sandbox.data.ga4.properties['5001'] = {
      customParameters: [{ name: 'plan_tier', uiName: 'Plan tier' }],
      events: [
        { name: 'page_view', date: yesterday, count: 120 },
        { name: 'purchase', date: yesterday, count: 30, params: { plan_tier: 'pro' } },
        { name: 'purchase', date: day(Date.now() - 2 * DAY), count: 10, params: { plan_tier: 'free' } },
        { name: 'sign_up', date: yesterday, count: 7 },
        // Today is not complete yet: the pull leaves it for the next one.
        { name: 'sign_up', date: day(Date.now()), count: 1000 },
      ],
    };
    const sourceId = await addSource(companyId, { kind: 'ga4', propertyId: '5001', keyFile });
    const seen = sandbox.requests.length;

    const { runId } = await runner.start({ companyId, sourceId, userId: null });
    const run = await ended(companyId, runId);
    expect(run).toMatchObject({ status: 'succeeded', format: GA4_REPORT_FORMAT, lines: 4, events: 167, sourceId });

    const calls = sandbox.requests.slice(seen).filter((r) => r.vendor === 'ga4');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/v1beta/properties/5001/metadata' });
    const reports = calls
      .slice(1)
      .map((r) => r.body as { offset: number; limit: number; dimensions: { name: string }[] });
    expect(reports.map((r) => [r.offset, r.limit])).toEqual([
      [0, 2],
      [2, 2],
    ]);
    expect(reports[0].dimensions.map((d) => d.name)).toEqual(['eventName', 'date', 'customEvent:plan_tier']);

    const profile = await inCompany(db.pool, companyId, (client) => readProfile(client));
    const totals = Object.fromEntries(profile.events.map((e) => [e.name, e.total]));
    expect(totals).toEqual({ page_view: 120, purchase: 40, sign_up: 7 });
    const tier = profile.properties.find((p) => p.event === 'purchase' && p.path === 'plan_tier');
    expect(tier?.present).toBe(40);
    expect(Object.fromEntries(tier!.topValues.map((v) => [v.value, v.count]))).toEqual({ pro: 30, free: 10 });
    expect(judged).toContain(companyId);
  });

  it('fail the run in words when GA4 denies the property', async () => {
    const companyId = randomUUID();
    const { keyFile, account } = createSandboxServiceAccount({ properties: [], tokenUri: sandbox.tokenUrl });
    sandbox.data.ga4.serviceAccounts.push(account);
    sandbox.data.ga4.properties['5002'] = { customParameters: [], events: [] };
    const sourceId = await addSource(companyId, { kind: 'ga4', propertyId: '5002', keyFile });
    const { runId } = await runner.start({ companyId, sourceId, userId: null });
    const run = await ended(companyId, runId);
    expect(run.status).toBe('failed');
    expect(run.failure).toMatch(/^GA4 denied the service account access to property 5002 \(403 PERMISSION_DENIED/);
  });
});

describe('Amplitude pulls', () => {
  it('download the zip of gzipped NDJSON and read it through the ingest pipeline', async () => {
    const companyId = randomUUID();
    const base = Date.now() - 3 * HOUR;
    const project = amplitudeProject([
      amplitudeEvent('Song Played', base, { genre: 'jazz' }),
      amplitudeEvent('Song Played', base + 60_000, { genre: 'rock' }),
      amplitudeEvent('Song Played', base - 2 * HOUR, { genre: 'jazz' }),
      amplitudeEvent('Sign Up', base - 26 * HOUR),
      // The current hour is not complete: left for the next pull.
      amplitudeEvent('Sign Up', Date.now()),
    ]);
    const sourceId = await addSource(companyId, { kind: 'amplitude', ...project });
    const seen = sandbox.requests.length;
    const { runId } = await runner.start({ companyId, sourceId, userId: null });
    const run = await ended(companyId, runId);
    expect(run).toMatchObject({ status: 'succeeded', format: 'amplitude-export', events: 4, badLines: 0 });
    const [call] = sandbox.requests.slice(seen).filter((r) => r.vendor === 'amplitude');
    const query = new URL(call.url, sandbox.url).searchParams;
    const hour = (t: number) => new Date(t).toISOString().slice(0, 13).replace(/-/g, '');
    expect(query.get('end')).toBe(hour(Date.now() - HOUR));
    expect(query.get('start')).toBe(hour(Date.now() - 7 * DAY));

    const profile = await inCompany(db.pool, companyId, (client) => readProfile(client));
    expect(Object.fromEntries(profile.events.map((e) => [e.name, e.total]))).toEqual({
      'Song Played': 3,
      'Sign Up': 1,
    });
    expect(profile.events.every((e) => e.sourceId === sourceId)).toBe(true);

    // The next pull starts where this one stopped: nothing complete is new, so nothing is read.
    const again = await runner.start({ companyId, sourceId, userId: null });
    expect(await ended(companyId, again.runId)).toMatchObject({ status: 'succeeded', events: 0 });
    expect(sandbox.requests.filter((r) => r.vendor === 'amplitude').length).toBe(
      sandbox.requests.slice(0, seen).filter((r) => r.vendor === 'amplitude').length + 1,
    );
  });

  it('end succeeded with nothing read when Amplitude has no data (404)', async () => {
    const companyId = randomUUID();
    const project = amplitudeProject([amplitudeEvent('Old', Date.now() - 30 * DAY)]);
    const sourceId = await addSource(companyId, { kind: 'amplitude', ...project });
    const { runId } = await runner.start({ companyId, sourceId, userId: null });
    expect(await ended(companyId, runId)).toMatchObject({ status: 'succeeded', events: 0, lines: 0, failure: null });
  });

  it('fail the run with a clear message when Amplitude refuses the key (401)', async () => {
    const companyId = randomUUID();
    const sourceId = await addSource(companyId, { kind: 'amplitude', apiKey: 'unknown', secretKey: 'nope' });
    const { runId } = await runner.start({ companyId, sourceId, userId: null });
    const run = await ended(companyId, runId);
    expect(run.status).toBe('failed');
    expect(run.failure).toMatch(/^Amplitude refused the API key \(401/);
  });

  it('wait what Retry-After asks after a 429, then succeed', async () => {
    const companyId = randomUUID();
    const project = amplitudeProject([amplitudeEvent('Song Played', Date.now() - 2 * HOUR)]);
    const sourceId = await addSource(companyId, { kind: 'amplitude', ...project });
    sandbox.failNext('amplitude', { status: 429, retryAfterSeconds: 1 });
    const seen = sandbox.requests.length;
    const started = Date.now();
    const { runId } = await runner.start({ companyId, sourceId, userId: null });
    expect(await ended(companyId, runId)).toMatchObject({ status: 'succeeded', events: 1 });
    expect(sandbox.requests.slice(seen).filter((r) => r.vendor === 'amplitude')).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('fail in words when Amplitude keeps limiting past the attempts', async () => {
    const companyId = randomUUID();
    const project = amplitudeProject([amplitudeEvent('Song Played', Date.now() - 2 * HOUR)]);
    const sourceId = await addSource(companyId, { kind: 'amplitude', ...project });
    sandbox.failNext('amplitude', { status: 429 }, { status: 429 }, { status: 429 });
    const { runId } = await runner.start({ companyId, sourceId, userId: null });
    const run = await ended(companyId, runId);
    expect(run.status).toBe('failed');
    expect(run.failure).toMatch(/^Amplitude kept limiting requests, still after 3 attempts \(429/);
  });
});

describe('stopping', () => {
  it('ends a pull in flight as failed, and the next pull reads its window again', async () => {
    const companyId = randomUUID();
    const project = amplitudeProject([amplitudeEvent('Interrupted', Date.now() - 2 * HOUR)]);
    const sourceId = await addSource(companyId, { kind: 'amplitude', ...project });
    const stopping = new PullRunner({
      db: db.pool,
      log,
      secrets,
      settings: { ...settings(), retry: { attempts: 3, maxWaitMs: 120_000, baseDelayMs: 10 } },
      spool: { dir: spoolDir, maxBytes: DEFAULT_INGEST_LIMITS.maxUploadBytes, wakeIngest: () => worker.wake() },
      batchRows: 2,
      judge: () => undefined,
    });
    sandbox.failNext('amplitude', { status: 429, retryAfterSeconds: 60 });
    const seen = sandbox.requests.length;
    const { runId } = await stopping.start({ companyId, sourceId, userId: null });
    // The pull now waits the minute Amplitude asked for; the service stops meanwhile.
    await waitFor(() => sandbox.requests.slice(seen).some((r) => r.vendor === 'amplitude'), { timeoutMs: 5000 });
    await stopping.stop();
    const run = await getRun({ db: db.pool }, companyId, runId);
    expect(run.status).toBe('failed');
    expect(run.failure).toBe('The service stopped during the pull; the next pull reads this window again.');

    const next = await runner.start({ companyId, sourceId, userId: null });
    expect(await ended(companyId, next.runId)).toMatchObject({ status: 'succeeded', events: 1 });
  });

  it('leaves no download run behind when the process died during the download', async () => {
    const companyId = randomUUID();
    const sourceId = await addSource(companyId, { kind: 'amplitude', apiKey: 'gone', secretKey: 'gone' });
    const runId = randomUUID();
    // What a pull that died mid-download leaves: a running run without a format or file, its lease run out.
    await inCompany(db.pool, companyId, (client) =>
      insertPullRun(client, {
        id: runId,
        companyId,
        sourceId,
        requestedFormat: 'amplitude-export',
        format: null,
        contentType: 'application/zip',
        filePath: '',
        leaseToken: randomUUID(),
        leaseSeconds: 0,
        createdBy: null,
      }),
    );
    worker.wake();
    expect(await ended(companyId, runId)).toMatchObject({ status: 'failed', events: 0 });
  });
});

describe('the pull schedule', () => {
  it('pulls a due source once per interval', async () => {
    const companyId = randomUUID();
    const project = amplitudeProject([amplitudeEvent('Scheduled', Date.now() - 2 * HOUR)]);
    const sourceId = await addSource(companyId, { kind: 'amplitude', ...project });
    const scheduler = createPullScheduler({ db: db.pool, log, runner, intervalMs: 6 * HOUR, checkMs: 60_000 });
    await scheduler.tick();
    const run = await waitFor(
      async () => {
        const { rows } = await db.pool.query<{ id: string }>(`SELECT id FROM insights.runs WHERE source_id = $1`, [
          sourceId,
        ]);
        return rows[0] ?? null;
      },
      { timeoutMs: 5000 },
    );
    expect(await ended(companyId, run.id)).toMatchObject({ status: 'succeeded', events: 1 });
    // Attempted just now: not due again within the interval.
    await scheduler.tick();
    await runner.idle();
    const { rows } = await db.pool.query(`SELECT id FROM insights.runs WHERE source_id = $1`, [sourceId]);
    expect(rows).toHaveLength(1);
  });
});
