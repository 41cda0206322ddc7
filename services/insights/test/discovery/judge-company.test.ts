import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { PlanSnapshot } from '@tracemap/contracts';
import { examplePlanSnapshot, generateExampleTraffic } from '@tracemap/discovery';
import { judgeCompany } from '../../src/discovery/judge-company';
import { listFindings } from '../../src/discovery/list-findings';
import { listObservedEvents } from '../../src/discovery/list-observed-events';
import { updateFinding } from '../../src/discovery/update-finding';
import { DEFAULT_INGEST_LIMITS } from '../../src/ingest/ingest-limits';
import { processRun } from '../../src/ingest/process-run';
import { insertRun } from '../../src/ingest/run-repository';
import { inCompany } from '../../src/ingest/tenant-transaction';
import { createIngestDatabase, type IngestDatabase } from '../ingest/support/ingest-database';

let db: IngestDatabase;
let dir: string;
beforeAll(async () => {
  db = await createIngestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'insights-judge-'));
});
afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

/** Reads generated example traffic into the company's profile through a run, as an upload would. */
async function ingestExampleTraffic(companyId: string, events: number) {
  const lines = [...generateExampleTraffic({ seed: 7, events, format: 'segment' })].map((r) => JSON.stringify(r));
  const file = path.join(dir, `${randomUUID()}.upload`);
  await writeFile(file, `${lines.join('\n')}\n`);
  const id = randomUUID();
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
  await db.pool.query('UPDATE insights.runs SET bytes = $2 WHERE id = $1', [id, (await stat(file)).size]);
  const { rows } = await db.pool.query('SELECT * FROM insights.claim_run(30)');
  const outcome = await processRun(
    { runId: rows[0].run_id, companyId, leaseToken: rows[0].lease_token },
    { db: db.pool, limits: DEFAULT_INGEST_LIMITS, leaseSeconds: 30 },
  );
  expect(outcome).toBe('succeeded');
}

function depsWith(plan: () => PlanSnapshot) {
  return {
    db: db.pool,
    log: Fastify({ logger: false }).log,
    planSnapshots: { get: async (companyId: string) => ({ ...plan(), companyId }) },
  };
}

describe('judging a company', () => {
  it('stores the findings of its traffic against its plan, and plan against reality per event', async () => {
    const companyId = randomUUID();
    await ingestExampleTraffic(companyId, 3000);
    const plan = examplePlanSnapshot();
    const outcome = await judgeCompany(
      depsWith(() => plan),
      companyId,
    );
    expect(outcome!.planVersion).toBe(plan.version);
    expect(outcome!.findings).toBeGreaterThan(0);

    const findings = (await listFindings({ db: db.pool }, companyId, { limit: 200 })).items;
    expect(findings.length).toBe(outcome!.findings);
    expect(findings.every((f) => f.state === 'open' && f.planVersion === plan.version)).toBe(true);
    expect(new Set(findings.map((f) => f.type))).toContain('unplanned_event');

    const matched = await listObservedEvents({ db: db.pool }, companyId, { match: 'matched', limit: 200 });
    expect(matched.items.length).toBeGreaterThan(0);
    expect(matched.items.every((e) => e.planEventId !== null && e.volume > 0)).toBe(true);
    const unplanned = await listObservedEvents({ db: db.pool }, companyId, { match: 'unplanned', limit: 200 });
    const unplannedNames = new Set(unplanned.items.map((e) => e.name));
    for (const f of findings.filter((f) => f.type === 'unplanned_event'))
      expect(unplannedNames).toContain(f.subject.event);
    const withProperties = matched.items.find((e) => e.properties.length > 0)!;
    expect(withProperties.properties[0].presence).toBeGreaterThan(0);
  });

  it('judges again when the plan changes: what the new plan covers resolves, triage is kept', async () => {
    const companyId = randomUUID();
    await ingestExampleTraffic(companyId, 2000);
    const plan = examplePlanSnapshot();
    await judgeCompany(
      depsWith(() => plan),
      companyId,
    );
    const before = (await listFindings({ db: db.pool }, companyId, { limit: 200 })).items;
    const unplanned = before.find((f) => f.type === 'unplanned_event')!;
    const other = before.find((f) => f.type !== 'unplanned_event')!;
    await updateFinding({ db: db.pool }, companyId, other.id, { state: 'acknowledged' });

    // Same version: nothing to do.
    expect(
      await judgeCompany(
        depsWith(() => plan),
        companyId,
        { onlyIfPlanChanged: true },
      ),
    ).toBeNull();

    // The plan now has the unplanned event.
    const template = plan.events[0];
    const changed: PlanSnapshot = {
      ...plan,
      version: `${plan.version}-2`,
      events: [...plan.events, { ...template, id: randomUUID(), name: unplanned.subject.event, effective: [] }],
    };
    const outcome = await judgeCompany(
      depsWith(() => changed),
      companyId,
      { onlyIfPlanChanged: true },
    );
    expect(outcome!.planVersion).toBe(changed.version);
    const after = Object.fromEntries(
      (await listFindings({ db: db.pool }, companyId, { limit: 200 })).items.map((f) => [f.id, f]),
    );
    expect(after[unplanned.id]).toMatchObject({ state: 'resolved', planVersion: changed.version });
    expect(after[other.id].state).toBe('acknowledged');
  });
});
