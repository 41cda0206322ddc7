import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { previewPush } from '@tracemap/destinations';
import {
  LOCAL_DESTINATIONS as L,
  startDestinationsSandbox,
  type DestinationsSandbox,
} from '@tracemap/destinations-sandbox';
import { SecretBox } from '@tracemap/service-kit';
import { baseSettings, killAll, startServiceProcess } from '../support/service-process';
import { createTestDatabase, waitFor, type TestDatabase } from '@tracemap/test-kit';
import { CompanyPeer } from '../support/company-peer';
import { SERVICE_TOKEN } from '../support/harness';
import { samplePlan } from './destinations-fixtures';

/**
 * The integrations process is SIGKILLed in the middle of a push to Amplitude (one create call
 * per event, so a replayed create would show as a refused duplicate). A second process takes
 * the run over once its lease runs out, reads Amplitude again and finishes: every event created
 * exactly once, no create refused as existing, and the company's lastSync handed over once.
 */

const EVENTS = 300;
const KILL_AFTER_OPERATIONS = 60;
let database: TestDatabase;
let sandbox: DestinationsSandbox;
let peer: CompanyPeer;
let admin: pg.Pool;
const key = randomBytes(32).toString('base64');
const logs: string[] = [];
const children: ChildProcess[] = [];

async function startService(): Promise<ChildProcess> {
  const { child } = await startServiceProcess(
    {
      ...baseSettings({ databaseUrl: database.url, companyUrl: peer.url, serviceToken: SERVICE_TOKEN, secretKey: key }),
      SLACK_DELIVERY_WORKER: 'false',
      DESTINATION_AMPLITUDE_URL: sandbox.url,
      DESTINATION_SYNC_POLL_MS: '100',
      DESTINATION_SYNC_LEASE_MS: '2000',
      DESTINATION_DRIFT_INTERVAL_MS: '0',
    },
    logs,
  );
  children.push(child);
  return child;
}

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startDestinationsSandbox({ amplitudeCostPerHour: 1_000_000 });
  peer = new CompanyPeer(SERVICE_TOKEN);
  await peer.start();
  admin = new pg.Pool({ connectionString: database.url, max: 2 });
}, 60000);

afterAll(async () => {
  killAll(children);
  await admin?.end();
  await peer?.stop();
  await sandbox?.close();
  await database?.drop();
});

const operationsOf = async (runId: string) =>
  (
    await admin.query(`SELECT count(*)::int AS n FROM integrations.destination_run_operations WHERE run_id = $1`, [
      runId,
    ])
  ).rows[0].n as number;

test('killed mid-push, the run is taken over and finishes with no create made twice', async () => {
  const companyId = randomUUID();
  const base = samplePlan();
  const template = base.events.find((e) => e.kind === 'track')!;
  const plan = {
    ...base,
    events: Array.from({ length: EVENTS }, (_, i) => ({
      ...template,
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `Killed Event ${i}`,
    })),
  };
  peer.plans.set(companyId, plan);
  const settings = { kind: 'amplitude' as const };
  const planned = previewPush(plan, settings).operations;
  const plannedEvents = planned.filter((o) => o.action === 'create' && o.target === 'event').length;
  expect(plannedEvents).toBe(EVENTS);

  const first = await startService();
  const destinationId = randomUUID();
  const runId = randomUUID();
  const credentials = new SecretBox(key).seal(
    JSON.stringify({ kind: 'amplitude', apiKey: L.amplitude.apiKey, secretKey: L.amplitude.secretKey }),
    `destination-credentials:${destinationId}`,
  );
  await admin.query(
    `INSERT INTO integrations.destinations (id, company_id, kind, name, settings, credentials, created_by)
     VALUES ($1, $2, 'amplitude', 'Amplitude', $3, $4, $5)`,
    [destinationId, companyId, settings, credentials, randomUUID()],
  );
  const requestedBy = randomUUID();
  await admin.query(
    `INSERT INTO integrations.destination_sync_sets (id, company_id, requested_by) VALUES ($1, $2, $3)`,
    [runId, companyId, requestedBy],
  );
  await admin.query(
    `INSERT INTO integrations.destination_runs (id, company_id, destination_id, set_id, requested_by)
     VALUES ($1, $2, $3, $1, $4)`,
    [runId, companyId, destinationId, requestedBy],
  );

  await waitFor(() => operationsOf(runId), {
    until: (n) => n >= KILL_AFTER_OPERATIONS,
    timeoutMs: 60000,
    intervalMs: 20,
    message: 'the push under way',
  });
  const exited = once(first, 'exit');
  first.kill('SIGKILL');
  await exited;
  const recordedBeforeKill = await operationsOf(runId);
  // The kill must land mid-run, or it proves nothing.
  expect(recordedBeforeKill).toBeLessThan(planned.length);
  const createdBeforeKill = sandbox.state.amplitude.events.length;
  expect(createdBeforeKill).toBeGreaterThan(0);
  expect(createdBeforeKill).toBeLessThan(EVENTS);

  await startService();
  const ended = await waitFor(
    async () =>
      (await admin.query(`SELECT status, attempts FROM integrations.destination_runs WHERE id = $1`, [runId])).rows[0],
    {
      until: (row) => row.status === 'succeeded' || row.status === 'failed',
      timeoutMs: 90000,
      intervalMs: 100,
      message: 'the run finished by the second process',
    },
  );
  expect(ended).toEqual({ status: 'succeeded', attempts: 2 });

  const names = sandbox.state.amplitude.events.map((e) => e.event_type);
  expect(names).toHaveLength(EVENTS);
  expect(new Set(names).size).toBe(EVENTS);
  const eventCreates = sandbox.requests.filter((r) => r.method === 'POST' && r.url === '/api/2/taxonomy/event');
  // Each event was created by exactly one successful call, and no create was refused as a duplicate.
  expect(eventCreates.filter((r) => r.status < 300)).toHaveLength(EVENTS);
  expect(eventCreates.filter((r) => r.status === 409)).toHaveLength(0);
  await waitFor(() => peer.lastSyncs.get(companyId)?.length ?? 0, {
    until: (n) => n === 1,
    timeoutMs: 10000,
    intervalMs: 50,
    message: 'lastSync handed to the company service',
  });
  const output = logs.join('');
  expect(output).toContain('taken over');
  for (const secret of [L.amplitude.secretKey, key, SERVICE_TOKEN]) expect(output).not.toContain(secret);
}, 240000);
