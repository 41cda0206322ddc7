import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '@tracemap/test-kit';
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from '../../src/ingest/ingest-limits';
import { processRun, type ClaimedRun } from '../../src/ingest/process-run';
import { readProfile } from '../../src/ingest/profile-repository';
import { cancelRun, findRun, insertRun } from '../../src/ingest/run-repository';
import { inCompany } from '../../src/ingest/tenant-transaction';
import { createIngestDatabase, type IngestDatabase } from './support/ingest-database';
import { ndjson, segmentTrack, writeGzip } from './support/fixtures';

let db: IngestDatabase;
let dir: string;
beforeAll(async () => {
  db = await createIngestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'insights-runs-'));
});
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

// Batches by count only, so the checkpoints the tests act on are known.
const limits: IngestLimits = { ...DEFAULT_INGEST_LIMITS, batchEvents: 100, batchMs: 600_000 };

class SimulatedCrash extends Error {}

async function queueRun(companyId: string, content: string, options: { gzip?: boolean } = {}) {
  const id = randomUUID();
  const file = path.join(dir, `${id}.upload`);
  if (options.gzip) await writeGzip(file, content);
  else await writeFile(file, content);
  await inCompany(db.pool, companyId, (client) =>
    insertRun(client, {
      id,
      companyId,
      sourceId: null,
      requestedFormat: 'auto',
      format: 'segment',
      contentType: 'application/x-ndjson',
      filePath: file,
      bytes: 0,
      createdBy: null,
    }),
  );
  await db.pool.query(`UPDATE insights.runs SET bytes = $2 WHERE id = $1`, [id, (await stat(file)).size]);
  return { id, file };
}

async function claim(leaseSeconds = 30): Promise<ClaimedRun | null> {
  const { rows } = await db.pool.query<{ run_id: string; company_id: string; lease_token: string }>(
    'SELECT * FROM insights.claim_run($1)',
    [leaseSeconds],
  );
  return rows[0] ? { runId: rows[0].run_id, companyId: rows[0].company_id, leaseToken: rows[0].lease_token } : null;
}

const runOf = (companyId: string, id: string) => inCompany(db.pool, companyId, (client) => findRun(client, id));
const profileOf = (companyId: string) => inCompany(db.pool, companyId, (client) => readProfile(client));
const eventTotals = async (companyId: string) =>
  Object.fromEntries((await profileOf(companyId)).events.map((e) => [e.name, e.total]));

describe('processing a run', () => {
  it('counts a malformed line with its number and goes on with the rest', async () => {
    const companyId = randomUUID();
    const lines = [
      JSON.stringify(segmentTrack(0)),
      JSON.stringify(segmentTrack(1)),
      '{"type": "track", "event": "Broken',
      JSON.stringify({ type: 'track' }),
      '',
      JSON.stringify(segmentTrack(2)),
    ];
    const { id, file } = await queueRun(companyId, `${lines.join('\n')}\n`);
    const claimed = await claim();
    expect(claimed).toMatchObject({ runId: id, companyId });
    expect(await processRun(claimed!, { db: db.pool, limits, leaseSeconds: 30 })).toBe('succeeded');

    const run = await runOf(companyId, id);
    expect(run).toMatchObject({ status: 'succeeded', lines: 6, events: 3, badLines: 2, failure: null });
    expect(run!.errors.map((e) => e.line)).toEqual([3, 4]);
    expect(run!.errors[0].message).toMatch(/JSON/);
    expect(await eventTotals(companyId)).toEqual({ 'Product Viewed': 2, 'Order Completed': 1 });
    // The spooled file is gone once the run has ended.
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps only the first 20 errors while counting every bad line', async () => {
    const companyId = randomUUID();
    const lines = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? 'nope' : JSON.stringify(segmentTrack(i))));
    const { id } = await queueRun(companyId, lines.join('\n'));
    expect(
      await processRun((await claim())!, { db: db.pool, limits: { ...limits, batchEvents: 4 }, leaseSeconds: 30 }),
    ).toBe('succeeded');
    const run = await runOf(companyId, id);
    expect(run).toMatchObject({ badLines: 15, events: 15, lines: 30 });
    expect(run!.errors).toHaveLength(15);
    expect(run!.errors.map((e) => e.line)).toEqual(Array.from({ length: 15 }, (_, i) => 2 * i + 1));
  });

  it('stops at the next batch once cancelled, leaving the profile with the batches written before', async () => {
    const companyId = randomUUID();
    const { id, file } = await queueRun(companyId, ndjson(Array.from({ length: 1000 }, (_, i) => segmentTrack(i))));
    const claimed = (await claim())!;
    const outcome = await processRun(claimed, {
      db: db.pool,
      limits,
      leaseSeconds: 30,
      afterBatch: async (runId, checkpoint) => {
        if (checkpoint === 100) await inCompany(db.pool, companyId, (client) => cancelRun(client, runId));
      },
    });
    expect(outcome).toBe('cancelled');
    const run = await runOf(companyId, id);
    expect(run).toMatchObject({ status: 'cancelled', events: 100, lines: 100 });
    const totals = await eventTotals(companyId);
    expect(totals['Product Viewed'] + totals['Order Completed']).toBe(100);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps renewing its lease while a batch takes longer than the lease, so no other worker takes the run', async () => {
    const companyId = randomUUID();
    const { id } = await queueRun(companyId, ndjson(Array.from({ length: 300 }, (_, i) => segmentTrack(i))));
    const claimed = (await claim(1))!;
    const leaseUntil = async () =>
      (await db.pool.query<{ lease_until: Date }>('SELECT lease_until FROM insights.runs WHERE id = $1', [id])).rows[0]
        .lease_until;
    let takenMeanwhile: ClaimedRun | null | undefined;
    const outcome = await processRun(claimed, {
      db: db.pool,
      limits,
      leaseSeconds: 1,
      afterBatch: async (_runId, checkpoint) => {
        if (checkpoint !== 100) return;
        // A slow batch: the lease it was given runs out, and is renewed all the same.
        const first = (await leaseUntil()).getTime();
        await waitFor(leaseUntil, { until: (until) => until.getTime() >= first + 1500, timeoutMs: 10_000 });
        takenMeanwhile = await claim(1);
      },
    });
    expect(takenMeanwhile).toBeNull();
    expect(outcome).toBe('succeeded');
    expect(await runOf(companyId, id)).toMatchObject({ status: 'succeeded', events: 300 });
  });

  it('resumes from its checkpoint after a crash and counts exactly what a clean run counts', async () => {
    const content = ndjson([
      ...Array.from({ length: 450 }, (_, i) => segmentTrack(i)),
      // A batch message: one line, several events, never split across two batches.
      { batch: Array.from({ length: 30 }, (_, i) => segmentTrack(1000 + i)) },
      'broken',
      ...Array.from({ length: 200 }, (_, i) => segmentTrack(2000 + i)),
    ]);
    const clean = randomUUID();
    const { id: cleanRun } = await queueRun(clean, content, { gzip: true });
    expect(await processRun((await claim())!, { db: db.pool, limits, leaseSeconds: 30 })).toBe('succeeded');

    const crashed = randomUUID();
    const { id: crashedRun } = await queueRun(crashed, content, { gzip: true });
    const first = (await claim(1))!;
    await expect(
      processRun(first, {
        db: db.pool,
        limits,
        leaseSeconds: 1,
        afterBatch: (_runId, checkpoint) => {
          if (checkpoint >= 300) throw new SimulatedCrash('killed');
        },
      }),
    ).rejects.toBeInstanceOf(SimulatedCrash);
    const halfway = await runOf(crashed, crashedRun);
    expect(halfway).toMatchObject({ status: 'running', events: 300 });

    // Once the dead worker's lease runs out, the run is claimed again and read on from its checkpoint.
    const second = await waitFor(() => claim(30), { timeoutMs: 10_000, message: 'the run was never claimed again' });
    expect(second.runId).toBe(crashedRun);
    expect(second.leaseToken).not.toBe(first.leaseToken);
    expect(await processRun(second, { db: db.pool, limits, leaseSeconds: 30 })).toBe('succeeded');

    const a = await runOf(clean, cleanRun);
    const b = await runOf(crashed, crashedRun);
    expect(a).toMatchObject({ events: 680, badLines: 1, lines: 652 });
    expect(b).toMatchObject({ status: 'succeeded', events: a!.events, badLines: a!.badLines, lines: a!.lines });
    expect(b!.errors).toEqual(a!.errors);
    expect(await eventTotals(crashed)).toEqual(await eventTotals(clean));
    const presence = async (company: string) =>
      Object.fromEntries((await profileOf(company)).properties.map((p) => [`${p.event}.${p.path}`, p.present]));
    expect(await presence(crashed)).toEqual(await presence(clean));
  });

  it('ends a run whose file unpacks past its limits as failed, keeping what was counted', async () => {
    const companyId = randomUUID();
    const { id } = await queueRun(companyId, ndjson(Array.from({ length: 2000 }, (_, i) => segmentTrack(i))), {
      gzip: true,
    });
    const outcome = await processRun((await claim())!, {
      db: db.pool,
      limits: { ...limits, ratioAllowanceBytes: 100_000, maxRatio: 2 },
      leaseSeconds: 30,
    });
    expect(outcome).toBe('failed');
    const run = await runOf(companyId, id);
    expect(run).toMatchObject({ status: 'failed', failure: 'decompression_limit' });
    expect(run!.events).toBeGreaterThan(0);
    expect(run!.events).toBeLessThan(2000);
  });

  it('fails a run whose spooled file is gone instead of retrying it', async () => {
    const companyId = randomUUID();
    const { id, file } = await queueRun(companyId, ndjson([segmentTrack(1)]));
    await rm(file);
    expect(await processRun((await claim())!, { db: db.pool, limits, leaseSeconds: 30 })).toBe('failed');
    expect(await runOf(companyId, id)).toMatchObject({ status: 'failed', failure: 'upload_missing', events: 0 });
  });

  it('shows a company nothing of another company (row security)', async () => {
    const owner = randomUUID();
    const { id } = await queueRun(owner, ndjson([segmentTrack(1)]));
    expect(await runOf(randomUUID(), id)).toBeNull();
    const { rows } = await db.pool
      .query(`BEGIN; SET LOCAL ROLE insights_app; SELECT count(*)::int AS n FROM insights.runs; COMMIT`)
      .then((results) => (results as unknown as Array<{ rows: Array<{ n: number }> }>)[2]);
    expect(rows[0].n).toBe(0);
    await db.pool.query(`UPDATE insights.runs SET status = 'cancelled' WHERE id = $1`, [id]);
  });
});
