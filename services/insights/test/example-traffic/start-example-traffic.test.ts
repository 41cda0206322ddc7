import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXAMPLE_TRAFFIC_EVENTS } from '@tracemap/contracts';
import { EXAMPLE_DEFECTS, examplePlanSnapshot } from '@tracemap/discovery';
import { startExampleTraffic } from '../../src/example-traffic/start-example-traffic';
import { DEFAULT_INGEST_LIMITS } from '../../src/ingest/ingest-limits';
import { processRun, type ClaimedRun } from '../../src/ingest/process-run';
import { readProfile } from '../../src/ingest/profile-repository';
import { getRun } from '../../src/ingest/runs';
import { inCompany } from '../../src/ingest/tenant-transaction';
import type { UploadDeps } from '../../src/ingest/upload-file';
import { createIngestDatabase, type IngestDatabase } from '../ingest/support/ingest-database';

let db: IngestDatabase;
let spoolDir: string;
let deps: UploadDeps;
let wakes = 0;
beforeAll(async () => {
  db = await createIngestDatabase();
  spoolDir = await mkdtemp(path.join(tmpdir(), 'insights-example-'));
  deps = {
    db: db.pool,
    spoolDir,
    limits: DEFAULT_INGEST_LIMITS,
    wakeIngest: () => {
      wakes += 1;
    },
  };
});
afterAll(async () => {
  await db.close();
  await rm(spoolDir, { recursive: true, force: true });
});

async function claim(): Promise<ClaimedRun | null> {
  const { rows } = await db.pool.query<{ run_id: string; company_id: string; lease_token: string }>(
    'SELECT * FROM insights.claim_run($1)',
    [60],
  );
  return rows[0] ? { runId: rows[0].run_id, companyId: rows[0].company_id, leaseToken: rows[0].lease_token } : null;
}

describe('example traffic', () => {
  it('is queued as a Segment upload run and read by the ingest pipeline like any file', async () => {
    const companyId = randomUUID();
    const before = wakes;
    const { runId } = await startExampleTraffic(deps, { companyId, userId: randomUUID() });
    expect(wakes).toBe(before + 1);
    const queued = await getRun(deps, companyId, runId);
    expect(queued).toMatchObject({ status: 'queued', format: 'segment', events: 0 });
    expect(queued.bytes).toBeGreaterThan(EXAMPLE_TRAFFIC_EVENTS * 50);
    expect(await readdir(spoolDir)).toHaveLength(1);

    const claimed = await claim();
    expect(claimed).toMatchObject({ runId, companyId });
    expect(await processRun(claimed!, { db: db.pool, limits: DEFAULT_INGEST_LIMITS, leaseSeconds: 60 })).toBe(
      'succeeded',
    );
    const run = await getRun(deps, companyId, runId);
    expect(run).toMatchObject({ status: 'succeeded', badLines: 0, errors: [] });
    expect(run.events).toBe(EXAMPLE_TRAFFIC_EVENTS);
    expect(run.lines).toBe(EXAMPLE_TRAFFIC_EVENTS);

    const profile = await inCompany(db.pool, companyId, (client) => readProfile(client));
    const total = profile.events.reduce((sum, e) => sum + e.total, 0);
    expect(total).toBe(EXAMPLE_TRAFFIC_EVENTS);
    // The sample plan's events are in the traffic, and so is a seeded defect: an event sent under a new name.
    const names = new Set(profile.events.map((e) => e.name));
    const planned = examplePlanSnapshot().events.map((e) => e.name);
    expect(planned.filter((name) => names.has(name)).length).toBeGreaterThan(planned.length / 2);
    expect(names.has(EXAMPLE_DEFECTS.renamedEvent.sentAs)).toBe(true);
    expect(await readdir(spoolDir)).toHaveLength(0);
  }, 60_000);

  it('writes the same file for every request, so every company gets the same findings', async () => {
    const first = await startExampleTraffic(deps, { companyId: randomUUID(), userId: null });
    const second = await startExampleTraffic(deps, { companyId: randomUUID(), userId: null });
    const [a, b] = await Promise.all(
      [first.runId, second.runId].map(async (runId) => {
        const { rows } = await db.pool.query<{ bytes: string; company_id: string }>(
          'SELECT bytes, company_id FROM insights.runs WHERE id = $1',
          [runId],
        );
        return rows[0];
      }),
    );
    expect(a.company_id).not.toBe(b.company_id);
    expect(Number(a.bytes)).toBe(Number(b.bytes));
  }, 60_000);
});
