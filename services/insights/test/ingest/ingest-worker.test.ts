import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { waitFor } from '@tracemap/test-kit';
import { DEFAULT_INGEST_LIMITS } from '../../src/ingest/ingest-limits';
import { createIngestWorker, type IngestWorker } from '../../src/ingest/ingest-worker';
import { getRun } from '../../src/ingest/runs';
import { uploadFile } from '../../src/ingest/upload-file';
import { ndjson, segmentTrack } from './support/fixtures';
import { createIngestDatabase, type IngestDatabase } from './support/ingest-database';

let db: IngestDatabase;
let spoolDir: string;
const workers: IngestWorker[] = [];
beforeAll(async () => {
  db = await createIngestDatabase();
  spoolDir = await mkdtemp(path.join(tmpdir(), 'insights-worker-'));
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await db.close();
  await rm(spoolDir, { recursive: true, force: true });
});

const limits = { ...DEFAULT_INGEST_LIMITS, batchEvents: 50, batchMs: 600_000 };

function startWorker(options: Partial<Parameters<typeof createIngestWorker>[0]> = {}) {
  const worker = createIngestWorker({
    db: db.pool,
    log: Fastify({ logger: false }).log,
    limits,
    leaseSeconds: 30,
    pollMs: 60_000,
    ...options,
  });
  workers.push(worker);
  worker.start();
  return worker;
}

describe('the ingest worker', () => {
  it('processes an uploaded run as soon as it is woken, then has the company judged', async () => {
    const judged: string[] = [];
    let worker: IngestWorker | null = null;
    worker = startWorker({
      onRunSucceeded: async (companyId) => {
        judged.push(companyId);
      },
    });
    const companyId = randomUUID();
    const { runId } = await uploadFile(
      { db: db.pool, spoolDir, limits, wakeIngest: () => worker!.wake() },
      {
        companyId,
        userId: null,
        format: 'auto',
        contentType: 'application/x-ndjson',
        body: Readable.from([ndjson(Array.from({ length: 120 }, (_, i) => segmentTrack(i)))]),
      },
    );
    const run = await waitFor(() => getRun({ db: db.pool }, companyId, runId), {
      until: (r) => r.status === 'succeeded',
      timeoutMs: 10_000,
      message: 'the run never ended',
    });
    expect(run).toMatchObject({ events: 120, lines: 120, badLines: 0 });
    // The run is marked ended first, then handed to judging.
    await waitFor(() => judged, { until: (ids) => ids.length > 0, timeoutMs: 10_000, message: 'never judged' });
    expect(judged).toEqual([companyId]);
    await worker.stop();
  });

  it('hands a run in progress back to the queue at its checkpoint when it stops, and another worker ends it', async () => {
    const companyId = randomUUID();
    let stopping: Promise<void> | null = null;
    let askedToStop = false;
    const first = startWorker({
      afterBatch: () => {
        // Asked to stop after its first batch: it finishes that batch and releases the run.
        askedToStop = true;
        stopping ??= first.stop();
      },
    });
    const { runId } = await uploadFile(
      { db: db.pool, spoolDir, limits, wakeIngest: () => first.wake() },
      {
        companyId,
        userId: null,
        format: 'segment',
        contentType: 'application/x-ndjson',
        body: Readable.from([ndjson(Array.from({ length: 300 }, (_, i) => segmentTrack(i)))]),
      },
    );
    await waitFor(() => askedToStop, { timeoutMs: 10_000, message: 'the first worker never wrote a batch' });
    await stopping;
    const paused = await getRun({ db: db.pool }, companyId, runId);
    expect(paused).toMatchObject({ status: 'queued', events: 50 });

    startWorker();
    const done = await waitFor(() => getRun({ db: db.pool }, companyId, runId), {
      until: (r) => r.status === 'succeeded',
      timeoutMs: 10_000,
      message: 'the second worker never ended the run',
    });
    expect(done).toMatchObject({ events: 300, lines: 300 });
  });

  it('has the company judged after the first written batch of a run, not only at its end, then at most as often as asked', async () => {
    const companyId = randomUUID();
    const progress: Array<{ runId: string; checkpoint: number }> = [];
    let worker: IngestWorker | null = null;
    worker = startWorker({
      onRunProgress: (company, runId, checkpoint) => {
        expect(company).toBe(companyId);
        progress.push({ runId, checkpoint });
      },
      progressEveryMs: 600_000,
    });
    const { runId } = await uploadFile(
      { db: db.pool, spoolDir, limits, wakeIngest: () => worker!.wake() },
      {
        companyId,
        userId: null,
        format: 'segment',
        contentType: 'application/x-ndjson',
        body: Readable.from([ndjson(Array.from({ length: 400 }, (_, i) => segmentTrack(i)))]),
      },
    );
    await waitFor(() => getRun({ db: db.pool }, companyId, runId), {
      until: (r) => r.status === 'succeeded',
      timeoutMs: 10_000,
      message: 'the run never ended',
    });
    // Eight batches of 50 lines, one call: right after the first batch, while the run was still going.
    expect(progress).toEqual([{ runId, checkpoint: 50 }]);
    await worker.stop();
  });
});
